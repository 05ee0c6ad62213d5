package dev.rubble.geometry.gjk;

/**
 * A convex set in world coordinates given by its support mapping: a core plus a radius (the set is
 * the core grown by a sphere of that radius), as used by {@link Gjk}.
 */
public interface SupportShape {
    /** The core point farthest along {@code d} (any length, not zero), world frame, into {@code out[o..o+3)}. */
    void support(double dx, double dy, double dz, double[] out, int o);

    /** Rounding radius, metres, &ge; 0. */
    double radius();
}
