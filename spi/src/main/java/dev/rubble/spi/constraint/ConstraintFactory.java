package dev.rubble.spi.constraint;

import dev.rubble.spi.StageFactory;

/**
 * Creates a {@link ConstraintType} (a joint kind: {@code distance}, {@code ball}, {@code hinge},
 * {@code fixed}, {@code rope}, or a user's own); registered through
 * {@code RubblePlugin.constraints()}. Not one choice per world: every loaded type is available to
 * every constraint by name (docs/constraints.md).
 */
public interface ConstraintFactory extends StageFactory<ConstraintType> {
}
