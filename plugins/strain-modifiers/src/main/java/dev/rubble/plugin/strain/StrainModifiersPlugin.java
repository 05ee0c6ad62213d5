package dev.rubble.plugin.strain;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.strain.StrainModifierFactory;
import java.util.List;

/** Offers the strain modifiers {@code fatigue}, {@code break-limit} and {@code toughness-noise}. */
public final class StrainModifiersPlugin implements RubblePlugin {
    @Override
    public String name() {
        return "strain-modifiers";
    }

    @Override
    public Iterable<StrainModifierFactory> strainModifiers() {
        return List.of(new FatigueModifier.Factory(), new BreakLimitModifier.Factory(),
                new ToughnessNoiseModifier.Factory());
    }
}
