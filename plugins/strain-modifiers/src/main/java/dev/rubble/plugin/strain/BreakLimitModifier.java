package dev.rubble.plugin.strain;

import dev.rubble.spi.StageConfig;
import dev.rubble.spi.strain.StrainModifier;
import dev.rubble.spi.strain.StrainModifierFactory;
import dev.rubble.spi.strain.StrainView;

/**
 * At most {@code maxBreaks} children of one holder break per step: in view order (first strained
 * first), children whose load reaches their threshold are counted per holder, and the loads of those
 * past the limit are cleared (loads are one-shot: they are not carried over). Entries of one holder
 * are contiguous in the view.
 *
 * <p>Option: {@code maxBreaks} ≥ 0 (default 1).
 */
public final class BreakLimitModifier implements StrainModifier, dev.rubble.spi.SnapshotState {
    private final int maxBreaks;

    public BreakLimitModifier(int maxBreaks) {
        this.maxBreaks = maxBreaks;
    }

    @Override
    public void modify(StrainView v) {
        int[] holder = v.holder();
        double[] c = v.collisionLoad(), e = v.externalLoad(), t = v.threshold();
        int current = Integer.MIN_VALUE, breaks = 0;
        for (int i = 0, n = v.count(); i < n; i++) {
            if (holder[i] != current) {
                current = holder[i];
                breaks = 0;
            }
            if (Math.max(c[i], e[i]) >= t[i]) {
                if (breaks < maxBreaks) {
                    breaks++;
                } else {
                    c[i] = 0;
                    e[i] = 0;
                }
            }
        }
    }

    /** The factory ({@code break-limit}). */
    public static final class Factory implements StrainModifierFactory {
        @Override
        public String name() {
            return "break-limit";
        }

        @Override
        public String description() {
            return "at most maxBreaks children of one holder break per step";
        }

        @Override
        public StrainModifier create(StageConfig config) {
            config.requireOnly("maxBreaks");
            return new BreakLimitModifier(config.getInt("maxBreaks", 1, 0, Integer.MAX_VALUE));
        }
    }
}
