package dev.rubble.plugin.strain;

import dev.rubble.spi.StageConfig;
import dev.rubble.spi.strain.StrainModifier;
import dev.rubble.spi.strain.StrainModifierFactory;
import dev.rubble.spi.strain.StrainView;

/**
 * Fatigue (SPEC §5: "fatigue is a strain-modifier plugin"): a child whose load {@code max(collision,
 * external)} stays below its threshold but is at least {@code minLoad} loses {@code share × load}
 * of its threshold (floor 0), so repeated sub-threshold hits wear it down until one breaks it.
 *
 * <p>Options: {@code share} in [0, 1] (default 0.1), {@code minLoad} ≥ 0 (default 0).
 */
public final class FatigueModifier implements StrainModifier, dev.rubble.spi.SnapshotState {
    private final double share;
    private final double minLoad;

    public FatigueModifier(double share, double minLoad) {
        this.share = share;
        this.minLoad = minLoad;
    }

    @Override
    public void modify(StrainView v) {
        double[] c = v.collisionLoad(), e = v.externalLoad(), t = v.threshold();
        for (int i = 0, n = v.count(); i < n; i++) {
            double load = Math.max(c[i], e[i]);
            if (load < t[i] && load >= minLoad && load > 0 && Double.isFinite(t[i])) {
                t[i] = Math.max(0, t[i] - share * load);
            }
        }
    }

    /** The factory ({@code fatigue}). */
    public static final class Factory implements StrainModifierFactory {
        @Override
        public String name() {
            return "fatigue";
        }

        @Override
        public String description() {
            return "sub-threshold loads lower the threshold by share x load";
        }

        @Override
        public StrainModifier create(StageConfig config) {
            config.requireOnly("share", "minLoad");
            return new FatigueModifier(config.getDouble("share", 0.1, 0, 1),
                    config.getDouble("minLoad", 0, 0, Double.MAX_VALUE));
        }
    }
}
