package dev.rubble.spi.shape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

final class CompoundTest {

    @Test
    void twoBoxesCombineWithTheParallelAxisTheorem() {
        Compound c = new Compound(List.of(Compound.Child.at(new Box(0.5, 0.5, 0.5), -1, 0, 0),
                Compound.Child.at(new Box(0.5, 0.5, 0.5), 1, 0, 0)));
        MassProperties m = c.massProperties(1);
        // each cube: m = 1, I = 1/6 about its centre; shifted by 1 m along x
        assertThat(m.mass()).isCloseTo(2, within(1e-12));
        assertThat(m.comX()).isCloseTo(0, within(1e-12));
        double[] got = sorted(m.ixx(), m.iyy(), m.izz());
        assertThat(got[0]).isCloseTo(2.0 / 6, within(1e-12));
        assertThat(got[1]).isCloseTo(2.0 / 6 + 2, within(1e-12));
        assertThat(got[2]).isCloseTo(2.0 / 6 + 2, within(1e-12));
    }

    @Test
    void offCentreUnequalChildrenGiveTheAnalyticTensorAndItsPrincipalFrame() {
        // sphere r=1 (m1) at (0,0,0) and sphere r=0.5 (m2) at (1,1,0): principal axes along the diagonal
        Compound c = new Compound(List.of(Compound.Child.at(new Sphere(1), 0, 0, 0),
                Compound.Child.at(new Sphere(0.5), 1, 1, 0)));
        double m1 = 4.0 / 3 * Math.PI, m2 = m1 / 8;
        MassProperties m = c.massProperties(1);
        double mt = m1 + m2;
        double cx = m2 / mt;
        assertThat(m.comX()).isCloseTo(cx, within(1e-12));
        assertThat(m.comY()).isCloseTo(cx, within(1e-12));
        // about the axis through the com along (1,1,0): both centres lie on it -> only own inertias
        double own = 0.4 * m1 + 0.4 * m2 * 0.25;
        double d2 = 2 * (1 - cx) * (1 - cx), d1 = 2 * cx * cx; // squared distances to the com
        double perp = own + m1 * d1 + m2 * d2; // about axes perpendicular to the line of centres
        double[] got = sorted(m.ixx(), m.iyy(), m.izz());
        assertThat(got[0]).isCloseTo(own, within(1e-12));
        assertThat(got[1]).isCloseTo(perp, within(1e-12));
        assertThat(got[2]).isCloseTo(perp, within(1e-12));
        // the principal axis with the smallest moment is the line of centres
        double[] axis = new double[3];
        double[] moments = {m.ixx(), m.iyy(), m.izz()};
        int k = moments[0] == got[0] ? 0 : (moments[1] == got[0] ? 1 : 2);
        ShapeMath.rotate(m.qx(), m.qy(), m.qz(), m.qw(), k == 0 ? 1 : 0, k == 1 ? 1 : 0, k == 2 ? 1 : 0, axis, 0);
        assertThat(Math.abs(axis[0] + axis[1]) / Math.sqrt(2)).isCloseTo(1, within(1e-9));
    }

    @Test
    void bvhOnlyAboveTenChildrenAndChildrenMustBeConvex() {
        List<Compound.Child> kids = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            kids.add(Compound.Child.at(new Sphere(0.5), i, 0, 0));
        }
        assertThat(new Compound(kids).tree()).isNull();
        kids.add(Compound.Child.at(new Sphere(0.5), 10, 0, 0));
        Compound c = new Compound(kids);
        assertThat(c.tree()).isNotNull();
        int[] seen = new int[1];
        c.queryChildren(3.2, -0.1, -0.1, 5.2, 0.1, 0.1, item -> {
            seen[0] |= 1 << item;
            return true;
        });
        assertThat(seen[0]).isEqualTo((1 << 3) | (1 << 4) | (1 << 5));
        assertThatThrownBy(() -> Compound.Child.at(new Plane(0, 1, 0, 0), 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("PLANE");
    }

    static double[] sorted(double... v) {
        double[] c = v.clone();
        java.util.Arrays.sort(c);
        return c;
    }

    /** The O(1) box of a posed compound holds its exact bounds at any pose, and is the rotated local box. */
    @Test
    void enclosingBoundsHoldTheExactBoundsAtAnyPose() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(3);
        java.util.List<Compound.Child> kids = new java.util.ArrayList<>();
        for (int i = 0; i < 20; i++) {
            kids.add(new Compound.Child(new Box(rnd.nextDouble(0.01, 0.3), rnd.nextDouble(0.01, 0.3), rnd.nextDouble(0.01, 0.3)),
                    rnd.nextDouble(-2, 2), rnd.nextDouble(-1, 1), rnd.nextDouble(-0.5, 0.5),
                    rnd.nextDouble(-1, 1), rnd.nextDouble(-1, 1), rnd.nextDouble(-1, 1), rnd.nextDouble(-1, 1)));
        }
        Compound c = new Compound(kids);
        double[] exact = new double[6], loose = new double[6];
        c.enclosingBounds(0, 0, 0, 0, 0, 0, 1, loose, 0);
        double hx = (loose[3] - loose[0]) / 2, hy = (loose[4] - loose[1]) / 2, hz = (loose[5] - loose[2]) / 2;
        double radius = Math.sqrt(hx * hx + hy * hy + hz * hz); // the local box's circumscribed sphere
        for (int k = 0; k < 500; k++) {
            double qx = rnd.nextDouble(-1, 1), qy = rnd.nextDouble(-1, 1), qz = rnd.nextDouble(-1, 1), qw = rnd.nextDouble(-1, 1);
            double n = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
            double px = rnd.nextDouble(-1e3, 1e3), py = rnd.nextDouble(-1e3, 1e3), pz = rnd.nextDouble(-1e3, 1e3);
            c.bounds(px, py, pz, qx / n, qy / n, qz / n, qw / n, exact, 0);
            c.enclosingBounds(px, py, pz, qx / n, qy / n, qz / n, qw / n, loose, 0);
            for (int a = 0; a < 3; a++) {
                assertThat(loose[a]).as("pose %d min %d", k, a).isLessThanOrEqualTo(exact[a]);
                assertThat(loose[a + 3]).as("pose %d max %d", k, a).isGreaterThanOrEqualTo(exact[a + 3]);
                // no looser than the local box's circumscribed sphere
                assertThat(loose[a + 3] - loose[a]).isLessThan(2 * radius + 1e-6);
            }
        }
        // unrotated: the union of the children's local bounds, moved (up to the 1e-12 guard)
        c.enclosingBounds(5, 0, 0, 0, 0, 0, 1, loose, 0);
        c.bounds(5, 0, 0, 0, 0, 0, 1, exact, 0);
        for (int a = 0; a < 6; a++) {
            assertThat(loose[a]).isCloseTo(exact[a], org.assertj.core.api.Assertions.within(1e-9));
        }
    }
}
