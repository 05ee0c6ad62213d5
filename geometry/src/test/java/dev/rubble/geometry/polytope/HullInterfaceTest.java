package dev.rubble.geometry.polytope;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.shape.ConvexHull;
import org.junit.jupiter.api.Test;

/**
 * The shared face of two touching hulls, against areas, centroids and normals worked by hand from the
 * boxes' and prisms' coordinates.
 */
final class HullInterfaceTest {
    static ConvexHull box(double x0, double y0, double z0, double x1, double y1, double z1) {
        return QuickHull.of(x0, y0, z0, x1, y0, z0, x0, y1, z0, x1, y1, z0, x0, y0, z1, x1, y0, z1, x0, y1, z1, x1, y1, z1);
    }

    static double[] sums(ConvexHull p, ConvexHull q) {
        double[] s = new double[HullInterface.SUMS];
        HullInterface.accumulate(p, q, 1e-9, new HullInterface.Scratch(), s, 0);
        return s;
    }

    static void assertInterface(double[] s, double area, double[] c, double[] n, double tol) {
        assertThat(s[0]).isCloseTo(area, within(tol));
        for (int k = 0; k < 3; k++) {
            assertThat(s[1 + k] / s[0]).as("centroid %d", k).isCloseTo(c[k], within(tol));
            assertThat(s[4 + k] / s[0]).as("normal %d", k).isCloseTo(n[k], within(tol));
        }
    }

    @Test
    void aColumnUnderTheCornerOfASlabSharesItsTopFace() {
        // a 0.4 m square column 3 m high, and a slab whose centre lies 1.45 m and 1.6 m to the side
        ConvexHull column = box(-0.2, 0, -0.2, 0.2, 3, 0.2);
        ConvexHull slab = box(-0.2, 3, -0.2, 3.1, 3.2, 3.4);
        assertInterface(sums(column, slab), 0.16, new double[] {0, 3, 0}, new double[] {0, 1, 0}, 1e-12);
        assertInterface(sums(slab, column), 0.16, new double[] {0, 3, 0}, new double[] {0, -1, 0}, 1e-12);
    }

    @Test
    void aPartialOverlapGivesTheOverlapRectangle() {
        // on x = 1: y in [0.5, 1], z in [0.25, 1]
        double[] s = sums(box(0, 0, 0, 1, 1, 1), box(1, 0.5, 0.25, 2, 1.5, 2));
        assertInterface(s, 0.5 * 0.75, new double[] {1, 0.75, 0.625}, new double[] {1, 0, 0}, 1e-12);
    }

    @Test
    void aCubeCutAlongItsDiagonalSharesTheSlantedRectangle() {
        // unit cube cut by x = y: A = {x >= y}, B = {x <= y}; the cut is 1 x sqrt(2), centred in the cube
        ConvexHull a = QuickHull.of(0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1);
        ConvexHull b = QuickHull.of(0, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 0, 1, 1, 1, 1, 1);
        double h = Math.sqrt(0.5);
        assertInterface(sums(a, b), Math.sqrt(2), new double[] {0.5, 0.5, 0.5}, new double[] {-h, h, 0}, 1e-12);
    }

    @Test
    void farFromTheOriginTheCentroidKeepsItsPrecision() {
        double o = 1e5;
        double[] s = sums(box(o, o, o, o + 1, o + 1, o + 1), box(o + 1, o + 0.5, o + 0.25, o + 2, o + 1.5, o + 2));
        assertInterface(s, 0.375, new double[] {o + 1, o + 0.75, o + 0.625}, new double[] {1, 0, 0}, 1e-9);
    }

    @Test
    void hullsThatMeetAlongAnEdgeOrNotAtAllShareNothing() {
        ConvexHull a = box(0, 0, 0, 1, 1, 1);
        assertThat(sums(a, box(1, 1, 0, 2, 2, 1))).containsOnly(0.0); // an edge
        assertThat(sums(a, box(1.001, 0, 0, 2, 1, 1))).containsOnly(0.0); // a 1 mm gap
        assertThat(sums(a, box(0.5, 0.5, 0.5, 2, 2, 2))).containsOnly(0.0); // overlapping volumes, no opposite faces on one plane
    }

    @Test
    void sumsAddUpOverHullsAndRepeatBitForBit() {
        ConvexHull base = box(0, 0, 0, 2, 1, 1);
        ConvexHull left = box(0, 1, 0, 1, 2, 1), right = box(1, 1, 0, 2, 2, 0.5);
        double[] s = new double[HullInterface.SUMS];
        HullInterface.Scratch sc = new HullInterface.Scratch();
        HullInterface.accumulate(base, left, 1e-9, sc, s, 0);
        HullInterface.accumulate(base, right, 1e-9, sc, s, 0);
        // 1 m² at (0.5, 1, 0.5) and 0.5 m² at (1.5, 1, 0.25): 1.5 m² at (5/6, 1, 5/12)
        assertInterface(s, 1.5, new double[] {5.0 / 6, 1, 5.0 / 12}, new double[] {0, 1, 0}, 1e-12);
        double[] again = new double[HullInterface.SUMS];
        HullInterface.accumulate(base, left, 1e-9, new HullInterface.Scratch(), again, 0);
        HullInterface.accumulate(base, right, 1e-9, sc, again, 0);
        assertThat(again).containsExactly(s);
    }
}
