package dev.rubble.core.destruction;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.shape.ConvexHull;

/**
 * Hand-built collections of boxes with analytic mass properties: a box of half extents (a, b, c)
 * and mass m has {@code Ixx = m (b² + c²) / 3} etc.; a cluster sums its children with the
 * parallel-axis theorem.
 */
final class TestAssets {
    private TestAssets() {
    }

    static ConvexHull box(double cx, double cy, double cz, double hx, double hy, double hz) {
        double[] v = new double[24];
        int k = 0;
        for (int i = 0; i < 8; i++) {
            v[k++] = cx + ((i & 1) == 0 ? -hx : hx);
            v[k++] = cy + ((i & 2) == 0 ? -hy : hy);
            v[k++] = cz + ((i & 4) == 0 ? -hz : hz);
        }
        return QuickHull.of(v);
    }

    /**
     * @param parent per node (BFS order, children consecutive), -1 for node 0
     * @param boxes  per node {cx, cy, cz, hx, hy, hz}: its hull (clusters: a box covering their children)
     * @param bonds  pairs {a, b}, a &lt; b, siblings
     * @param areas  bond areas
     */
    static CollectionAsset build(double density, int[] parent, double[][] boxes, int[][] bonds, double[] areas) {
        int n = parent.length;
        int[] firstChild = new int[n];
        int[] childCount = new int[n];
        java.util.Arrays.fill(firstChild, -1);
        for (int i = 1; i < n; i++) {
            int p = parent[i];
            if (firstChild[p] < 0) {
                firstChild[p] = i;
            }
            childCount[p]++;
        }
        double[] mass = new double[n], com = new double[3 * n], inertia = new double[6 * n], volume = new double[n];
        for (int i = n - 1; i >= 0; i--) {
            if (childCount[i] == 0) {
                double[] b = boxes[i];
                double vol = 8 * b[3] * b[4] * b[5];
                double m = density * vol;
                volume[i] = vol;
                mass[i] = m;
                com[3 * i] = b[0];
                com[3 * i + 1] = b[1];
                com[3 * i + 2] = b[2];
                inertia[6 * i] = m * (b[4] * b[4] + b[5] * b[5]) / 3;
                inertia[6 * i + 1] = m * (b[3] * b[3] + b[5] * b[5]) / 3;
                inertia[6 * i + 2] = m * (b[3] * b[3] + b[4] * b[4]) / 3;
                continue;
            }
            double m = 0, x = 0, y = 0, z = 0;
            for (int c = firstChild[i]; c < firstChild[i] + childCount[i]; c++) {
                m += mass[c];
                x += mass[c] * com[3 * c];
                y += mass[c] * com[3 * c + 1];
                z += mass[c] * com[3 * c + 2];
                volume[i] += volume[c];
            }
            x /= m;
            y /= m;
            z /= m;
            mass[i] = m;
            com[3 * i] = x;
            com[3 * i + 1] = y;
            com[3 * i + 2] = z;
            for (int c = firstChild[i]; c < firstChild[i] + childCount[i]; c++) {
                double dx = com[3 * c] - x, dy = com[3 * c + 1] - y, dz = com[3 * c + 2] - z;
                double mc = mass[c];
                inertia[6 * i] += inertia[6 * c] + mc * (dy * dy + dz * dz);
                inertia[6 * i + 1] += inertia[6 * c + 1] + mc * (dx * dx + dz * dz);
                inertia[6 * i + 2] += inertia[6 * c + 2] + mc * (dx * dx + dy * dy);
                inertia[6 * i + 3] += inertia[6 * c + 3] - mc * dx * dy;
                inertia[6 * i + 4] += inertia[6 * c + 4] - mc * dx * dz;
                inertia[6 * i + 5] += inertia[6 * c + 5] - mc * dy * dz;
            }
        }
        double maxLeaf = 0;
        for (int i = 0; i < n; i++) {
            if (childCount[i] == 0) {
                maxLeaf = Math.max(maxLeaf, volume[i]);
            }
        }
        double[] rel = new double[n];
        for (int i = 0; i < n; i++) {
            rel[i] = Math.cbrt(volume[i]) / Math.cbrt(maxLeaf);
        }
        int[] hullStart = new int[n + 1];
        int[] hullIndex = new int[n];
        ConvexHull[] hulls = new ConvexHull[n];
        for (int i = 0; i < n; i++) {
            double[] b = boxes[i];
            hulls[i] = box(b[0], b[1], b[2], b[3], b[4], b[5]);
            hullIndex[i] = i;
            hullStart[i + 1] = i + 1;
        }
        int[] ea = new int[bonds.length], eb = new int[bonds.length];
        for (int e = 0; e < bonds.length; e++) {
            ea[e] = bonds[e][0];
            eb[e] = bonds[e][1];
        }
        return new CollectionAsset(parent, firstChild, childCount, mass, com, inertia, volume, rel, new boolean[n],
                new byte[n], hullStart, hullIndex, hulls, ea, eb, areas == null ? new double[bonds.length] : areas);
    }

    /**
     * A bar of {@code k} unit-spaced boxes (half extents 0.5, 0.25, 0.25) along x starting at
     * x = 0, under one root; consecutive boxes bonded with area 0.25 m² (their shared face).
     */
    static CollectionAsset chain(int k, double density) {
        int[] parent = new int[k + 1];
        double[][] boxes = new double[k + 1][];
        parent[0] = -1;
        boxes[0] = new double[] {(k - 1) * 0.5, 0, 0, k * 0.5, 0.25, 0.25};
        for (int i = 1; i <= k; i++) {
            parent[i] = 0;
            boxes[i] = new double[] {i - 1, 0, 0, 0.5, 0.25, 0.25};
        }
        int[][] bonds = new int[k - 1][];
        double[] areas = new double[k - 1];
        for (int i = 1; i < k; i++) {
            bonds[i - 1] = new int[] {i, i + 1};
            areas[i - 1] = 0.25;
        }
        return build(density, parent, boxes, bonds, areas);
    }

    /**
     * Three levels in a row along x, density 1000, every bond of area 1: root (0) -> clusters 1, 2 ->
     * leaves 3, 4 | 5, 6 (boxes 1 m across, the clusters 2 m, the root 4 m).
     */
    static CollectionAsset threeLevels() {
        double[][] boxes = {
            {1.5, 0, 0, 2, 0.5, 0.5},
            {0.5, 0, 0, 1, 0.5, 0.5}, {2.5, 0, 0, 1, 0.5, 0.5},
            {0, 0, 0, 0.5, 0.5, 0.5}, {1, 0, 0, 0.5, 0.5, 0.5}, {2, 0, 0, 0.5, 0.5, 0.5}, {3, 0, 0, 0.5, 0.5, 0.5}};
        int[] parent = {-1, 0, 0, 1, 1, 2, 2};
        int[][] bonds = {{1, 2}, {3, 4}, {5, 6}};
        return build(1000, parent, boxes, bonds, new double[] {1, 1, 1});
    }
}
