package dev.rubble.core.dynamics;

import dev.rubble.core.body.BodyBounds;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Inertia;
import dev.rubble.core.body.Velocities;

/**
 * Per-body motion extras used by the integrator: speed limits, the momentum-conserving gyroscopic
 * term and the first-step look-ahead (the bounds helpers themselves live with the bodies:
 * {@link BodyBounds}). Static helpers on the body arrays; no allocation.
 */
public final class Motion {
    private Motion() {
    }

    /** Scales the linear and angular velocity of body {@code s} down to the limits (m/s, rad/s). */
    public static void clampSpeeds(BodyStore b, int s, double maxLinear, double maxAngular) {
        clamp(b.vx, s, b.vy, s, b.vz, s, maxLinear);
        clamp(b.wx, s, b.wy, s, b.wz, s, maxAngular);
    }

    /**
     * {@link #clampSpeeds(BodyStore, int, double, double)} on a packed velocity: {@code v[o..o+2]} linear,
     * {@code v[o+3..o+5]} angular (the contact solver's layout), with the same arithmetic.
     */
    static void clampSpeeds(double[] v, int o, double maxLinear, double maxAngular) {
        clamp(v, o, v, o + 1, v, o + 2, maxLinear);
        clamp(v, o + 3, v, o + 4, v, o + 5, maxAngular);
    }

    /**
     * Scales the vector ({@code xa[xi]}, {@code ya[yi]}, {@code za[zi]}) down to length {@code max} when it is longer.
     * When its squared length overflows (a 1e160 impulse, a 1e308 velocity) it is set to length {@code max} in its own
     * direction by dividing by its largest component first, so nothing overflows; infinite components dominate the
     * finite ones, so their signs are the direction (gravity times a gravity scale can overflow: 1e308 m/s² at scale
     * 1e308); a NaN is left alone for the non-finite guard to isolate.
     */
    private static void clamp(double[] xa, int xi, double[] ya, int yi, double[] za, int zi, double max) {
        double x = xa[xi], y = ya[yi], z = za[zi];
        double v2 = x * x + y * y + z * z;
        if (!(v2 > max * max)) {
            return;
        }
        if (v2 == Double.POSITIVE_INFINITY) {
            double m = Velocities.maxAbs(x, y, z);
            if (Double.isNaN(m) || Double.isNaN(x) || Double.isNaN(y) || Double.isNaN(z)) {
                return;
            }
            x = Velocities.scaled(x, m);
            y = Velocities.scaled(y, m);
            z = Velocities.scaled(z, m);
            v2 = x * x + y * y + z * z;
        }
        double k = max / Math.sqrt(v2);
        xa[xi] = x * k;
        ya[yi] = y * k;
        za[zi] = z * k;
    }

    /**
     * Scales a kinematic body's velocities down to the speed limits when they are set (created, or
     * by a command): the integrator clamps dynamic bodies only, and a kinematic body moved by a
     * 1e308 m/s velocity reached an infinite position within a hundred steps. Targets
     * ({@link dev.rubble.core.body.Kinematics#setTarget}) are not limited: the body arrives exactly.
     */
    public static void limitKinematic(BodyStore b, int s, DynamicsSettings ds) {
        if (b.motion[s] == (byte) dev.rubble.core.body.MotionType.KINEMATIC.ordinal()) {
            clampSpeeds(b, s, ds.maxLinearSpeed(), ds.maxAngularSpeed());
        }
    }

    /**
     * Relative rounding allowed between what the gyroscopic term's first half took and what its second
     * half gives back before the give-back is limited (the two are equal in exact arithmetic for a
     * torque-free body; the halves read w in frames a sub-step apart, so they differ by ~1e-15).
     */
    static final double GIVE_BACK_TOLERANCE = 1e-9;

    /** Newton iterations at most for the gyroscopic update (it converges in 2-4 at |w| h below 1). */
    static final int GYRO_ITERATIONS = 6;

    /** Damped Newton iterations at most after {@link #GYRO_ITERATIONS} plain ones found no root (fuzz18). */
    static final int GYRO_DAMPED_ITERATIONS = 40;

    /** Halvings of a damped Newton step at most before the search gives up. */
    static final int GYRO_HALVINGS = 20;

    /** A root of the damped search: |f|² at most this times |L0|² (|f| to 1e-12 of |L0|). */
    static final double GYRO_RESIDUAL2 = 1e-24;

