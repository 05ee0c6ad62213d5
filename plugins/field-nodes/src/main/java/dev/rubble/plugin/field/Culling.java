package dev.rubble.plugin.field;

import dev.rubble.spi.field.FieldContext;
import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldParams;
import dev.rubble.spi.field.FieldType;
import dev.rubble.spi.field.FieldValues;
import java.util.List;

/**
 * {@code culling} (reference §1.5, {@code FieldSystemNodes.cpp:1773-1786}): evaluates the scalar
 * {@code culling} node first, then the {@code input} node only on the samples it keeps —
 * {@code inside}: where the culling value is 0; {@code outside}: where it is not 0 — and passes the
 * input's values through unchanged. Samples culled away are not written by the command at all.
 * The names follow Chaos and are easy to misread: to act only inside a radial falloff (0 outside
 * it), use {@code outside}. Bounds: the intersection for {@code outside}, the union for
 * {@code inside}.
 */
final class Culling implements FieldNode {
    private final FieldNode culling, input;
    private final boolean inside;

    Culling(FieldParams p) {
        p.requireOnly("culling", "input", "operation");
        culling = p.input("culling", FieldType.SCALAR);
        input = p.input("input", FieldType.INTEGER, FieldType.SCALAR, FieldType.VECTOR);
        inside = p.choice("operation", "inside", "inside", "outside").equals("inside");
    }

    @Override
    public FieldType type() {
        return input.type();
    }

    @Override
    public List<FieldNode> inputs() {
        return List.of(culling, input);
    }

    @Override
    public double[] bounds() {
        return inside ? Bounds.union(culling.bounds(), input.bounds())
                : Bounds.intersect(culling.bounds(), input.bounds());
    }

    @Override
    public int evaluate(FieldContext ctx, int[] idx, int count, FieldValues out) {
        FieldValues c = ctx.borrowValues();
        int n = culling.evaluate(ctx, idx, count, c);
        int kept = 0;
        for (int k = 0; k < n; k++) {
            int i = idx[k];
            if ((c.scalars[i] == 0) == inside) {
                idx[kept++] = i;
            }
        }
        ctx.releaseValues(c);
        return input.evaluate(ctx, idx, kept, out);
    }
}
