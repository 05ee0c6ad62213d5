package dev.rubble.plugin.field;

import dev.rubble.spi.field.FieldContext;
import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldParams;
import dev.rubble.spi.field.FieldType;
import dev.rubble.spi.field.FieldValues;

/**
 * {@code plane-falloff} (reference §1.5, {@code FieldSystemNodes.cpp:596-620}): one-sided. With the
 * unit {@code normal} and {@code δ = normal · (p − position)}, samples strictly behind the plane
 * and less than {@code distance} behind it ({@code −distance < δ < 0}) get
 * {@code magnitude · (min + (max − min) · f(1 + δ/distance))}; all others (in front, on the plane,
 * too deep) get {@code default}. A distance of 0 writes nothing. Chaos's comment says the region
 * extends along the normal; its code (followed here) acts on the side opposite the normal.
 */
final class PlaneFalloff implements FieldNode {
    private final Falloff.Scale scale;
    private final double distance;
    private final double[] position, normal;

    PlaneFalloff(FieldParams p) {
        p.requireOnly("magnitude", "min", "max", "default", "falloff", "distance", "position", "normal");
        scale = Falloff.Scale.read(p);
        distance = p.number("distance", 0, 0, Double.MAX_VALUE);
        position = p.vector("position", new double[3]);
        normal = Transform.unit(p, "normal", new double[] {0, 0, 1});
    }

    @Override
    public FieldType type() {
        return FieldType.SCALAR;
    }

    @Override
    public int evaluate(FieldContext ctx, int[] idx, int count, FieldValues out) {
        if (!(distance > 0)) {
            return 0;
        }
        final double nx = normal[0], ny = normal[1], nz = normal[2];
        final double px = position[0], py = position[1], pz = position[2];
        final double dflt = scale.dflt();
        for (int k = 0; k < count; k++) {
            int i = idx[k];
            double delta = nx * (ctx.x[i] - px) + ny * (ctx.y[i] - py) + nz * (ctx.z[i] - pz);
            out.scalars[i] = delta < 0 && delta > -distance ? scale.at(1 + delta / distance) : dflt;
        }
        return count;
    }
}
