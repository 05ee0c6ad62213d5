package dev.rubble.plugin.field;

import dev.rubble.spi.field.FieldContext;
import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldParams;
import dev.rubble.spi.field.FieldType;
import dev.rubble.spi.field.FieldValues;

/**
 * {@code box-falloff} (reference §1.5, {@code FieldSystemNodes.cpp:715-740}): a unit box (edge 1 m
 * where Chaos uses 100 cm) sized, turned and placed by its transform ({@code scale} = the edge
 * lengths in metres). With {@code l} the sample in box units, samples strictly inside
 * ({@code max|lᵢ| < 0.5}) get {@code magnitude · (min + (max − min) · f(x))},
 * {@code x = (0.5 − max|lᵢ|) / 0.5} (1 at the centre, 0 on a face); the others {@code default}.
 * Bounded (the turned box) when {@code default} is 0.
 */
final class BoxFalloff implements FieldNode {
    private static final double HALF = 0.5;
    private final Falloff.Scale scale;
    private final Transform transform;
    private final double[] local = new double[3];

    BoxFalloff(FieldParams p) {
        p.requireOnly("magnitude", "min", "max", "default", "falloff", "position", "axis", "angle", "scale");
        scale = Falloff.Scale.read(p);
        transform = new Transform(p);
    }

    @Override
    public FieldType type() {
        return FieldType.SCALAR;
    }

    @Override
    public double[] bounds() {
        return scale.dflt() == 0 ? transform.bounds(HALF) : null;
    }

    @Override
    public int evaluate(FieldContext ctx, int[] idx, int count, FieldValues out) {
        final double dflt = scale.dflt();
        final double[] l = local;
        for (int k = 0; k < count; k++) {
            int i = idx[k];
            transform.toLocal(ctx.x[i], ctx.y[i], ctx.z[i], l);
            double m = Math.max(Math.abs(l[0]), Math.max(Math.abs(l[1]), Math.abs(l[2])));
            out.scalars[i] = m < HALF ? scale.at((HALF - m) / HALF) : dflt;
        }
        return count;
    }
}
