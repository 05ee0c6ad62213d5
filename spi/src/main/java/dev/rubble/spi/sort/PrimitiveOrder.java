package dev.rubble.spi.sort;

import java.util.Arrays;

/**
 * Sorting index arrays by numeric keys with primitive sorts only ({@code Arrays.sort(long[])}),
 * giving exactly the order of the comparator sorts they replace, ties included.
 *
 * <p>Why (issue 32): the engine used to sort boxed {@code Integer[]} index arrays with lambda
 * comparators through the JDK's {@code TimSort}. Every such call site hands {@code TimSort} another
 * comparator class and element type, so in a long-lived JVM (a bake of thousands of variants) the
 * compiled {@code TimSort} was deoptimised and recompiled again and again ({@code class_check},
 * {@code array_check}, {@code profile_predicate} traps), keeping the JIT busy on the core the second
 * worker needs; boxing also allocated an object per element. Here every key becomes a {@code long}
 * whose signed order is the comparator's order, equal keys are replaced by their dense rank, and the
 * final order comes from one {@code Arrays.sort(long[])} of {@code rank << 32 | index}: the sort sees
 * one array type only, and allocates a few primitive arrays per call, not an object per element.
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
     * The dense rank of every key: 0 for the smallest distinct value, 1 for the next, and so on;
     * equal keys get equal ranks.
     *
     * @param keys the keys (signed order), not changed
     * @return a new array, {@code ranks[i]} the rank of {@code keys[i]}, each in {@code [0, keys.length)}
     */
    public static int[] ranks(long[] keys) {
        int n = keys.length;
        long[] distinct = keys.clone();
        Arrays.sort(distinct);
        int u = 0;
        for (int i = 0; i < n; i++) {
            if (u == 0 || distinct[i] != distinct[u - 1]) {
                distinct[u++] = distinct[i];
            }
        }
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            r[i] = Arrays.binarySearch(distinct, 0, u, keys[i]);
        }
        return r;
    }

    /**
     * The dense rank of the pairs {@code (major[i], minor[i])} in lexicographic order: the rank of a
     * compound key, for sorts by more than one key.
     *
     * @param major ranks of the first key, each in {@code [0, 2^31)}
     * @param minor ranks of the second key (same length), each in {@code [0, 2^31)}
     * @return a new array of the pairs' dense ranks
     * @throws IllegalArgumentException when the lengths differ
     */
    public static int[] ranks(int[] major, int[] minor) {
        if (major.length != minor.length) {
            throw new IllegalArgumentException("major has " + major.length + " ranks, minor " + minor.length);
        }
        long[] k = new long[major.length];
        for (int i = 0; i < k.length; i++) {
            k[i] = ((long) major[i] << 32) | minor[i];
        }
        return ranks(k);
    }

    /**
     * The indices {@code 0..n-1} ordered by {@code rank}, equal ranks in index order (what a stable
     * sort of {@code {0, 1, ..., n-1}} by the rank gives).
     *
     * @param rank a rank per index, each in {@code [0, 2^31)}
     * @return a new array of the indices in order
     */
    public static int[] order(int[] rank) {
        int n = rank.length;
        long[] k = new long[n];
        for (int i = 0; i < n; i++) {
            k[i] = ((long) rank[i] << 32) | i;
        }
        Arrays.sort(k);
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = (int) k[i];
        }
        return out;
    }

    /**
     * The indices {@code 0..n-1} ordered by {@code keys} (signed order), equal keys in index order.
     *
     * @param keys a key per index, for example from {@link #key(double)}
     * @return a new array of the indices in order
     */
    public static int[] order(long[] keys) {
        return order(ranks(keys));
    }

    /**
     * The ranks of points in lexicographic {@link Double#compare} order of x, then y, then z: the
     * compound rank of point {@code which[j]} (or of point {@code j} when {@code which} is null).
     *
     * @param xyz coordinates, point {@code i} at {@code 3i, 3i+1, 3i+2}
     * @param which the points to rank, or null for all {@code xyz.length / 3} of them in order
     * @return a new array, the rank of the {@code j}-th ranked point at {@code j}
     */
    public static int[] xyzRanks(double[] xyz, int[] which) {
        int n = which == null ? xyz.length / 3 : which.length;
        long[] kx = new long[n], ky = new long[n], kz = new long[n];
        for (int j = 0; j < n; j++) {
            int i = which == null ? j : which[j];
            kx[j] = key(xyz[3 * i]);
            ky[j] = key(xyz[3 * i + 1]);
            kz[j] = key(xyz[3 * i + 2]);
        }
        return ranks(ranks(ranks(kx), ranks(ky)), ranks(kz));
    }
}