    /**
     * Gyroscopic term, first half: turns body {@code s}'s angular velocity into the one it turns
     * with over the sub-step {@code h}; {@link #gyroscopicEnd} after the sub-step turns it back into
     * the body's angular velocity at the sub-step's end. Together they conserve the angular momentum
     * and the rotational energy of a torque-free body exactly (to the Newton tolerance).
     *
     * <p>The pipeline turns the orientation by {@code q += h/2 (w, 0) q} and renormalises: exactly
     * the Cayley map, {@code R1 = R0 cay(h W)} with {@code cay(h W) = (1 - hW/2)^-1 (1 + hW/2)}
     * (W = skew(w) in the principal frame). The momentum L in the principal frame then changes
     * from {@code L0} to {@code L1 = cay(-h W) L0} if the world momentum is kept. Choosing w as the
     * midpoint {@code I w = (L0 + L1) / 2} makes this the implicit midpoint rule of Euler's
     * equations, which keeps both quadratic invariants |L| and {@code L . I^-1 L}:
     * <pre>
     *   start:  f(w) = I w + h/2 w x I w - L0 = 0      (Newton from w0, J = I + h/2 (skew(w) I - skew(I w)))
     *   end:    L1 = I w - h/2 w x I w,   w1 = I^-1 L1
     * </pre>
     * (Proof: {@code cay(hW) L1 = (1 - hW/2)^-1 (1 + hW/2)(1 - hW/2) I w = (1 + hW/2) I w = L0}, and
     * {@code E0 - E1 = (L0 - L1) . I^-1 (L0 + L1) / 2 = h (w x I w) . w = 0}.) Measured on a free
     * 1 x 0.4 x 0.2 m box spinning about a tilted axis, 600 steps at 60 Hz: L and the energy within
     * 1e-9. The implicit (backward Euler) term this replaced (Catto, GDC 2015) lost 27 % of |L| and
     * 46 % of the energy on that box; without any gyroscopic term w stays constant and L's direction
     * wanders by 32 %. Contact impulses act on the sub-step's w, as they should. Cost: a Newton solve
     * (3x3) per awake dynamic body and sub-step plus the end pass. Skipped for bodies with an
     * infinite principal inertia.
     */
    public static void gyroscopic(BodyStore b, int s, double h) {
        b.gyroTaken[s] = 0;
        if (noGyroscopicTorque(b, s)) {
            return;
        }
        double wx = b.wx[s], wy = b.wy[s], wz = b.wz[s];
        // r = q * iq: principal frame to world
        double rx = Inertia.principalX(b, s), ry = Inertia.principalY(b, s);
        double rz = Inertia.principalZ(b, s), rw = Inertia.principalW(b, s);
        // to principal frame: conj(r)
        double x = rot(-rx, -ry, -rz, rw, wx, wy, wz, 0);
        double y = rot(-rx, -ry, -rz, rw, wx, wy, wz, 1);
        double z = rot(-rx, -ry, -rz, rw, wx, wy, wz, 2);
        double ix = 1 / b.invIx[s], iy = 1 / b.invIy[s], iz = 1 / b.invIz[s];
        final double lx = ix * x, ly = iy * y, lz = iz * z; // L0
        final double hh = 0.5 * h;
        final double tol2 = 1e-24 * (x * x + y * y + z * z);
        boolean converged = false;
        for (int it = 0; it < GYRO_ITERATIONS; it++) {
            double px = ix * x, py = iy * y, pz = iz * z;           // I w
            // f = I w - L0 + h/2 w x I w
            double fx = px - lx + hh * (y * pz - z * py);
            double fy = py - ly + hh * (z * px - x * pz);
            double fz = pz - lz + hh * (x * py - y * px);
            // J = I + h/2 (skew(w) I - skew(I w)); skew(a) = [[0,-az,ay],[az,0,-ax],[-ay,ax,0]]
            double j00 = ix, j01 = hh * (-z * iy + pz), j02 = hh * (y * iz - py);
            double j10 = hh * (z * ix - pz), j11 = iy, j12 = hh * (-x * iz + px);
            double j20 = hh * (-y * ix + py), j21 = hh * (x * iy - px), j22 = iz;
            // J d = f by Cramer's rule
            double c00 = j11 * j22 - j12 * j21, c01 = j12 * j20 - j10 * j22, c02 = j10 * j21 - j11 * j20;
            double det = j00 * c00 + j01 * c01 + j02 * c02;
            if (det == 0 || !Double.isFinite(det)) {
                return; // leave w unchanged
            }
            double inv = 1 / det;
            double dx = inv * (fx * c00 + fy * (j02 * j21 - j01 * j22) + fz * (j01 * j12 - j02 * j11));
            double dy = inv * (fx * c01 + fy * (j00 * j22 - j02 * j20) + fz * (j02 * j10 - j00 * j12));
            double dz = inv * (fx * c02 + fy * (j01 * j20 - j00 * j21) + fz * (j00 * j11 - j01 * j10));
            x -= dx;
            y -= dy;
            z -= dz;
            if (dx * dx + dy * dy + dz * dz <= tol2) {
                converged = true;
                break;
            }
        }
        if (!converged) {
            // Past |w| h of about 2.5 the plain iterations can cycle or leave the root's basin, and the w they stop
            // at is no solution: its energy is not E0 minus what this half says it took, and the second half gave
            // that back on top (fuzz18, seed 50287: a 471 kg flake hull tumbling at 80–100 rad/s at 1/30 s gained
            // 1 767 J in a step of free flight; a free flake spinning at 95 rad/s rose 12 % above its start). Damped
            // Newton from where they stopped (each step halved until the residual falls); if that finds no root
            // either, the body keeps its w over this sub-step, without the term: that keeps its energy exactly
            // (it turns about w), only the direction of L drifts.
            double f2 = 0;
            for (int it = 0; it < GYRO_DAMPED_ITERATIONS && !converged; it++) {
                double px = ix * x, py = iy * y, pz = iz * z;
                double fx = px - lx + hh * (y * pz - z * py);
                double fy = py - ly + hh * (z * px - x * pz);
                double fz = pz - lz + hh * (x * py - y * px);
                f2 = fx * fx + fy * fy + fz * fz;
                if (f2 <= GYRO_RESIDUAL2 * (lx * lx + ly * ly + lz * lz)) {
                    converged = true;
                    break;
                }
                double j00 = ix, j01 = hh * (-z * iy + pz), j02 = hh * (y * iz - py);
                double j10 = hh * (z * ix - pz), j11 = iy, j12 = hh * (-x * iz + px);
                double j20 = hh * (-y * ix + py), j21 = hh * (x * iy - px), j22 = iz;
                double c00 = j11 * j22 - j12 * j21, c01 = j12 * j20 - j10 * j22, c02 = j10 * j21 - j11 * j20;
                double det = j00 * c00 + j01 * c01 + j02 * c02;
                if (det == 0 || !Double.isFinite(det)) {
                    break;
                }
                double inv = 1 / det;
                double dx = inv * (fx * c00 + fy * (j02 * j21 - j01 * j22) + fz * (j01 * j12 - j02 * j11));
                double dy = inv * (fx * c01 + fy * (j00 * j22 - j02 * j20) + fz * (j02 * j10 - j00 * j12));
                double dz = inv * (fx * c02 + fy * (j01 * j20 - j00 * j21) + fz * (j00 * j11 - j01 * j10));
                boolean fell = false;
                for (int k = 0; k < GYRO_HALVINGS && !fell; k++) {
                    double nx = x - dx, ny = y - dy, nz = z - dz;
                    double qx = ix * nx, qy = iy * ny, qz = iz * nz;
                    double ex = qx - lx + hh * (ny * qz - nz * qy);
                    double ey = qy - ly + hh * (nz * qx - nx * qz);
                    double ez = qz - lz + hh * (nx * qy - ny * qx);
                    if (ex * ex + ey * ey + ez * ez < f2) {
                        x = nx;
                        y = ny;
                        z = nz;
                        fell = true;
                    }
                    dx *= 0.5;
                    dy *= 0.5;
                    dz *= 0.5;
                }
                if (!fell) {
                    break;
                }
            }
            if (!converged) {
                return; // w as it was, nothing taken
            }
        }
        if (!Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(z)) {
            return;
        }
        // what this half took: E0 - E(w) = (h²/8) g . I⁻¹ g with g = w x I w (from I w = L0 - h/2 g; the
        // cross term h/2 w . g is 0), which the second half gives back when nothing else acts
        double gx = y * iz * z - z * iy * y, gy = z * ix * x - x * iz * z, gz = x * iy * y - y * ix * x;
        b.gyroTaken[s] = h * h / 8 * (gx * gx * b.invIx[s] + gy * gy * b.invIy[s] + gz * gz * b.invIz[s]);
        b.wx[s] = rot(rx, ry, rz, rw, x, y, z, 0);
        b.wy[s] = rot(rx, ry, rz, rw, x, y, z, 1);
        b.wz[s] = rot(rx, ry, rz, rw, x, y, z, 2);
    }

