package dev.rubble.cache.journal;

import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The lossy track mode (issue 31, Deliver 4; reference: chaos-fields-events-cache §4, Chaos's
 * {@code bCompressChannels}: curves resampled at 1/30 s and reduced to within 1e-5): the moved
 * bodies of a step stored within a stated maximum error instead of as raw doubles.
 *
 * <p>Closed-loop prediction (DPCM): per body slot the last decoded state is kept; each of the 13
 * values of a moved body is predicted from it — velocities as the previous ones, the position as
 * the previous one moved by the decoded velocity for one step, the orientation as the previous one
 * turned by the decoded angular velocity for one step — and only the residual is stored, rounded
 * to a grid whose step makes the error bound hold: per position component {@code 2 e / sqrt 3}
 * (so the distance to the recorded position is at most {@code e}), per quaternion component
 * {@code r / 2.01} (the angle between the recorded and the decoded orientation, a unit quaternion,
 * is at most {@code 2 |dq|} = about {@code r}), per velocity component {@code 2 v / sqrt 3}. The
 * encoder predicts from the decoded values, so errors never accumulate: every recorded step is
 * within the bound, not just keys. Residuals are zig-zag varints (most are 0 or 1 byte), and the
 * step's block is deflated (java.util.zip) when that is smaller. A body appearing in a slot (a new
 * generation) is predicted from zero.
 *
 * <p>Stateful: one instance per reader or writer, fed every step in order; {@link #state()} and
 * {@link #restore} carry the predictor across a reader's marks. Not thread safe.
 */
public final class LossyTracks {
    /** Bytes per moved body in the exact layout (slot, generation, state, motion, 13 doubles). */
    static final int EXACT_BODY_BYTES = 4 + 4 + 1 + 1 + 8 * StepRecord.FIELDS;
    private static final byte STORED = 0, DEFLATED = 1;

    private final double positionError, rotationError, velocityError, dt;
    private final double ps, qs, vs;
    private double[] prev = new double[0];
    private int[] prevGen = new int[0];
    private boolean[] has = new boolean[0];
    private byte[] buf = new byte[1024], packed = new byte[1024];
    private int len;
    private final Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION, true);
    private final Inflater inflater = new Inflater(true);
    private final double[] pred = new double[StepRecord.FIELDS];

    /**
     * @param positionError maximum distance (m) between a recorded and a decoded position, > 0
     * @param rotationError maximum angle (rad) between a recorded and a decoded orientation, > 0
     * @param velocityError maximum length (m/s, rad/s) of a linear or angular velocity's error, > 0
     * @param dt            the recording's step (s), > 0
     */
    public LossyTracks(double positionError, double rotationError, double velocityError, double dt) {
        check("position error", positionError, "m");
        check("rotation error", rotationError, "rad");
        check("velocity error", velocityError, "m/s");
        if (!(dt > 0 && Double.isFinite(dt))) {
            throw new IllegalArgumentException("dt = " + dt + "; allowed: > 0 s");
        }
        this.positionError = positionError;
        this.rotationError = rotationError;
        this.velocityError = velocityError;
        this.dt = dt;
        this.ps = 2 * positionError / Math.sqrt(3) * 0.999;
        this.qs = rotationError / 2.01;
        this.vs = 2 * velocityError / Math.sqrt(3) * 0.999;
    }

    private static void check(String what, double v, String unit) {
        if (!(v >= 1e-9 && v <= 1)) {
            throw new IllegalArgumentException(what + " = " + v + "; allowed: 1e-9 to 1 " + unit);
        }
    }

    public double positionError() {
        return positionError;
    }

    public double rotationError() {
        return rotationError;
    }

    public double velocityError() {
        return velocityError;
    }

    /**
     * Encodes the {@code n} moved bodies {@code slot, gen, state, motion, values} (13 doubles each,
     * {@link StepRecord#FIELDS} order) and returns the block's bytes in {@link #block()} (length
     * returned). The predictor moves on to the decoded values.
     */
    public int encode(int n, int[] slot, int[] gen, byte[] state, byte[] motion, double[] values) {
        len = 0;
        varint(n);
        for (int i = 0; i < n; i++) {
            int s = slot[i];
            varint(s);
            varint(gen[i]);
            put(state[i]);
            put(motion[i]);
            predictFrom(s, gen[i]);
            int o = i * StepRecord.FIELDS;
            double[] d = decodedScratch;
            // velocities first: the position and orientation predictions use the decoded ones
            for (int f = 7; f < 13; f++) {
                d[f] = code(values[o + f], pred[f], vs);
            }
            predictPose(d);
            for (int f = 0; f < 3; f++) {
                d[f] = code(values[o + f], pred[f], ps);
            }
            for (int f = 3; f < 7; f++) {
                d[f] = code(values[o + f], pred[f], qs);
            }
            normalise(d);
            keep(s, gen[i], d);
        }
        return pack();
    }

    private final double[] decodedScratch = new double[StepRecord.FIELDS];
    private final int[] at = new int[1];

    /** The bytes of the last encoded block (valid until the next call). */
    public byte[] block() {
        return packed;
    }

    /** Decodes a block written by {@link #encode} into {@code r}'s moved bodies. */
    public void decode(byte[] block, int blockLen, StepRecord r, int slotLimit) {
        unpack(block, blockLen);
        at[0] = 0;
        int n = (int) readVarint(at);
        if (n < 0 || n > slotLimit) {
            throw new JournalFormatException("step " + r.step + " is corrupted: " + n + " moved bodies in a lossy block");
        }
        r.ensureMoved(n);
        double[] m = r.moved;
        for (int i = 0; i < n; i++) {
            long s = readVarint(at);
            if (s < 0 || s >= slotLimit) {
                throw new JournalFormatException("step " + r.step + " is corrupted: body slot " + s + " in a lossy block");
            }
            int g = (int) readVarint(at);
            r.movedSlot[i] = (int) s;
            r.movedGen[i] = g;
            r.movedState[i] = byteAt(at);
            r.movedMotion[i] = byteAt(at);
            predictFrom((int) s, g);
            double[] d = decodedScratch;
            for (int f = 7; f < 13; f++) {
                d[f] = pred[f] + readZigzag(at) * vs;
            }
            predictPose(d);
            for (int f = 0; f < 3; f++) {
                d[f] = pred[f] + readZigzag(at) * ps;
            }
            for (int f = 3; f < 7; f++) {
                d[f] = pred[f] + readZigzag(at) * qs;
            }
            normalise(d);
            keep((int) s, g, d);
            System.arraycopy(d, 0, m, i * StepRecord.FIELDS, StepRecord.FIELDS);
        }
        r.movedCount = n;
        if (at[0] != len) {
            throw new JournalFormatException("step " + r.step + " is corrupted: " + (len - at[0]) + " bytes left in a lossy block");
        }
    }

    private double code(double value, double predicted, double step) {
        double q = Math.rint((value - predicted) / step);
        if (!(Math.abs(q) < 1e15)) {
            throw new IllegalArgumentException("value " + value + " cannot be stored within the error bound (predicted "
                    + predicted + ", grid " + step + "); allowed: finite values");
        }
        long z = (long) q;
        varint((z << 1) ^ (z >> 63));
        return predicted + z * step;
    }

    private void predictFrom(int s, int g) {
        if (s < has.length && has[s] && prevGen[s] == g) {
            System.arraycopy(prev, s * StepRecord.FIELDS, pred, 0, StepRecord.FIELDS);
        } else {
            Arrays.fill(pred, 0);
            pred[6] = 1;
        }
    }

    /** Position moved by the decoded velocity, orientation turned by the decoded angular velocity, for one step. */
    private void predictPose(double[] d) {
        pred[0] += d[7] * dt;
        pred[1] += d[8] * dt;
        pred[2] += d[9] * dt;
        double x = pred[3], y = pred[4], z = pred[5], w = pred[6];
        double hx = 0.5 * dt * d[10], hy = 0.5 * dt * d[11], hz = 0.5 * dt * d[12];
        double nx = x + hx * w + hy * z - hz * y;
        double ny = y - hx * z + hy * w + hz * x;
        double nz = z + hx * y - hy * x + hz * w;
        double nw = w - hx * x - hy * y - hz * z;
        double n = Math.sqrt(nx * nx + ny * ny + nz * nz + nw * nw);
        pred[3] = nx / n;
        pred[4] = ny / n;
        pred[5] = nz / n;
        pred[6] = nw / n;
    }

    private static void normalise(double[] d) {
        double n = Math.sqrt(d[3] * d[3] + d[4] * d[4] + d[5] * d[5] + d[6] * d[6]);
        d[3] /= n;
        d[4] /= n;
        d[5] /= n;
        d[6] /= n;
    }

    private void keep(int s, int g, double[] d) {
        if (s >= has.length) {
            int c = Math.max(s + 1, 2 * has.length);
            has = Arrays.copyOf(has, c);
            prevGen = Arrays.copyOf(prevGen, c);
            prev = Arrays.copyOf(prev, c * StepRecord.FIELDS);
        }
        has[s] = true;
        prevGen[s] = g;
        System.arraycopy(d, 0, prev, s * StepRecord.FIELDS, StepRecord.FIELDS);
    }

    /** A copy of the predictor (a reader's mark). */
    public Object state() {
        return new Object[] {prev.clone(), prevGen.clone(), has.clone()};
    }

    /** Restores a {@link #state()} copy; null forgets everything (the start of the journal). */
    public void restore(Object state) {
        if (state == null) {
            Arrays.fill(has, false);
            return;
        }
        Object[] o = (Object[]) state;
        prev = ((double[]) o[0]).clone();
        prevGen = ((int[]) o[1]).clone();
        has = ((boolean[]) o[2]).clone();
    }

    // ---- bytes ----

    private void put(byte b) {
        if (len == buf.length) {
            buf = Arrays.copyOf(buf, 2 * buf.length);
        }
        buf[len++] = b;
    }

    private void varint(long v) {
        while ((v & ~0x7FL) != 0) {
            put((byte) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        put((byte) v);
    }

    /** Block layout: mode byte, raw length (4 bytes), then the raw or deflated bytes. */
    private int pack() {
        int cap = len + 64;
        if (packed.length < cap) {
            packed = new byte[cap];
        }
        deflater.reset();
        deflater.setInput(buf, 0, len);
        deflater.finish();
        int z = 0;
        while (!deflater.finished() && z < len) {
            z += deflater.deflate(packed, 5 + z, packed.length - 5 - z);
        }
        boolean deflated = deflater.finished() && z < len;
        if (!deflated) {
            System.arraycopy(buf, 0, packed, 5, len);
            z = len;
        }
        packed[0] = deflated ? DEFLATED : STORED;
        packed[1] = (byte) len;
        packed[2] = (byte) (len >>> 8);
        packed[3] = (byte) (len >>> 16);
        packed[4] = (byte) (len >>> 24);
        return 5 + z;
    }

    private void unpack(byte[] block, int blockLen) {
        if (blockLen < 5) {
            throw new JournalFormatException("a lossy block of " + blockLen + " bytes is truncated");
        }
        int raw = (block[1] & 0xFF) | (block[2] & 0xFF) << 8 | (block[3] & 0xFF) << 16 | (block[4] & 0xFF) << 24;
        if (raw < 0 || raw > 1 << 28) {
            throw new JournalFormatException("a lossy block claims " + raw + " bytes");
        }
        if (buf.length < raw) {
            buf = new byte[raw];
        }
        if (block[0] == STORED) {
            if (blockLen - 5 != raw) {
                throw new JournalFormatException("a stored lossy block has " + (blockLen - 5) + " bytes for " + raw);
            }
            System.arraycopy(block, 5, buf, 0, raw);
        } else if (block[0] == DEFLATED) {
            inflater.reset();
            inflater.setInput(block, 5, blockLen - 5);
            try {
                int got = 0;
                while (got < raw && !inflater.finished()) {
                    int k = inflater.inflate(buf, got, raw - got);
                    if (k == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                        break;
                    }
                    got += k;
                }
                if (got != raw) {
                    throw new JournalFormatException("a deflated lossy block gave " + got + " of " + raw + " bytes");
                }
            } catch (DataFormatException e) {
                throw new JournalFormatException("a deflated lossy block is damaged: " + e.getMessage(), e);
            }
        } else {
            throw new JournalFormatException("a lossy block has mode " + block[0] + "; expected 0 (stored) or 1 (deflated)");
        }
        len = raw;
    }

    private long readVarint(int[] at) {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (at[0] >= len) {
                throw new JournalFormatException("a lossy block ends inside a number");
            }
            byte b = buf[at[0]++];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return v;
            }
        }
        throw new JournalFormatException("a lossy block holds a number longer than 64 bits");
    }

    private long readZigzag(int[] at) {
        long z = readVarint(at);
        return (z >>> 1) ^ -(z & 1);
    }

    private byte byteAt(int[] at) {
        if (at[0] >= len) {
            throw new JournalFormatException("a lossy block ends inside a body");
        }
        return buf[at[0]++];
    }
}
