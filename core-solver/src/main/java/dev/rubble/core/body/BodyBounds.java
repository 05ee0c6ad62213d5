package dev.rubble.core.body;

/**
 * Bounds helpers on the body arrays: how far a body reaches from its centre of mass, and bounds
 * grown by the motion of one step (the look-ahead that lets the broadphase find what a fast body
 * will meet). Static, allocation-free.
 */
public final class BodyBounds {
    private BodyBounds() {
    }

    /**
     * Distance from body s's centre of mass to the farthest corner of its bounds, metres: an upper
     * bound of how far any of its points lies from the centre (so {@code |w| reach} bounds the speed
     * rotation gives a point).
     */
    public static double reach(BodyStore b, int s) {
        int o = s * 6;
        double[] bo = b.bounds;
        double x = Math.max(b.px[s] - bo[o], bo[o + 3] - b.px[s]);
        double y = Math.max(b.py[s] - bo[o + 1], bo[o + 4] - b.py[s]);
        double z = Math.max(b.pz[s] - bo[o + 2], bo[o + 5] - b.pz[s]);
        return Math.sqrt(x * x + y * y + z * z);
    }

    /**
     * Grows body {@code s}'s bounds by its motion over {@code dt} (each axis towards where it is
     * going), so the broadphase finds the pairs a fast body will meet this step and the
     * narrowphase can make speculative contacts for them (no tunnelling). A spinning body's
     * bounds also grow by {@code |w| reach dt} on every side.
     */
    public static void expandBounds(BodyStore b, int s, double dt) {
        int o = s * 6;
        double[] bo = b.bounds;
        double wx = b.wx[s], wy = b.wy[s], wz = b.wz[s];
        double w2 = wx * wx + wy * wy + wz * wz;
        if (w2 != 0) {
            // a spinning body's points move up to |w| R dt in any direction this step
            double grow = Math.sqrt(w2) * reach(b, s) * dt;
            bo[o] -= grow;
            bo[o + 1] -= grow;
            bo[o + 2] -= grow;
            bo[o + 3] += grow;
            bo[o + 4] += grow;
            bo[o + 5] += grow;
        }
        double dx = b.vx[s] * dt, dy = b.vy[s] * dt, dz = b.vz[s] * dt;
        if (dx < 0) {
            bo[o] += dx;
        } else {
            bo[o + 3] += dx;
        }
        if (dy < 0) {
            bo[o + 1] += dy;
        } else {
            bo[o + 4] += dy;
        }
        if (dz < 0) {
            bo[o + 2] += dz;
        } else {
            bo[o + 5] += dz;
        }
    }
}
