package dev.rubble.spi.sort;

/**
 * Sorting index arrays by numeric keys with a primitive sort (no boxing, no comparator objects),
 * giving exactly the order of the comparator sorts they replace, ties included.
 *
 * <p>Why (issue 32): the engine used to sort boxed {@code Integer[]} index arrays with lambda
 * comparators through the JDK's {@code TimSort}. Every such call site hands {@code TimSort} another
 * comparator class and element type, so in a long-lived JVM (a bake of thousands of variants) the
 * compiled {@code TimSort} was deoptimised and recompiled again and again ({@code class_check},
 * {@code array_check}, {@code profile_predicate} traps), keeping the JIT busy on the core the second
 * worker needs; boxing also allocated an object per element. Here every key becomes a {@code long}
 * whose signed order is the comparator's order, and one stable merge sort of an {@code int[]} of
 * indices compares those {@code long}s directly: no comparator object, one code path whatever the
 * caller, and only the result and one scratch {@code int[]} allocated per call.
 *
 * <p>Determinism: the order is a pure function of the keys' bits; elements whose keys are all equal
 * keep their index order (as a stable sort of an identity-initialised index array does).
 */
public final class PrimitiveOrder {
    private PrimitiveOrder() {
    }

    /**
     * A {@code long} whose signed order is {@link Double#compare}'s order: {@code -0.0} before
     * {@code 0.0}, every NaN equal to every other and after positive infinity.
     *
     * @param d any value, NaN and infinities included
     * @return the sortable key of {@code d}
     */
    public static long key(double d) {
        long bits = Double.doubleToLongBits(d); // one NaN bit pattern for every NaN, as Double.compare
        return bits ^ ((bits >> 63) & Long.MAX_VALUE);
    }

    /**
     * As {@link #key(double)} but with {@code -0.0} and {@code 0.0} equal: the order of the comparator
     * idiom {@code a != b ? Double.compare(a, b) : tieBreak}, for which {@code -0.0 != 0.0} is false.
     * (That idiom also calls two NaNs equal, as {@link #key(double)} does.)
     *
     * @param d any value, NaN and infinities included
     * @return the sortable key of {@code d}, the same for both zeros
     */
    public static long keyZerosEqual(double d) {
        return key(d == 0 ? 0.0 : d);
    }

    /**
     * The indices {@code 0..n-1} ordered by {@code keys} (signed order), equal keys in index order
     * (what a stable sort of {@code {0, 1, ..., n-1}} by the key gives).
     *
     * @param keys a key per index, for example from {@link #key(double)}
     * @return a new array of the indices in order
     */
    public static int[] order(long[] keys) {
        return order(keys, null, null);
    }

    /**
     * The indices {@code 0..n-1} ordered lexicographically by up to three keys (signed order), equal
     * keys in index order: a stable merge sort of an {@code int[]} that compares {@code long}s only
     * (no comparator object, no boxing; allocates the result and one scratch array of {@code n}
     * ints).
     *
     * @param major the first key of each index
     * @param middle the second key (same length), or null
     * @param minor the third key (same length), or null
     * @return a new array of the indices in order
     * @throws IllegalArgumentException when the lengths differ
     */
    public static int[] order(long[] major, long[] middle, long[] minor) {
        int n = major.length;
        if (middle != null && middle.length != n || minor != null && minor.length != n) {
            throw new IllegalArgumentException("keys of different lengths: " + n + ", "
                    + (middle == null ? "-" : middle.length) + ", " + (minor == null ? "-" : minor.length));
        }
        int[] a = new int[n];
        order(n, major, middle, minor, a, n > 1 ? new int[n] : a);
        return a;
    }

    /**
     * {@link #order(long[], long[], long[])} of the first {@code n} indices, into arrays the caller
     * keeps and reuses (issue 32: a per-thread scratch, no allocation): the same order, bit for bit.
     *
     * @param n how many indices to order, {@code 0..n-1}; every key array has at least {@code n} entries
     * @param major the first key of each index
     * @param middle the second key, or null
     * @param minor the third key, or null
     * @param out receives the indices in order in {@code out[0..n-1]} (length ≥ n)
     * @param tmp scratch, length ≥ n, not {@code out} when {@code n > 1}
     * @throws IllegalArgumentException when an array is shorter than {@code n}
     */
    public static void order(int n, long[] major, long[] middle, long[] minor, int[] out, int[] tmp) {
        if (major.length < n || middle != null && middle.length < n || minor != null && minor.length < n
                || out.length < n || tmp.length < n) {
            throw new IllegalArgumentException("order of " + n + " indices: an array is shorter than " + n);
        }
        for (int i = 0; i < n; i++) {
            out[i] = i;
        }
        if (n > 1) {
            if (out == tmp) {
                throw new IllegalArgumentException("order of " + n + " indices: out and tmp are one array");
            }
            mergeSort(out, tmp, 0, n, major, middle, minor);
        }
    }

    /**
     * The points {@code which[j]} (or all {@code xyz.length / 3} points when {@code which} is null)
     * in lexicographic {@link Double#compare} order of x, then y, then z; equal points in their
     * order in {@code which}.
     *
     * @param xyz coordinates, point {@code i} at {@code 3i, 3i+1, 3i+2}
     * @param which the points to order, or null for all of them in index order
     * @return a new array of positions {@code j} (indices into {@code which}, or point indices) in order
     */
    public static int[] xyzOrder(double[] xyz, int[] which) {
        int n = which == null ? xyz.length / 3 : which.length;
        long[] kx = new long[n], ky = new long[n], kz = new long[n];
        for (int j = 0; j < n; j++) {
            int i = which == null ? j : which[j];
            kx[j] = key(xyz[3 * i]);
            ky[j] = key(xyz[3 * i + 1]);
            kz[j] = key(xyz[3 * i + 2]);
        }
        return order(kx, ky, kz);
    }

    private static final int INSERTION = 12;

    /** Sorts {@code a[from, to)} stably; {@code tmp} is scratch of the same length. */
    private static void mergeSort(int[] a, int[] tmp, int from, int to, long[] k1, long[] k2, long[] k3) {
        if (to - from <= INSERTION) {
            for (int i = from + 1; i < to; i++) {
                int x = a[i];
                int j = i - 1;
                while (j >= from && compare(a[j], x, k1, k2, k3) > 0) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = x;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(a, tmp, from, mid, k1, k2, k3);
        mergeSort(a, tmp, mid, to, k1, k2, k3);
        if (compare(a[mid - 1], a[mid], k1, k2, k3) <= 0) {
            return; // already in order
        }
        System.arraycopy(a, from, tmp, from, to - from);
        int i = from, j = mid, o = from;
        while (i < mid && j < to) {
            // take from the left on ties: stable
            a[o++] = compare(tmp[j], tmp[i], k1, k2, k3) < 0 ? tmp[j++] : tmp[i++];
        }
        while (i < mid) {
            a[o++] = tmp[i++];
        }
        while (j < to) {
            a[o++] = tmp[j++];
        }
    }

    private static int compare(int x, int y, long[] k1, long[] k2, long[] k3) {
        int c = Long.compare(k1[x], k1[y]);
        if (c != 0 || k2 == null) {
            return c;
        }
        c = Long.compare(k2[x], k2[y]);
        if (c != 0 || k3 == null) {
            return c;
        }
        return Long.compare(k3[x], k3[y]);
    }
}
