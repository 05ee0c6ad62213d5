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
        placeCarried(ctx, sa, sb);
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
        wake(ctx, sa);
        if (sb >= 0) {
            wake(ctx, sb);
        }
    }

    /**
     * Wakes body slot {@code s} and starts its rest time again; a body welded into a cluster union also
     * wakes its union's body, which moves for it (issue 29: a member is disabled, so waking it alone left a
     * sleeping union asleep under a joint just added to, removed from or broken off its member).
     */
    static void wake(StepContext ctx, int s) {
        ctx.states.wakeAndRestart(s);
        dev.rubble.core.destruction.Unions un = ctx.destruction.unions();
        if (un.any()) {
            long u = un.carrierOf(ctx.bodies.handle(s));
            if (u >= 0) {
                ctx.states.wakeAndRestart((int) u);
            }
        }
    }

    /**
     * Bodies sa and sb (-1: the world) welded into a cluster union take the pose and velocity their union's
     * body carries them at now (issue 29), before a constraint's world frames are taken into their frames
     * and its parameters derived from where its anchors are: a member's own disabled body is synced only in
     * the DESTRUCTION slot, so a union moved in this COMMANDS slot (a pose set on a member) left it where it
     * was, and a joint added to it in the same step took its frame from there and pulled the union back.
     * Between steps, and for any other body, nothing changes (the same bits).
     */
    private static void placeCarried(StepContext ctx, int sa, int sb) {
        dev.rubble.core.destruction.Unions un = ctx.destruction.unions();
        if (un.any()) {
            un.syncMember(ctx.bodies.handle(sa));
            if (sb >= 0) {
                un.syncMember(ctx.bodies.handle(sb));
            }
        }
    }

    /**
     * Checks {@code a} as {@link #add} would at the bodies' current poses, on a scratch store: the
     * world is unchanged.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static void validate(StepContext ctx, Command.AddConstraint a, int sa, int sb) {
        placeCarried(ctx, sa, sb);
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

    /**
     * Moves the constraints on bodies destruction retired since the last call (a holder that broke,
     * crumbled or was split; a piece removed; an anchor change keeps the body) onto the piece that holds each anchor
     * ({@code DestructionRuntime.successor}), keeping the anchor and the frame's orientation where they
     * are in the world; the rows' impulses start again from 0 (the body they carried is gone) and the
     * bodies are woken. A constraint whose anchor's piece has no body (removed, throttled, killed) or
     * whose two anchors land on one piece is removed and listed in {@code ctx.constraintBreaks} for
     * step {@code index}, with its last force and torque (docs/constraints.md "Joints on collections").
     * Then forgets the retired bodies. Called after the slots that retire bodies; nothing when none
     * was retired.
     */
    public static void followPieces(StepContext ctx, long index) {
        dev.rubble.core.destruction.DestructionRuntime d = ctx.destruction;
        if (!d.anyRetired()) {
            return;
        }
        ConstraintStore st = ctx.constraints;
        if (st.size() == 0) {
            d.clearRetired();
            return;
        }
        BodyStore b = ctx.bodies;
        double[] pose = new double[10], fa = new double[7], fb = new double[7];
        // the constraint-break switches of the bodies (retired ones included), read before any is carried to a
        // piece: a piece may have taken a retired body's slot, whose switch the carry then overwrites
        dev.rubble.core.event.EventState ev = ctx.events;
        int[] asked = null;
        if (ev.anyBody(dev.rubble.core.event.EventKinds.CONSTRAINT_BREAK)) {
            asked = new int[st.size()];
            for (int i = 0; i < asked.length; i++) {
                asked[i] = (switched(ctx, st.bodyA[i]) ? 1 : 0) | (switched(ctx, st.bodyB[i]) ? 2 : 0);
            }
        }
        for (int i = st.size() - 1; i >= 0; i--) { // from the back: a removal keeps earlier indices
            long a0 = st.bodyA[i], b0 = st.bodyB[i];
            boolean movedA = d.retiredPose(a0, pose);
            if (movedA) {
                world(pose, st.frameA, i, fa);
            }
            boolean movedB = b0 != ConstraintStore.WORLD && d.retiredPose(b0, pose);
            if (movedB) {
                world(pose, st.frameB, i, fb);
            }
            if (!movedA && !movedB) {
                continue;
            }
            long na = movedA ? follow(d, a0, fa, pose) : a0;
            long nb = movedB ? follow(d, b0, fb, pose) : b0;
            if (na == dev.rubble.core.destruction.ClusterStore.NONE || nb == dev.rubble.core.destruction.ClusterStore.NONE
                    || na == nb) {
                double[] at = movedA ? fa : fb; // where the retired body's anchor was
                report(ctx.constraintBreaks, new dev.rubble.core.dynamics.ConstraintBreak(index, st.id[i],
                        st.typeName[i], a0, b0, st.force[i], st.torque[i], at[0], at[1], at[2], asked != null && asked[i] != 0));
                wakeBodies(ctx, i);
                st.removeAt(i);
                continue;
            }
            if (movedA) {
                int sa = b.slot(na);
                toLocal(b, sa, fa);
                System.arraycopy(fa, 0, st.frameA, 7 * i, 7);
                st.bodyA[i] = na;
                if (asked != null && (asked[i] & 1) != 0) {
                    carrySwitch(ev, sa, na);
                }
            }
            if (movedB) {
                int sb = b.slot(nb);
                toLocal(b, sb, fb);
                System.arraycopy(fb, 0, st.frameB, 7 * i, 7);
                st.bodyB[i] = nb;
                if (asked != null && (asked[i] & 2) != 0) {
                    carrySwitch(ev, sb, nb);
                }
            }
            java.util.Arrays.fill(st.lambda, ConstraintStore.MAX_ROWS * i, ConstraintStore.MAX_ROWS * (i + 1), 0);
            st.version++; // the solver re-maps, the no-contact pairs are rebuilt
            wakeBodies(ctx, i);
        }
        d.clearRetired();
    }

    /**
     * Whether a per-body switch of the {@code constraint-break} event kind is on for body {@code handle}
     * (the world: false), live or retired: the switch is kept with the handle it was set for until another
     * is set in its slot.
     */
    static boolean switched(StepContext ctx, long handle) {
        return handle != ConstraintStore.WORLD && handle >= 0
                && (ctx.events.bodyKinds((int) handle, handle) & 1 << dev.rubble.core.event.EventKinds.CONSTRAINT_BREAK) != 0;
    }

    /**
     * Switches the {@code constraint-break} kind on for piece {@code h} in {@code slot}, which took over a
     * constraint of a retired body that had it on (its other kinds as they were): the joint's breaks are
     * still reported to who asked for them (docs/constraints.md "Joints on collections").
     */
    private static void carrySwitch(dev.rubble.core.event.EventState ev, int slot, long h) {
        int bit = 1 << dev.rubble.core.event.EventKinds.CONSTRAINT_BREAK;
        int now = ev.bodyKinds(slot, h);
        if ((now & bit) == 0) {
            ev.setBodyKinds(slot, h, now | bit);
        }
    }

    /**
     * The world point of (x, y, z), given from the origin of the body in {@code s}, into {@code out} (3):
     * where the body is, or, for a body welded into a cluster union (disabled, its own pose synced only in
     * the DESTRUCTION slot), where its union's body carries it now (issue 29). {@code scratch}: 7 doubles.
     */
    static void pointToWorld(StepContext ctx, int s, double x, double y, double z, double[] out, double[] scratch) {
        BodyStore b = ctx.bodies;
        dev.rubble.core.destruction.Unions un = ctx.destruction.unions();
        int u = un.any() ? un.carrier(s, scratch) : -1;
        if (u < 0) {
            b.originPointToWorld(s, x, y, z, out);
            return;
        }
        // member origin = x_u + R_u l, q_member = q_u lq, point = origin + R_member (x, y, z)
        double qx = b.qx[u], qy = b.qy[u], qz = b.qz[u], qw = b.qw[u];
        double ax = scratch[3], ay = scratch[4], az = scratch[5], aw = scratch[6];
        double mx = qw * ax + qx * aw + qy * az - qz * ay, my = qw * ay - qx * az + qy * aw + qz * ax;
        double mz = qw * az + qx * ay - qy * ax + qz * aw, mw = qw * aw - qx * ax - qy * ay - qz * az;
        double lx = scratch[0], ly = scratch[1], lz = scratch[2];
        out[0] = b.px[u] + Inertia.rotX(qx, qy, qz, qw, lx, ly, lz) + Inertia.rotX(mx, my, mz, mw, x, y, z);
        out[1] = b.py[u] + Inertia.rotY(qx, qy, qz, qw, lx, ly, lz) + Inertia.rotY(mx, my, mz, mw, x, y, z);
        out[2] = b.pz[u] + Inertia.rotZ(qx, qy, qz, qw, lx, ly, lz) + Inertia.rotZ(mx, my, mz, mw, x, y, z);
    }

    /** The piece that holds world frame f's anchor of retired body h, following pieces retired in turn; NONE: none. */
    private static long follow(dev.rubble.core.destruction.DestructionRuntime d, long h, double[] f, double[] pose) {
        long n = d.successor(h, f[0], f[1], f[2]);
        while (n != dev.rubble.core.destruction.ClusterStore.NONE && d.retiredPose(n, pose)) {
            n = d.successor(n, f[0], f[1], f[2]); // a piece broken again before this call
        }
        return n;
    }

    /** Constraint i's frame (7 per constraint in {@code frames}) on a body retired at {@code pose} into world space. */
    private static void world(double[] pose, double[] frames, int i, double[] out) {
        int o = 7 * i;
        double qx = pose[3], qy = pose[4], qz = pose[5], qw = pose[6];
        double lx = frames[o] - pose[7], ly = frames[o + 1] - pose[8], lz = frames[o + 2] - pose[9];
        out[0] = pose[0] + Inertia.rotX(qx, qy, qz, qw, lx, ly, lz);
        out[1] = pose[1] + Inertia.rotY(qx, qy, qz, qw, lx, ly, lz);
        out[2] = pose[2] + Inertia.rotZ(qx, qy, qz, qw, lx, ly, lz);
        // q_body * q_local
        double bx = frames[o + 3], by = frames[o + 4], bz = frames[o + 5], bw = frames[o + 6];
        out[3] = qw * bx + qx * bw + qy * bz - qz * by;
        out[4] = qw * by - qx * bz + qy * bw + qz * bx;
        out[5] = qw * bz + qx * by - qy * bx + qz * bw;
        out[6] = qw * bw - qx * bx - qy * by - qz * bz;
    }

    /** Adds {@code k} to a step's breaks keeping them in creation (id) order. */
    static void report(java.util.List<dev.rubble.core.dynamics.ConstraintBreak> breaks,
            dev.rubble.core.dynamics.ConstraintBreak k) {
        int at = breaks.size();
        while (at > 0 && breaks.get(at - 1).id() > k.id()) {
            at--;
        }
        breaks.add(at, k);
    }

    /**
     * Removes the constraints naming body {@code handle}, which is being removed (by the user: its
     * constraints end with it, silently, as its ignored pairs are forgotten), waking their other bodies.
     */
    public static void removeBody(StepContext ctx, long handle) {
        ConstraintStore st = ctx.constraints;
        for (int i = st.size() - 1; i >= 0; i--) {
            if (st.bodyA[i] == handle || st.bodyB[i] == handle) {
                wakeBodies(ctx, i);
                st.removeAt(i);
            }
        }
    }

    /**
     * Wakes the bodies joined to the body of {@code handle} by a constraint (and it), starting their rest
     * time again: after a teleport the joints pull (a kinematic or static body teleported away from the
     * bob that slept hanging from it; before, the bob stayed asleep and the joint stretched).
     */
    public static void wakeJoined(StepContext ctx, long handle) {
        ConstraintStore st = ctx.constraints;
        for (int i = 0, n = st.size(); i < n; i++) {
            if (st.bodyA[i] == handle || st.bodyB[i] == handle) {
                wakeBodies(ctx, i);
            }
        }
    }

    /** Wakes constraint {@code i}'s live bodies and starts their rest time again. */
    static void wakeBodies(StepContext ctx, int i) {
        ConstraintStore st = ctx.constraints;
        BodyStore b = ctx.bodies;
        for (long h : new long[] {st.bodyA[i], st.bodyB[i]}) {
            int s = (int) h;
            if (h != ConstraintStore.WORLD && s < b.slotLimit() && b.isLive(s) && b.generation[s] == (int) (h >>> 32)) {
                wake(ctx, s); // the pair may collide again (collideConnected false)
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
