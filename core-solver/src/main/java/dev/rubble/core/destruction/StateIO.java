package dev.rubble.core.destruction;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * One description of a store's saved fields serves both directions (docs/snapshot-format.md,
 * section DEST): a codec calls {@code x = io.i32(x)} for every field, in order; the writer writes
 * the value and hands it back, the reader ignores it and returns what it read. So writing and
 * reading cannot drift apart. Range checks ({@link #index}, {@link #link}, {@link #count}) apply
 * when reading and name the field.
 */
abstract class StateIO {
    /** Whether this reads (a codec allocates or appends before its fields when it does). */
    abstract boolean reading();

    abstract int i32(int v) throws IOException;

    abstract long i64(long v) throws IOException;

    abstract double f64(double v) throws IOException;

    abstract boolean bool(boolean v) throws IOException;

    abstract byte i8(byte v) throws IOException;

    /** An index in [0, n); read values outside name {@code what} and {@code i}. */
    final int index(int v, int n, String what, int i) throws IOException {
        int r = i32(v);
        if (reading() && (r < 0 || r >= n)) {
            throw new IllegalArgumentException(what + " " + i + " = " + r + "; allowed: [0, " + n + ")");
        }
        return r;
    }

    /** An index in [0, n) or {@link ClusterStore#NONE}. */
    final int link(int v, int n, String what, int i) throws IOException {
        int r = i32(v);
        if (reading() && r != ClusterStore.NONE && (r < 0 || r >= n)) {
            throw new IllegalArgumentException(what + " " + i + " = " + r + "; allowed: [0, " + n + ")");
        }
        return r;
    }

    /** A count in [0, max]. */
    final int count(int v, int max, String what) throws IOException {
        int r = i32(v);
        if (reading() && (r < 0 || r > max)) {
            throw new IllegalArgumentException(what + " count " + r + "; allowed: [0, " + max + "]");
        }
        return r;
    }

    /**
     * Entries {@code a[0..m)} of a list of node links (each in [0, bound) or -1; its count came
     * before); returns the list read (at least {@code minCapacity} long) or {@code a}.
     */
    final int[] links(int[] a, int m, int bound, String what, int minCapacity) throws IOException {
        int[] out = reading() ? new int[Math.max(minCapacity, m)] : a;
        for (int i = 0; i < m; i++) {
            out[i] = link(reading() ? 0 : a[i], bound, what, i);
        }
        return out;
    }

    static StateIO writer(DataOutput o) {
        return new StateIO() {
            @Override
            boolean reading() {
                return false;
            }

            @Override
            int i32(int v) throws IOException {
                o.writeInt(v);
                return v;
            }

            @Override
            long i64(long v) throws IOException {
                o.writeLong(v);
                return v;
            }

            @Override
            double f64(double v) throws IOException {
                o.writeDouble(v);
                return v;
            }

            @Override
            boolean bool(boolean v) throws IOException {
                o.writeBoolean(v);
                return v;
            }

            @Override
            byte i8(byte v) throws IOException {
                o.writeByte(v);
                return v;
            }
        };
    }

    static StateIO reader(DataInput in) {
        return new StateIO() {
            @Override
            boolean reading() {
                return true;
            }

            @Override
            int i32(int v) throws IOException {
                return in.readInt();
            }

            @Override
            long i64(long v) throws IOException {
                return in.readLong();
            }

            @Override
            double f64(double v) throws IOException {
                return in.readDouble();
            }

            @Override
            boolean bool(boolean v) throws IOException {
                return in.readBoolean();
            }

            @Override
            byte i8(byte v) throws IOException {
                return in.readByte();
            }
        };
    }
}
