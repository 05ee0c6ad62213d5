package dev.rubble.plugin.field;

import dev.rubble.spi.field.FieldContext;
import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldParams;
import dev.rubble.spi.field.FieldType;
import dev.rubble.spi.field.FieldValues;

/**
 * {@code return-results} (reference §1.5, {@code UReturnResultsTerminal}): the target's current
 * value at each sample ({@link FieldContext#current}: a body's state code for
 * {@code dynamic-state}, its disabled flag for {@code activate-disabled}, 0 for scalar and vector
 * targets), of the declared {@code type} ({@code integer}, {@code scalar}, {@code vector}; the
 * kernel refuses a type that does not fit the target).
 */
final class ReturnResults implements FieldNode {
    private final FieldType type;

    ReturnResults(FieldParams p) {
        p.requireOnly("type");
        String t = p.choice("type", "scalar", "integer", "scalar", "vector");
        type = t.equals("integer") ? FieldType.INTEGER : t.equals("scalar") ? FieldType.SCALAR : FieldType.VECTOR;
    }

    @Override
    public FieldType type() {
        return type;
    }

    @Override
    public int evaluate(FieldContext ctx, int[] idx, int count, FieldValues out) {
        for (int k = 0; k < count; k++) {
            out.copy(type, ctx.current, idx[k]);
        }
        return count;
    }
}
