package dev.rubble.core.collision;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * Array helpers for the snapshot state of the collision stage (docs/snapshot-format.md): counts
 * are checked before anything is allocated, so a damaged count fails instead of exhausting memory.
 */
final class StateIO {
    /** Largest element count a snapshot array may claim. */
    static final int MAX_COUNT = 1 << 28;

    private StateIO() {
    }

    static int readCount(DataInput in, String what) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX_COUNT) {
            throw new IllegalArgumentException(what + " count " + n + " is out of range; allowed: 0.." + MAX_COUNT);
        }
        return n;
    }

    static void writeInts(DataOutput out, int[] a, int from, int n) throws IOException {
        for (int i = from, end = from + n; i < end; i++) {
            out.writeInt(a[i]);
        }
    }

    static void writeLongs(DataOutput out, long[] a, int from, int n) throws IOException {
        for (int i = from, end = from + n; i < end; i++) {
            out.writeLong(a[i]);
        }
    }

    static void writeDoubles(DataOutput out, double[] a, int from, int n) throws IOException {
        for (int i = from, end = from + n; i < end; i++) {
            out.writeDouble(a[i]); // the raw bits: doubles come back bit for bit
        }
    }

    static void readInts(DataInput in, int[] a, int from, int n) throws IOException {
        for (int i = from, end = from + n; i < end; i++) {
            a[i] = in.readInt();
        }
    }

    static void readLongs(DataInput in, long[] a, int from, int n) throws IOException {
        for (int i = from, end = from + n; i < end; i++) {
            a[i] = in.readLong();
        }
    }

    static void readDoubles(DataInput in, double[] a, int from, int n) throws IOException {
        for (int i = from, end = from + n; i < end; i++) {
            a[i] = in.readDouble();
        }
    }
}
