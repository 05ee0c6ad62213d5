package dev.rubble.plugin.field;

import dev.rubble.spi.field.FieldContext;
import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldParams;
import dev.rubble.spi.field.FieldType;
import dev.rubble.spi.field.FieldValues;

/** {@code uniform-integer}: {@code magnitude} (an int, default 0) at every sample. */
final class UniformInteger implements FieldNode {
    private final int magnitude;

    UniformInteger(FieldParams p) {
        p.requireOnly("magnitude");
        magnitude = (int) p.integer("magnitude", 0, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    @Override
    public FieldType type() {
        return FieldType.INTEGER;
    }

    @Override
    public int evaluate(FieldContext ctx, int[] idx, int count, FieldValues out) {
        for (int k = 0; k < count; k++) {
            out.ints[idx[k]] = magnitude;
        }
        return count;
    }
}
