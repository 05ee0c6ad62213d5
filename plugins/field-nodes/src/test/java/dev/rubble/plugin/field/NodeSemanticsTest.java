package dev.rubble.plugin.field;

import static dev.rubble.plugin.field.Eval.node;
import static dev.rubble.plugin.field.Eval.v;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldValues;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** One behaviour per test: the edges of each node's definition (docs/fields.md). */
final class NodeSemanticsTest {

    @Test
    void planeFalloffActsOnlyBehindThePlane() {
        // plane z = 0, normal +z, distance 1: in front (z > 0) is never touched, however far
        FieldNode n = node("plane-falloff", "magnitude", 1, "default", -1, "distance", 1, "normal", v(0, 0, 1));
        FieldValues out = new Eval(new double[][] {v(0, 0, 0.5), v(0, 0, 1e-9), v(0, 0, 0), v(0, 0, -0.25),
            v(3, -2, -0.75), v(0, 0, -1), v(0, 0, -2)}).run(n);
        assertThat(Arrays.copyOf(out.scalars, 7)).containsExactly(new double[] {-1, -1, -1, 0.75, 0.25, -1, -1},
                within(1e-12));
    }

    @Test
    void boxFalloffIsAUnitBoxSizedByItsTransformInMetres() {
        // scale (2, 1, 0.5): edges 2 m, 1 m, 0.5 m. A sample 0.5 m along x is at local 0.25 -> x = 0.5;
        // 0.5 m along y is on the face (local 0.5): outside; 0.2 m along z is local 0.4 -> x = 0.2
        FieldNode n = node("box-falloff", "default", -1, "scale", v(2, 1, 0.5), "position", v(10, 0, 0));
        FieldValues out = new Eval(new double[][] {v(10.5, 0, 0), v(10, 0.5, 0), v(10, 0, 0.2), v(10.99, 0, 0),
            v(11.01, 0, 0)}).run(n);
        assertThat(out.scalars[0]).isCloseTo(0.5, within(1e-12));
        assertThat(out.scalars[1]).isEqualTo(-1);
        assertThat(out.scalars[2]).isCloseTo(0.2, within(1e-12));
        assertThat(out.scalars[3]).isCloseTo(0.01, within(1e-12));
        assertThat(out.scalars[4]).isEqualTo(-1);
        // turned 90 degrees about z, the 2 m edge lies along y
        FieldNode turned = node("box-falloff", "default", -1, "scale", v(2, 1, 0.5), "axis", v(0, 0, 1), "angle", 90);
        FieldValues t = new Eval(new double[][] {v(0, 0.9, 0), v(0.9, 0, 0)}).run(turned);
        assertThat(t.scalars[0]).isCloseTo(0.1, within(1e-12));
        assertThat(t.scalars[1]).isEqualTo(-1);
        assertThat(turned.bounds()).as("default -1: unbounded").isNull();
        assertThat(node("box-falloff", "scale", v(2, 1, 0.5), "axis", v(0, 0, 1), "angle", 90).bounds()).containsExactly(new double[] {-0.5, -1, -0.25, 0.5, 1, 0.25}, within(1e-12));
    }

    @Test
    void cullingPassesTheInputThroughAndLeavesCulledSamplesUnwritten() {
        FieldNode sphere = node("radial-falloff", "radius", 1); // 0 outside the unit sphere
        FieldNode input = node("uniform-vector", "direction", v(1, 2, 3));
        double[][] pts = {v(0, 0, 0.5), v(0, 0, 2), v(0.5, 0, 0), v(5, 5, 5)};
        Eval e = new Eval(pts);
        Arrays.fill(e.out.vx, 99);
        FieldValues out = e.run(node("culling", "culling", sphere, "input", input, "operation", "outside"));
        assertThat(e.kept).containsExactly(0, 2);
        assertThat(new double[] {out.vx[0], out.vy[0], out.vz[0], out.vx[2]}).containsExactly(1, 2, 3, 1);
        assertThat(out.vx[1]).isEqualTo(99);
        assertThat(out.vx[3]).isEqualTo(99);
        Eval in = new Eval(pts);
        in.run(node("culling", "culling", sphere, "input", input, "operation", "inside"));
        assertThat(in.kept).containsExactly(1, 3);
        // an operator over a culled input keeps only what both inputs kept
        Eval op = new Eval(pts);
        op.run(node("operator", "left", node("culling", "culling", sphere, "input", node("uniform-scalar"),
                "operation", "outside"), "right", node("uniform-scalar", "magnitude", 2)));
        assertThat(op.kept).containsExactly(0, 2);
    }

