package dev.rubble.api;

import dev.rubble.core.body.BodyStore;
import java.util.Arrays;
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
    static final int DEFAULT_MAX_STEPS = 5;

    private final PhysicsWorld world;
    private final BodyStore bodies;
    private double accumulator;
    int maxSteps = DEFAULT_MAX_STEPS;
    private long droppedSteps;
    /** Per slot: origin and orientation before the last step taken by update, and the generation they belong to. */
    private double[] prev = new double[0];
    private int[] prevGeneration = new int[0];
    private boolean havePrev;
    /** The world's step index when the poses in {@link #prev} were kept (they are the poses before that step). */
    private long keptAt = -1;
    /**
     * Slots teleported ({@link PhysicsWorld#setPose}) since the poses were last kept, and their number: the next
     * kept poses leave them out, so the frame after the teleport draws the new pose, not a blend from the old one
     * (Bullet resets a body's interpolation transform when its transform is set).
     */
    private int[] teleported = new int[8];
    private int teleports;

    /** Slot {@code s} was teleported: do not interpolate it from its pose before the jump. */
    void teleported(int s) {
        if (teleports == teleported.length) {
            teleported = Arrays.copyOf(teleported, 2 * teleports);
        }
        teleported[teleports++] = s;
    }
    private final Quaterniond qa = new Quaterniond(), qb = new Quaterniond();
    private final Vector3d pv = new Vector3d();

    FrameStepper(PhysicsWorld world, BodyStore bodies) {
        this.world = world;
        this.bodies = bodies;
    }

    int update(double frameSeconds) {
        if (!(frameSeconds >= 0) || Double.isInfinite(frameSeconds)) {
            throw new IllegalArgumentException("frameSeconds = " + frameSeconds + "; allowed: finite, >= 0");
        }
        double dt = world.timeStep();
        accumulator += frameSeconds;
        int taken = 0;
        while (accumulator >= dt && taken < maxSteps) {
            if (accumulator - dt < dt || taken + 1 == maxSteps) {
                keepPoses(); // only the poses before the last step are needed
            }
            accumulator -= dt; // before the step: a listener that throws after it leaves it counted
            taken++;
            world.step();
        }
        if (accumulator >= dt) {
            long drop = (long) Math.floor(accumulator / dt);
            droppedSteps = drop > Long.MAX_VALUE - droppedSteps ? Long.MAX_VALUE : droppedSteps + drop;
            accumulator -= drop * dt;
            if (accumulator >= dt || accumulator < 0) {
                accumulator = 0;
            }
        }
        return taken;
    }

    double alpha() {
        return accumulator / world.timeStep();
    }

    long droppedSteps() {
        return droppedSteps;
    }

    private void keepPoses() {
        BodyStore b = bodies;
        int n = b.slotLimit();
        if (prev.length < 7 * n) {
            prev = Arrays.copyOf(prev, Math.max(7 * n, 2 * prev.length));
            prevGeneration = Arrays.copyOf(prevGeneration, prev.length / 7);
        }
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
        for (int k = 0; k < teleports; k++) {
            if (teleported[k] < n) {
                prevGeneration[teleported[k]] = -1; // jumps in the step about to be taken: drawn where it lands
            }
        }
        teleports = 0;
        havePrev = true;
        keptAt = world.stepIndex();
    }

    /**
     * Whether slot {@code s} has a pose from before the last step (else it was created since, or the world
     * was stepped with {@code step()} after the last step {@code update} took: use the pose now).
     */
    private boolean hasPrev(int s) {
        return havePrev && world.stepIndex() == keptAt + 1 && s < prevGeneration.length
                && prevGeneration[s] == bodies.generation[s];
    }

    Vector3d position(int s, Vector3d dest) {
        BodyStore b = bodies;
        double x = b.originX(s), y = b.originY(s), z = b.originZ(s);
        if (!hasPrev(s)) {
            return dest.set(x, y, z);
        }
        double a = alpha();
        int o = 7 * s;
        return dest.set(prev[o] + (x - prev[o]) * a, prev[o + 1] + (y - prev[o + 1]) * a, prev[o + 2] + (z - prev[o + 2]) * a);
    }

    Quaterniond orientation(int s, Quaterniond dest) {
        BodyStore b = bodies;
        dest.set(b.qx[s], b.qy[s], b.qz[s], b.qw[s]);
        if (!hasPrev(s)) {
            return dest;
        }
        int o = 7 * s;
        qa.set(prev[o + 3], prev[o + 4], prev[o + 5], prev[o + 6]);
        return qa.slerp(dest, alpha(), dest);
    }

    Matrix4d transform(int s, Matrix4d dest) {
        Vector3d p = position(s, pv);
        Quaterniond q = orientation(s, qb);
        return dest.translationRotate(p.x, p.y, p.z, q.x, q.y, q.z, q.w);
    }
}
