package dev.rubble.authoring;

import dev.rubble.spi.graph.DisjointSets;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Auto-clustering of a node's children (reference: chaos-large-scale-destruction, clustering):
 * <ol>
 *   <li>k-means over the children's bounding-box centres: seeded initial centres (k distinct
 *       children by a partial Fisher–Yates shuffle), Lloyd iterations until no label changes (at
 *       most {@code maxIterations}); nearest centres are found with a uniform grid, not a scan of
 *       all k centres;</li>
 *   <li>forced connectivity: each k-means partition is split into the connected components of the
 *       proximity graph restricted to it (iterative union-find, no recursion);</li>
 *   <li>components smaller than {@code minSize} are merged, smallest first, into the adjacent
 *       component with which they share the largest contact area; isolated ones stay.</li>
 * </ol>
 * Deterministic for a given seed; O(N · iterations) for N children of similar size.
 */
public final class AutoCluster {
    private AutoCluster() {
    }

    /**
     * Partitions {@code m} items.
     *
     * @param m        number of children
     * @param centres  packed xyz bounding-box centres (metres)
     * @param k        requested number of k-means clusters, ≥ 1 (clamped to m)
     * @param minSize  components with fewer members are merged into a neighbour, ≥ 1
     * @param maxIterations Lloyd iterations, ≥ 1
     * @param seed     seed of the initial centres
     * @param ea,eb,area proximity edges among the children (indices into 0..m-1) and their areas
     * @return label per child in 0..L-1, numbered in order of each label's first member
     */
    public static int[] partition(int m, double[] centres, int k, int minSize, int maxIterations, long seed,
            int[] ea, int[] eb, double[] area) {
        if (k < 1) {
            throw new IllegalArgumentException("clusters = " + k + "; allowed: >= 1");
        }
        if (minSize < 1) {
            throw new IllegalArgumentException("minClusterSize = " + minSize + "; allowed: >= 1");
        }
        if (maxIterations < 1) {
            throw new IllegalArgumentException("maxIterations = " + maxIterations + "; allowed: >= 1");
        }
        if (m == 0) {
            return new int[0];
        }
        int[] label = kMeans(m, centres, Math.min(k, m), maxIterations, seed);
        // connected components within each partition
        int[] parent = new int[m];
        int[] size = new int[m];
        int[] next = new int[m];
        int[] tail = new int[m];
        for (int i = 0; i < m; i++) {
            parent[i] = i;
            size[i] = 1;
            next[i] = -1;
            tail[i] = i;
        }
        for (int e = 0; e < ea.length; e++) {
            if (label[ea[e]] == label[eb[e]]) {
                union(parent, size, next, tail, ea[e], eb[e]);
            }
        }
        // adjacency (CSR) of the children for the merge step
        int[] deg = new int[m + 1];
        for (int e = 0; e < ea.length; e++) {
            deg[ea[e] + 1]++;
            deg[eb[e] + 1]++;
        }
        for (int i = 0; i < m; i++) {
            deg[i + 1] += deg[i];
        }
        int[] fill = Arrays.copyOf(deg, m);
        int[] adj = new int[2 * ea.length];
        double[] adjArea = new double[2 * ea.length];
        for (int e = 0; e < ea.length; e++) {
            adj[fill[ea[e]]] = eb[e];
            adjArea[fill[ea[e]]++] = area[e];
            adj[fill[eb[e]]] = ea[e];
            adjArea[fill[eb[e]]++] = area[e];
        }
        // merge small components, smallest first (ties by root index), into the neighbouring
        // component sharing the largest contact area; repeat until nothing changes
        double[] acc = new double[m];
        int[] touched = new int[m];
        boolean changed = true;
        while (changed) {
            changed = false;
            int[] small = smallRoots(parent, size, minSize);
            for (int r0 : small) {
                int r = DisjointSets.find(parent, r0);
                if (r != r0 || size[r] >= minSize) {
                    continue;
                }
                int nt = 0;
                for (int i = r; i >= 0; i = next[i]) {
                    for (int q = deg[i]; q < deg[i + 1]; q++) {
                        int o = DisjointSets.find(parent, adj[q]);
                        if (o == r) {
                            continue;
                        }
                        if (acc[o] == 0) {
                            touched[nt++] = o;
                        }
                        acc[o] += adjArea[q];
                    }
                }
                int target = -1;
                double best = -1;
                for (int q = 0; q < nt; q++) {
                    int o = touched[q];
                    if (acc[o] > best || (acc[o] == best && o < target)) {
                        best = acc[o];
                        target = o;
                    }
                    acc[o] = 0;
                }
                if (target >= 0) {
                    union(parent, size, next, tail, r, target);
                    changed = true;
                }
            }
        }
        int[] out = new int[m];
        int[] rootLabel = new int[m];
        Arrays.fill(rootLabel, -1);
        int nextLabel = 0;
        for (int i = 0; i < m; i++) {
            int r = DisjointSets.find(parent, i);
            if (rootLabel[r] < 0) {
                rootLabel[r] = nextLabel++;
            }
            out[i] = rootLabel[r];
        }
        return out;
    }

