package dev.rubble.cache.journal;

import java.util.Arrays;

/**
 * The moved-bodies block of a step document from format version 5 on (issue 27 item 6: record
 * only what changed). Lossless: every double comes back with its exact IEEE bits.
 *
 * <p>Each body's 13 doubles are XORed with a <b>prediction</b> made from what the same slot (same
 * generation) last recorded: orientation and angular velocity predict themselves unchanged, the
 * linear velocity predicts {@code previous velocity + gravity × dt} and the centre-of-mass position
 * {@code previous position + new velocity × dt} (the integrator's own update: exact for a body in
 * free flight at one sub-step; dt and gravity are the header's settings). A value that did not change,
 * or changed as predicted, XORs to 0; one that moved a little differs only in its low mantissa
 * bytes. Each XOR is stored as only its significant bytes, their count in a 4-bit code:
 * {@code 0..8} = the low {@code k} bytes (the high ones are 0), {@code 9..15} = the high
 * {@code k - 8} bytes (the low ones are 0: a first record of a round number such as 1.0 or
 * -9.81's exponent). Per body:
 *
 * <pre>
 * slot      unsigned LEB128 varint
 * gen       unsigned LEB128 varint (the int's 32 bits)
 * flags     int8: bits 0-3 state, bits 4-6 motion, bit 7 predicted (0: XOR with 0, i.e. raw)
 * codes     7 × int8: the 13 fields' 4-bit codes, field 2i in the high nibble, 2i+1 in the low
 * bytes     the fields' significant bytes, field by field, little-endian
 * </pre>
 *
 * A body is predicted exactly when the encoder has a record of its slot with the same generation;
 * the decoder requires the same of itself (else the block is corrupt, or read out of order). The
 * reference table is part of a reader's position: {@link #state()} / {@link #restore(Object)}.
 */
final class MovedCodec {
    static final int FIELDS = StepRecord.FIELDS;
    private static final java.lang.invoke.VarHandle LONGS = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
            long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
    /** Room the encoder needs past a body's last byte: a field is stored with one 8-byte store. */
    static final int SLACK = 8;
    /** The largest encoding of one body. */
    static final int MAX_BODY_BYTES = 5 + 5 + 1 + 7 + 8 * FIELDS;
    /** The smallest encoding of one body (every field unchanged). */
    static final int MIN_BODY_BYTES = 1 + 1 + 1 + 7;

    private final double dt, gdx, gdy, gdz;
    /** Per slot: the raw bits of the last recorded 13 fields, their generation and whether there is one. */
    private long[] ref = new long[0];
    private int[] refGen = new int[0];
    private boolean[] refHas = new boolean[0];
    private final long[] x = new long[FIELDS];

    MovedCodec(double dt, double gravityX, double gravityY, double gravityZ) {
        this.dt = dt;
        this.gdx = gravityX * dt;
        this.gdy = gravityY * dt;
        this.gdz = gravityZ * dt;
    }

    /** The codec of a journal recorded with these settings. */
    static MovedCodec of(dev.rubble.core.step.WorldSettings s) {
        return new MovedCodec(s.dt(), s.gravityX(), s.gravityY(), s.gravityZ());
    }

    /**
     * The prediction {@code a + b} as bits. A sum that is not finite predicts {@code a}'s own bits
     * instead: which NaN payload an arithmetic result carries (or whether a signalling NaN is quieted)
     * may depend on whether the code runs interpreted or compiled, and the encoder and the decoder
     * must predict the same bits; whether a sum is finite never depends on it.
     */
    private static long plus(long a, double b) {
        double s = Double.longBitsToDouble(a) + b;
        return Double.isFinite(s) ? Double.doubleToRawLongBits(s) : a;
    }

    private void ensure(int slot) {
        if (slot >= refHas.length) {
            int c = Math.max(slot + 1, Math.max(64, refHas.length * 2));
            ref = Arrays.copyOf(ref, c * FIELDS);
            refGen = Arrays.copyOf(refGen, c);
            refHas = Arrays.copyOf(refHas, c);
        }
    }

    /** Makes room for slots below {@code limit} (the writer calls it once per step, before its bodies). */
    void reserve(int limit) {
        if (limit > refHas.length) {
            ensure(limit - 1);
        }
    }

