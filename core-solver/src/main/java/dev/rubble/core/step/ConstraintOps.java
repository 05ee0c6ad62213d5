package dev.rubble.core.step;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Inertia;
import dev.rubble.core.command.Command;
import dev.rubble.core.dynamics.ConstraintSolver;
import dev.rubble.core.dynamics.ConstraintStore;
import dev.rubble.spi.constraint.ConstraintFrame;
import dev.rubble.spi.constraint.ConstraintType;

/** Applies the constraint commands (issue 29) to a context's {@link ConstraintStore}. */
public final class ConstraintOps {
    private ConstraintOps() {
    }

    /**
     * Creates the constraint of {@code a} between slots {@code sa} and {@code sb} (-1 = the world):
     * frames fixed to the bodies, parameters derived and checked; wakes both bodies.
     *
     * @throws IllegalArgumentException naming what is wrong; the store is unchanged then
     */
    public static void add(StepContext ctx, Command.AddConstraint a, int sa, int sb) {
        BodyStore b = ctx.bodies;
        ConstraintStore st = ctx.constraints;
        ConstraintType type = st.type(a.type());
        if (a.params().length != type.parameters().size()) {
            throw new IllegalArgumentException("constraint '" + a.type() + "' params has " + a.params().length
                    + " numbers; allowed: " + type.parameters().size() + " " + type.parameters());
        }
        if (st.indexOf(a.id()) >= 0) {
            throw new IllegalArgumentException("constraint id " + a.id() + " exists");
        }
        double[] fa = a.frameA().clone(), fb = a.frameB().clone();
        normalise(fa);
        normalise(fb);
        if (a.worldFrames()) {
            toLocal(b, sa, fa);
            if (sb >= 0) {
                toLocal(b, sb, fb);
            }
        }
        long hb = sb < 0 ? ConstraintStore.WORLD : b.handle(sb);
        int i = st.add(Math.max(a.id(), 1), a.type(), b.handle(sa), hb, fa, fb, a.params(), a.breakForce(),
                a.breakTorque(), a.collideConnected());
        try {
            ConstraintFrame f = new ConstraintFrame();
            ConstraintSolver.fill(b, st, i, f, new double[4]);
            f.h = ctx.settings.dt() / ctx.settings.subSteps();
            type.initialise(f, st.params[i]);
            type.check(st.params[i]);
        } catch (RuntimeException e) {
            st.removeAt(i);
            throw new IllegalArgumentException("constraint " + a.id() + " (" + a.type() + "): " + e.getMessage(), e);
        }
        ctx.states.wakeAndRestart(sa);
        if (sb >= 0) {
            ctx.states.wakeAndRestart(sb);
        }
    }

    /**
     * Checks {@code a} as {@link #add} would at the bodies' current poses, on a scratch store: the
     * world is unchanged.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static void validate(StepContext ctx, Command.AddConstraint a, int sa, int sb) {
        ConstraintStore st = ctx.constraints.emptyLike();
        ConstraintType type = st.type(a.type());
        if (a.params().length != type.parameters().size()) {
            throw new IllegalArgumentException("constraint '" + a.type() + "' params has " + a.params().length
                    + " numbers; allowed: " + type.parameters().size() + " " + type.parameters());
        }
        double[] fa = a.frameA().clone(), fb = a.frameB().clone();
        normalise(fa);
        normalise(fb);
        BodyStore b = ctx.bodies;
        if (a.worldFrames()) {
            toLocal(b, sa, fa);
            if (sb >= 0) {
                toLocal(b, sb, fb);
            }
        }
        int i = st.add(1, a.type(), b.handle(sa), sb < 0 ? ConstraintStore.WORLD : b.handle(sb), fa, fb, a.params(),
                a.breakForce(), a.breakTorque());
        try {
            ConstraintFrame f = new ConstraintFrame();
            ConstraintSolver.fill(b, st, i, f, new double[4]);
            f.h = ctx.settings.dt() / ctx.settings.subSteps();
            type.initialise(f, st.params[i]);
            type.check(st.params[i]);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("constraint (" + a.type() + "): " + e.getMessage(), e);
        }
    }

    /** Removes constraint {@code id} if it exists, waking its live bodies. */
    public static void remove(StepContext ctx, int id) {
        ConstraintStore st = ctx.constraints;
        int i = st.indexOf(id);
        if (i < 0) {
            return;
        }
        wakeBodies(ctx, i);
        st.removeAt(i);
    }

    /** Wakes constraint {@code i}'s live bodies and starts their rest time again. */
    static void wakeBodies(StepContext ctx, int i) {
        ConstraintStore st = ctx.constraints;
        BodyStore b = ctx.bodies;
        for (long h : new long[] {st.bodyA[i], st.bodyB[i]}) {
            int s = (int) h;
            if (h != ConstraintStore.WORLD && s < b.slotLimit() && b.isLive(s) && b.generation[s] == (int) (h >>> 32)) {
                ctx.states.wakeAndRestart(s); // the pair may collide again (collideConnected false)
            }
        }
    }

    private static void normalise(double[] f) {
        double n = Math.sqrt(f[3] * f[3] + f[4] * f[4] + f[5] * f[5] + f[6] * f[6]);
        for (int k = 3; k < 7; k++) {
            f[k] /= n;
        }
    }

    /** A world frame (anchor, orientation) into slot s's body frame (anchor from the body origin). */
    static void toLocal(BodyStore b, int s, double[] f) {
        double qx = b.qx[s], qy = b.qy[s], qz = b.qz[s], qw = b.qw[s];
        double dx = f[0] - b.px[s], dy = f[1] - b.py[s], dz = f[2] - b.pz[s];
        double lx = Inertia.rotX(-qx, -qy, -qz, qw, dx, dy, dz) + b.lcx[s];
        double ly = Inertia.rotY(-qx, -qy, -qz, qw, dx, dy, dz) + b.lcy[s];
        double lz = Inertia.rotZ(-qx, -qy, -qz, qw, dx, dy, dz) + b.lcz[s];
        // conj(q_body) * q_world
        double ax = -qx, ay = -qy, az = -qz, aw = qw;
        double bx = f[3], by = f[4], bz = f[5], bw = f[6];
        f[0] = lx;
        f[1] = ly;
        f[2] = lz;
        f[3] = aw * bx + ax * bw + ay * bz - az * by;
        f[4] = aw * by - ax * bz + ay * bw + az * bx;
        f[5] = aw * bz + ax * by - ay * bx + az * bw;
        f[6] = aw * bw - ax * bx - ay * by - az * bz;
    }
}
