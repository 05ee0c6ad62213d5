package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Format version 5's moved-bodies block (issue 27 item 6): lossless for every double (NaN payloads,
 * signed zeros, infinities, subnormals), a slot's reference follows its generation, a reader's
 * position carries the references, and a damaged block is refused rather than read as data.
 */
final class MovedCodecTest {
    private static final int F = StepRecord.FIELDS;
    private static final double DT = 1.0 / 60;

    private static MovedCodec codec() {
        return new MovedCodec(DT, 0, -9.81, 0);
    }

    /** Encodes n bodies into a fresh block; returns its length in {@code len[0]}. */
    private static byte[] encode(MovedCodec c, int n, int[] slots, int[] gens, long[][] bits, int[] len) {
        byte[] a = new byte[n * MovedCodec.MAX_BODY_BYTES + MovedCodec.SLACK];
        int p = 0;
        for (int i = 0; i < n; i++) {
            c.reserve(slots[i] + 1);
            int before = p;
            p = c.encode(a, p, slots[i], gens[i], (byte) 1, (byte) 2, bits[i], 0);
            assertThat(p - before).isBetween(MovedCodec.MIN_BODY_BYTES, MovedCodec.MAX_BODY_BYTES);
        }
        len[0] = p;
        return a;
    }

    private static double[] decode(MovedCodec c, byte[] a, int len, int n, int[] slotsOut, int[] gensOut) {
        double[] v = new double[n * F];
        c.decode(a, len, n, 1 << 20, slotsOut, gensOut, new byte[n], new byte[n], v);
        return v;
    }

