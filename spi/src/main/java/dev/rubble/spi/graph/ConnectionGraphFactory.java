package dev.rubble.spi.graph;

import dev.rubble.spi.StageFactory;

/**
 * Creates {@link ConnectionGraphMethod}s; registered through
 * {@code RubblePlugin.connectionGraphs()}. Options come from {@link dev.rubble.spi.StageConfig};
 * unknown keys must be rejected.
 */
public interface ConnectionGraphFactory extends StageFactory<ConnectionGraphMethod> {
}