    /**
     * The roots of components smaller than {@code minSize}, smallest first, equal sizes by root index:
     * sorted as {@code size << 32 | root} longs (issue 32: no boxed index sorts in the per-variant paths).
     */
    static int[] smallRoots(int[] parent, int[] size, int minSize) {
        int c = 0;
        for (int i = 0; i < parent.length; i++) {
            if (parent[i] == i && size[i] < minSize) {
                c++;
            }
        }
        long[] keyed = new long[c];
        c = 0;
        for (int i = 0; i < parent.length; i++) {
            if (parent[i] == i && size[i] < minSize) {
                keyed[c++] = ((long) size[i] << 32) | i;
            }
        }
        Arrays.sort(keyed);
        int[] out = new int[c];
        for (int k = 0; k < c; k++) {
            out[k] = (int) keyed[k];
        }
        return out;
    }

    /** Lloyd's k-means with seeded distinct initial centres; labels in 0..k-1. */
    static int[] kMeans(int m, double[] pts, int k, int maxIterations, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] idx = new int[m];
        for (int i = 0; i < m; i++) {
            idx[i] = i;
        }
        double[] c = new double[3 * k];
        for (int i = 0; i < k; i++) {
            int j = i + rnd.nextInt(m - i);
            int t = idx[i];
            idx[i] = idx[j];
            idx[j] = t;
            System.arraycopy(pts, 3 * idx[i], c, 3 * i, 3);
        }
        int[] label = new int[m];
        Arrays.fill(label, -1);
        double[] sum = new double[3 * k];
        int[] cnt = new int[k];
        for (int it = 0; it < maxIterations; it++) {
            PointGrid grid = new PointGrid(c, k);
            boolean changed = false;
            for (int i = 0; i < m; i++) {
                int l = grid.nearest(pts[3 * i], pts[3 * i + 1], pts[3 * i + 2]);
                if (l != label[i]) {
                    label[i] = l;
                    changed = true;
                }
            }
            if (!changed) {
                break;
            }
            Arrays.fill(sum, 0);
            Arrays.fill(cnt, 0);
            for (int i = 0; i < m; i++) {
                int l = label[i];
                sum[3 * l] += pts[3 * i];
                sum[3 * l + 1] += pts[3 * i + 1];
                sum[3 * l + 2] += pts[3 * i + 2];
                cnt[l]++;
            }
            for (int l = 0; l < k; l++) {
                if (cnt[l] > 0) {
                    c[3 * l] = sum[3 * l] / cnt[l];
                    c[3 * l + 1] = sum[3 * l + 1] / cnt[l];
                    c[3 * l + 2] = sum[3 * l + 2] / cnt[l];
                }
            }
        }
        return label;
    }

    private static void union(int[] parent, int[] size, int[] next, int[] tail, int a, int b) {
        int ra = DisjointSets.find(parent, a), rb = DisjointSets.find(parent, b);
        if (ra == rb) {
            return;
        }
        // the smaller index stays root so labels do not depend on merge order
        if (rb < ra) {
            int t = ra;
            ra = rb;
            rb = t;
        }
        parent[rb] = ra;
        size[ra] += size[rb];
        next[tail[ra]] = rb;
        tail[ra] = tail[rb];
    }
}
