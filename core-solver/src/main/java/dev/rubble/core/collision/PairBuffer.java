package dev.rubble.core.collision;

import dev.rubble.spi.broadphase.Broadphase;
import java.util.Arrays;

/**
 * The broadphase's overlapping pairs of one step, packed as {@code (minSlot << 32) | maxSlot} and
 * sorted ascending, so every broadphase plugin yields the same order. Sorting is an LSD radix
 * sort over a reused buffer: no allocation in steady state.
 */
public final class PairBuffer implements Broadphase.PairCollector {
    private static final int BITS = 11;
    private static final int MASK = (1 << BITS) - 1;
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
        pairs[size++] = a < b ? ((long) a << 32) | (b & 0xffffffffL) : ((long) b << 32) | (a & 0xffffffffL);
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

    /** Sorts ascending (11-bit digits, passes where every key shares the digit are skipped). */
    public void sort() {
        if (size < 2) {
            return;
        }
        if (scratch.length < size) {
            scratch = new long[pairs.length];
        }
        long or = 0, and = -1L;
        for (int i = 0; i < size; i++) {
            or |= pairs[i];
            and &= pairs[i];
        }
        long varying = or ^ and;
        long[] src = pairs, dst = scratch;
        for (int shift = 0; shift < 64; shift += BITS) {
            if (((varying >>> shift) & MASK) == 0) {
                continue;
            }
            Arrays.fill(counts, 0);
            for (int i = 0; i < size; i++) {
                counts[(int) ((src[i] >>> shift) & MASK)]++;
            }
            int sum = 0;
            for (int d = 0; d < counts.length; d++) {
                int c = counts[d];
                counts[d] = sum;
                sum += c;
            }
            for (int i = 0; i < size; i++) {
                long v = src[i];
                dst[counts[(int) ((v >>> shift) & MASK)]++] = v;
            }
            long[] t = src;
            src = dst;
            dst = t;
        }
        pairs = src;
        scratch = dst;
    }
}
