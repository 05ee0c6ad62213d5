package dev.rubble.geometry.hull;

import java.util.Arrays;

/**
 * A map from {@code long} keys to non-negative {@code int} values with open addressing (linear
 * probing, tombstones for removal) and a mixing hash: the edge maps of quickhull and polytope
 * clipping. It replaces {@code HashMap<Long, Integer>}, whose keys packed as {@code (u << 32) | w}
 * hash to {@code u ^ w}: for the few dozen vertices of a Voronoi cell nearly every edge collides,
 * the buckets turn into trees and every lookup boxes (the wall's authoring spent a third of its
 * time there). Only looked up, never iterated, so it cannot change any result. Not thread-safe.
 */
public final class LongIntMap {
    private static final byte EMPTY = 0, FULL = 1, DELETED = 2;

    private long[] keys;
    private int[] vals;
    private byte[] state;
    private int mask;
    private int used; // FULL + DELETED slots

    /** A map sized for about {@code expected} entries. */
    public LongIntMap(int expected) {
        int cap = 16;
        while (cap < 2 * expected) {
            cap <<= 1;
        }
        alloc(cap);
    }

    private void alloc(int cap) {
        keys = new long[cap];
        vals = new int[cap];
        state = new byte[cap];
        mask = cap - 1;
        used = 0;
    }

    private static int hash(long k) {
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        return (int) k;
    }

    /** The value of {@code key}, or -1 when absent. */
    public int get(long key) {
        int i = hash(key) & mask;
        while (state[i] != EMPTY) {
            if (state[i] == FULL && keys[i] == key) {
                return vals[i];
            }
            i = (i + 1) & mask;
        }
        return -1;
    }

    /** Sets {@code key} to {@code value} (≥ 0). */
    public void put(long key, int value) {
        if (value < 0) {
            throw new IllegalArgumentException("value = " + value + "; allowed: >= 0");
        }
        if (2 * (used + 1) > keys.length) {
            rehash();
        }
        int i = hash(key) & mask;
        int free = -1;
        while (state[i] != EMPTY) {
            if (state[i] == FULL && keys[i] == key) {
                vals[i] = value;
                return;
            }
            if (state[i] == DELETED && free < 0) {
                free = i;
            }
            i = (i + 1) & mask;
        }
        if (free < 0) {
            free = i;
            used++;
        }
        keys[free] = key;
        vals[free] = value;
        state[free] = FULL;
    }

    /** Removes {@code key} if present. */
    public void remove(long key) {
        int i = hash(key) & mask;
        while (state[i] != EMPTY) {
            if (state[i] == FULL && keys[i] == key) {
                state[i] = DELETED;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /** Removes every entry, keeping the capacity (a map reused for many hulls allocates nothing). */
    public void clear() {
        Arrays.fill(state, EMPTY);
        used = 0;
    }

    private void rehash() {
        long[] k = keys;
        int[] v = vals;
        byte[] s = state;
        int live = 0;
        for (byte b : s) {
            if (b == FULL) {
                live++;
            }
        }
        int cap = k.length;
        while (4 * (live + 1) > cap) {
            cap <<= 1;
        }
        if (spareKeys != null && spareKeys.length == cap) {
            // the tombstones filled the table at the same size: re-insert into the arrays the last
            // such rehash left behind instead of allocating three new ones (issue 32)
            keys = spareKeys;
            vals = spareVals;
            state = spareState;
            Arrays.fill(state, EMPTY);
            mask = cap - 1;
            used = 0;
        } else {
            alloc(cap);
        }
        for (int i = 0; i < k.length; i++) {
            if (s[i] == FULL) {
                put(k[i], v[i]);
            }
        }
        spareKeys = k;
        spareVals = v;
        spareState = s;
    }

    private long[] spareKeys;
    private int[] spareVals;
    private byte[] spareState;

    @Override
    public String toString() {
        return "LongIntMap[capacity=" + keys.length + ", used=" + used + ", " + Arrays.hashCode(state) + "]";
    }
}
