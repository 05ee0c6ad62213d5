package dev.rubble.spi.damage;

import dev.rubble.spi.StageFactory;

/**
 * Creates {@link DamageModel}s; registered through {@code RubblePlugin.damageModels()}. Called
 * once per placed collection with that collection's damage-model options; unknown keys must be
 * rejected.
 */
public interface DamageModelFactory extends StageFactory<DamageModel> {
}
