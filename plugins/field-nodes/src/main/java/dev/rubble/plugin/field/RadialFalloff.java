package dev.rubble.plugin.field;

import dev.rubble.spi.field.FieldContext;
import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldParams;
import dev.rubble.spi.field.FieldType;
import dev.rubble.spi.field.FieldValues;
import dev.rubble.spi.geom.Lengths;

/**
 * {@code radial-falloff} (reference §1.4, {@code FieldSystemNodes.cpp:480-510}): with
 * {@code d = |p − position|}, samples with {@code d < radius} (strict) get
 * {@code magnitude · (min + (max − min) · f(1 − d/radius))}, the others {@code default}. A radius
 * of 0 writes nothing (Chaos's inert default node); a negative radius is refused. Bounded (the
 * sphere) when {@code default} is 0.
 */
final class RadialFalloff implements FieldNode {
    private final Falloff.Scale scale;
    private final double radius;
    private final double[] position;

    RadialFalloff(FieldParams p) {
        p.requireOnly("magnitude", "min", "max", "default", "falloff", "radius", "position");
        scale = Falloff.Scale.read(p);
        radius = p.number("radius", 0, 0, Double.MAX_VALUE);
        position = p.vector("position", new double[3]);
    }

    @Override
    public FieldType type() {
        return FieldType.SCALAR;
    }

    @Override
    public double[] bounds() {
        return scale.dflt() == 0 ? Bounds.sphere(position, radius) : null;
    }

    @Override
    public int evaluate(FieldContext ctx, int[] idx, int count, FieldValues out) {
        if (!(radius > 0)) {
            return 0;
        }
        final double px = position[0], py = position[1], pz = position[2];
        final double dflt = scale.dflt();
        for (int k = 0; k < count; k++) {
            int i = idx[k];
            double dx = ctx.x[i] - px, dy = ctx.y[i] - py, dz = ctx.z[i] - pz;
            double d = Lengths.of(dx, dy, dz);
            out.scalars[i] = d < radius ? scale.at(1 - d / radius) : dflt;
        }
        return count;
    }
}
