package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.collection.CollectionAsset;
import org.junit.jupiter.api.Test;

/**
 * Bond faces from leaf hulls (docs/destruction.md, "Stress"), against centroids and normals worked by
 * hand from the boxes: two unit-cube clusters side by side, each cut in two along y at different
 * heights (the right one at y = 0.25, the left at 0.5), and a leaf far away bonded with area 0.
 *
 * <pre>
 *   y=1 ┌────┬────┐
 *       │ 7  │    │
 *  0.5  ├────┤ 5  │        node 1 = right cluster (4, 5), node 2 = left cluster (6, 7), node 3 far away
 *       │ 6  ├────┤ 0.25
 *   y=0 └────┴────┘
 *      x=0  x=1  x=2
 * </pre>
 */
final class BondFacesTest {
    static CollectionAsset asset() {
        double[][] boxes = {
            {3, 0.5, 0.5, 3, 0.5, 0.5},
            {1.5, 0.5, 0.5, 0.5, 0.5, 0.5},      // 1: right cluster
            {0.5, 0.5, 0.5, 0.5, 0.5, 0.5},      // 2: left cluster
            {5.5, 0.5, 0.5, 0.5, 0.5, 0.5},      // 3: far leaf
            {1.5, 0.125, 0.5, 0.5, 0.125, 0.5},  // 4: right, y in [0, 0.25]
            {1.5, 0.625, 0.5, 0.5, 0.375, 0.5},  // 5: right, y in [0.25, 1]
            {0.5, 0.25, 0.5, 0.5, 0.25, 0.5},    // 6: left, y in [0, 0.5]
            {0.5, 0.75, 0.5, 0.5, 0.25, 0.5},    // 7: left, y in [0.5, 1]
        };
        int[] parent = {-1, 0, 0, 0, 1, 1, 2, 2};
        int[][] bonds = {{1, 2}, {1, 3}, {4, 5}, {6, 7}};
        return TestAssets.build(1000, parent, boxes, bonds, new double[] {1, 0, 1, 1});
    }

    static void assertFace(double[] f, int e, double[] c, double[] n) {
        for (int k = 0; k < 3; k++) {
            assertThat(f[BondFaces.STRIDE * e + k]).as("bond %d centroid %d", e, k).isCloseTo(c[k], within(1e-12));
            assertThat(f[BondFaces.STRIDE * e + 3 + k]).as("bond %d normal %d", e, k).isCloseTo(n[k], within(1e-12));
        }
    }

    @Test
    void clusterBondsSumTheirLeavesFacesAndPointFromAToB() {
        double[] f = BondFaces.compute(asset());
        // clusters 1 (right) and 2 (left): three leaf contacts on x = 1 (0.25 m² at y 0.125, 0.25 m² at 0.375,
        // 0.5 m² at 0.75) make the whole 1 m² face, centred at y = 0.5; from the right cluster to the left: −x
        assertFace(f, 0, new double[] {1, 0.5, 0.5}, new double[] {-1, 0, 0});
        assertFace(f, 2, new double[] {1.5, 0.25, 0.5}, new double[] {0, 1, 0});
        assertFace(f, 3, new double[] {0.5, 0.5, 0.5}, new double[] {0, 1, 0});
    }

    @Test
    void aBondBetweenPiecesThatDoNotTouchHasNoFace() {
        double[] f = BondFaces.compute(asset());
        for (int k = 0; k < BondFaces.STRIDE; k++) {
            assertThat(f[BondFaces.STRIDE + k]).isNaN();
        }
    }

    @Test
    void theFacesAreTheSameBitsEveryTime() {
        assertThat(BondFaces.compute(asset())).containsExactly(BondFaces.compute(asset()));
    }
}
