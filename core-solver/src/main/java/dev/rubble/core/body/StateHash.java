package dev.rubble.core.body;


/**
 * 64-bit FNV-1a over the whole body state, in slot (handle) order: for every live slot its slot,
 * generation, state and motion type, then the raw IEEE-754 bits of position, orientation,
 * linear and angular velocity. Two worlds with equal hashes are, with overwhelming probability,
 * bit-identical. See docs/determinism.md.
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

    /** Hash of one body (slot) mixed into {@code h}. */
    public static long mixBody(long h, BodyStore b, int s) {
        h = mix(h, ((long) s << 32) | (b.generation[s] & 0xffffffffL));
        h = mix(h, ((long) b.state[s] << 8) | b.motion[s]);
        h = mix(h, b.px[s]);
        h = mix(h, b.py[s]);
        h = mix(h, b.pz[s]);
        h = mix(h, b.qx[s]);
        h = mix(h, b.qy[s]);
        h = mix(h, b.qz[s]);
        h = mix(h, b.qw[s]);
        h = mix(h, b.vx[s]);
        h = mix(h, b.vy[s]);
        h = mix(h, b.vz[s]);
        h = mix(h, b.wx[s]);
        h = mix(h, b.wy[s]);
        return mix(h, b.wz[s]);
    }

    /** Hash of every live body in slot order. */
    public static long of(BodyStore b) {
        long h = OFFSET_BASIS;
        for (int s = 0, n = b.slotLimit(); s < n; s++) {
            if (b.isLive(s)) {
                h = mixBody(h, b, s);
            }
        }
        return h;
    }
}
