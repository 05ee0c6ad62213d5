package dev.rubble.plugin.field;

import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldNodeFactory;
import dev.rubble.spi.field.FieldParams;
import java.util.function.Function;

/** A factory that names a node type and builds it from its parameters. */
record NodeFactory(String name, String description, Function<FieldParams, FieldNode> creator)
        implements FieldNodeFactory {
    @Override
    public FieldNode create(FieldParams params) {
        return creator.apply(params);
    }
}
