package dev.rubble.plugin.field;

import dev.rubble.spi.field.FieldContext;
import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldParams;
import dev.rubble.spi.field.FieldType;
import dev.rubble.spi.field.FieldValues;

/**
 * {@code random-vector}: {@code magnitude} times a unit vector uniform on the sphere, hashed from
 * ({@code seed}, the sample's identity {@link FieldContext#ids}) — never from an evaluation-order
 * random stream, so a sample's vector does not depend on which other samples are evaluated, the
 * broadphase, the step or a snapshot restore (Chaos uses {@code FMath::RandRange}: not
 * reproducible; reference §1.8). With {@code h1, h2} ∈ [0, 1) from the hash:
 * {@code z = 1 − 2 h1}, {@code φ = 2π h2}, {@code (√(1 − z²) cos φ, √(1 − z²) sin φ, z)}.
 */
final class RandomVector implements FieldNode {
    private final double magnitude;
    private final long seed;

    RandomVector(FieldParams p) {
        p.requireOnly("magnitude", "seed");
        magnitude = p.finite("magnitude", 1);
        seed = p.integer("seed", 0, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    @Override
    public FieldType type() {
        return FieldType.VECTOR;
    }

    @Override
    public int evaluate(FieldContext ctx, int[] idx, int count, FieldValues out) {
        for (int k = 0; k < count; k++) {
            int i = idx[k];
            long h = Hash.mix(seed, ctx.ids[i]);
            double z = 1 - 2 * Hash.unit(h);
            double phi = 2 * Math.PI * Hash.unit(Hash.mix(h));
            double r = Math.sqrt(Math.max(0, 1 - z * z));
            out.vx[i] = magnitude * r * StrictMath.cos(phi);
            out.vy[i] = magnitude * r * StrictMath.sin(phi);
            out.vz[i] = magnitude * z;
        }
        return count;
    }
}
