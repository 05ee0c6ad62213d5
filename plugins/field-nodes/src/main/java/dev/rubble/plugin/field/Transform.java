package dev.rubble.plugin.field;

import dev.rubble.spi.field.FieldParams;
import dev.rubble.spi.geom.Lengths;

/**
 * A rigid transform with a per-axis scale, for the box falloff and the noise node: world point
 * {@code p} maps to the local point {@code R⁻¹(p − position) / scale} (Chaos's
 * {@code InverseTransformPosition}). Parameters: {@code position} (m), {@code axis} and
 * {@code angle} (degrees) of the rotation, {@code scale} (m per local unit, each > 0).
 */
final class Transform {
    final double[] position;
    final double[] scale;
    /** Rotation matrix, row major. */
    final double[] r = new double[9];

    Transform(FieldParams p) {
        position = p.vector("position", new double[3]);
        scale = p.vector("scale", new double[] {1, 1, 1});
        for (int i = 0; i < 3; i++) {
            if (!(scale[i] > 0)) {
                throw new IllegalArgumentException("'scale' = [" + scale[0] + ", " + scale[1] + ", " + scale[2]
                        + "]; allowed: every component > 0");
            }
        }
        double[] axis = unit(p, "axis", new double[] {0, 0, 1});
        double angle = Math.toRadians(p.finite("angle", 0));
        double c = StrictMath.cos(angle), s = StrictMath.sin(angle), t = 1 - c;
        double x = axis[0], y = axis[1], z = axis[2];
        r[0] = t * x * x + c;     r[1] = t * x * y - s * z; r[2] = t * x * z + s * y;
        r[3] = t * x * y + s * z; r[4] = t * y * y + c;     r[5] = t * y * z - s * x;
        r[6] = t * x * z - s * y; r[7] = t * y * z + s * x; r[8] = t * z * z + c;
    }

    /** Writes the local coordinates of (x, y, z) into {@code out}. */
    void toLocal(double x, double y, double z, double[] out) {
        double dx = x - position[0], dy = y - position[1], dz = z - position[2];
        // R^-1 = R^T
        out[0] = (r[0] * dx + r[3] * dy + r[6] * dz) / scale[0];
        out[1] = (r[1] * dx + r[4] * dy + r[7] * dz) / scale[1];
        out[2] = (r[2] * dx + r[5] * dy + r[8] * dz) / scale[2];
    }

    /** World bounds of the local box [-h, h]³. */
    double[] bounds(double h) {
        double[] b = new double[6];
        for (int i = 0; i < 3; i++) {
            double e = h * (Math.abs(r[3 * i]) * scale[0] + Math.abs(r[3 * i + 1]) * scale[1]
                    + Math.abs(r[3 * i + 2]) * scale[2]);
            b[i] = position[i] - e;
            b[i + 3] = position[i] + e;
        }
        return b;
    }

    /** A unit vector parameter: the direction of any finite non-zero vector (a zero vector is refused). */
    static double[] unit(FieldParams p, String key, double[] dflt) {
        double[] v = p.vector(key, dflt);
        double len = Lengths.of(v[0], v[1], v[2]); // any finite size (fuzz12)
        if (!(len > 0)) {
            throw new IllegalArgumentException("'" + key + "' = [" + v[0] + ", " + v[1] + ", " + v[2]
                    + "]; allowed: a non-zero vector");
        }
        return new double[] {v[0] / len, v[1] / len, v[2] / len};
    }
}
