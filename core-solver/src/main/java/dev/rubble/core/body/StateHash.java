package dev.rubble.core.body;


/**
 * The hash of the whole body state, in slot (handle) order: for every live slot its slot, generation,
 * state and motion type, then the raw IEEE-754 bits of position, orientation, linear and angular
 * velocity. Two worlds with equal hashes are, with overwhelming probability, bit-identical. See
 * docs/determinism.md ("The state hash").
 *
 * <p>Version 2 (the default, {@link #of(BodyStore)}; journals from format version 6 on) hashes each
 * body on its own, a 64-bit word at a time ({@link #word}: xor, multiply by an odd constant, fold the
 * high half down — each a bijection, so two states that differ in one word always hash apart), then folds
 * the body hashes in slot order with the same step. The bodies' chains are independent, so the CPU runs
 * them side by side: about 15 dependent multiplies a body instead of version 1's 120. Version 1
 * ({@link #ofVersion1}) is 64-bit FNV-1a over the same fields byte by byte; the state hashes recorded
 * in journals before format version 6 are version 1, and a world rebuilt from one is hashed that way
 * ({@code World.useStateHashVersion}). {@link #mix(long, long, int)} is the step of either version, for
 * the destruction digest's per-node part; {@link #mix(long, long)} (FNV-1a, byte by byte) stays what the
 * digests' small fixed parts and the soft bodies mix with in both versions.
 */
public final class StateHash {
    /** FNV-1a 64-bit offset basis. */
    public static final long OFFSET_BASIS = 0xcbf29ce484222325L;
    /** FNV-1a 64-bit prime. */
    public static final long PRIME = 0x100000001b3L;

    private StateHash() {
    }

    /** Mixes the 8 bytes of {@code v} (little-endian) into {@code h}. */
    public static long mix(long h, long v) {
        for (int i = 0; i < 8; i++) {
            h = (h ^ (v & 0xff)) * PRIME;
            v >>>= 8;
        }
        return h;
    }

    /** Mixes a double's raw bits (so -0.0 and NaN payloads count). */
    public static long mix(long h, double d) {
        return mix(h, Double.doubleToRawLongBits(d));
    }

    /** The state hash version {@link #of(BodyStore)} computes. */
    public static final int VERSION = 2;
    /** Version 2's multiplier: odd (so multiplying is a bijection), the 64-bit golden ratio. */
    static final long WORD_MULTIPLIER = 0x9E3779B97F4A7C15L;

    /** Version 2's step: mixes the 64-bit word {@code v} into {@code h} (a bijection of {@code h} for each {@code v}). */
    public static long word(long h, long v) {
        h = (h ^ v) * WORD_MULTIPLIER;
        return h ^ (h >>> 32);
    }

    /** The step of state hash {@code version}: {@link #word} from version 2 on, {@link #mix(long, long)} (bytes) in 1. */
    public static long mix(long h, long v, int version) {
        return version >= 2 ? word(h, v) : mix(h, v);
    }

    /** Version 1: the hash of one body (slot) mixed into {@code h}, FNV-1a byte by byte. */
    public static long mixBody(long h, BodyStore b, int s) {
        return fields(h, b, s, 1);
    }

    /** Version 2's hash of one body (slot {@code s}), on its own. */
    public static long body(BodyStore b, int s) {
        return fields(OFFSET_BASIS, b, s, 2);
    }

    /** Body {@code s}'s 15 words mixed into {@code h} with {@code version}'s step (handle, state and motion, 13 fields' raw bits). */
    private static long fields(long h, BodyStore b, int s, int version) {
        h = mix(h, ((long) s << 32) | (b.generation[s] & 0xffffffffL), version);
        h = mix(h, ((long) b.state[s] << 8) | b.motion[s], version);
        h = mix(h, Double.doubleToRawLongBits(b.px[s]), version);
        h = mix(h, Double.doubleToRawLongBits(b.py[s]), version);
        h = mix(h, Double.doubleToRawLongBits(b.pz[s]), version);
        h = mix(h, Double.doubleToRawLongBits(b.qx[s]), version);
        h = mix(h, Double.doubleToRawLongBits(b.qy[s]), version);
        h = mix(h, Double.doubleToRawLongBits(b.qz[s]), version);
        h = mix(h, Double.doubleToRawLongBits(b.qw[s]), version);
        h = mix(h, Double.doubleToRawLongBits(b.vx[s]), version);
        h = mix(h, Double.doubleToRawLongBits(b.vy[s]), version);
        h = mix(h, Double.doubleToRawLongBits(b.vz[s]), version);
        h = mix(h, Double.doubleToRawLongBits(b.wx[s]), version);
        h = mix(h, Double.doubleToRawLongBits(b.wy[s]), version);
        return mix(h, Double.doubleToRawLongBits(b.wz[s]), version);
    }

    /** Hash of every live body in slot order (version 2: each body's {@link #body} folded in with {@link #word}). */
    public static long of(BodyStore b) {
        long h = OFFSET_BASIS;
        for (int s = 0, n = b.slotLimit(); s < n; s++) {
            if (b.isLive(s)) {
                h = word(h, body(b, s));
            }
        }
        return h;
    }

    /** Hash of every live body in slot order, in {@code version} 1 or 2. */
    public static long of(BodyStore b, int version) {
        return switch (version) {
            case 1 -> ofVersion1(b);
            case 2 -> of(b);
            default -> throw new IllegalArgumentException("state hash version = " + version + "; allowed: 1, 2");
        };
    }

    /** Version 1: 64-bit FNV-1a over every live body ({@link #mixBody}) in slot order (journals before format 6). */
    public static long ofVersion1(BodyStore b) {
        long h = OFFSET_BASIS;
        for (int s = 0, n = b.slotLimit(); s < n; s++) {
            if (b.isLive(s)) {
                h = mixBody(h, b, s);
            }
        }
        return h;
    }
}
