package dev.rubble.plugin.damage;

import dev.rubble.spi.StageConfig;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.damage.BondState;
import dev.rubble.spi.damage.DamageModel;
import dev.rubble.spi.damage.DamageModelFactory;

/**
 * Thresholds by relative size (Chaos's size-specific damage data): a node gets the threshold of
 * the first entry whose {@code maxSize} is ≥ its relative size ({@code cbrt(volume)/cbrt(largest
 * leaf volume)}), the last entry when it is bigger than every bound; the root never breaks.
 *
 * <p>Options: {@code sizes} (ascending upper bounds, ≥ 0) and {@code thresholds} (N·s, ≥ 0, same
 * count). Default: one entry, every size 500 N·s.
 */
public final class SizeSpecificDamageModel implements DamageModel {
    private final double[] sizes;
    private final double[] thresholds;

    public SizeSpecificDamageModel(double[] sizes, double[] thresholds) {
        if (sizes.length != thresholds.length) {
            throw new IllegalArgumentException("option 'sizes' has " + sizes.length + " values and 'thresholds' "
                    + thresholds.length + "; allowed: the same count");
        }
        for (int i = 1; i < sizes.length; i++) {
            if (!(sizes[i] > sizes[i - 1])) {
                throw new IllegalArgumentException("option 'sizes'[" + i + "] = " + sizes[i]
                        + "; allowed: ascending (greater than " + sizes[i - 1] + ")");
            }
        }
        this.sizes = sizes.clone();
        this.thresholds = thresholds.clone();
    }

    @Override
    public void thresholds(CollectionAsset asset, BondState bonds, double[] out) {
        double[] rel = asset.relativeSize();
        int[] level = asset.level();
        for (int i = 0; i < out.length; i++) {
            if (level[i] == 0) {
                out[i] = Double.POSITIVE_INFINITY;
                continue;
            }
            int k = 0;
            while (k < sizes.length - 1 && rel[i] > sizes[k]) {
                k++;
            }
            out[i] = thresholds[k];
        }
    }

    /** The factory ({@code size-specific}). */
    public static final class Factory implements DamageModelFactory {
        @Override
        public String name() {
            return "size-specific";
        }

        @Override
        public String description() {
            return "threshold by relative size (sizes ascending, thresholds N·s)";
        }

        @Override
        public DamageModel create(StageConfig config) {
            config.requireOnly("sizes", "thresholds");
            return new SizeSpecificDamageModel(Options.numbers(config, "sizes", new double[] {Double.MAX_VALUE}),
                    Options.numbers(config, "thresholds", new double[] {500}));
        }
    }
}
