package dev.rubble.spi.shape;

import dev.rubble.spi.sort.PrimitiveOrder;
import java.util.Arrays;

/**
 * A static bounding-volume hierarchy over items given by boxes, built top-down by median split
 * along the longest axis of the centroid bounds (leaves hold at most 2 items). Immutable after
 * construction; traversal is recursive (depth is O(log n)) and allocation-free, so one tree can be
 * shared by threads. Used by {@link Compound} (children) and {@link TriangleMesh} (triangles).
 */
public final class AabbTree {
    private static final int LEAF_SIZE = 2;
    private final double[] box;  // 6 per node
    private final int[] left;    // child index, or -1 for a leaf
    private final int[] right;
    private final int[] first;   // leaf: first index into items
    private final int[] count;   // leaf: number of items
    private final int[] items;
    private int nodes;

    /** Receives the items a query reaches. */
    @FunctionalInterface
    public interface Visitor {
        /**
         * One item whose box overlaps the query; return false to stop the traversal.
         * @param item the index of the item, as given when the tree was built
         * @return true to continue with the next item, false to stop the whole query
         */
        boolean visit(int item);
    }

    /**
     * @param boxes 6 values per item (minX, minY, minZ, maxX, maxY, maxZ); not kept
     */
    public AabbTree(double[] boxes) {
        int n = boxes.length / 6;
        if (n == 0) {
            throw new IllegalArgumentException("AABB tree item count = 0; allowed: >= 1");
        }
        items = new int[n];
        for (int i = 0; i < n; i++) {
            items[i] = i;
        }
        int cap = 2 * n;
        box = new double[6 * cap];
        left = new int[cap];
        right = new int[cap];
        first = new int[cap];
        count = new int[cap];
        build(boxes, 0, n);
    }

