package dev.rubble.geometry.gjk;

/** A world-space triangle as a {@link SupportShape} (radius 0); mutable scratch. */
public final class Triangle implements SupportShape {
    /** Corners a, b, c: x, y, z each. */
    public final double[] v = new double[9];

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
