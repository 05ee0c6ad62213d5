package dev.rubble.core.collision;

import dev.rubble.geometry.gjk.SupportShape;

/**
 * A ball as a GJK support shape: its centre is the core point, its radius the rounding (radius 0: a
 * point). Mutable scratch for scene queries and the ghost-contact sweep; allocation-free.
 */
final class BallShape implements SupportShape {
    double x, y, z, r; // read directly by SceneQuery (the point of a closest-point query)

    /** Places the ball at (cx, cy, cz) with radius {@code radius}; returns it. */
    BallShape at(double cx, double cy, double cz, double radius) {
        x = cx;
        y = cy;
        z = cz;
        r = radius;
        return this;
    }

    @Override
    public void support(double dx, double dy, double dz, double[] out, int o) {
        out[o] = x;
        out[o + 1] = y;
        out[o + 2] = z;
    }

    @Override
    public double radius() {
        return r;
    }
}