    @Test
    void randomWalksAndOddDoublesComeBackBitForBit() {
        Random rnd = new Random(2027);
        long[] odd = {Double.doubleToRawLongBits(-0.0), 0L, Double.doubleToRawLongBits(Double.POSITIVE_INFINITY),
            Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY), 0x7FF8_0000_DEAD_BEEFL, 0xFFF0_0000_0000_0001L,
            Double.doubleToRawLongBits(Double.MIN_VALUE), Double.doubleToRawLongBits(Double.MAX_VALUE),
            Double.doubleToRawLongBits(1.0), -1L};
        int bodies = 40;
        MovedCodec enc = codec(), dec = codec();
        double[][] state = new double[bodies][F];
        int[] gen = new int[bodies];
        for (int step = 0; step < 200; step++) {
            int n = 1 + rnd.nextInt(bodies);
            int[] slots = new int[n], gens = new int[n];
            long[][] bits = new long[n][F];
            boolean[] used = new boolean[bodies];
            for (int i = 0; i < n; i++) {
                int s;
                do {
                    s = rnd.nextInt(bodies);
                } while (used[s]);
                used[s] = true;
                if (rnd.nextInt(50) == 0) {
                    gen[s] = rnd.nextInt(3) == 0 ? -1 - rnd.nextInt(5) : gen[s] + 1; // slot reused (any 32 bits)
                }
                for (int f = 0; f < F; f++) {
                    int kind = rnd.nextInt(10);
                    if (kind == 0) {
                        state[s][f] = Double.longBitsToDouble(odd[rnd.nextInt(odd.length)]);
                    } else if (kind < 4) {
                        // unchanged
                    } else {
                        state[s][f] = Double.isFinite(state[s][f]) ? state[s][f] + rnd.nextGaussian() * 1e-3 : rnd.nextGaussian();
                    }
                    bits[i][f] = Double.doubleToRawLongBits(state[s][f]);
                }
                slots[i] = s * 1000; // slots past one varint byte
                gens[i] = gen[s];
            }
            int[] len = new int[1];
            byte[] block = encode(enc, n, slots, gens, bits, len);
            int[] so = new int[n], go = new int[n];
            double[] v = decode(dec, block, len[0], n, so, go);
            assertThat(so).containsExactly(slots);
            assertThat(go).containsExactly(gens);
            for (int i = 0; i < n; i++) {
                for (int f = 0; f < F; f++) {
                    assertThat(Double.doubleToRawLongBits(v[i * F + f])).as("step %d body %d field %d", step, i, f)
                            .isEqualTo(bits[i][f]);
                }
            }
        }
    }

    @Test
    void anUnchangedBodyCostsTenBytesAndAFreeFlightIsPredicted() {
        MovedCodec c = codec();
        double[] v = {1.5, 7.25, -3, 0, 0, 0, 1, 0.5, 2, -1, 0, 0, 0};
        long[] bits = new long[F];
        for (int f = 0; f < F; f++) {
            bits[f] = Double.doubleToRawLongBits(v[f]);
        }
        int[] len = new int[1];
        encode(c, 1, new int[] {5}, new int[] {0}, new long[][] {bits}, len);
        int first = len[0];
        // the first record is raw; round numbers cost their high bytes only (1.0 is 0x3FF0...: 2 bytes)
        assertThat(first).isLessThan(10 + 8 * F);
        // free flight: v += g dt, p += v dt, exactly as the integrator does at one sub-step
        double vy = v[8] + -9.81 * DT;
        double[] next = v.clone();
        next[8] = vy;
        next[0] = v[0] + v[7] * DT;
        next[1] = v[1] + vy * DT;
        next[2] = v[2] + v[9] * DT;
        for (int f = 0; f < F; f++) {
            bits[f] = Double.doubleToRawLongBits(next[f]);
        }
        encode(c, 1, new int[] {5}, new int[] {0}, new long[][] {bits}, len);
        assertThat(len[0]).isEqualTo(1 + 1 + 1 + 7);
        // a new generation in the slot is not predicted from the old body
        encode(c, 1, new int[] {5}, new int[] {1}, new long[][] {bits}, len);
        assertThat(len[0]).isGreaterThan(10);
    }

    @Test
    void aDamagedBlockIsRefusedNotRead() {
        MovedCodec c = codec();
        long[] bits = new long[F];
        for (int f = 0; f < F; f++) {
            bits[f] = Double.doubleToRawLongBits(f + 0.1);
        }
        int[] len = new int[1];
        byte[] block = encode(c, 1, new int[] {3}, new int[] {0}, new long[][] {bits}, len);
        int l1 = len[0];
        int[] s = new int[1], g = new int[1];
        // cut short
        assertThatThrownBy(() -> decode(codec(), block, l1 - 1, 1, s, g)).isInstanceOf(MovedCodec.Corrupt.class)
                .hasMessageContaining("ends inside a body");
        // bytes left over
        assertThatThrownBy(() -> decode(codec(), java.util.Arrays.copyOf(block, l1 + 1), l1 + 1, 1, s, g))
                .isInstanceOf(MovedCodec.Corrupt.class).hasMessageContaining("1 bytes after its 1 bodies");
        // a "predicted" flag where the reader has no earlier record of the slot (read out of order)
        byte[] second = encode(c, 1, new int[] {3}, new int[] {0}, new long[][] {bits}, len);
        int l2 = len[0];
        assertThatThrownBy(() -> decode(codec(), second, l2, 1, s, g)).isInstanceOf(MovedCodec.Corrupt.class)
                .hasMessageContaining("body 3:0 is recorded as a change from its previous record, but there is none");
        // a slot past the reader's limit
        MovedCodec d = codec();
        assertThatThrownBy(() -> d.decode(block, l1, 1, 2, s, g, new byte[1], new byte[1],
                new double[F])).isInstanceOf(MovedCodec.Corrupt.class).hasMessageContaining("body slot 3 is outside [0, 2)");
    }

    @Test
    void aMarkCarriesTheReferences() {
        MovedCodec enc = codec(), dec = codec();
        long[][] bits = new long[3][F];
        int[] len = new int[1];
        byte[][] blocks = new byte[3][];
        int[] lens = new int[3];
        for (int k = 0; k < 3; k++) {
            for (int f = 0; f < F; f++) {
                bits[k][f] = Double.doubleToRawLongBits(k * 0.37 + f);
            }
            blocks[k] = encode(enc, 1, new int[] {9}, new int[] {2}, new long[][] {bits[k]}, len);
            lens[k] = len[0];
        }
        int[] s = new int[1], g = new int[1];
        decode(dec, blocks[0], lens[0], 1, s, g);
        Object mark = dec.state();
        double[] second = decode(dec, blocks[1], lens[1], 1, s, g);
        decode(dec, blocks[2], lens[2], 1, s, g);
        dec.restore(mark); // back to after the first: the second decodes again to the same bits
        assertThat(decode(dec, blocks[1], lens[1], 1, s, g)).containsExactly(second);
        dec.restore(null); // the start: nothing to predict from
        assertThatThrownBy(() -> decode(dec, blocks[1], lens[1], 1, s, g)).isInstanceOf(MovedCodec.Corrupt.class);
    }
}
