package dev.rubble.plugin.graph;

import dev.rubble.spi.graph.DisjointSets;
import dev.rubble.spi.sort.PrimitiveOrder;
import java.util.Arrays;

/** Helpers on sorted packed edge keys ({@code (long) a << 32 | b}, {@code a < b}). */
final class Edges {
    private Edges() {
    }

    static int[] toPairs(long[] keys) {
        int[] out = new int[2 * keys.length];
        for (int i = 0; i < keys.length; i++) {
            out[2 * i] = (int) (keys[i] >>> 32);
            out[2 * i + 1] = (int) keys[i];
        }
        return out;
    }

    static double length(double[] pos, long key) {
        int a = (int) (key >>> 32), b = (int) key;
        double dx = pos[3 * a] - pos[3 * b], dy = pos[3 * a + 1] - pos[3 * b + 1], dz = pos[3 * a + 2] - pos[3 * b + 2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /** Sorted union of two sorted key arrays without duplicates. */
    static long[] union(long[] x, long[] y) {
        long[] out = new long[x.length + y.length];
        int i = 0, j = 0, k = 0;
        while (i < x.length || j < y.length) {
            long v;
            if (j >= y.length || (i < x.length && x[i] <= y[j])) {
                v = x[i++];
            } else {
                v = y[j++];
            }
            if (k == 0 || out[k - 1] != v) {
                out[k++] = v;
            }
        }
        return Arrays.copyOf(out, k);
    }

    /**
     * Kruskal-style bridging: starting from components of {@code kept}, adds the shortest
     * {@code candidates} (ties by key) that join two different components; union-find with path
     * halving, no recursion.
     */
    static long[] bridge(int n, double[] pos, long[] kept, long[] candidates) {
        int[] parent = new int[n];
        DisjointSets.reset(parent, n);
        for (long k : kept) {
            DisjointSets.union(parent, (int) (k >>> 32), (int) k);
        }
        int m = candidates.length;
        double[] len = new double[m];
        for (int i = 0; i < m; i++) {
            len[i] = length(pos, candidates[i]);
        }
        int[] order = byLength(len, candidates);
        long[] added = new long[m];
        int k = 0;
        for (int i = 0; i < m; i++) {
            long e = candidates[order[i]];
            if (DisjointSets.union(parent, (int) (e >>> 32), (int) e)) {
                added[k++] = e;
            }
        }
        added = Arrays.copyOf(added, k);
        Arrays.sort(added);
        return union(kept, added);
    }

    /**
     * Indices of the candidates shortest first ({@link Double#compare}), equal lengths by edge key,
     * equal keys in index order: primitive sorts only (issue 32: no boxed index sorts in the
     * per-variant paths).
     */
    static int[] byLength(double[] len, long[] candidates) {
        int m = len.length;
        long[] k = new long[m];
        for (int i = 0; i < m; i++) {
            k[i] = PrimitiveOrder.key(len[i]);
        }
        return PrimitiveOrder.order(k, candidates, null);
    }
}
