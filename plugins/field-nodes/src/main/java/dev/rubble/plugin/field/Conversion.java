package dev.rubble.plugin.field;

import dev.rubble.spi.field.FieldContext;
import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldParams;
import dev.rubble.spi.field.FieldType;
import dev.rubble.spi.field.FieldValues;
import java.util.List;

/**
 * {@code to-integer} and {@code to-float} (reference §1.5, {@code FConversionField}): a scalar input
 * truncated towards zero to an int (as C's cast: 0 < v < 1 gives 0; beyond the int range
 * saturates; NaN gives 0), or an integer input widened to a scalar.
 */
final class Conversion implements FieldNode {
    private final FieldNode input;
    private final boolean toInteger;

    Conversion(FieldParams p, boolean toInteger) {
        p.requireOnly("input");
        this.toInteger = toInteger;
        input = p.input("input", toInteger ? FieldType.SCALAR : FieldType.INTEGER);
    }

    @Override
    public FieldType type() {
        return toInteger ? FieldType.INTEGER : FieldType.SCALAR;
    }

    @Override
    public List<FieldNode> inputs() {
        return List.of(input);
    }

    @Override
    public double[] bounds() {
        return input.bounds();
    }

    @Override
    public int evaluate(FieldContext ctx, int[] idx, int count, FieldValues out) {
        FieldValues v = ctx.borrowValues();
        int n = input.evaluate(ctx, idx, count, v);
        for (int k = 0; k < n; k++) {
            int i = idx[k];
            if (toInteger) {
                out.ints[i] = (int) v.scalars[i];
            } else {
                out.scalars[i] = v.ints[i];
            }
        }
        ctx.releaseValues(v);
        return n;
    }
}
