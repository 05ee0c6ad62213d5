package dev.rubble.core.body;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.spi.shape.Box;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The state hash, both versions, against references written from their definitions
 * (docs/determinism.md, "The state hash"): version 1 is 64-bit FNV-1a over the bytes of every live
 * body's fields, little-endian; version 2 hashes each body's 15 words on its own and folds the body
 * hashes in slot order.
 */
final class StateHashTest {
    private static final long FNV_BASIS = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    /** A store with live bodies of every motion type, a removed slot (a hole), random poses and velocities. */
    private static BodyStore scene(long seed) {
        BodyStore b = new BodyStore(4, 1_000);
        Random r = new Random(seed);
        Box box = new Box(0.5, 0.25, 0.75);
        for (int i = 0; i < 40; i++) {
            MotionType m = MotionType.values()[i % 3];
            int s = b.create(box, m, m == MotionType.DYNAMIC ? box.massProperties(700) : null, r.nextGaussian(),
                    r.nextGaussian(), r.nextGaussian(), 0, 0, 0, 1);
            b.vx[s] = r.nextGaussian();
            b.vy[s] = r.nextGaussian();
            b.vz[s] = -0.0;
            b.wx[s] = r.nextGaussian();
            b.wy[s] = r.nextGaussian();
            b.wz[s] = r.nextGaussian();
        }
        b.remove(7);
        b.remove(21);
        b.create(box, MotionType.DYNAMIC, box.massProperties(10), 1, 2, 3, 0, 0, 0, 1); // reuses a slot, next generation
        return b;
    }

    /** Each live body's 15 words in slot order: slot and generation, state and motion, the 13 fields' raw bits. */
    private static long[][] words(BodyStore b) {
        int live = 0;
        for (int s = 0; s < b.slotLimit(); s++) {
            live += b.isLive(s) ? 1 : 0;
        }
        long[][] out = new long[live][];
        int k = 0;
        for (int s = 0; s < b.slotLimit(); s++) {
            if (!b.isLive(s)) {
                continue;
            }
            double[] f = {b.px[s], b.py[s], b.pz[s], b.qx[s], b.qy[s], b.qz[s], b.qw[s], b.vx[s], b.vy[s], b.vz[s],
                b.wx[s], b.wy[s], b.wz[s]};
            long[] w = new long[15];
            w[0] = ((long) s << 32) | (b.generation[s] & 0xffffffffL);
            w[1] = ((long) b.state[s] << 8) | b.motion[s];
            for (int i = 0; i < 13; i++) {
                w[2 + i] = Double.doubleToRawLongBits(f[i]);
            }
            out[k++] = w;
        }
        return out;
    }

    /** FNV-1a 64 over a byte array. */
    private static long fnv1a(byte[] bytes) {
        long h = FNV_BASIS;
        for (byte x : bytes) {
            h ^= x & 0xff;
            h *= FNV_PRIME;
        }
        return h;
    }

    private static long version1Reference(BodyStore b) {
        long[][] w = words(b);
        ByteBuffer buf = ByteBuffer.allocate(w.length * 15 * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (long[] body : w) {
            for (long v : body) {
                buf.putLong(v);
            }
        }
        return fnv1a(buf.array());
    }

    /** Version 2 from its definition: per word {@code h = (h ^ v) * K; h ^= h >>> 32}, per body from the FNV basis. */
    private static long version2Reference(BodyStore b) {
        long k = 0x9E3779B97F4A7C15L;
        long world = FNV_BASIS;
        for (long[] body : words(b)) {
            long h = FNV_BASIS;
            for (long v : body) {
                h = (h ^ v) * k;
                h ^= h >>> 32;
            }
            world = (world ^ h) * k;
            world ^= world >>> 32;
        }
        return world;
    }

    @Test
    void bothVersionsEqualTheirDefinitions() {
        for (long seed = 1; seed <= 5; seed++) {
            BodyStore b = scene(seed);
            assertThat(StateHash.ofVersion1(b)).as("version 1, seed %d", seed).isEqualTo(version1Reference(b));
            assertThat(StateHash.of(b, 1)).isEqualTo(version1Reference(b));
            assertThat(StateHash.of(b)).as("version 2, seed %d", seed).isEqualTo(version2Reference(b));
            assertThat(StateHash.of(b, 2)).isEqualTo(version2Reference(b));
            assertThat(StateHash.of(b)).isNotEqualTo(StateHash.ofVersion1(b));
        }
        BodyStore empty = new BodyStore(4, 10);
        assertThat(StateHash.of(empty)).isEqualTo(StateHash.ofVersion1(empty)).isEqualTo(FNV_BASIS);
    }

    @Test
    void everySingleBitOfEveryFieldMovesTheVersionTwoHash() {
        BodyStore b = scene(11);
        long base = StateHash.of(b);
        Set<Long> seen = new HashSet<>();
        seen.add(base);
        int s = 13;
        double[][] fields = {b.px, b.py, b.pz, b.qx, b.qy, b.qz, b.qw, b.vx, b.vy, b.vz, b.wx, b.wy, b.wz};
        for (double[] f : fields) {
            double keep = f[s];
            for (int bit = 0; bit < 64; bit++) {
                f[s] = Double.longBitsToDouble(Double.doubleToRawLongBits(keep) ^ (1L << bit));
                assertThat(seen.add(StateHash.of(b))).as("bit %d", bit).isTrue();
            }
            f[s] = keep;
        }
        assertThat(StateHash.of(b)).isEqualTo(base);
        // -0.0 and 0.0 differ (raw bits), and swapping two bodies' velocities is seen
        double v = b.vx[s];
        b.vx[s] = 0.0;
        long plusZero = StateHash.of(b);
        b.vx[s] = -0.0;
        assertThat(StateHash.of(b)).isNotEqualTo(plusZero);
        b.vx[s] = v;
        double a = b.vy[3], c = b.vy[4];
        b.vy[3] = c;
        b.vy[4] = a;
        assertThat(StateHash.of(b)).isNotEqualTo(base);
    }

    @Test
    void anUnknownVersionIsRefusedByName() {
        assertThatThrownBy(() -> StateHash.of(new BodyStore(4, 10), 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("state hash version = 3").hasMessageContaining("allowed: 1, 2");
    }
}
