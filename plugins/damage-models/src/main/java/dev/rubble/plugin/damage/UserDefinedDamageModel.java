package dev.rubble.plugin.damage;

import dev.rubble.spi.StageConfig;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.damage.BondState;
import dev.rubble.spi.damage.DamageModel;
import dev.rubble.spi.damage.DamageModelFactory;

/**
 * Thresholds per level (SPEC §5; reference: chaos-clusters-strain-runtime §5.1): a node at level
 * L ≥ 1 gets {@code thresholds[L-1]}, the last value repeating for deeper levels; the root never
 * breaks (it has no holder). Default: Chaos's {@code {500000, 50000, 5000}} kg·cm/s, converted to
 * N·s (1 kg·cm/s = 0.01 N·s): {@code {5000, 500, 50}}.
 *
 * <p>Option {@code thresholds}: a number or a list of numbers ≥ 0, N·s ({@code Infinity} = never).
 */
public final class UserDefinedDamageModel implements DamageModel {
    /** Chaos's default {500000, 50000, 5000} kg·cm/s × 0.01 (cm → m). */
    public static final double[] DEFAULT_THRESHOLDS = {500000 * 0.01, 50000 * 0.01, 5000 * 0.01};

    private final double[] thresholds;

    public UserDefinedDamageModel(double[] thresholds) {
        this.thresholds = thresholds.clone();
    }

    @Override
    public void thresholds(CollectionAsset asset, BondState bonds, double[] out) {
        int[] level = asset.level();
        for (int i = 0; i < out.length; i++) {
            out[i] = level[i] == 0 ? Double.POSITIVE_INFINITY : thresholds[Math.min(level[i], thresholds.length) - 1];
        }
    }

    /** The factory ({@code user-defined}). */
    public static final class Factory implements DamageModelFactory {
        @Override
        public String name() {
            return "user-defined";
        }

        @Override
        public String description() {
            return "threshold per level (N·s, last repeats); default Chaos's 5000/500/50";
        }

        @Override
        public DamageModel create(StageConfig config) {
            config.requireOnly("thresholds");
            return new UserDefinedDamageModel(Options.numbers(config, "thresholds", DEFAULT_THRESHOLDS));
        }
    }
}
