package dev.rubble.plugin.field;

import dev.rubble.spi.field.FieldContext;
import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldParams;
import dev.rubble.spi.field.FieldType;
import dev.rubble.spi.field.FieldValues;

/** {@code uniform-scalar}: {@code magnitude} (default 1) at every sample. */
final class UniformScalar implements FieldNode {
    private final double magnitude;

    UniformScalar(FieldParams p) {
        p.requireOnly("magnitude");
        magnitude = p.finite("magnitude", 1);
    }

    @Override
    public FieldType type() {
        return FieldType.SCALAR;
    }

    @Override
    public int evaluate(FieldContext ctx, int[] idx, int count, FieldValues out) {
        for (int k = 0; k < count; k++) {
            out.scalars[idx[k]] = magnitude;
        }
        return count;
    }
}
