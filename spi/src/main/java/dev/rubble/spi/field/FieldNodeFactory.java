package dev.rubble.spi.field;

import dev.rubble.spi.StageConfig;
import dev.rubble.spi.StageFactory;
import java.util.Map;

/**
 * Creates field nodes of one type ({@code radial-falloff}, {@code operator}, ...); registered
 * through {@code RubblePlugin.fieldNodes()}. The kernel builds a tree bottom-up: a node's inputs
 * are created first and handed in through {@link FieldParams#input}.
 */
public interface FieldNodeFactory extends StageFactory<FieldNode> {

    /**
     * Creates a node from its parameters.
     *
     * @throws IllegalArgumentException naming the parameter, the bad value and what is allowed
     *                                  (unknown keys, NaN, a wrong input type, a negative radius)
     * @param params the node's parameters from the scenario, command or Java API
     * @return a new node
     */
    FieldNode create(FieldParams params);

    /** A node from flat options (numbers, strings, booleans only: no vectors or inputs). */
    @Override
    default FieldNode create(StageConfig config) {
        return create(FieldParams.of(Map.copyOf(config.asMap())));
    }
}