    @Test
    void maskConditionsCompareWithTheCurrentValue() {
        double[][] pts = {v(0, 0, 0), v(0, 0, 0), v(0, 0, 0), v(5, 0, 0), v(5, 0, 0), v(5, 0, 0)};
        int[] current = {4, 2, 3, 4, 2, 3}; // interior 4 (dynamic), exterior 2 (kinematic)
        String[] conditions = {"always", "if-not-interior", "if-not-exterior"};
        int[][] expected = {
            {4, 4, 4, 2, 2, 2}, // always
            {4, 4, 4, 4, 2, 2}, // a sample already at 4 keeps 4; the others are set
            {4, 2, 4, 2, 2, 2}, // a sample already at 2 keeps 2; the others are set
        };
        for (int c = 0; c < conditions.length; c++) {
            Eval e = new Eval(pts);
            System.arraycopy(current, 0, e.ctx.current.ints, 0, current.length);
            FieldValues out = e.run(node("radial-int-mask", "radius", 1, "interior", 4, "exterior", 2,
                    "setMask", conditions[c]));
            assertThat(Arrays.copyOf(out.ints, 6)).as(conditions[c]).containsExactly(expected[c]);
        }
    }

    @Test
    void operatorsIncludingDivisionByZero() {
        double[][] pts = {v(0, 0, 0)};
        FieldNode six = node("uniform-scalar", "magnitude", 6);
        FieldNode zero = node("uniform-scalar", "magnitude", 0);
        FieldNode three = node("uniform-scalar", "magnitude", -3);
        assertThat(scalar(pts, node("operator", "operation", "multiply", "left", six, "right", three))).isEqualTo(-18);
        assertThat(scalar(pts, node("operator", "operation", "divide", "left", six, "right", three))).isEqualTo(-2);
        assertThat(scalar(pts, node("operator", "operation", "add", "left", six, "right", three))).isEqualTo(3);
        assertThat(scalar(pts, node("operator", "operation", "subtract", "left", six, "right", three))).isEqualTo(9);
        assertThat(scalar(pts, node("operator", "operation", "add", "magnitude", 0.5, "left", six, "right", three)))
                .isEqualTo(1.5);
        assertThat(scalar(pts, node("operator", "operation", "divide", "left", six, "right", zero))).isEqualTo(0);
        assertThat(scalar(pts, node("operator", "operation", "divide", "left", zero, "right", zero))).isEqualTo(0);

        FieldNode vec = node("uniform-vector", "direction", v(1, -2, 4));
        FieldNode vz = node("uniform-vector", "direction", v(0, 2, 0));
        FieldValues q = new Eval(pts).run(node("operator", "operation", "divide", "left", vec, "right", vz));
        assertThat(new double[] {q.vx[0], q.vy[0], q.vz[0]}).containsExactly(0, -1, 0);
        FieldValues sv = new Eval(pts).run(node("operator", "left", three, "right", vec));
        assertThat(new double[] {sv.vx[0], sv.vy[0], sv.vz[0]}).containsExactly(-3, 6, -12);
        FieldValues vs = new Eval(pts).run(node("operator", "operation", "divide", "left", vec, "right", zero));
        assertThat(new double[] {vs.vx[0], vs.vy[0], vs.vz[0]}).containsExactly(0, 0, 0);
        assertThatThrownBy(() -> node("operator", "operation", "add", "left", three, "right", vec))
                .hasMessageContaining("'operation' = 'add' on a scalar and a vector");
        assertThatThrownBy(() -> node("operator", "left", node("uniform-integer"), "right", vec))
                .hasMessageContaining("input 'left' gives integer; allowed: scalar, vector");
    }

