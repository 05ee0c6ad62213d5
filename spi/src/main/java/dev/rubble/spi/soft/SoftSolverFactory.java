package dev.rubble.spi.soft;

import dev.rubble.spi.StageFactory;

/** Creates {@link SoftSolver} instances; registered by plugins through {@code RubblePlugin.softSolvers()}. */
public interface SoftSolverFactory extends StageFactory<SoftSolver> {
}
