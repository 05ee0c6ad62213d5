package dev.rubble.api;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.step.FrameState;
import dev.rubble.core.step.StepContext;
import org.joml.Matrix4d;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Game-loop stepping for {@link PhysicsWorld#update(double)}: a fixed-step accumulator (Bullet's
 * {@code stepSimulation(dt, maxSubSteps)}, Minie's {@code update(tpf)}, Glenn Fiedler's "Fix your
 * timestep"). Frame time is added to the accumulator; whole fixed steps are taken while it holds at
 * least one step, at most {@link #maxSteps} per call (the time beyond that is dropped, so a long
 * hitch cannot start a spiral of ever longer frames); what is left, less than one step, is the
 * interpolation factor {@code alpha = accumulator / dt} between the poses before and after the last
 * step. Pure double arithmetic on the given frame times: the same sequence of frame times gives the
 * same steps and the same state, bit for bit. Allocation-free after the arrays have grown.
 */
final class FrameStepper {
    /** Default most steps per {@code update}: 5 steps of 1/60 s cover a 12 fps frame. */
    static final int DEFAULT_MAX_STEPS = FrameState.DEFAULT_MAX_STEPS;

    private final PhysicsWorld world;
    private final BodyStore bodies;
    /**
     * Holds the state: the world's own ({@code StepContext.frameState}), so a snapshot saves it and a restored
     * world goes on from it. Made the first time the world is stepped this way, its limit set or a body
     * teleported, not by reads: a world that only reads interpolated poses saves the bytes it saved before.
     */
    private final StepContext ctx;

    /** Slot {@code s} was teleported: do not interpolate it from its pose before the jump. */
    void teleported(int s) {
        st().teleport(s, world.stepIndex());
    }
    private final Quaterniond qa = new Quaterniond(), qb = new Quaterniond();
    private final Vector3d pv = new Vector3d();

    FrameStepper(PhysicsWorld world, BodyStore bodies, StepContext ctx) {
        this.world = world;
        this.bodies = bodies;
        this.ctx = ctx;
    }

    /** The state, made now if the world has none. */
    private FrameState st() {
        if (ctx.frameState == null) {
            ctx.frameState = new FrameState();
        }
        return ctx.frameState;
    }

    int maxSteps() {
        FrameState f = ctx.frameState;
        return f == null ? DEFAULT_MAX_STEPS : f.maxSteps;
    }

    void maxSteps(int steps) {
        st().maxSteps = steps;
    }

    int update(double frameSeconds) {
        if (!(frameSeconds >= 0) || Double.isInfinite(frameSeconds)) {
            throw new IllegalArgumentException("frameSeconds = " + frameSeconds + "; allowed: finite, >= 0");
        }
        final FrameState f = st();
        double dt = world.timeStep();
        f.accumulator += frameSeconds;
        int taken = 0;
        try {
            while (f.accumulator >= dt && taken < f.maxSteps) {
                if (f.accumulator - dt < dt || taken + 1 == f.maxSteps) {
                    keepPoses(); // only the poses before the last step are needed
                }
                f.accumulator -= dt; // before the step: a listener that throws after it leaves it counted
                taken++;
                world.step();
            }
        } finally {
            // also when a listener threw: the frame's time not stepped is dropped as beyond the limit, so the world is
            // left between steps with less than one step in the accumulator, the state a snapshot can hold (it kept
            // whole steps before, and a snapshot saved then was refused by every restore)
            drop(f, dt);
        }
        return taken;
    }

    /** Drops the whole steps left in the accumulator, counting them. */
    private static void drop(FrameState f, double dt) {
        if (f.accumulator >= dt) {
            long drop = (long) Math.floor(f.accumulator / dt);
            f.droppedSteps = drop > Long.MAX_VALUE - f.droppedSteps ? Long.MAX_VALUE : f.droppedSteps + drop;
            f.accumulator -= drop * dt;
            if (f.accumulator >= dt || f.accumulator < 0) {
                f.accumulator = 0;
            }
        }
    }

    /**
     * Frame time {@link #update} has still to step, seconds: at least one step only while an update is taking its
     * steps (read from a listener), else below one step.
     */
    double pendingSeconds() {
        FrameState f = ctx.frameState;
        return f == null ? 0 : f.accumulator;
    }

    double alpha() {
        FrameState f = ctx.frameState;
        return f == null ? 0 : f.accumulator / world.timeStep();
    }

    long droppedSteps() {
        FrameState f = ctx.frameState;
        return f == null ? 0 : f.droppedSteps;
    }

    private void keepPoses() {
        final FrameState st = st();
        BodyStore b = bodies;
        int n = b.slotLimit();
        st.ensureSlots(n);
        final double[] prev = st.prev;
        final int[] prevGeneration = st.prevGeneration;
        for (int s = 0; s < n; s++) {
            if (!b.isLive(s)) {
                prevGeneration[s] = -1;
                continue;
            }
            int o = 7 * s;
            prev[o] = b.originX(s);
            prev[o + 1] = b.originY(s);
            prev[o + 2] = b.originZ(s);
            prev[o + 3] = b.qx[s];
            prev[o + 4] = b.qy[s];
            prev[o + 5] = b.qz[s];
            prev[o + 6] = b.qw[s];
            prevGeneration[s] = b.generation[s];
        }
        if (st.teleportsAt == world.stepIndex()) { // teleports of earlier steps happened already
            for (int k = 0; k < st.teleports; k++) {
                if (st.teleported[k] < n) {
                    prevGeneration[st.teleported[k]] = -1; // jumps in the step about to be taken: drawn where it lands
                }
            }
        }
        st.clearTeleports();
        st.havePrev = true;
        st.keptAt = world.stepIndex();
    }

    /**
     * Whether slot {@code s} has a pose from before the last step (else it was created since, or the world
     * was stepped with {@code step()} after the last step {@code update} took: use the pose now).
     */
    private boolean hasPrev(int s) {
        final FrameState st = ctx.frameState;
        return st != null && st.havePrev && world.stepIndex() == st.keptAt + 1 && s < st.prevGeneration.length
                && st.prevGeneration[s] == bodies.generation[s];
    }

    Vector3d position(int s, Vector3d dest) {
        BodyStore b = bodies;
        double x = b.originX(s), y = b.originY(s), z = b.originZ(s);
        if (!hasPrev(s)) {
            return dest.set(x, y, z);
        }
        double a = alpha();
        int o = 7 * s;
        final double[] prev = ctx.frameState.prev;
        return dest.set(prev[o] + (x - prev[o]) * a, prev[o + 1] + (y - prev[o + 1]) * a, prev[o + 2] + (z - prev[o + 2]) * a);
    }

    Quaterniond orientation(int s, Quaterniond dest) {
        BodyStore b = bodies;
        dest.set(b.qx[s], b.qy[s], b.qz[s], b.qw[s]);
        if (!hasPrev(s)) {
            return dest;
        }
        int o = 7 * s;
        final double[] prev = ctx.frameState.prev;
        qa.set(prev[o + 3], prev[o + 4], prev[o + 5], prev[o + 6]);
        return qa.slerp(dest, alpha(), dest);
    }

    Matrix4d transform(int s, Matrix4d dest) {
        Vector3d p = position(s, pv);
        Quaterniond q = orientation(s, qb);
        return dest.translationRotate(p.x, p.y, p.z, q.x, q.y, q.z, q.w);
    }
}
