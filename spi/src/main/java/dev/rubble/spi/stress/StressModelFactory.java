package dev.rubble.spi.stress;

import dev.rubble.spi.StageFactory;

/**
 * Creates {@link StressModel}s; registered through {@code RubblePlugin.stressModels()}. Called once
 * per placed collection that turns a stress model on, with that collection's options (limits,
 * iterations, tolerance); unknown keys must be rejected naming the key.
 */
public interface StressModelFactory extends StageFactory<StressModel> {
}
