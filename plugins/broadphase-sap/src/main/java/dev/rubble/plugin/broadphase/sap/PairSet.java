package dev.rubble.plugin.broadphase.sap;

import java.util.Arrays;

/**
 * A set of unordered pairs of internal proxy indices packed as {@code (min << 32) | max}: open
 * addressing with linear probing and backward-shift deletion (no tombstones), at most half full.
 * Key 0 would be the pair (0, 0), which never occurs, so 0 marks an empty slot. Iteration order
 * depends only on the sequence of operations, so it is deterministic.
 */
final class PairSet {
    private long[] keys = new long[64];
    private long[] scratch = new long[0];
    private int mask = 63;
    private int size;

    static long pack(int p, int q) {
        return p < q ? ((long) p << 32) | q : ((long) q << 32) | p;
    }

    private static int home(long k, int mask) {
        long h = k * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 29)) & mask;
    }

    int size() {
        return size;
    }

    /** Slots to iterate: {@code key(i)} for i in [0, capacity()), 0 = empty. */
    int capacity() {
        return keys.length;
    }

    long key(int i) {
        return keys[i];
    }

    void add(long k) {
        if ((size + 1) * 2 > keys.length) {
            rehash(keys.length * 2);
        }
        int i = home(k, mask);
        while (keys[i] != 0) {
            if (keys[i] == k) {
                return;
            }
            i = (i + 1) & mask;
        }
        keys[i] = k;
        size++;
    }

    void remove(long k) {
        int i = home(k, mask);
        while (keys[i] != 0) {
            if (keys[i] == k) {
                delete(i);
                return;
            }
            i = (i + 1) & mask;
        }
    }

    private void delete(int i) {
        size--;
        int j = i;
        while (true) {
            j = (j + 1) & mask;
            long kj = keys[j];
            if (kj == 0) {
                break;
            }
            int h = home(kj, mask);
            // kj may move back to i only if its home is not cyclically within (i, j]
            boolean stays = i <= j ? (i < h && h <= j) : (i < h || h <= j);
            if (!stays) {
                keys[i] = kj;
                i = j;
            }
        }
        keys[i] = 0;
    }

    void clear() {
        Arrays.fill(keys, 0);
        size = 0;
    }

    /** Drops every pair with a proxy that is not {@code alive}. */
    void removeDead(boolean[] alive) {
        if (scratch.length < size) {
            scratch = new long[keys.length];
        }
        int n = 0;
        for (long k : keys) {
            if (k != 0 && alive[(int) (k >>> 32)] && alive[(int) k]) {
                scratch[n++] = k;
            }
        }
        clear();
        for (int i = 0; i < n; i++) {
            add(scratch[i]);
        }
    }

    private void rehash(int capacity) {
        long[] old = keys;
        keys = new long[capacity];
        mask = capacity - 1;
        size = 0;
        for (long k : old) {
            if (k != 0) {
                add(k);
            }
        }
    }
}
