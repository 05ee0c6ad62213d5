package dev.rubble.core.body;

import java.util.Arrays;

/**
 * Body pairs that never collide whatever their layers and masks say ("ignore this pair", issue 28;
 * docs/dynamics.md "Collision filtering"). Kept as two parallel arrays of body handles sorted by
 * (lower handle, higher handle), so a lookup is a binary search, nothing allocates per step and the
 * order in which pairs were added never reaches results or snapshots. Handles carry the slot's
 * generation: a pair whose body was removed is dropped with it ({@link BodyStore#remove}) and can
 * never match a later body that reuses the slot.
 */
public final class IgnoredPairs {
    private long[] lo = new long[0], hi = new long[0];
    private int n;

    /** Number of ignored pairs. */
    public int size() {
        return n;
    }

    /** Lower handle of pair {@code i} (pairs in sorted order). */
    public long first(int i) {
        return lo[i];
    }

    /** Higher handle of pair {@code i}. */
    public long second(int i) {
        return hi[i];
    }

    /** Whether the pair of bodies with handles {@code a} and {@code b} (either order) is ignored. */
    public boolean contains(long a, long b) {
        return n != 0 && find(Math.min(a, b), Math.max(a, b)) >= 0;
    }

    /**
     * Ignores (or stops ignoring) the pair; returns whether anything changed.
     *
     * @throws IllegalArgumentException when {@code a == b} (a body never collides with itself)
     */
    public boolean set(long a, long b, boolean ignore) {
        if (a == b) {
            throw new IllegalArgumentException("ignore-pair names body " + BodyStore.handleString(a)
                    + " twice; allowed: two different bodies");
        }
        long l = Math.min(a, b), h = Math.max(a, b);
        int i = find(l, h);
        if (ignore == (i >= 0)) {
            return false;
        }
        if (ignore) {
            int at = -1 - i;
            if (n == lo.length) {
                int cap = Math.max(8, 2 * n);
                lo = Arrays.copyOf(lo, cap);
                hi = Arrays.copyOf(hi, cap);
            }
            System.arraycopy(lo, at, lo, at + 1, n - at);
            System.arraycopy(hi, at, hi, at + 1, n - at);
            lo[at] = l;
            hi[at] = h;
            n++;
        } else {
            System.arraycopy(lo, i + 1, lo, i, n - i - 1);
            System.arraycopy(hi, i + 1, hi, i, n - i - 1);
            n--;
        }
        return true;
    }

    /** Drops every pair naming {@code handle} (the body is being removed). */
    public void removeBody(long handle) {
        int w = 0;
        for (int r = 0; r < n; r++) {
            if (lo[r] != handle && hi[r] != handle) {
                lo[w] = lo[r];
                hi[w] = hi[r];
                w++;
            }
        }
        n = w;
    }

    /**
     * Replaces every pair with the {@code count} pairs {@code (a[i], b[i])} (either order each; repeats
     * kept once): sorted in O(n log n) ({@link dev.rubble.spi.sort.PrimitiveOrder}), so a set derived anew
     * from a long list (the constraints' {@code collideConnected} pairs) costs no quadratic insertion.
     * Each {@code (a[i], b[i])} is left as (lower, higher) handle.
     *
     * @throws IllegalArgumentException when a pair names one body twice
     */
    public void replaceAll(long[] a, long[] b, int count) {
        for (int i = 0; i < count; i++) {
            if (a[i] == b[i]) {
                throw new IllegalArgumentException("ignore-pair names body " + BodyStore.handleString(a[i])
                        + " twice; allowed: two different bodies");
            }
            long l = Math.min(a[i], b[i]), h = Math.max(a[i], b[i]);
            a[i] = l;
            b[i] = h;
        }
        if (order.length < count) {
            order = new int[count];
            orderTmp = new int[count];
        }
        if (lo.length < count) {
            lo = new long[count];
            hi = new long[count];
        }
        dev.rubble.spi.sort.PrimitiveOrder.order(count, a, b, null, order, orderTmp);
        int w = 0;
        for (int j = 0; j < count; j++) {
            int i = order[j];
            if (w == 0 || a[i] != lo[w - 1] || b[i] != hi[w - 1]) {
                lo[w] = a[i];
                hi[w] = b[i];
                w++;
            }
        }
        n = w;
    }

    private int[] order = new int[0], orderTmp = new int[0];

    /** Forgets every pair. */
    public void clear() {
        n = 0;
    }

    /** Index of the pair, or {@code -1 - insertionPoint}. */
    private int find(long l, long h) {
        int a = 0, b = n - 1;
        while (a <= b) {
            int m = (a + b) >>> 1;
            int c = lo[m] != l ? Long.compare(lo[m], l) : Long.compare(hi[m], h);
            if (c < 0) {
                a = m + 1;
            } else if (c > 0) {
                b = m - 1;
            } else {
                return m;
            }
        }
        return -1 - a;
    }
}
