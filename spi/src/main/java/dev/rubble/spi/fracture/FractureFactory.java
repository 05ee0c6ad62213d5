package dev.rubble.spi.fracture;

import dev.rubble.spi.StageFactory;

/**
 * Creates {@link FractureMethod}s; registered through {@code RubblePlugin.fractureMethods()}.
 * Options come from {@link dev.rubble.spi.StageConfig}; unknown keys must be rejected.
 */
public interface FractureFactory extends StageFactory<FractureMethod> {
}
