package dev.rubble.spi.strain;

import dev.rubble.spi.StageFactory;

/**
 * Creates {@link StrainModifier}s; registered through {@code RubblePlugin.strainModifiers()}.
 * Called once per placed collection and chain entry; unknown option keys must be rejected.
 */
public interface StrainModifierFactory extends StageFactory<StrainModifier> {
}