    @Test
    void boundsAreFiniteOnlyWhereChaosComputesThem() {
        FieldNode fall = node("radial-falloff", "radius", 2, "position", v(1, 0, 0));
        FieldNode fallDefault = node("radial-falloff", "radius", 2, "default", 1);
        FieldNode vec = node("radial-vector");
        assertThat(fall.bounds()).containsExactly(-1, -2, -2, 3, 2, 2);
        assertThat(fallDefault.bounds()).isNull();
        assertThat(node("radial-int-mask", "radius", 1).bounds()).containsExactly(-1, -1, -1, 1, 1, 1);
        assertThat(node("radial-int-mask", "radius", 1, "exterior", 3).bounds()).isNull();
        assertThat(node("plane-falloff", "distance", 1).bounds()).isNull();
        assertThat(node("operator", "left", vec, "right", fall).bounds()).containsExactly(-1, -2, -2, 3, 2, 2);
        assertThat(node("operator", "operation", "add", "left", fall, "right", fall).bounds())
                .containsExactly(-1, -2, -2, 3, 2, 2);
        assertThat(node("operator", "operation", "add", "left", vec, "right", node("operator", "left", vec,
                "right", fall)).bounds()).isNull();
        assertThat(node("culling", "culling", fall, "input", vec, "operation", "outside").bounds())
                .containsExactly(-1, -2, -2, 3, 2, 2);
        assertThat(node("culling", "culling", fall, "input", vec, "operation", "inside").bounds()).isNull();
    }

    @Test
    void aZeroRadiusWritesNothingAndWaveAtTimeZeroIsFinite() {
        Eval e = new Eval(new double[][] {v(0, 0, 0), v(1, 0, 0)});
        e.run(node("radial-falloff", "radius", 0, "default", 5));
        assertThat(e.kept).isEmpty();
        Eval p = new Eval(new double[][] {v(0, 0, -1)});
        p.run(node("plane-falloff", "distance", 0));
        assertThat(p.kept).isEmpty();
        for (String f : new String[] {"cosine", "gaussian", "falloff", "decay"}) {
            Eval w = new Eval(new double[][] {v(0, 0, 0), v(2.5, 0, 0)});
            FieldValues out = w.run(node("wave-scalar", "wavelength", 10, "function", f));
            assertThat(out.scalars[0]).as(f).isFinite();
            assertThat(out.scalars[1]).as(f).isFinite();
        }
        // at t = 0 the cosine wave is cos(k d): 1 at the centre, cos(pi/2) = 0 at a quarter wavelength
        Eval w = new Eval(new double[][] {v(0, 0, 0), v(2.5, 0, 0)});
        FieldValues c = w.run(node("wave-scalar", "wavelength", 10, "function", "cosine"));
        assertThat(c.scalars[0]).isEqualTo(1);
        assertThat(c.scalars[1]).isCloseTo(0, within(1e-15));
    }

