package dev.rubble.plugin.damage;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.shape.ConvexHull;

/** Small hand-built assets: unit-mass cubes, bonds with given areas. */
final class Assets {
    private Assets() {
    }

    static ConvexHull cube(double c) {
        return QuickHull.of(c - 0.5, -0.5, -0.5, c + 0.5, -0.5, -0.5, c - 0.5, 0.5, -0.5, c + 0.5, 0.5, -0.5,
                c - 0.5, -0.5, 0.5, c + 0.5, -0.5, 0.5, c - 0.5, 0.5, 0.5, c + 0.5, 0.5, 0.5);
    }

    /** Nodes by parent (BFS, consecutive children), relative sizes, bonds (a, b, area). */
    static CollectionAsset of(int[] parent, double[] relativeSize, int[][] bonds, double[] areas) {
        int n = parent.length;
        int[] first = new int[n], count = new int[n];
        java.util.Arrays.fill(first, -1);
        for (int i = 1; i < n; i++) {
            if (first[parent[i]] < 0) {
                first[parent[i]] = i;
            }
            count[parent[i]]++;
        }
        double[] mass = new double[n], com = new double[3 * n], inertia = new double[6 * n], vol = new double[n];
        int[] hs = new int[n + 1], hi = new int[n];
        ConvexHull[] hulls = new ConvexHull[n];
        for (int i = 0; i < n; i++) {
            mass[i] = 1;
            com[3 * i] = i;
            inertia[6 * i] = inertia[6 * i + 1] = inertia[6 * i + 2] = 1.0 / 6;
            vol[i] = 1;
            hulls[i] = cube(i);
            hi[i] = i;
            hs[i + 1] = i + 1;
        }
        int[] a = new int[bonds.length], b = new int[bonds.length];
        for (int e = 0; e < bonds.length; e++) {
            a[e] = bonds[e][0];
            b[e] = bonds[e][1];
        }
        return new CollectionAsset(parent, first, count, mass, com, inertia, vol, relativeSize, new boolean[n],
                new byte[n], hs, hi, hulls, a, b, areas);
    }

    /** Root with three levels below: 0 -> 1 -> 2 -> 3 -> 4 (a stick of single children). */
    static CollectionAsset deep() {
        return of(new int[] {-1, 0, 1, 2, 3}, new double[] {4, 3, 2, 1, 1}, new int[0][], new double[0]);
    }
}
