package dev.rubble.plugin.field;

import static dev.rubble.plugin.field.Eval.node;
import static dev.rubble.plugin.field.Eval.v;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldValues;
import org.junit.jupiter.api.Test;

/**
 * The golden table (issue 24): every falloff curve and node at {@code d/R ∈ {0, 0.25, 0.5, 0.75, 1,
 * 1.5}} with a non-zero default. Expected values were worked out by hand from the formulas in
 * docs/fields.md (x = 1 − d/R; None 1, Linear x, Squared x², Inverse 2(1 − 1/(x + 1)),
 * Logarithmic log₂(x + 1); value = magnitude (min + (max − min) f(x)); default outside) and written
 * down as decimals, not recomputed with the code's formulas.
 */
final class GoldenTableTest {
    private static final double[] RATIOS = {0, 0.25, 0.5, 0.75, 1, 1.5};
    private static final double EPS = 1e-12;
    /** magnitude 3, min 0.5, max 2.5 => value = 3 (0.5 + 2 f) = 1.5 + 6 f; default -7. */
    private static final double D = -7;
    // f(x) at x = 1, 0.75, 0.5, 0.25 (d/R = 0, 0.25, 0.5, 0.75), by hand:
    //   none 1 1 1 1; linear 1 .75 .5 .25; squared 1 .5625 .25 .0625;
    //   inverse 1, 6/7 = .857142857142857, 2/3, .4;
    //   logarithmic 1, log2(1.75) = .807354922057604, log2(1.5) = .584962500721156, log2(1.25) = .321928094887362
    private static final double[][] CURVES = {
        {7.5, 7.5, 7.5, 7.5, D, D},
        {7.5, 6.0, 4.5, 3.0, D, D},
        {7.5, 4.875, 3.0, 1.875, D, D},
        {7.5, 6.642857142857143, 5.5, 3.9, D, D}, // 1.5 + 6 * 6/7 = 1.5 + 36/7
        {7.5, 6.344129532345626, 5.009775004326937, 3.431568569324174, D, D},
    };
    private static final String[] NAMES = {"none", "linear", "squared", "inverse", "logarithmic"};

    private static double[][] alongX(double scale, double ox) {
        double[][] p = new double[RATIOS.length][];
        for (int i = 0; i < RATIOS.length; i++) {
            p[i] = v(ox + RATIOS[i] * scale, 0.25, -0.5);
        }
        return p;
    }

    @Test
    void radialFalloffEveryCurve() {
        // R = 2 m at (1, 0.25, -0.5): samples at d = 0, 0.5, 1, 1.5, 2, 3 along x
        for (int c = 0; c < NAMES.length; c++) {
            FieldNode n = node("radial-falloff", "magnitude", 3, "min", 0.5, "max", 2.5, "default", D, "radius", 2,
                    "position", v(1, 0.25, -0.5), "falloff", NAMES[c]);
            Eval e = new Eval(alongX(2, 1));
            FieldValues out = e.run(n);
            for (int i = 0; i < RATIOS.length; i++) {
                assertThat(out.scalars[i]).as(NAMES[c] + " at d/R = " + RATIOS[i]).isCloseTo(CURVES[c][i], within(EPS));
            }
        }
    }

    @Test
    void boxFalloffEveryCurve() {
        // a 4 m cube (scale 4): half-size 2; x = (0.5 - max|l|)/0.5 = 1 - d/2 with d the distance from the centre along x
        for (int c = 0; c < NAMES.length; c++) {
            FieldNode n = node("box-falloff", "magnitude", 3, "min", 0.5, "max", 2.5, "default", D,
                    "position", v(1, 0.25, -0.5), "scale", v(4, 4, 4), "falloff", NAMES[c]);
            FieldValues out = new Eval(alongX(2, 1)).run(n);
            for (int i = 0; i < RATIOS.length; i++) {
                assertThat(out.scalars[i]).as(NAMES[c] + " at d/R = " + RATIOS[i]).isCloseTo(CURVES[c][i], within(EPS));
            }
        }
    }

    @Test
    void planeFalloffEveryCurveIsOneSided() {
        // plane through (1, .25, -.5) with normal -x, distance 2: a sample at x = 1 + d is d behind the plane
        // (delta = -d), x = 1 - d/2; on the plane (d = 0) the strict test gives the default
        for (int c = 0; c < NAMES.length; c++) {
            FieldNode n = node("plane-falloff", "magnitude", 3, "min", 0.5, "max", 2.5, "default", D, "distance", 2,
                    "position", v(1, 0.25, -0.5), "normal", v(-1, 0, 0), "falloff", NAMES[c]);
            FieldValues out = new Eval(alongX(2, 1)).run(n);
            assertThat(out.scalars[0]).as(NAMES[c] + " on the plane").isCloseTo(D, within(EPS));
            for (int i = 1; i < RATIOS.length; i++) {
                assertThat(out.scalars[i]).as(NAMES[c] + " at d/R = " + RATIOS[i]).isCloseTo(CURVES[c][i], within(EPS));
            }
        }
    }

