package dev.rubble.plugin.field;

import dev.rubble.spi.field.FieldContext;
import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldParams;
import dev.rubble.spi.field.FieldType;
import dev.rubble.spi.field.FieldValues;
import dev.rubble.spi.geom.Lengths;

/**
 * {@code radial-vector} (reference §1.5, {@code FieldSystemNodes.cpp:975-985}):
 * {@code magnitude · (p − position) / |p − position|}, pointing away from the position; the zero
 * vector at the position itself. Unbounded.
 */
final class RadialVector implements FieldNode {
    private final double magnitude;
    private final double[] position;

    RadialVector(FieldParams p) {
        p.requireOnly("magnitude", "position");
        magnitude = p.finite("magnitude", 1);
        position = p.vector("position", new double[3]);
    }

    @Override
    public FieldType type() {
        return FieldType.VECTOR;
    }

    @Override
    public int evaluate(FieldContext ctx, int[] idx, int count, FieldValues out) {
        final double px = position[0], py = position[1], pz = position[2];
        for (int k = 0; k < count; k++) {
            int i = idx[k];
            double dx = ctx.x[i] - px, dy = ctx.y[i] - py, dz = ctx.z[i] - pz;
            double len = Lengths.of(dx, dy, dz);
            double s = len > 0 ? magnitude / len : 0;
            out.vx[i] = dx * s;
            out.vy[i] = dy * s;
            out.vz[i] = dz * s;
        }
        return count;
    }
}
