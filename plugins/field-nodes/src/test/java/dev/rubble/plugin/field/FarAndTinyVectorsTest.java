package dev.rubble.plugin.field;

import static dev.rubble.plugin.field.Eval.node;
import static dev.rubble.plugin.field.Eval.v;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.field.FieldValues;
import org.junit.jupiter.api.Test;

/**
 * Every vector parameter and every position a node takes is any finite vector (docs/fields.md): a
 * normal or axis of (1e300, 1e300, 0) is the direction (1, 1, 0), one of (1e-200, 0, 0) the direction
 * (1, 0, 0), and a position 1e200 m away is that far. Their lengths were squared, so a huge normal
 * became the zero vector (a plane that wrote nothing, a box turned into a point that held the whole
 * world, a vortex that no longer turned), a tiny one was refused as "a non-zero vector" although it is
 * one, and a far centre was infinitely far (a radial push of 0, a falloff that never reached). Expected
 * values from the definitions in docs/fields.md (fuzz12).
 */
final class FarAndTinyVectorsTest {

    @Test
    void aPlaneFalloffWithAHugeOrTinyNormalIsThePlaneOfThatDirection() {
        // plane through (10, 0, 0), normal along (1, 1, 0), distance 20; the origin lies
        // delta = (0 - 10)/sqrt(2) behind it: x = 1 + delta/20, linear falloff
        double expected = 1 + (-10 / Math.sqrt(2)) / 20;
        for (double s : new double[] {1, 1e300, 1e-200}) {
            FieldValues out = new Eval(new double[][] {v(0, 0, 0)}).run(node("plane-falloff", "position", v(10, 0, 0),
                    "normal", v(s, s, 0), "distance", 20));
            assertThat(out.scalars[0]).as("normal (%s, %s, 0)", s, s).isCloseTo(expected, within(1e-12));
        }
    }

    @Test
    void aBoxFalloffTurnedAboutAHugeAxisIsTurnedAboutItsDirection() {
        // a 1 m box at (5, 0, 0) turned 90 degrees about x, default 0.5: the origin is 5 m outside it (0.5),
        // the centre is inside at x = 1 (1)
        for (double s : new double[] {1, 1e300, 1e-200}) {
            FieldValues out = new Eval(new double[][] {v(0, 0, 0), v(5, 0, 0), v(5, 0.45, 0)}).run(node("box-falloff",
                    "position", v(5, 0, 0), "axis", v(s, 0, 0), "angle", 90, "default", 0.5));
            assertThat(out.scalars[0]).as("axis (%s, 0, 0), outside", s).isEqualTo(0.5);
            assertThat(out.scalars[1]).as("axis (%s, 0, 0), centre", s).isCloseTo(1, within(1e-12));
            assertThat(out.scalars[2]).as("axis (%s, 0, 0), 0.45 m up: x = (0.5 - 0.45)/0.5", s).isCloseTo(0.1, within(1e-9));
        }
    }

    @Test
    void aRotatedRadialVectorAboutAHugeAxisTurnsAsAboutItsDirection() {
        // the radial direction (1, 0, 0) at (2, 0, 0) turned 90 degrees about +z is (0, 1, 0)
        for (double s : new double[] {1, 1e300, 1e-200}) {
            FieldValues out = new Eval(new double[][] {v(2, 0, 0)}).run(node("rotated-radial-vector", "axis", v(0, 0, s),
                    "angle", 90, "magnitude", 3));
            assertThat(new double[] {out.vx[0], out.vy[0], out.vz[0]}).as("axis (0, 0, %s)", s)
                    .containsExactly(new double[] {0, 3, 0}, within(1e-12));
        }
    }

    @Test
    void aFarCentreIsAsFarAsItIs() {
        double far = 1e200;
        double[][] origin = {v(0, 0, 0)};
        // radial-vector: the unit vector from the centre to the sample, times the magnitude
        FieldValues rv = new Eval(origin).run(node("radial-vector", "position", v(far, 0, 0), "magnitude", 2));
        assertThat(new double[] {rv.vx[0], rv.vy[0], rv.vz[0]}).containsExactly(-2, 0, 0);
        FieldValues rr = new Eval(origin).run(node("rotated-radial-vector", "position", v(far, 0, 0), "angle", 90));
        assertThat(new double[] {rr.vx[0], rr.vy[0], rr.vz[0]}).as("(-1, 0, 0) turned about +z")
                .containsExactly(new double[] {0, -1, 0}, within(1e-12));
        // radial-falloff: d = 1e200 inside a radius of 1e201, x = 1 - d/r = 0.9
        FieldValues rf = new Eval(origin).run(node("radial-falloff", "position", v(far, 0, 0), "radius", 10 * far));
        assertThat(rf.scalars[0]).isCloseTo(0.9, within(1e-12));
        // radial-int-mask: inside a radius of 2e200 (d² and r² both overflow)
        Eval mask = new Eval(origin);
        FieldValues m = mask.run(node("radial-int-mask", "position", v(far, 0, 0), "radius", 2 * far, "interior", 7));
        assertThat(m.ints[0]).isEqualTo(7);
        FieldValues outside = new Eval(origin).run(node("radial-int-mask", "position", v(far, 0, 0), "radius", 0.5 * far,
                "interior", 7));
        assertThat(outside.ints[0]).isZero();
        // wave-scalar at t = 0 (front radius 0): cosine M cos(k d) with k = 2 pi / wavelength
        FieldValues w = new Eval(origin).run(node("wave-scalar", "position", v(0, far, 0), "wavelength", 10));
        assertThat(w.scalars[0]).isEqualTo(StrictMath.cos(2 * Math.PI / 10 * far));
    }

    @Test
    void distancesThatNeitherOverflowNorUnderflowKeepTheirBits() {
        // the plain sqrt(dx² + dy² + dz²) wherever it is in range: the same values as before
        double[][] pts = {v(0.3, -1.7, 2.9), v(1e-3, 4e-3, 0), v(123.25, 0, -7)};
        FieldValues rf = new Eval(pts).run(node("radial-falloff", "position", v(0.1, 0.2, 0.3), "radius", 200));
        for (int i = 0; i < pts.length; i++) {
            double dx = pts[i][0] - 0.1, dy = pts[i][1] - 0.2, dz = pts[i][2] - 0.3;
            assertThat(rf.scalars[i]).isEqualTo(1 - Math.sqrt(dx * dx + dy * dy + dz * dz) / 200);
        }
    }
}
