package dev.rubble.core.collision;

import dev.rubble.spi.broadphase.Broadphase;
import java.util.Arrays;

/**
 * The broadphase's overlapping pairs of one step, packed as {@code (minSlot << 32) | maxSlot} and
 * sorted ascending, so every broadphase plugin yields the same order. Sorting is an LSD radix
 * sort over a reused buffer: no allocation in steady state.
 */
public final class PairBuffer implements Broadphase.PairCollector {
    /** Digit widths of the radix sort: {@link #BITS} for many pairs, {@link #SMALL_BITS} where its counts cost less. */
    private static final int BITS = 12, SMALL_BITS = 8;
    private long[] pairs = new long[256];
    private long[] scratch = new long[256];
    private final int[] counts = new int[1 << BITS];
    private int size;

    /**
     * Grows the buffer ahead of need to room for {@code n} pairs (contents kept; never shrinks):
     * called with {@link ContactStore#reserve} when destruction released pieces (issue 27 item 1).
     */
    public void reserve(int n) {
        if (pairs.length < n) {
            pairs = Arrays.copyOf(pairs, n);
            scratch = new long[n]; // the sort's scratch: no contents between sorts
        }
    }

    /** Forgets every pair. */
    public void clear() {
        size = 0;
    }

    @Override
    public void pair(int a, int b) {
        if (size == pairs.length) {
            pairs = Arrays.copyOf(pairs, size * 2);
        }
        pairs[size++] = pack(a, b);
    }

    /** The pair (a, b) in either order as stored: the lower slot in the high 32 bits. */
    private static long pack(int a, int b) {
        return a < b ? ((long) a << 32) | (b & 0xffffffffL) : ((long) b << 32) | (a & 0xffffffffL);
    }

    /** Number of pairs. */
    public int size() {
        return size;
    }

    /** Lower slot of pair {@code i}. */
    public int first(int i) {
        return (int) (pairs[i] >>> 32);
    }

    /** Higher slot of pair {@code i}. */
    public int second(int i) {
        return (int) pairs[i];
    }

    /** Packed pair {@code i}. */
    public long packed(int i) {
        return pairs[i];
    }

    /** Whether the pairs, {@link #sort sorted}, hold (a, b) in either order: a binary search of their packing. */
    public boolean containsSorted(int a, int b) {
        return Arrays.binarySearch(pairs, 0, size, pack(a, b)) >= 0;
    }

    /**
     * Sorts ascending: an LSD radix sort on the pair packed into as few bits as it needs
     * ({@code (a << bitsOfB) | b}, with {@code bitsOfB} the width of the largest second slot),
     * skipping digits that every key shares. The packing keeps the order (b is below
     * {@code 2^bitsOfB}) and halves the passes: the 4 000-box pile's 11 000 pairs (slots below 4 096)
     * take two passes instead of the four a digit of the 64-bit packing took. The last pass writes
     * the pairs back in their 64-bit packing.
     *
     * <p>Digits are 12 bits, or 8 where that costs less: each pass clears and sums its digit's counts
     * as well as moving the n keys, so a pass of 12-bit digits costs about {@code 2 · 4096 + 2 n} and
     * a small scene's pairs (the 100-link chain's 100, the 20-row pyramid's few hundred) paid mostly
     * for the counts (the sort was 4.6 % of the chain's step, a third of it {@code Arrays.fill}); in
     * 8-bit digits the same keys take the same number of passes or one more over 256 counts. Any
     * digit width sorts the same keys into the same order: the result is the same bits.
     */
    public void sort() {
        if (size < 2) {
            return;
        }
        if (scratch.length < size) {
            scratch = new long[pairs.length];
        }
        final long[] ps = pairs;
        final int n = size;
        long orLow = 0;
        for (int i = 0; i < n; i++) {
            orLow |= ps[i];
        }
        final int bitsOfB = 64 - Long.numberOfLeadingZeros(orLow & 0xffffffffL);
        final long maskB = (1L << bitsOfB) - 1;
        long or = 0, and = -1L;
        for (int i = 0; i < n; i++) {
            long v = ps[i];
            long k = ((v >>> 32) << bitsOfB) | (v & maskB);
            ps[i] = k;
            or |= k;
            and &= k;
        }
        final long varying = or ^ and;
        final int bits = passCost(varying, SMALL_BITS, n) < passCost(varying, BITS, n) ? SMALL_BITS : BITS;
        final long mask = (1L << bits) - 1;
        int last = -1;
        for (int shift = 0; shift < 64; shift += bits) {
            if (((varying >>> shift) & mask) != 0) {
                last = shift;
            }
        }
        final int[] counts = this.counts;
        final int radix = 1 << bits;
        long[] src = ps, dst = scratch;
        for (int shift = 0; shift <= last; shift += bits) {
            if (((varying >>> shift) & mask) == 0) {
                continue;
            }
            Arrays.fill(counts, 0, radix, 0);
            for (int i = 0; i < n; i++) {
                counts[(int) ((src[i] >>> shift) & mask)]++;
            }
            int sum = 0;
            for (int d = 0; d < radix; d++) {
                int c = counts[d];
                counts[d] = sum;
                sum += c;
            }
            if (shift == last) {
                for (int i = 0; i < n; i++) { // the last pass unpacks to (a << 32) | b
                    long v = src[i];
                    dst[counts[(int) ((v >>> shift) & mask)]++] = ((v >>> bitsOfB) << 32) | (v & maskB);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long v = src[i];
                    dst[counts[(int) ((v >>> shift) & mask)]++] = v;
                }
            }
            long[] t = src;
            src = dst;
            dst = t;
        }
        if (last < 0) {
            for (int i = 0; i < n; i++) { // every key equal: no pass ran, unpack in place
                long v = src[i];
                src[i] = ((v >>> bitsOfB) << 32) | (v & maskB);
            }
        }
        pairs = src;
        scratch = dst;
    }

    /** The radix sort's work for n keys in digits of {@code bits}: per pass that a digit varies in, the counts cleared and summed and the keys counted and moved. */
    private static long passCost(long varying, int bits, int n) {
        long mask = (1L << bits) - 1, passes = 0;
        for (int shift = 0; shift < 64; shift += bits) {
            if (((varying >>> shift) & mask) != 0) {
                passes++;
            }
        }
        return passes * (2L * (1 << bits) + 2L * n);
    }
}
