package dev.rubble.plugin.field;

import dev.rubble.spi.field.FieldContext;
import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldParams;
import dev.rubble.spi.field.FieldType;
import dev.rubble.spi.field.FieldValues;
import dev.rubble.spi.geom.Lengths;

/**
 * {@code rotated-radial-vector} (reference §1.5, {@code FieldSystemNodes.cpp:1040-1048}): the unit
 * radial direction {@code r = (p − position)/|p − position|} turned about the unit {@code axis} by
 * {@code angle} degrees (Rodrigues: {@code r cos θ + (a × r) sin θ + a (a · r)(1 − cos θ)}), times
 * {@code magnitude}; 90° about the vertical makes a vortex. Zero at the position. Unbounded.
 */
final class RotatedRadialVector implements FieldNode {
    private final double magnitude, cos, sin;
    private final double[] position, axis;

    RotatedRadialVector(FieldParams p) {
        p.requireOnly("magnitude", "position", "axis", "angle");
        magnitude = p.finite("magnitude", 1);
        position = p.vector("position", new double[3]);
        axis = Transform.unit(p, "axis", new double[] {0, 0, 1});
        double a = Math.toRadians(p.finite("angle", 0));
        cos = StrictMath.cos(a);
        sin = StrictMath.sin(a);
    }

    @Override
    public FieldType type() {
        return FieldType.VECTOR;
    }

    @Override
    public int evaluate(FieldContext ctx, int[] idx, int count, FieldValues out) {
        final double px = position[0], py = position[1], pz = position[2];
        final double ax = axis[0], ay = axis[1], az = axis[2];
        for (int k = 0; k < count; k++) {
            int i = idx[k];
            double dx = ctx.x[i] - px, dy = ctx.y[i] - py, dz = ctx.z[i] - pz;
            double len = Lengths.of(dx, dy, dz);
            if (!(len > 0)) {
                out.vx[i] = out.vy[i] = out.vz[i] = 0;
                continue;
            }
            double inv = 1 / len;
            double rx = dx * inv, ry = dy * inv, rz = dz * inv;
            double cx = ay * rz - az * ry, cy = az * rx - ax * rz, cz = ax * ry - ay * rx;
            double dot = (ax * rx + ay * ry + az * rz) * (1 - cos);
            out.vx[i] = magnitude * (rx * cos + cx * sin + ax * dot);
            out.vy[i] = magnitude * (ry * cos + cy * sin + ay * dot);
            out.vz[i] = magnitude * (rz * cos + cz * sin + az * dot);
        }
        return count;
    }
}
