package dev.rubble.geometry.gjk;

import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.TriangleMesh;

/** A world-space triangle as a {@link SupportShape} (radius 0); mutable scratch. */
public final class Triangle implements SupportShape {
    /** Corners a, b, c: x, y, z each. */
    public final double[] v = new double[9];

    /** Sets the corners to triangle {@code t} of {@code mesh} posed at {@code pose} (its corners in world); returns this. */
    public Triangle set(TriangleMesh mesh, int t, Pose pose) {
        for (int c = 0; c < 3; c++) {
            pose.toWorld(mesh.corner(t, c, 0), mesh.corner(t, c, 1), mesh.corner(t, c, 2), v, 3 * c);
        }
        return this;
    }

    @Override
    public void support(double dx, double dy, double dz, double[] out, int o) {
        int best = 0;
        double bd = v[0] * dx + v[1] * dy + v[2] * dz;
        for (int k = 1; k < 3; k++) {
            double s = v[3 * k] * dx + v[3 * k + 1] * dy + v[3 * k + 2] * dz;
            if (s > bd) {
                bd = s;
                best = k;
            }
        }
        out[o] = v[3 * best];
        out[o + 1] = v[3 * best + 1];
        out[o + 2] = v[3 * best + 2];
    }

    @Override
    public double radius() {
        return 0;
    }
}
