package dev.rubble.geometry.sort;

/**
 * Stable index sorts on primitive keys, for the authoring paths that used to sort boxed
 * {@code Integer[]} indices with a comparator: no boxing, and no generic {@code TimSort} that the
 * JIT compiles for one comparator and deoptimises when another element type comes through
 * (docs/benchmarks.md, the bake notes).
 *
 * <p>Every sort orders indices {@code 0..n-1} by their keys lexicographically and, on equal keys,
 * by index: exactly the order of a stable sort of the indices with the matching comparator. Keys are
 * compared as signed longs; {@link #orderKey(double)} maps a double to a long that compares as
 * {@link Double#compare} does.
 */
public final class KeySort {
    private KeySort() {
    }

    /**
     * A long that orders as {@link Double#compare} orders doubles: {@code -0.0 < 0.0}, every NaN
     * equal to every other and above positive infinity.
     *
     * @param x any double
     * @return its order key
     */
    public static long orderKey(double x) {
        long b = Double.doubleToLongBits(x);
        return b ^ ((b >> 63) & 0x7fffffffffffffffL);
    }

    /**
     * Indices {@code 0..k1.length-1} sorted by {@code k1}, ties by index.
     *
     * @param k1 the keys
     * @return the sorted indices
     */
    public static int[] order(long[] k1) {
        return order(k1.length, k1, null, null, null);
    }

    /**
     * Indices {@code 0..n-1} sorted by {@code (k1, k2)}, ties by index.
     *
     * @param n  how many
     * @param k1 first keys (at least n)
     * @param k2 second keys (at least n)
     * @return the sorted indices
     */
    public static int[] order(int n, long[] k1, long[] k2) {
        return order(n, k1, k2, null, null);
    }

    /**
     * Indices {@code 0..n-1} sorted by {@code (k1, k2, k3, k4)} (a null key array counts as all
     * equal), ties by index.
     *
     * @param n  how many
     * @param k1 first keys (at least n)
     * @param k2 second keys or null
     * @param k3 third keys or null
     * @param k4 fourth keys or null
     * @return the sorted indices
     */
    public static int[] order(int n, long[] k1, long[] k2, long[] k3, long[] k4) {
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        if (n < 2) {
            return idx;
        }
        int[] tmp = new int[n];
        // insertion sort of runs of 16, then bottom-up merges (stable throughout)
        final int run = 16;
        for (int lo = 0; lo < n; lo += run) {
            int hi = Math.min(n, lo + run);
            for (int i = lo + 1; i < hi; i++) {
                int x = idx[i];
                int j = i - 1;
                while (j >= lo && less(x, idx[j], k1, k2, k3, k4)) {
                    idx[j + 1] = idx[j];
                    j--;
                }
                idx[j + 1] = x;
            }
        }
        int[] src = idx, dst = tmp;
        for (int w = run; w < n; w *= 2) {
            for (int lo = 0; lo < n; lo += 2 * w) {
                int mid = Math.min(n, lo + w), hi = Math.min(n, lo + 2 * w);
                int p = lo, q = mid, o = lo;
                if (mid >= hi || !less(src[mid], src[mid - 1], k1, k2, k3, k4)) {
                    System.arraycopy(src, lo, dst, lo, hi - lo);
                    continue;
                }
                while (p < mid && q < hi) {
                    dst[o++] = less(src[q], src[p], k1, k2, k3, k4) ? src[q++] : src[p++];
                }
                while (p < mid) {
                    dst[o++] = src[p++];
                }
                while (q < hi) {
                    dst[o++] = src[q++];
                }
            }
            int[] t = src;
            src = dst;
            dst = t;
        }
        return src;
    }

    /** Whether index {@code a} sorts strictly before index {@code b}. */
    private static boolean less(int a, int b, long[] k1, long[] k2, long[] k3, long[] k4) {
        if (k1[a] != k1[b]) {
            return k1[a] < k1[b];
        }
        if (k2 != null && k2[a] != k2[b]) {
            return k2[a] < k2[b];
        }
        if (k3 != null && k3[a] != k3[b]) {
            return k3[a] < k3[b];
        }
        if (k4 != null && k4[a] != k4[b]) {
            return k4[a] < k4[b];
        }
        return a < b;
    }
}