    @Test
    void otherNodesAtTheSameDistances() {
        double[][] pts = alongX(2, 1);
        // radial int mask R = 2: interior 5 for d < 2, exterior -3 (non-zero) at d >= 2
        FieldValues m = new Eval(pts).run(node("radial-int-mask", "radius", 2, "position", v(1, 0.25, -0.5),
                "interior", 5, "exterior", -3));
        assertThat(new int[] {m.ints[0], m.ints[1], m.ints[2], m.ints[3], m.ints[4], m.ints[5]})
                .containsExactly(5, 5, 5, 5, -3, -3);

        // uniform nodes ignore the distance
        FieldValues ui = new Eval(pts).run(node("uniform-integer", "magnitude", -4));
        FieldValues us = new Eval(pts).run(node("uniform-scalar", "magnitude", 2.5));
        FieldValues uv = new Eval(pts).run(node("uniform-vector", "magnitude", 2, "direction", v(1, -2, 0.5)));
        for (int i = 0; i < RATIOS.length; i++) {
            assertThat(ui.ints[i]).isEqualTo(-4);
            assertThat(us.scalars[i]).isEqualTo(2.5);
            assertThat(new double[] {uv.vx[i], uv.vy[i], uv.vz[i]}).containsExactly(2, -4, 1);
        }

        // radial vector, magnitude 3, centre (1, .25, -.5): +x at every d > 0 (3, 0, 0), zero at the centre
        FieldValues rv = new Eval(pts).run(node("radial-vector", "magnitude", 3, "position", v(1, 0.25, -0.5)));
        assertThat(new double[] {rv.vx[0], rv.vy[0], rv.vz[0]}).containsExactly(0, 0, 0);
        for (int i = 1; i < RATIOS.length; i++) {
            assertThat(rv.vx[i]).isCloseTo(3, within(EPS));
            assertThat(rv.vy[i]).isCloseTo(0, within(EPS));
        }
        // rotated 90 degrees about +z: +x turns into +y
        FieldValues rr = new Eval(pts).run(node("rotated-radial-vector", "magnitude", 3, "position", v(1, 0.25, -0.5),
                "axis", v(0, 0, 1), "angle", 90));
        for (int i = 1; i < RATIOS.length; i++) {
            assertThat(rr.vx[i]).isCloseTo(0, within(EPS));
            assertThat(rr.vy[i]).isCloseTo(3, within(EPS));
            assertThat(rr.vz[i]).isCloseTo(0, within(EPS));
        }

        // to-integer truncates 1.5 + 6 f (linear): 7.5 -> 7, 6 -> 6, 4.5 -> 4, 3 -> 3, -7 -> -7
        FieldNode lin = node("radial-falloff", "magnitude", 3, "min", 0.5, "max", 2.5, "default", D, "radius", 2,
                "position", v(1, 0.25, -0.5));
        FieldValues ti = new Eval(pts).run(node("to-integer", "input", lin));
        assertThat(new int[] {ti.ints[0], ti.ints[1], ti.ints[2], ti.ints[3], ti.ints[4], ti.ints[5]})
                .containsExactly(7, 6, 4, 3, -7, -7);
        // to-float of the mask: 5.0 inside, -3.0 outside
        FieldValues tf = new Eval(pts).run(node("to-float", "input", node("radial-int-mask", "radius", 2,
                "position", v(1, 0.25, -0.5), "interior", 5, "exterior", -3)));
        assertThat(new double[] {tf.scalars[0], tf.scalars[3], tf.scalars[4], tf.scalars[5]}).containsExactly(5, 5, -3, -3);
    }

    @Test
    void waveScalarAtTheSameDistances() {
        // wavelength 4 m, period 2 s, t = 1 s: front radius R = 4 * 1 / 2 = 2 m, k = 2 pi / 4 = pi / 2
        double[][] pts = alongX(2, 1);
        double h = Math.sqrt(0.5); // cos(pi/4)
        // cosine: 3 cos(k (d - R)) at d = 0, .5, 1, 1.5, 2, 3 -> 3 cos(-pi), 3 cos(-3pi/4), 3 cos(-pi/2), 3 cos(-pi/4), 3, 3 cos(pi/2)
        double[] cosine = {-3, -3 * h, 0, 3 * h, 3, 0};
        // gaussian: 3 exp(-(k (d - R))^2): phases -pi, -3pi/4, -pi/2, -pi/4, 0, pi/2
        // (values of exp(-phase^2) from a calculator: exp(-pi^2), exp(-9 pi^2/16), exp(-pi^2/4), exp(-pi^2/16))
        double[] gauss = {3 * 5.172318620381234e-5, 3 * 0.003881038619955638, 3 * 0.0848049724711138,
            3 * 0.5396414858162972, 3, 3 * 0.0848049724711138};
        // falloff (linear): 3 (1 - d/R) inside, 0 outside
        double[] fall = {3, 2.25, 1.5, 0.75, 0, 0};
        String[] fn = {"cosine", "gaussian", "falloff"};
        double[][] expected = {cosine, gauss, fall};
        for (int f = 0; f < fn.length; f++) {
            Eval e = new Eval(pts);
            e.ctx.time = 1;
            FieldValues out = e.run(node("wave-scalar", "magnitude", 3, "position", v(1, 0.25, -0.5), "wavelength", 4,
                    "period", 2, "function", fn[f]));
            for (int i = 0; i < RATIOS.length; i++) {
                assertThat(out.scalars[i]).as(fn[f] + " at d/R = " + RATIOS[i]).isCloseTo(expected[f][i], within(1e-11));
            }
        }
        // decay: 3 exp(-(t/T)^2) = 3 exp(-0.25) = 3 * 0.778800783071405 everywhere
        Eval e = new Eval(pts);
        e.ctx.time = 1;
        FieldValues d = e.run(node("wave-scalar", "magnitude", 3, "wavelength", 4, "period", 2, "function", "decay"));
        for (int i = 0; i < RATIOS.length; i++) {
            assertThat(d.scalars[i]).isCloseTo(3 * 0.778800783071405, within(EPS));
        }
    }
}
