package dev.rubble.core.dynamics;

import dev.rubble.core.body.BodyStore;

/**
 * Per-body motion extras used by the integrator: speed limits and the implicit gyroscopic term
 * (motion-expanded bounds live with the bodies: {@link dev.rubble.core.body.BodyBounds}). Static helpers on the body arrays; no allocation.
 */
public final class Motion {
    private Motion() {
    }

    /** Scales the linear and angular velocity of body {@code s} down to the limits (m/s, rad/s). */
    public static void clampSpeeds(BodyStore b, int s, double maxLinear, double maxAngular) {
        double v2 = b.vx[s] * b.vx[s] + b.vy[s] * b.vy[s] + b.vz[s] * b.vz[s];
        if (v2 > maxLinear * maxLinear) {
            if (v2 == Double.POSITIVE_INFINITY) {
                // |v|² overflowed (a 1e160 impulse, a 1e308 velocity): clamp by scaling, not by squaring
                clampScaled(b.vx, b.vy, b.vz, s, maxLinear);
            } else {
                double k = maxLinear / Math.sqrt(v2);
                b.vx[s] *= k;
                b.vy[s] *= k;
                b.vz[s] *= k;
            }
        }
        double w2 = b.wx[s] * b.wx[s] + b.wy[s] * b.wy[s] + b.wz[s] * b.wz[s];
        if (w2 > maxAngular * maxAngular) {
            if (w2 == Double.POSITIVE_INFINITY) {
                clampScaled(b.wx, b.wy, b.wz, s, maxAngular);
            } else {
                double k = maxAngular / Math.sqrt(w2);
                b.wx[s] *= k;
                b.wy[s] *= k;
                b.wz[s] *= k;
            }
        }
    }

    /**
     * Sets vector {@code s} of (x, y, z) to length {@code max} in its own direction, dividing by its
     * largest component first so nothing overflows. Infinite components (the direction is lost) are
     * left alone for the non-finite guard to isolate.
     */
    private static void clampScaled(double[] x, double[] y, double[] z, int s, double max) {
        double m = Math.max(Math.abs(x[s]), Math.max(Math.abs(y[s]), Math.abs(z[s])));
        if (!(m < Double.POSITIVE_INFINITY)) {
            return;
        }
        double ux = x[s] / m, uy = y[s] / m, uz = z[s] / m;
        double k = max / Math.sqrt(ux * ux + uy * uy + uz * uz);
        x[s] = ux * k;
        y[s] = uy * k;
        z[s] = uz * k;
    }

    /**
     * Integrates the gyroscopic torque {@code -w x I w} over {@code h} for body {@code s} with one
     * Newton step of the implicit (backward Euler) equation in the principal frame, as in Catto,
     * "Numerical Methods", GDC 2015: {@code f(w) = I (w - w0) + h w x I w = 0},
     * {@code J = I + h (skew(w0) I - skew(I w0))}, {@code w = w0 - J^-1 f(w0)}. Unlike the explicit
     * term it does not gain energy, so a spinning plate stays stable; it does keep the
     * intermediate-axis (Dzhanibekov) flip. Skipped for bodies with an infinite principal inertia.
     */
    public static void gyroscopic(BodyStore b, int s, double h) {
        if (b.invIx[s] == 0 || b.invIy[s] == 0 || b.invIz[s] == 0) {
            return;
        }
        // r = q * iq: principal frame to world
        double ax = b.qx[s], ay = b.qy[s], az = b.qz[s], aw = b.qw[s];
        double bx = b.iqx[s], by = b.iqy[s], bz = b.iqz[s], bw = b.iqw[s];
        double rx = aw * bx + ax * bw + ay * bz - az * by;
        double ry = aw * by - ax * bz + ay * bw + az * bx;
        double rz = aw * bz + ax * by - ay * bx + az * bw;
        double rw = aw * bw - ax * bx - ay * by - az * bz;
        double wx = b.wx[s], wy = b.wy[s], wz = b.wz[s];
        // to principal frame: conj(r)
        double x = rot(-rx, -ry, -rz, rw, wx, wy, wz, 0);
        double y = rot(-rx, -ry, -rz, rw, wx, wy, wz, 1);
        double z = rot(-rx, -ry, -rz, rw, wx, wy, wz, 2);
        double ix = 1 / b.invIx[s], iy = 1 / b.invIy[s], iz = 1 / b.invIz[s];
        double lx = ix * x, ly = iy * y, lz = iz * z;
        // f = h * w x (I w)
        double fx = h * (y * lz - z * ly), fy = h * (z * lx - x * lz), fz = h * (x * ly - y * lx);
        // J = I + h (skew(w) I - skew(I w)); skew(a) = [[0,-az,ay],[az,0,-ax],[-ay,ax,0]]
        double j00 = ix, j01 = h * (-z * iy + lz), j02 = h * (y * iz - ly);
        double j10 = h * (z * ix - lz), j11 = iy, j12 = h * (-x * iz + lx);
        double j20 = h * (-y * ix + ly), j21 = h * (x * iy - lx), j22 = iz;
        // solve J d = f by Cramer's rule
        double c00 = j11 * j22 - j12 * j21, c01 = j12 * j20 - j10 * j22, c02 = j10 * j21 - j11 * j20;
        double det = j00 * c00 + j01 * c01 + j02 * c02;
        if (det == 0 || !Double.isFinite(det)) {
            return;
        }
        double inv = 1 / det;
        double dx = inv * (fx * c00 + fy * (j02 * j21 - j01 * j22) + fz * (j01 * j12 - j02 * j11));
        double dy = inv * (fx * c01 + fy * (j00 * j22 - j02 * j20) + fz * (j02 * j10 - j00 * j12));
        double dz = inv * (fx * c02 + fy * (j01 * j20 - j00 * j21) + fz * (j00 * j11 - j01 * j10));
        x -= dx;
        y -= dy;
        z -= dz;
        b.wx[s] = rot(rx, ry, rz, rw, x, y, z, 0);
        b.wy[s] = rot(rx, ry, rz, rw, x, y, z, 1);
        b.wz[s] = rot(rx, ry, rz, rw, x, y, z, 2);
    }

    private static double rot(double ux, double uy, double uz, double w, double x, double y, double z, int axis) {
        double tx = 2 * (uy * z - uz * y), ty = 2 * (uz * x - ux * z), tz = 2 * (ux * y - uy * x);
        return switch (axis) {
            case 0 -> x + w * tx + (uy * tz - uz * ty);
            case 1 -> y + w * ty + (uz * tx - ux * tz);
            default -> z + w * tz + (ux * ty - uy * tx);
        };
    }
}