    @Test
    void randomVectorsDependOnSeedAndIdentityOnlyNotOrderOrCompany() {
        FieldNode r = node("random-vector", "magnitude", 2, "seed", 42);
        double[][] pts = new double[50][];
        Arrays.fill(pts, v(1, 2, 3));
        Eval all = new Eval(pts);
        FieldValues a = all.run(r);
        double[] ax = Arrays.copyOf(a.vx, 50);
        for (int i = 0; i < 50; i++) {
            assertThat(Math.sqrt(a.vx[i] * a.vx[i] + a.vy[i] * a.vy[i] + a.vz[i] * a.vz[i])).isCloseTo(2, within(1e-12));
        }
        // only samples 7 and 31, in reverse order: the same vectors
        Eval few = new Eval(pts);
        int[] idx = {31, 7};
        r.evaluate(few.ctx, idx, 2, few.out);
        assertThat(few.out.vx[7]).isEqualTo(ax[7]);
        assertThat(few.out.vx[31]).isEqualTo(ax[31]);
        // another seed: other vectors; same seed, fresh node: identical
        FieldValues b = new Eval(pts).run(node("random-vector", "magnitude", 2, "seed", 43));
        assertThat(b.vx[7]).isNotEqualTo(ax[7]);
        assertThat(Arrays.copyOf(new Eval(pts).run(node("random-vector", "magnitude", 2, "seed", 42)).vx, 50))
                .containsExactly(ax);
        // spread over the sphere: the mean of many unit vectors is near zero
        double mz = 0;
        for (double x : ax) {
            mz += x;
        }
        assertThat(Math.abs(mz / 50 / 2)).isLessThan(0.35);
    }

    @Test
    void noiseIsSeededBoundedAndTilesWithItsTransform() {
        double[][] pts = new double[64][];
        double[][] shifted = new double[64][];
        for (int i = 0; i < 64; i++) {
            pts[i] = v(0.137 * i, 0.071 * i * i % 3, -0.29 * i);
            shifted[i] = v(pts[i][0] + 2, pts[i][1] - 2, pts[i][2] + 4); // whole tiles of a 2 m scale
        }
        FieldNode n = node("noise", "min", -1, "max", 3, "seed", 7, "scale", v(2, 2, 2));
        double[] a = Arrays.copyOf(new Eval(pts).run(n).scalars, 64);
        double[] b = Arrays.copyOf(new Eval(shifted).run(n).scalars, 64);
        double lo = Double.MAX_VALUE, hi = -Double.MAX_VALUE;
        for (int i = 0; i < 64; i++) {
            assertThat(a[i]).isBetween(-1.0, 3.0);
            assertThat(b[i]).isCloseTo(a[i], within(1e-9));
            lo = Math.min(lo, a[i]);
            hi = Math.max(hi, a[i]);
        }
        assertThat(hi - lo).as("noise varies").isGreaterThan(0.5);
        double[] other = Arrays.copyOf(new Eval(pts).run(node("noise", "min", -1, "max", 3, "seed", 8,
                "scale", v(2, 2, 2))).scalars, 64);
        assertThat(other).isNotEqualTo(a);
    }

    @Test
    void badParametersNameTheKeyAndWhatIsAllowed() {
        assertThatThrownBy(() -> node("radial-falloff", "radius", -1)).hasMessage("'radius' = -1.0; allowed: finite, >= 0.0");
        assertThatThrownBy(() -> node("radial-falloff", "magnitude", Double.NaN)).hasMessage("'magnitude' = NaN; allowed: finite");
        assertThatThrownBy(() -> node("radial-falloff", "radus", 1)).hasMessageStartingWith("unknown parameter 'radus'; allowed:");
        assertThatThrownBy(() -> node("radial-falloff", "falloff", "cubic"))
                .hasMessage("'falloff' = 'cubic'; allowed: none, linear, squared, inverse, logarithmic");
        assertThatThrownBy(() -> node("plane-falloff", "normal", v(0, 0, 0))).hasMessageContaining("non-zero vector");
        assertThatThrownBy(() -> node("wave-scalar", "period", 0)).hasMessageStartingWith("'period' = 0.0; allowed:");
        assertThatThrownBy(() -> node("to-integer", "input", node("uniform-integer")))
                .hasMessage("input 'input' gives integer; allowed: scalar");
        assertThatThrownBy(() -> node("culling", "input", node("uniform-integer"))).hasMessageStartingWith("missing input 'culling'");
        assertThatThrownBy(() -> node("box-falloff", "scale", v(1, 0, 1))).hasMessageContaining("every component > 0");
    }

    private static double scalar(double[][] pts, FieldNode n) {
        return new Eval(pts).run(n).scalars[0];
    }
}