    private int build(double[] b, int from, int to) {
        int node = nodes++;
        double[] bx = box;
        Arrays.fill(bx, 6 * node, 6 * node + 3, Double.POSITIVE_INFINITY);
        Arrays.fill(bx, 6 * node + 3, 6 * node + 6, Double.NEGATIVE_INFINITY);
        double[] cmin = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] cmax = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = from; i < to; i++) {
            int it = items[i];
            for (int k = 0; k < 3; k++) {
                bx[6 * node + k] = Math.min(bx[6 * node + k], b[6 * it + k]);
                bx[6 * node + 3 + k] = Math.max(bx[6 * node + 3 + k], b[6 * it + 3 + k]);
                double c = 0.5 * (b[6 * it + k] + b[6 * it + 3 + k]);
                cmin[k] = Math.min(cmin[k], c);
                cmax[k] = Math.max(cmax[k], c);
            }
        }
        if (to - from <= LEAF_SIZE) {
            left[node] = -1;
            right[node] = -1;
            first[node] = from;
            count[node] = to - from;
            return node;
        }
        int axis = 0;
        for (int k = 1; k < 3; k++) {
            if (cmax[k] - cmin[k] > cmax[axis] - cmin[axis]) {
                axis = k;
            }
        }
        // sort the range by centroid on the axis (ties by item index: deterministic), split at the median
        sortByCentre(items, from, to, b, axis);
        int mid = (from + to) >>> 1;
        int l = build(b, from, mid);
        int r = build(b, mid, to);
        left[node] = l;
        right[node] = r;
        return node;
    }

    /**
     * Number of nodes.
     * @return the number of nodes in the tree, leaves included (0 for an empty tree)
     */
    public int nodeCount() {
        return nodes;
    }

    /**
     * Component {@code c} (0..5: min xyz, max xyz) of the root box.
     * @param c the component: 0, 1, 2 for the minimum x, y, z and 3, 4, 5 for the maximum x, y, z
     * @return that coordinate of the box enclosing every item, metres, in the frame the item boxes were given
     *     in
     */
    public double rootBound(int c) {
        return box[c];
    }

    /**
     * Visits every item whose box overlaps the closed query box; returns false if the visitor stopped.
     * @param minX the query box's minimum x, metres, in the frame the item boxes were given in
     * @param minY the query box's minimum y, metres
     * @param minZ the query box's minimum z, metres
     * @param maxX the query box's maximum x, metres (≥ minX for a non-empty box)
     * @param maxY the query box's maximum y, metres
     * @param maxZ the query box's maximum z, metres
     * @param visitor called once per overlapping item, in tree order; returning false stops the traversal
     * @return true when every overlapping item was visited, false when the visitor stopped early
     */
    public boolean query(double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
                         Visitor visitor) {
        return query(0, minX, minY, minZ, maxX, maxY, maxZ, visitor);
    }

    private boolean query(int node, double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
                          Visitor visitor) {
        int o = 6 * node;
        if (box[o] > maxX || box[o + 1] > maxY || box[o + 2] > maxZ
                || box[o + 3] < minX || box[o + 4] < minY || box[o + 5] < minZ) {
            return true;
        }
        if (left[node] < 0) {
            for (int i = first[node], e = first[node] + count[node]; i < e; i++) {
                if (!visitor.visit(items[i])) {
                    return false;
                }
            }
            return true;
        }
        return query(left[node], minX, minY, minZ, maxX, maxY, maxZ, visitor)
                && query(right[node], minX, minY, minZ, maxX, maxY, maxZ, visitor);
    }

    /** Receives items along a ray; returns the new maximum fraction (to shrink the search). */
    @FunctionalInterface
    public interface RayVisitor {
        /**
         * Tests an item whose box the ray reaches before {@code maxT}; returns the (possibly reduced) maxT.
         * @param item the index of the item, as given when the tree was built
         * @param maxT the current search limit in ray parameter units
         * @return the new limit: the hit's t when the item is hit nearer than maxT, otherwise maxT unchanged
         */
        double visit(int item, double maxT);
    }

    /**
     * Visits items whose boxes the ray {@code o + t d}, {@code 0 <= t <= maxT}, touches; returns the final
     * maxT.
     * @param ox the ray origin's x, metres, in the items' frame
     * @param oy the ray origin's y, metres
     * @param oz the ray origin's z, metres
     * @param dx the ray direction's x (need not be unit; t is measured in multiples of d)
     * @param dy the ray direction's y
     * @param dz the ray direction's z
     * @param maxT the largest parameter to search, ≥ 0
     * @param visitor tests each item whose box the ray reaches before the current maxT and may shorten it
     * @return the smallest maxT the visitor returned (the nearest hit's t), or the given maxT when nothing
     *     was hit
     */
    public double ray(double ox, double oy, double oz, double dx, double dy, double dz, double maxT, RayVisitor visitor) {
        return ray(0, ox, oy, oz, dx, dy, dz, maxT, visitor);
    }

    private double ray(int node, double ox, double oy, double oz, double dx, double dy, double dz, double maxT,
                       RayVisitor visitor) {
        if (!slab(6 * node, ox, oy, oz, dx, dy, dz, maxT)) {
            return maxT;
        }
        if (left[node] < 0) {
            for (int i = first[node], e = first[node] + count[node]; i < e; i++) {
                maxT = visitor.visit(items[i], maxT);
            }
            return maxT;
        }
        maxT = ray(left[node], ox, oy, oz, dx, dy, dz, maxT, visitor);
        return ray(right[node], ox, oy, oz, dx, dy, dz, maxT, visitor);
    }

    private boolean slab(int o, double ox, double oy, double oz, double dx, double dy, double dz, double maxT) {
        double t0 = 0, t1 = maxT;
        for (int k = 0; k < 3; k++) {
            double org = k == 0 ? ox : (k == 1 ? oy : oz);
            double d = k == 0 ? dx : (k == 1 ? dy : dz);
            double lo = box[o + k], hi = box[o + 3 + k];
            if (d == 0) {
                if (org < lo || org > hi) {
                    return false;
                }
                continue;
            }
            double a = (lo - org) / d, b = (hi - org) / d;
            if (a > b) {
                double t = a;
                a = b;
                b = t;
            }
            // widen by a relative ulp margin so a hit exactly on a box face is never lost
            a -= 1e-12 * (Math.abs(a) + 1);
            b += 1e-12 * (Math.abs(b) + 1);
            t0 = Math.max(t0, a);
            t1 = Math.min(t1, b);
            if (t0 > t1) {
                return false;
            }
        }
        return true;
    }

    /**
     * Sorts {@code items[from, to)} by {@code b[6p + axis] + b[6p + 3 + axis]} ({@link Double#compare}),
     * equal sums by item index: primitive sorts only (issue 32: the boxed comparator sort this replaces
     * kept the JDK's TimSort recompiling in a long-running bake).
     */
    static void sortByCentre(int[] items, int from, int to, double[] b, int axis) {
        int n = to - from;
        long[] sum = new long[n];
        long[] item = new long[n];
        for (int j = 0; j < n; j++) {
            int p = items[from + j];
            sum[j] = PrimitiveOrder.key(b[6 * p + axis] + b[6 * p + 3 + axis]);
            item[j] = p;
        }
        int[] pos = PrimitiveOrder.order(sum, item, null);
        for (int j = 0; j < n; j++) {
            items[from + j] = (int) item[pos[j]];
        }
    }
}
