package dev.rubble.plugin.field;

import dev.rubble.spi.field.FieldContext;
import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldParams;
import dev.rubble.spi.field.FieldType;
import dev.rubble.spi.field.FieldValues;

/**
 * {@code uniform-vector}: {@code magnitude · direction} at every sample; the direction is not
 * normalised and defaults to zero, as in Chaos (reference §1.5).
 */
final class UniformVector implements FieldNode {
    private final double x, y, z;

    UniformVector(FieldParams p) {
        p.requireOnly("magnitude", "direction");
        double m = p.finite("magnitude", 1);
        double[] d = p.vector("direction", new double[3]);
        x = m * d[0];
        y = m * d[1];
        z = m * d[2];
    }

    @Override
    public FieldType type() {
        return FieldType.VECTOR;
    }

    @Override
    public int evaluate(FieldContext ctx, int[] idx, int count, FieldValues out) {
        for (int k = 0; k < count; k++) {
            int i = idx[k];
            out.vx[i] = x;
            out.vy[i] = y;
            out.vz[i] = z;
        }
        return count;
    }
}
