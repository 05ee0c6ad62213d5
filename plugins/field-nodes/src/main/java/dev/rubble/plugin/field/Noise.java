package dev.rubble.plugin.field;

import dev.rubble.spi.field.FieldContext;
import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldParams;
import dev.rubble.spi.field.FieldType;
import dev.rubble.spi.field.FieldValues;

/**
 * {@code noise} (reference §1.5, {@code FieldSystemNodes.cpp:840-870}): seeded Perlin noise tiled by
 * a transform. The sample's local point {@code l} (see {@link Transform}) is wrapped into the tile,
 * {@code u = l − floor(l)}, and the node writes {@code min + (max − min) · clamp((n(u) + 1)/2, 0, 1)}
 * with {@code n} the seeded periodic noise of {@link Perlin}. Unbounded, no magnitude (as Chaos).
 * Chaos's noise is not seeded; here the value is a pure function of (seed, position), the same on
 * every run, machine and broadphase.
 */
final class Noise implements FieldNode {
    private final double min, max;
    private final long seed;
    private final Transform transform;
    private final double[] local = new double[3];

    Noise(FieldParams p) {
        p.requireOnly("min", "max", "seed", "position", "axis", "angle", "scale");
        min = p.finite("min", 0);
        max = p.finite("max", 1);
        seed = p.integer("seed", 0, Long.MIN_VALUE, Long.MAX_VALUE);
        transform = new Transform(p);
    }

    @Override
    public FieldType type() {
        return FieldType.SCALAR;
    }

    @Override
    public int evaluate(FieldContext ctx, int[] idx, int count, FieldValues out) {
        final double[] l = local;
        for (int k = 0; k < count; k++) {
            int i = idx[k];
            transform.toLocal(ctx.x[i], ctx.y[i], ctx.z[i], l);
            double n = Perlin.noise(seed, l[0] - Math.floor(l[0]), l[1] - Math.floor(l[1]), l[2] - Math.floor(l[2]));
            double t = Math.min(1, Math.max(0, (n + 1) * 0.5));
            out.scalars[i] = min + (max - min) * t;
        }
        return count;
    }
}
