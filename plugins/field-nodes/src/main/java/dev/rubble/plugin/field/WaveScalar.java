package dev.rubble.plugin.field;

import dev.rubble.spi.field.FieldContext;
import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldParams;
import dev.rubble.spi.field.FieldType;
import dev.rubble.spi.field.FieldValues;
import dev.rubble.spi.geom.Lengths;

/**
 * {@code wave-scalar} (reference §1.5, {@code FieldSystemNodes.cpp:310-375}): a wave whose front
 * radius grows as {@code R = wavelength · t / period} (t = the field time, seconds, clamped at 0;
 * wave number {@code k = 2π / wavelength}; {@code d = |p − position|}):
 * <ul>
 *   <li>{@code cosine}: {@code magnitude · cos(k (d − R))}</li>
 *   <li>{@code gaussian}: {@code magnitude · exp(−(k (d − R))²)}</li>
 *   <li>{@code falloff}: {@code magnitude · f(1 − d/R)} for {@code d < R}, else 0 (0 everywhere while R = 0)</li>
 *   <li>{@code decay}: {@code magnitude · exp(−(t / period)²)}</li>
 * </ul>
 * Chaos writes the cosine and Gaussian phase as {@code −k R (1 − d/R)}, which is 0·∞ = NaN at
 * t = 0; the same value written as {@code k (d − R)} is defined at t = 0. Wavelength and period
 * must be > 0 (Chaos divides by the period unguarded). {@link StrictMath} throughout.
 */
final class WaveScalar implements FieldNode {
    private static final int COSINE = 0, GAUSSIAN = 1, FALLOFF = 2, DECAY = 3;
    private final double magnitude, wavelength, period, k;
    private final double[] position;
    private final int function;
    private final Falloff curve;

    WaveScalar(FieldParams p) {
        p.requireOnly("magnitude", "position", "wavelength", "period", "function", "falloff");
        magnitude = p.finite("magnitude", 1);
        position = p.vector("position", new double[3]);
        wavelength = p.number("wavelength", 10, Double.MIN_NORMAL, Double.MAX_VALUE);
        period = p.number("period", 1, Double.MIN_NORMAL, Double.MAX_VALUE);
        String f = p.choice("function", "cosine", "cosine", "gaussian", "falloff", "decay");
        function = switch (f) {
            case "cosine" -> COSINE;
            case "gaussian" -> GAUSSIAN;
            case "falloff" -> FALLOFF;
            default -> DECAY;
        };
        curve = Falloff.read(p, "falloff", Falloff.LINEAR);
        k = 2 * Math.PI / wavelength;
    }

    @Override
    public FieldType type() {
        return FieldType.SCALAR;
    }

    @Override
    public int evaluate(FieldContext ctx, int[] idx, int count, FieldValues out) {
        final double t = Math.max(ctx.time, 0);
        final double r = wavelength * t / period;
        final double px = position[0], py = position[1], pz = position[2];
        if (function == DECAY) {
            double decay = t / period;
            double v = magnitude * StrictMath.exp(-decay * decay);
            for (int j = 0; j < count; j++) {
                out.scalars[idx[j]] = v;
            }
            return count;
        }
        for (int j = 0; j < count; j++) {
            int i = idx[j];
            double dx = ctx.x[i] - px, dy = ctx.y[i] - py, dz = ctx.z[i] - pz;
            double d = Lengths.of(dx, dy, dz);
            double v;
            if (function == COSINE) {
                v = magnitude * StrictMath.cos(k * (d - r));
            } else if (function == GAUSSIAN) {
                double phase = k * (d - r);
                v = magnitude * StrictMath.exp(-phase * phase);
            } else {
                v = r > 0 && d < r ? magnitude * curve.f(1 - d / r) : 0;
            }
            out.scalars[i] = v;
        }
        return count;
    }
}
