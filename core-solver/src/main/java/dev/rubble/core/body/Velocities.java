package dev.rubble.core.body;

/**
 * Velocity changes that stay finite whatever finite input caused them (docs/java-api.md, "Huge
 * inputs"): an impulse, a force or a field value is only ever finite at the API, but a product
 * with an inverse mass or a lever arm, or a sum of two of them, can still overflow. Where the plain
 * sum is finite it is used bit for bit (the integrator's speed clamp then limits it as always);
 * where it is not, the push is beyond any speed limit and the velocity becomes the limit in the
 * push's direction, so no single call can turn a body's state infinite or NaN and have it disabled.
 * Static helpers on the body arrays; no allocation.
 */
public final class Velocities {
    private Velocities() {
    }

    /**
     * Adds {@code k (ux, uy, uz)} to vector {@code s} of (x, y, z) (a velocity and a push: an
     * impulse times the inverse mass, a force times {@code invMass h}, a field's value) so that it
     * stays finite: when the sum is finite it is the plain sum, bit for bit, and the integrator's
     * clamp ({@code Motion.clampSpeeds}) limits it as always; when it is not (a 1e308 impulse on a 1 g
     * body, two 1e308 forces, an infinite field value), the push is beyond any speed limit, so the
     * vector becomes {@code max} in the push's direction (infinite components give the direction
     * by their signs). A push with a NaN in it, or a NaN or negative {@code k}, has no direction
     * and changes nothing. Allocation-free.
     */
    public static void addSaturating(double[] x, double[] y, double[] z, int s, double ux, double uy, double uz,
            double k, double max) {
        add(x, s, y, s, z, s, ux, uy, uz, k, max);
    }

    /** As {@link #addSaturating(double[], double[], double[], int, double, double, double, double, double)}, to {@code v[o..o+2]}. */
    public static void addSaturating(double[] v, int o, double ux, double uy, double uz, double k, double max) {
        add(v, o, v, o + 1, v, o + 2, ux, uy, uz, k, max);
    }

    private static void add(double[] x, int ix, double[] y, int iy, double[] z, int iz, double ux, double uy, double uz,
            double k, double max) {
        double nx = x[ix] + ux * k, ny = y[iy] + uy * k, nz = z[iz] + uz * k;
        if (Double.isFinite(nx) && Double.isFinite(ny) && Double.isFinite(nz)) {
            x[ix] = nx;
            y[iy] = ny;
            z[iz] = nz;
            return;
        }
        if (Double.isNaN(ux) || Double.isNaN(uy) || Double.isNaN(uz) || !(k >= 0)) {
            return;
        }
        double m = maxAbs(ux, uy, uz);
        if (!(m > 0)) {
            return; // a zero push times an infinite k: nothing to push
        }
        ux = scaled(ux, m);
        uy = scaled(uy, m);
        uz = scaled(uz, m);
        double f = max / Math.sqrt(ux * ux + uy * uy + uz * uz);
        x[ix] = ux * f;
        y[iy] = uy * f;
        z[iz] = uz * f;
    }

    /**
     * Adds {@code I⁻¹ (k t)} (world inverse inertia) to body {@code s}'s angular velocity as
     * {@link #addSaturating} does: the plain sum, bit for bit, when everything is finite (a torque
     * times the sub-step, an impulse's {@code r × J} with k = 1); else the angular speed limit
     * {@code max} in the direction {@code I⁻¹ t} turns it. {@code dw} is scratch of length 3.
     */
    public static void addAngularSaturating(BodyStore b, int s, double tx, double ty, double tz, double k,
            double max, double[] dw) {
        double ax = tx * k, ay = ty * k, az = tz * k;
        if (Double.isFinite(ax) && Double.isFinite(ay) && Double.isFinite(az)) {
            Inertia.applyInverseWorld(b, s, ax, ay, az, dw);
            if (Double.isFinite(dw[0]) && Double.isFinite(dw[1]) && Double.isFinite(dw[2])) {
                addSaturating(b.wx, b.wy, b.wz, s, dw[0], dw[1], dw[2], 1.0, max);
                return;
            }
        }
        if (Double.isNaN(tx) || Double.isNaN(ty) || Double.isNaN(tz) || !(k >= 0)) {
            return;
        }
        // overflowed: turn the torque's direction, then scale by its size (an infinite product saturates)
        double m = maxAbs(tx, ty, tz);
        if (!(m > 0)) {
            return;
        }
        Inertia.applyInverseWorld(b, s, scaled(tx, m), scaled(ty, m), scaled(tz, m), dw);
        addSaturating(b.wx, b.wy, b.wz, s, dw[0], dw[1], dw[2], m * k, max);
    }

    /** The largest |component| of (x, y, z) (NaN when one is NaN; +∞ when one is infinite). */
    public static double maxAbs(double x, double y, double z) {
        return Math.max(Math.abs(x), Math.max(Math.abs(y), Math.abs(z)));
    }

    /**
     * Component {@code c} of a vector whose {@link #maxAbs} is {@code m} (&gt; 0), scaled so the
     * largest is ±1: {@code c / m}, or, when {@code m} is infinite, the sign of an infinite component
     * and 0 for a finite one (the infinite components dominate, so their signs are the direction).
     * The direction of a vector that may have overflowed, for the speed limits and the saturating pushes.
     */
    public static double scaled(double c, double m) {
        if (m == Double.POSITIVE_INFINITY) {
            return Double.isInfinite(c) ? Math.signum(c) : 0;
        }
        return c / m;
    }

    /**
     * Adds the angular part of impulse J at world point p to body {@code s}: {@code I⁻¹ (r × J)}
     * with r = p - centre of mass, as {@link #addAngularSaturating}; when {@code r × J} itself
     * overflows (a 1e308 impulse at an arm of metres), it is formed from r and J scaled to unit size
     * first. {@code dw} is scratch of length 3.
     */
    public static void addImpulseSpin(BodyStore b, int s, double jx, double jy, double jz, double px, double py,
            double pz, double max, double[] dw) {
        double rx = px - b.px[s], ry = py - b.py[s], rz = pz - b.pz[s];
        double tx = ry * jz - rz * jy, ty = rz * jx - rx * jz, tz = rx * jy - ry * jx;
        if (Double.isFinite(tx) && Double.isFinite(ty) && Double.isFinite(tz)) {
            addAngularSaturating(b, s, tx, ty, tz, 1.0, max, dw);
            return;
        }
        double rm = Math.max(Math.abs(rx), Math.max(Math.abs(ry), Math.abs(rz)));
        double jm = Math.max(Math.abs(jx), Math.max(Math.abs(jy), Math.abs(jz)));
        if (!(rm > 0 && rm < Double.POSITIVE_INFINITY && jm > 0 && jm < Double.POSITIVE_INFINITY)) {
            return; // an infinite arm or impulse: no direction to turn in
        }
        rx /= rm;
        ry /= rm;
        rz /= rm;
        jx /= jm;
        jy /= jm;
        jz /= jm;
        addAngularSaturating(b, s, ry * jz - rz * jy, rz * jx - rx * jz, rx * jy - ry * jx, rm * jm, max, dw);
    }
}