    /**
     * Encodes one body into {@code a} at {@code p} (the caller has ensured {@link #MAX_BODY_BYTES}
     * plus {@link #SLACK} bytes of room and {@link #reserve} for the slot); returns the position
     * after it. {@code v[vo, vo + 13)} holds
     * the 13 fields' raw bits in {@link StepRecord#FIELD_NAMES} order.
     */
    int encode(byte[] a, int p, int slot, int gen, byte state, byte motion, long[] v, int vo) {
        p = putVarint(a, p, slot);
        p = putVarint(a, p, gen & 0xFFFF_FFFFL);
        int o = slot * FIELDS;
        long[] r = ref;
        boolean predicted = refHas[slot] && refGen[slot] == gen;
        a[p++] = (byte) ((state & 0x0F) | (motion & 0x07) << 4 | (predicted ? 0x80 : 0));
        if (predicted) {
            for (int f = 3; f < 7; f++) {
                x[f] = v[vo + f] ^ r[o + f];
            }
            for (int f = 10; f < FIELDS; f++) {
                x[f] = v[vo + f] ^ r[o + f];
            }
            x[7] = v[vo + 7] ^ plus(r[o + 7], gdx);
            x[8] = v[vo + 8] ^ plus(r[o + 8], gdy);
            x[9] = v[vo + 9] ^ plus(r[o + 9], gdz);
            x[0] = v[vo] ^ plus(r[o], Double.longBitsToDouble(v[vo + 7]) * dt);
            x[1] = v[vo + 1] ^ plus(r[o + 1], Double.longBitsToDouble(v[vo + 8]) * dt);
            x[2] = v[vo + 2] ^ plus(r[o + 2], Double.longBitsToDouble(v[vo + 9]) * dt);
        } else {
            System.arraycopy(v, vo, x, 0, FIELDS);
        }
        System.arraycopy(v, vo, r, o, FIELDS);
        refGen[slot] = gen;
        refHas[slot] = true;
        int codes = p;
        p += 7;
        a[codes + 6] = 0;
        for (int f = 0; f < FIELDS; f++) {
            long d = x[f];
            int code;
            if (d == 0) {
                code = 0;
            } else {
                int low = 8 - (Long.numberOfLeadingZeros(d) >>> 3);
                int high = 8 - (Long.numberOfTrailingZeros(d) >>> 3);
                if (high < low) {
                    code = 8 + high;
                    d >>>= (8 - high) << 3;
                    low = high;
                } else {
                    code = low;
                }
                LONGS.set(a, p, d); // all 8 bytes; the next field or body overwrites what is past its own
                p += low;
            }
            if ((f & 1) == 0) {
                a[codes + (f >> 1)] = (byte) (code << 4);
            } else {
                a[codes + (f >> 1)] |= (byte) code;
            }
        }
        return p;
    }

    private static int putVarint(byte[] a, int p, long v) {
        while ((v & ~0x7FL) != 0) {
            a[p++] = (byte) (v | 0x80);
            v >>>= 7;
        }
        a[p++] = (byte) v;
        return p;
    }

    /** Thrown for a block that does not decode; the reader adds the journal and step. */
    static final class Corrupt extends RuntimeException {
        Corrupt(String m) {
            super(m, null, false, false);
        }
    }

    private int pos, end;
    private byte[] in;

    private int getByte() {
        if (pos >= end) {
            throw new Corrupt("the moved-bodies block ends inside a body");
        }
        return in[pos++] & 0xFF;
    }

