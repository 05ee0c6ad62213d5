package dev.rubble.plugin.broadphase.contract;

import dev.rubble.spi.broadphase.Broadphase;
import java.util.Arrays;

/**
 * Records pairs as reported (raw order kept) and packs them as {@code (min << 32) | max} for
 * comparison. Reusable: {@link #clear()} keeps the arrays.
 */
public final class PairRecorder implements Broadphase.PairCollector {
    private long[] packed = new long[256];
    private int size;
    private int selfPairs;

    /** Forgets every pair. */
    public void clear() {
        size = 0;
        selfPairs = 0;
    }

    @Override
    public void pair(int a, int b) {
        if (a == b) {
            selfPairs++;
        }
        if (size == packed.length) {
            packed = Arrays.copyOf(packed, size * 2);
        }
        packed[size++] = pack(a, b);
    }

    /** Packs an unordered pair as {@code (min << 32) | max}. */
    public static long pack(int a, int b) {
        int lo = Math.min(a, b), hi = Math.max(a, b);
        return ((long) lo << 32) | (hi & 0xffffffffL);
    }

    /** Number of pairs reported (duplicates included). */
    public int size() {
        return size;
    }

    /** Number of reports of a proxy paired with itself (always a contract violation). */
    public int selfPairs() {
        return selfPairs;
    }

    /** The pairs in the order they were reported. */
    public long[] raw() {
        return Arrays.copyOf(packed, size);
    }

    /** The pairs sorted ascending (duplicates kept, so a duplicate report shows up as a difference). */
    public long[] sorted() {
        long[] s = raw();
        Arrays.sort(s);
        return s;
    }

    /** Collects {@code broadphase.findPairs} into a fresh recorder. */
    public static PairRecorder of(Broadphase broadphase) {
        PairRecorder r = new PairRecorder();
        broadphase.findPairs(r);
        return r;
    }

    /** Human-readable pair, e.g. {@code {3, 17}}. */
    public static String format(long pair) {
        return "{" + (int) (pair >>> 32) + ", " + (int) pair + "}";
    }
}
