package dev.rubble.spi.graph;

/**
 * Union-find (disjoint sets) over a caller-owned {@code int[]} of parents: the one implementation the
 * engine, the authoring tools and the plugins share (connectivity of a holder's children, union splits,
 * automatic clustering, mesh components, connection-graph bridging, stress components, soft-body parts).
 *
 * <p>Rules, on which callers rely for determinism: {@link #find} is iterative with path halving (no
 * recursion, no allocation); {@link #union} links the larger root under the smaller, so a set's root is
 * always its <b>lowest element</b> whatever order the unions come in — the same labels on every run and
 * for every edge order. Static methods on plain arrays: no objects, nothing allocated, safe in per-step
 * loops. Not thread-safe: one thread per array (the sleep update's concurrent union-find is
 * {@code IslandBuilder} in the core).
 */
public final class DisjointSets {
    private DisjointSets() {
    }

    /**
     * Makes each of {@code 0 .. n)} its own set: {@code parent[i] = i}.
     *
     * @param parent the parents, caller-owned, length ≥ n; entries from n on are left alone
     * @param n      how many elements, ≥ 0
     */
    public static void reset(int[] parent, int n) {
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
    }

    /**
     * The root (lowest element) of {@code x}'s set, halving the path on the way.
     *
     * @param parent the parents, set up by {@link #reset} and changed only by this class
     * @param x      an element, 0 ≤ x &lt; the n given to {@link #reset}
     * @return the root of x's set
     */
    public static int find(int[] parent, int x) {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }

    /**
     * Joins the sets of {@code a} and {@code b}: the larger root is linked under the smaller.
     *
     * @param parent the parents, set up by {@link #reset}
     * @param a      an element
     * @param b      another element (may be {@code a})
     * @return true when they were two sets, false when they were already one
     */
    public static boolean union(int[] parent, int a, int b) {
        int ra = find(parent, a), rb = find(parent, b);
        if (ra == rb) {
            return false;
        }
        if (ra < rb) {
            parent[rb] = ra;
        } else {
            parent[ra] = rb;
        }
        return true;
    }

    /**
     * Numbers the sets of {@code 0 .. n)} 0, 1, 2, ... in the order of their lowest elements and writes each
     * element's set number into {@code label} (which may be {@code parent} itself: the union-find is then
     * used up).
     *
     * @param parent the parents, set up by {@link #reset}; flattened (every element under its root)
     * @param n      how many elements, ≥ 0
     * @param label  caller-owned, length ≥ n
     * @return how many sets there are
     */
    public static int label(int[] parent, int n, int[] label) {
        for (int i = 0; i < n; i++) {
            parent[i] = find(parent, i); // every element straight under its root
        }
        int count = 0;
        for (int i = 0; i < n; i++) {
            int r = parent[i];
            // a root is the lowest element of its set, so it is numbered before any other member reads its
            // number; parent[i] is read before label[i] is written, so label may be parent itself
            label[i] = r == i ? count++ : label[r];
        }
        return count;
    }
}
