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
        boolean dynamic = b.motion[s] == MotionType.DYNAMIC.ordinal();
        if (w2 != 0) {
            // a spinning body's points move up to |w| R dt in any direction this step; a spin too large to square
            // (|w| above 1.3e154 rad/s, set by a caller) is clamped to maxAngularSpeed before a dynamic body moves
            // (Motion.clampSpeeds), so it looks ahead at the limit (its infinite bounds could not be restored from
            // a snapshot). A finite |w| looks ahead as it is, above the limit too: the solve may keep it there
            double w = Math.sqrt(w2);
            inflate(bo, o, (dynamic && w == Double.POSITIVE_INFINITY ? b.maxAngularSpeed : w) * reach(b, s) * dt);
        }
        double vx = b.vx[s], vy = b.vy[s], vz = b.vz[s];
        if (dynamic && vx * vx + vy * vy + vz * vz == Double.POSITIVE_INFINITY) {
            // the same for a velocity too large to square: along its direction, at maxLinearSpeed
            double m = Math.max(Math.abs(vx), Math.max(Math.abs(vy), Math.abs(vz)));
            if (m < Double.POSITIVE_INFINITY) {
                vx /= m;
                vy /= m;
                vz /= m;
                double k = b.maxLinearSpeed / Math.sqrt(vx * vx + vy * vy + vz * vz);
                vx *= k;
                vy *= k;
                vz *= k;
            }
        }
        sweep(bo, o, vx * dt, vy * dt, vz * dt);
        // what gravity adds within the step: at most g gs dt^2 (symplectic Euler over n sub-steps moves
        // g dt^2 (n + 1) / 2n), at every step. The narrowphase's base margin covers it within a pair
        // (NarrowphaseStage.pairMargin adds only what exceeds it), but only a pair the broadphase found: these
        // bounds are how it finds them. Before, a body resting 4.5 m above a 1 m slab with dt = 1 s fell through
        // it unseen, and (fuzz15e) below 2 cm of fall a body stopped by speculative contacts a fraction of a
        // millimetre above the ground had no pair in the next step and fell g dt^2 3/4 = 8.2 mm into it at 1/30 s
        // and two sub-steps, the push-out lifting it back: seed 20811, +219 J (GravityGapTest)
        double reach = gravityReach(b, s, dt);
        if (reach > 0) {
            // along gravity (times the sign of the body's scale), reach long
            double g = Math.sqrt(b.gravityX * b.gravityX + b.gravityY * b.gravityY + b.gravityZ * b.gravityZ);
            double k = Math.copySign(reach / g, b.gravityScale[s]);
            sweep(bo, o, b.gravityX * k, b.gravityY * k, b.gravityZ * k);
        }
        // what this step's force adds, as gravity (fuzz12): the accumulators hold it from the COMMANDS and
        // FIELDS slots until the end of the step, so this counts only for bodies looked ahead in between (the
        // end-of-step bounds see none). Before, a force that gave 150 m/s within one step carried a body
        // through a wall the step's velocity look-ahead never reached (ForceLookAheadTest). At every size, as
        // gravity's (mesh16): below 2 cm a body at rest 1 mm from a wall, pushed on by a force, had no pair with it
        // and ended the step up to 1.3 cm inside it (ForceGapTest)
        double turn = torqueReach(b, s, dt);
        if (turn > GRAVITY_REACH_FLOOR) {
            inflate(bo, o, turn); // the spin a torque adds within the step: every way, as the spin's own (past the floor:
            // a torque's smaller turn did not carry a body into a wall, ForceGapTest's plank)
        }
        double push = forceReach(b, s, dt);
        if (push > 0) {
            double fx = b.fx[s], fy = b.fy[s], fz = b.fz[s];
            double f = Math.sqrt(fx * fx + fy * fy + fz * fz);
            if (f > 0 && f < Double.POSITIVE_INFINITY) {
                double k = push / f;
                sweep(bo, o, fx * k, fy * k, fz * k);
            } else { // a direction too large to square: every way
                inflate(bo, o, push);
            }
        }
        if (!(bo[o + 3] - bo[o] + (bo[o + 4] - bo[o + 1]) + (bo[o + 5] - bo[o + 2]) < Double.POSITIVE_INFINITY)) {
            saturate(bo, o); // a reach past the largest double (a 1e300 m body spinning): bounds stay finite
        }
    }

    /**
     * Bounds that overflowed to an infinity become the largest finite value of that sign: the broadphase takes them
     * as they are, and a snapshot (which refuses infinite bounds as damage) can hold and restore them. A NaN is left
     * for the non-finite guard.
     */
    private static void saturate(double[] bo, int o) {
        for (int k = o; k < o + 6; k++) {
            if (bo[k] == Double.POSITIVE_INFINITY) {
                bo[k] = Double.MAX_VALUE;
            } else if (bo[k] == Double.NEGATIVE_INFINITY) {
                bo[k] = -Double.MAX_VALUE;
            }
        }
    }

    /** Grows the box {@code bo[o..o+6)} (min x, y, z, max x, y, z) by {@code r} on every side. */
    private static void inflate(double[] bo, int o, double r) {
        bo[o] -= r;
        bo[o + 1] -= r;
        bo[o + 2] -= r;
        bo[o + 3] += r;
        bo[o + 4] += r;
        bo[o + 5] += r;
    }

    /** Grows the box {@code bo[o..o+6)} (min x, y, z, max x, y, z) by the displacement (dx, dy, dz) on the side it points to. */
    private static void sweep(double[] bo, int o, double dx, double dy, double dz) {
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

    /**
     * Whether body {@code s}'s bounds must be looked ahead again when a force or torque is added this step (fuzz12):
     * a force that moves it at all within the step ({@link #forceReach} above 0), as gravity's fall is always in them,
     * or a torque whose turn passes {@link #GRAVITY_REACH_FLOOR} ({@link #torqueReach}). The force counted only past
     * that floor until mesh16, on the belief that the narrowphase's margin covers less; the margin acts only on pairs
     * the bounds found, and a box at rest 1 mm from a wall pushed on at 50 m/s² had none, and ended its 60 Hz step
     * 1.29 cm inside it ({@code ForceGapTest}). A torque's turn under the floor did not fail the same way (the test's
     * plank turned onto the wall from 1 mm ends touching it either way) and keeps the old path.
     */
    public static boolean pushOutrunsMargin(BodyStore b, int s, double dt) {
        return forceReach(b, s, dt) > 0 || torqueReach(b, s, dt) > GRAVITY_REACH_FLOOR;
    }

    /**
     * How far the spin body {@code s}'s torque accumulator adds within a step of {@code dt} moves its farthest point,
     * metres: {@code |τ| / I_min · dt · dt · reach} (the torque's angular velocity, through the body's largest principal
     * inverse inertia, over the step), the spin at most {@code maxAngularSpeed}; 0 without a torque or for a body that is
     * not dynamic. The turn a torque starts within the step, as {@link #forceReach} is the push a force gives
     * (docs/dynamics.md, "Fast turns").
     */
    public static double torqueReach(BodyStore b, int s, double dt) {
        if (!b.anyForced()) {
            return 0;
        }
        double tx = b.tx[s], ty = b.ty[s], tz = b.tz[s];
        if ((tx == 0 && ty == 0 && tz == 0) || b.motion[s] != MotionType.DYNAMIC.ordinal()) {
            return 0;
        }
        double inv = Math.max(b.invIx[s], Math.max(b.invIy[s], b.invIz[s]));
        double spin = Math.sqrt(tx * tx + ty * ty + tz * tz) * inv * dt;
        double cap = b.maxAngularSpeed;
        return (spin < cap ? spin : cap) * dt * reach(b, s); // an overflowing or NaN spin is capped
    }

    /**
     * How far body {@code s}'s force accumulator can move it within a step of {@code dt}, metres:
     * {@code |F| / m · dt²} (symplectic Euler over n sub-steps moves {@code F/m dt² (n + 1) / 2n} of it), at
     * most {@code maxLinearSpeed dt}; 0 for a body without a force this step or that is not dynamic.
     */
    public static double forceReach(BodyStore b, int s, double dt) {
        if (!b.anyForced()) {
            return 0; // no force this step anywhere (one field read per pair in the narrowphase, not three arrays)
        }
        double fx = b.fx[s], fy = b.fy[s], fz = b.fz[s];
        if ((fx == 0 && fy == 0 && fz == 0) || b.motion[s] != MotionType.DYNAMIC.ordinal()) {
            return 0;
        }
        double push = Math.sqrt(fx * fx + fy * fy + fz * fz) * b.invMass[s] * dt * dt;
        double cap = b.maxLinearSpeed * dt;
        return push < cap ? push : cap; // an overflowing or NaN push is capped
    }

    /**
     * A force's or torque's travel within a step below which a command or field does not look the body ahead again,
     * metres: the narrowphase's default speculative margin (NarrowphaseStage.DEFAULT_MARGIN), which absorbs it within
     * a pair the step's bounds found. Gravity's travel is always in the bounds (fuzz15e: below this it was not, and a
     * body resting a hair above the ground had no pair; {@link #expandBounds}).
     */
    public static final double GRAVITY_REACH_FLOOR = 0.02;

    /**
     * How far gravity can move body {@code s} within a step of {@code dt}, metres: {@code |g gs| dt²} for a
     * dynamic body, at most {@code maxLinearSpeed dt}; 0 for the others.
     */
    public static double gravityReach(BodyStore b, int s, double dt) {
        if (b.motion[s] != MotionType.DYNAMIC.ordinal()) {
            return 0;
        }
        double g = Math.sqrt(b.gravityX * b.gravityX + b.gravityY * b.gravityY + b.gravityZ * b.gravityZ);
        double fall = g * Math.abs(b.gravityScale[s]) * dt * dt;
        double cap = b.maxLinearSpeed * dt; // the speed limit binds after gravity: no step moves a body farther
        return fall < cap ? fall : cap; // (a NaN can't arise: g and the scale are finite; an overflow is capped)
    }
}
