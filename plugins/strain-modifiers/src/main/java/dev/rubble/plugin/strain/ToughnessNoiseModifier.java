package dev.rubble.plugin.strain;

import dev.rubble.spi.StageConfig;
import dev.rubble.spi.strain.StrainModifier;
import dev.rubble.spi.strain.StrainModifierFactory;
import dev.rubble.spi.strain.StrainView;
import java.util.Arrays;

/**
 * Randomised toughness: the first time a node is strained its threshold is multiplied by
 * {@code 1 + amplitude × u}, u in [-1, 1) drawn by SplitMix64 from {@code (seed, collection,
 * node)} — the same node gets the same factor in every run and whatever order things happen in.
 * Infinite thresholds stay infinite.
 *
 * <p>Options: {@code seed} (integer, default 0), {@code amplitude} in [0, 1) (default 0.25).
 */
public final class ToughnessNoiseModifier implements StrainModifier, dev.rubble.spi.SnapshotState {
    private final long seed;
    private final double amplitude;
    private long[] done = new long[1];

    public ToughnessNoiseModifier(long seed, double amplitude) {
        this.seed = seed;
        this.amplitude = amplitude;
    }

    /** The factor for a node: {@code 1 + amplitude × u}. */
    public double factor(int collection, int node) {
        long z = seed + 0x9E3779B97F4A7C15L * (((long) collection << 32) ^ (node & 0xffffffffL) ^ 0x5DEECE66DL);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z = z ^ (z >>> 31);
        double u = (z >>> 11) * 0x1.0p-53 * 2 - 1;
        return 1 + amplitude * u;
    }

    @Override
    public void modify(StrainView v) {
        int[] coll = v.collection(), node = v.node();
        double[] t = v.threshold();
        for (int i = 0, n = v.count(); i < n; i++) {
            int nd = node[i];
            if (nd < 0) {
                continue;
            }
            int w = nd >>> 6;
            if (w >= done.length) {
                done = Arrays.copyOf(done, Math.max(w + 1, done.length * 2));
            }
            long bit = 1L << (nd & 63);
            if ((done[w] & bit) != 0) {
                continue;
            }
            done[w] |= bit;
            if (Double.isFinite(t[i])) {
                t[i] *= factor(coll[i], nd);
            }
        }
    }

    /** Snapshots (docs/snapshot-format.md, DEST): the nodes already scaled, as the bit set's words. */
    @Override
    public void writeState(java.io.DataOutput out) throws java.io.IOException {
        out.writeInt(done.length);
        for (long w : done) {
            out.writeLong(w);
        }
    }

    @Override
    public void readState(java.io.DataInput in) throws java.io.IOException {
        int n = in.readInt();
        if (n < 1 || n > (1 << 26)) {
            throw new IllegalArgumentException("toughness-noise state words = " + n + "; allowed: [1, 2^26]");
        }
        done = new long[n];
        for (int i = 0; i < n; i++) {
            done[i] = in.readLong();
        }
    }

    /** The factory ({@code toughness-noise}). */
    public static final class Factory implements StrainModifierFactory {
        @Override
        public String name() {
            return "toughness-noise";
        }

        @Override
        public String description() {
            return "seeded per-node threshold factor 1 + amplitude x u, u in [-1, 1)";
        }

        @Override
        public StrainModifier create(StageConfig config) {
            config.requireOnly("seed", "amplitude");
            return new ToughnessNoiseModifier(config.getInt("seed", 0, Integer.MIN_VALUE, Integer.MAX_VALUE),
                    config.getDouble("amplitude", 0.25, 0, 0.999999));
        }
    }
}