    /**
     * Equal principal inertias (spheres, cubes): {@code w x I w = 0}, so both halves of the
     * gyroscopic term leave w exactly as it is and are skipped (measured: the bench spheres scene
     * was 12 % slower with them run).
     */
    /**
     * Whether body {@code s} has no gyroscopic torque to integrate: an infinite principal inertia,
     * equal principal inertias ({@code w x I w = 0} exactly), or no spin.
     */
    private static boolean noGyroscopicTorque(BodyStore b, int s) {
        return b.invIx[s] == 0 || b.invIy[s] == 0 || b.invIz[s] == 0 || isotropic(b, s)
                || b.wx[s] == 0 && b.wy[s] == 0 && b.wz[s] == 0;
    }

    private static boolean isotropic(BodyStore b, int s) {
        return b.invIx[s] == b.invIy[s] && b.invIy[s] == b.invIz[s];
    }

    /**
     * Gyroscopic term, second half (after the sub-step's orientation update and relax):
     * {@code L1 = I w - h/2 w x I w}, {@code w1 = I^-1 L1} in the principal frame (see
     * {@link #gyroscopic}).
     */
    public static void gyroscopicEnd(BodyStore b, int s, double h) {
        double taken = b.gyroTaken[s];
        b.gyroTaken[s] = 0;
        if (noGyroscopicTorque(b, s)) {
            return;
        }
        double wx = b.wx[s], wy = b.wy[s], wz = b.wz[s];
        double rx = Inertia.principalX(b, s), ry = Inertia.principalY(b, s);
        double rz = Inertia.principalZ(b, s), rw = Inertia.principalW(b, s);
        double x = rot(-rx, -ry, -rz, rw, wx, wy, wz, 0);
        double y = rot(-rx, -ry, -rz, rw, wx, wy, wz, 1);
        double z = rot(-rx, -ry, -rz, rw, wx, wy, wz, 2);
        double ix = 1 / b.invIx[s], iy = 1 / b.invIy[s], iz = 1 / b.invIz[s];
        double px = ix * x, py = iy * y, pz = iz * z;
        double hh = 0.5 * h;
        double gx = y * pz - z * py, gy = z * px - x * pz, gz = x * py - y * px; // g = w x I w
        // This half adds (h²/8) g . I⁻¹ g to the rotational energy (the cross term w . g is 0); for a
        // torque-free body that is exactly what the first half took. Contact impulses between the halves
        // change w, and then it can be far more: a needle 1 m long and 10 µm thick (inertias 1e-9 apart)
        // lying on the ground gained energy every step and spun up to 5e6 rad/s. The term does no work,
        // so the pair may not add energy: past what the first half took, the correction is scaled down.
        double gives = h * h / 8 * (gx * gx * b.invIx[s] + gy * gy * b.invIy[s] + gz * gz * b.invIz[s]);
        if (gives > taken * (1 + GIVE_BACK_TOLERANCE)) {
            hh *= Math.sqrt(taken / gives);
        }
        double nx = (px - hh * gx) * b.invIx[s];
        double ny = (py - hh * gy) * b.invIy[s];
        double nz = (pz - hh * gz) * b.invIz[s];
        b.wx[s] = rot(rx, ry, rz, rw, nx, ny, nz, 0);
        b.wy[s] = rot(rx, ry, rz, rw, nx, ny, nz, 1);
        b.wz[s] = rot(rx, ry, rz, rw, nx, ny, nz, 2);
    }

    private static double rot(double ux, double uy, double uz, double w, double x, double y, double z, int axis) {
        double tx = 2 * (uy * z - uz * y), ty = 2 * (uz * x - ux * z), tz = 2 * (ux * y - uy * x);
        return switch (axis) {
            case 0 -> x + w * tx + (uy * tz - uz * ty);
            case 1 -> y + w * ty + (uz * tx - ux * tz);
            default -> z + w * tz + (ux * ty - uy * tx);
        };
    }

    /**
     * Tight bounds of body {@code s} at its pose, grown by its motion over {@code dt}
     * ({@link BodyBounds#expandBounds}). Called wherever a body enters a step moving without having been
     * through the end of a step (created, spawned, velocity set, impulsed, kinematic target set):
     * otherwise its bounds are the tight ones, the broadphase finds nothing in its path and it
     * passes through whatever lies within one step of motion (issue 11: a 20 m/s sphere created
     * 0.3 m above a 0.1 m plate fell through it; at 250-400 m/s through a 1 m slab).
     */
    public static void lookAhead(BodyStore b, int s, double dt) {
        b.updateBounds(s);
        BodyBounds.expandBounds(b, s, dt);
    }

}