    private long getVarint() {
        long v = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            int b = getByte();
            v |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return v;
            }
        }
        throw new Corrupt("a varint in the moved-bodies block is longer than 5 bytes");
    }

    /**
     * Decodes a block of {@code n} bodies from {@code a[0..len)} into the given arrays (entry i's
     * fields at {@code values[i * FIELDS]}); {@code slotLimit} bounds the slots. The whole block
     * must be used.
     */
    void decode(byte[] a, int len, int n, int slotLimit, int[] slots, int[] gens, byte[] states, byte[] motions,
                double[] values) {
        in = a;
        pos = 0;
        end = len;
        for (int i = 0; i < n; i++) {
            long sl = getVarint();
            if (sl >= slotLimit) {
                throw new Corrupt("body slot " + sl + " is outside [0, " + slotLimit + ")");
            }
            int slot = (int) sl;
            long g = getVarint();
            if (g > 0xFFFF_FFFFL) {
                throw new Corrupt("body " + slot + " has generation " + g + ", more than 32 bits");
            }
            int gen = (int) g;
            int flags = getByte();
            slots[i] = slot;
            gens[i] = gen;
            states[i] = (byte) (flags & 0x0F);
            motions[i] = (byte) (flags >> 4 & 0x07);
            boolean predicted = (flags & 0x80) != 0;
            ensure(slot);
            if (predicted && !(refHas[slot] && refGen[slot] == gen)) {
                throw new Corrupt("body " + slot + ":" + gen + " is recorded as a change from its previous record,"
                        + " but there is none");
            }
            if (pos + 7 > end) {
                throw new Corrupt("the moved-bodies block ends inside a body");
            }
            int codes = pos;
            pos += 7;
            for (int f = 0; f < FIELDS; f++) {
                int c = (a[codes + (f >> 1)] >> ((f & 1) == 0 ? 4 : 0)) & 0x0F;
                int k = c <= 8 ? c : c - 8;
                if (pos + k > end) {
                    throw new Corrupt("the moved-bodies block ends inside a body");
                }
                long d = 0;
                for (int b = k - 1; b >= 0; b--) {
                    d = d << 8 | (a[pos + b] & 0xFFL);
                }
                pos += k;
                if (c > 8) {
                    d <<= (16 - c) << 3;
                }
                x[f] = d;
            }
            if ((a[codes + 6] & 0x0F) != 0) {
                throw new Corrupt("body " + slot + ":" + gen + " has a code for a 14th field");
            }
            int o = slot * FIELDS;
            long[] r = ref;
            int vo = i * FIELDS;
            if (predicted) {
                for (int f = 3; f < 7; f++) {
                    r[o + f] ^= x[f];
                }
                for (int f = 10; f < FIELDS; f++) {
                    r[o + f] ^= x[f];
                }
                r[o + 7] = x[7] ^ plus(r[o + 7], gdx);
                r[o + 8] = x[8] ^ plus(r[o + 8], gdy);
                r[o + 9] = x[9] ^ plus(r[o + 9], gdz);
                r[o] = x[0] ^ plus(r[o], Double.longBitsToDouble(r[o + 7]) * dt);
                r[o + 1] = x[1] ^ plus(r[o + 1], Double.longBitsToDouble(r[o + 8]) * dt);
                r[o + 2] = x[2] ^ plus(r[o + 2], Double.longBitsToDouble(r[o + 9]) * dt);
            } else {
                System.arraycopy(x, 0, r, o, FIELDS);
            }
            refGen[slot] = gen;
            refHas[slot] = true;
            for (int f = 0; f < FIELDS; f++) {
                values[vo + f] = Double.longBitsToDouble(r[o + f]);
            }
        }
        if (pos != end) {
            throw new Corrupt("the moved-bodies block has " + (end - pos) + " bytes after its " + n + " bodies");
        }
        in = null;
    }

    /** A copy of the reference table (for a reader's mark). */
    Object state() {
        int n = 0;
        for (int s = refHas.length - 1; s >= 0; s--) {
            if (refHas[s]) {
                n = s + 1;
                break;
            }
        }
        return new State(Arrays.copyOf(ref, n * FIELDS), Arrays.copyOf(refGen, n), Arrays.copyOf(refHas, n));
    }

    /** Back to a table {@link #state()} gave; null = empty (the start of the steps). */
    void restore(Object s) {
        if (s == null) {
            Arrays.fill(refHas, false);
            return;
        }
        State st = (State) s;
        int n = st.has.length;
        ensure(Math.max(0, n - 1));
        Arrays.fill(refHas, false);
        System.arraycopy(st.ref, 0, ref, 0, n * FIELDS);
        System.arraycopy(st.gen, 0, refGen, 0, n);
        System.arraycopy(st.has, 0, refHas, 0, n);
    }

    private record State(long[] ref, int[] gen, boolean[] has) {
    }
}
