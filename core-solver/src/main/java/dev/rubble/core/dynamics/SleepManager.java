package dev.rubble.core.dynamics;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStates;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.parallel.RangeTask;
import dev.rubble.core.parallel.StepExecutor;
import dev.rubble.spi.shape.Shape;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Islands and sleeping (SPEC §2; reference: rage-rigid-body-pipeline §9).
 *
 * <p>After the solve, {@link #update} builds islands with {@link IslandBuilder} from manifolds
 * that have contact points between two awake dynamic bodies (static and kinematic bodies do not
 * join islands, or the whole world would be one island). A body rests while its sleep speed
 * {@code max(|v|, |w| R)} is under the linear threshold (R = distance from its centre of mass to its
 * farthest point, so {@code |w| R} is the fastest any of its points moves by rotation; Box2D v3's
 * rule) and {@code |w|} is under the angular threshold; its rest time grows by dt, otherwise
 * resets. An island whose every body has rested for {@code timeToSleep} (and that does not touch a moving kinematic body)
 * goes to sleep: its bodies move to the SLEEPING partition (zero velocity, fixed in the
 * broadphase), so they cost nothing in the broadphase update, the narrowphase (fixed–fixed pairs
 * are never reported) and the solver. State changes go through {@link BodyStates}, which links an
 * island's bodies in a ring so any one of them wakes all of them.
 *
 * <p>Waking: {@link #wakeTouched} before the solve wakes every sleeping island that has a contact
 * with an awake dynamic body or a moving kinematic body; {@link BodyStates} wakes the whole island
 * when any member leaves SLEEPING (impulse, velocity, state command) and wakes islands whose bounds
 * overlap a body that is removed or disabled. This class only decides; it never calls back into
 * the world.
 *
 * <p>Threads (issue 26): {@link #update} on an executor runs four passes in blocks on the executor's
 * threads: the bodies' rest timers, the unions of the contacts (a concurrent union-find whose roots
 * are each island's lowest slot, {@link IslandBuilder#unionShared}), each island's least rest time (an
 * exact minimum, the same in any order) and whether each body's island has rested long enough. The
 * sleepers are then collected, and change state, on the calling thread in the awake bodies' order, as
 * on one thread: the same bits for every thread count. One thread uses the plain union-find.
 */
public final class SleepManager {
    private static final byte AWAKE = (byte) BodyState.AWAKE.ordinal();
    private static final byte SLEEPING = (byte) BodyState.SLEEPING.ordinal();
    private static final byte DYNAMIC = (byte) MotionType.DYNAMIC.ordinal();
    private static final byte KINEMATIC = (byte) MotionType.KINEMATIC.ordinal();

    private final IslandBuilder islands = new IslandBuilder();
    private double[] islandRest = new double[0];
    private int[] head = new int[0];
    private int[] candidates = new int[0];
    private boolean[] keepAwake = new boolean[0];
    // per slot: the shape the extent was computed for, and the centre-of-mass-to-farthest-point distance
    private Shape[] extentShape = new Shape[0];
    private double[] extent = new double[0];
    private double[] extentBox = new double[0]; // per slot: the shape's local bounds (6 each), where extent() reads them
    // per slot: an awake kinematic body moving at all, which keeps what it touches awake (this update's)
    private boolean[] kinematicMoves = new boolean[0];
    private static final VarHandle REST = MethodHandles.arrayElementVarHandle(double[].class);
    /** Bodies (or manifolds) per block at the least: smaller scenes run on the calling thread. */
    static final int BODY_BLOCK = 1024;
    static final int MANIFOLD_BLOCK = 1024;
    private static final int BLOCKS_PER_THREAD = 4;
    // the update in progress, for its range tasks
    private BodyStore runB;
    private ContactStore runC;
    private DynamicsSettings runD;
    private double runDt;
    /** Whether the update's blocks may run on several threads: then the shared union-find and minimum. */
    private boolean shared;
    private final AtomicInteger islandCount = new AtomicInteger();
    private final RangeTask timersTask = this::timers;
    private final RangeTask unionsTask = this::unions;
    private final RangeTask restTask = this::islandRest;
    private final RangeTask readyTask = this::ready;
    // per slot: whether the body's island has rested long enough to sleep (this update's)
    private boolean[] ready = new boolean[0];

    private void ensure(int slots) {
        if (islandRest.length < slots) {
            int cap = Math.max(slots, islandRest.length * 2);
            islandRest = Arrays.copyOf(islandRest, cap);
            head = Arrays.copyOf(head, cap);
            candidates = Arrays.copyOf(candidates, cap);
            keepAwake = Arrays.copyOf(keepAwake, cap);
            extentShape = Arrays.copyOf(extentShape, cap);
            extent = Arrays.copyOf(extent, cap);
            extentBox = Arrays.copyOf(extentBox, 6 * cap);
            kinematicMoves = Arrays.copyOf(kinematicMoves, cap);
            ready = Arrays.copyOf(ready, cap);
        }
        islands.ensure(slots);
    }

    /**
     * Wakes sleeping islands touched by awake bodies: any manifold with points between a sleeping
     * body and an awake dynamic body, or a kinematic body moving at any speed.
     * Returns the number of bodies woken (the pipeline then has the contact stage restore the
     * manifolds it parked for the woken islands, whose pairs the broadphase did not report).
     */
    public int wakeTouched(BodyStates states, ContactStore c, DynamicsSettings d) {
        BodyStore b = states.bodies();
        int before = b.count(BodyState.SLEEPING);
        if (before == 0) {
            return 0;
        }
        for (int m = 0, n = c.size(); m < n; m++) {
            if (c.pointCount[m] == 0) {
                continue;
            }
            int a = c.bodyA[m], bb = c.bodyB[m];
            if (b.state[a] == SLEEPING && wakes(b, bb, d)) {
                states.setState(a, BodyState.AWAKE);
            } else if (b.state[bb] == SLEEPING && wakes(b, a, d)) {
                states.setState(bb, BodyState.AWAKE);
            }
        }
        return before - b.count(BodyState.SLEEPING);
    }

    private boolean wakes(BodyStore b, int s, DynamicsSettings d) {
        if (b.state[s] != AWAKE) {
            return false;
        }
        return b.motion[s] == DYNAMIC || movingKinematic(b, s);
    }

    /**
     * Whether body {@code s} is kinematic and moves at all. A moving kinematic body wakes what it touches and
     * keeps it awake at any speed, as Jolt's moving kinematic bodies are active and activate what they
     * touch: nothing can stop it, so a body resting on it or in its way is not at rest. Before, only one
     * faster than the sleep thresholds did: a platform sliding at 3 cm/s went on without the box that
     * slept on it, which stayed asleep in mid-air, and a wall moving at 3 cm/s passed through a
     * sleeping box (docs/dynamics.md, "Islands and sleeping"). The constraint solver's wake rule uses it too.
     */
    static boolean movingKinematic(BodyStore b, int s) {
        return b.motion[s] == KINEMATIC
                && (b.vx[s] != 0 || b.vy[s] != 0 || b.vz[s] != 0 || b.wx[s] != 0 || b.wy[s] != 0 || b.wz[s] != 0);
    }

    /**
     * Whether body {@code s} moves too fast to rest: its sleep speed {@code max(|v|, |w| R)} (R = the
     * distance from its centre of mass to its farthest point, so {@code |w| R} bounds the speed
     * rotation gives any of its points; Box2D v3's rule) is above the linear threshold, or {@code |w|}
     * is above the angular threshold.
     */
    private boolean movingFast(BodyStore b, int s, DynamicsSettings d) {
        double lin = d.sleepLinearThreshold(), ang = d.sleepAngularThreshold();
        double own = b.sleepThreshold[s];
        if (own == own) { // a SleepingThreshold field set this body's own (issue 24): linear and angular alike, as Chaos
            lin = ang = own;
        }
        double w2 = b.wx[s] * b.wx[s] + b.wy[s] * b.wy[s] + b.wz[s] * b.wz[s];
        if (w2 > ang * ang) {
            return true;
        }
        double r = extent(b, s);
        return b.vx[s] * b.vx[s] + b.vy[s] * b.vy[s] + b.vz[s] * b.vz[s] > lin * lin || w2 * r * r > lin * lin;
    }

    /**
     * Disables every awake dynamic body whose disable threshold (set by a DisableThreshold field;
     * 0 = never, the default) is above both its speed {@code |v|} and its angular speed {@code |w|}
     * (Chaos's UpdateDisable, reference: chaos-fields-events-cache §1.2, §1.6). Returns how many.
     */
    public int disableSlow(BodyStates states) {
        BodyStore b = states.bodies();
        if (b.disableThresholds == 0) {
            return 0;
        }
        ensure(b.slotLimit());
        int n = 0;
        for (int i = 0, awake = b.awakeCount(); i < awake; i++) {
            int s = b.order[i];
            double t = b.disableThreshold[s];
            if (t > 0 && b.motion[s] == DYNAMIC
                    && b.vx[s] * b.vx[s] + b.vy[s] * b.vy[s] + b.vz[s] * b.vz[s] < t * t
                    && b.wx[s] * b.wx[s] + b.wy[s] * b.wy[s] + b.wz[s] * b.wz[s] < t * t) {
                candidates[n++] = s;
            }
        }
        for (int i = 0; i < n; i++) {
            states.setState(candidates[i], BodyState.DISABLED);
        }
        return n;
    }

    /** Distance from body s's centre of mass to the farthest corner of its shape's local bounds, cached per shape. */
    private double extent(BodyStore b, int s) {
        if (s >= extentShape.length) {
            ensure(s + 1);
        }
        Shape sh = b.shape[s];
        if (sh == null) {
            return 0;
        }
        if (extentShape[s] != sh) {
            // into the slot's own six values: blocks on several threads compute different slots' extents
            final double[] box = extentBox;
            final int o = 6 * s;
            sh.bounds(0, 0, 0, 0, 0, 0, 1, box, o);
            double x = Math.max(Math.abs(box[o] - b.lcx[s]), Math.abs(box[o + 3] - b.lcx[s]));
            double y = Math.max(Math.abs(box[o + 1] - b.lcy[s]), Math.abs(box[o + 4] - b.lcy[s]));
            double z = Math.max(Math.abs(box[o + 2] - b.lcz[s]), Math.abs(box[o + 5] - b.lcz[s]));
            extent[s] = Math.sqrt(x * x + y * y + z * z);
            extentShape[s] = sh;
        }
        return extent[s];
    }

    /**
     * Builds islands from this step's manifolds, advances rest timers by {@code dt} and puts
     * islands that rested long enough to sleep. Returns the number of islands among awake dynamic
     * bodies (before any fell asleep).
     */
    public int update(BodyStates states, ContactStore c, DynamicsSettings d, double dt) {
        return update(states, c, d, dt, null, 0);
    }

    /**
     * {@link #update(BodyStates, ContactStore, DynamicsSettings, double)} with extra island edges:
     * {@code edgeCount} pairs of awake dynamic body slots joined by constraints (issue 29), so
     * constrained bodies sleep together.
     */
    public int update(BodyStates states, ContactStore c, DynamicsSettings d, double dt, int[] edges, int edgeCount) {
        return update(states, c, d, dt, edges, edgeCount, StepExecutor.Inline.INSTANCE);
    }

    /**
     * {@link #update(BodyStates, ContactStore, DynamicsSettings, double, int[], int)} with its reductions in
     * blocks on {@code ex} (see the class comment): the same result on any executor.
     */
    public int update(BodyStates states, ContactStore c, DynamicsSettings d, double dt, int[] edges, int edgeCount,
                      StepExecutor ex) {
        BodyStore b = states.bodies();
        ensure(b.slotLimit());
        int awake = b.awakeCount();
        runB = b;
        runC = c;
        runD = d;
        runDt = dt;
        shared = ex.threads() > 1; // one thread: the plain union-find (the same roots, no atomic operations)
        try {
            ex.runSplit(awake, BODY_BLOCK, BLOCKS_PER_THREAD, timersTask);
            ex.runSplit(c.size(), MANIFOLD_BLOCK, BLOCKS_PER_THREAD, unionsTask);
            for (int e = 0; e < edgeCount; e++) {
                int a = edges[2 * e], bb = edges[2 * e + 1];
                if (b.state[a] == AWAKE && b.state[bb] == AWAKE && b.motion[a] == DYNAMIC && b.motion[bb] == DYNAMIC) {
                    islands.union(a, bb);
                } else if (b.state[a] == AWAKE && b.motion[a] == DYNAMIC && b.state[bb] == AWAKE && b.motion[bb] == KINEMATIC && kinematicMoves[bb]) {
                    keepAwake[a] = true; // held by a moving kinematic body's joint, as by its contact
                } else if (b.state[bb] == AWAKE && b.motion[bb] == DYNAMIC && b.state[a] == AWAKE && b.motion[a] == KINEMATIC && kinematicMoves[a]) {
                    keepAwake[bb] = true;
                }
            }
            islandCount.set(0);
            ex.runSplit(awake, BODY_BLOCK, BLOCKS_PER_THREAD, restTask);
            if (d.sleepEnabled()) {
                ex.runSplit(awake, BODY_BLOCK, BLOCKS_PER_THREAD, readyTask);
            }
        } finally {
            runB = null;
            runC = null;
            runD = null;
        }
        int count = islandCount.get();
        if (!d.sleepEnabled()) {
            return count;
        }
        int nc = 0;
        for (int i = 0; i < awake; i++) { // in the awake bodies' order, as on one thread
            int s = b.order[i];
            if (ready[s]) {
                candidates[nc++] = s;
            }
        }
        for (int i = 0; i < nc; i++) {
            int s = candidates[i];
            int r = islands.find(s);
            states.setState(s, BodyState.SLEEPING); // starts a ring of its own
            int h = head[r];
            if (h < 0) {
                head[r] = s;
            } else {
                states.joinIsland(s, h);
            }
        }
        return count;
    }

    /** Awake bodies {@code [lo, hi)}: singleton islands, rest timers; the fast kinematic bodies marked. */
    private void timers(int lo, int hi) {
        final BodyStore b = runB;
        final DynamicsSettings d = runD;
        final double dt = runDt;
        for (int i = lo; i < hi; i++) {
            int s = b.order[i];
            byte m = b.motion[s];
            if (m == KINEMATIC) {
                kinematicMoves[s] = movingKinematic(b, s);
                continue;
            }
            if (m != DYNAMIC) {
                continue;
            }
            islands.make(s);
            keepAwake[s] = false;
            islandRest[s] = Double.POSITIVE_INFINITY;
            head[s] = -1;
            b.sleepTime[s] = movingFast(b, s, d) ? 0 : b.sleepTime[s] + dt;
        }
    }

    /**
     * Manifolds {@code [lo, hi)} with points: two awake dynamic bodies join one island; one touching a
     * fast awake kinematic body stays awake (every writer writes {@code true}: the order does not matter).
     */
    private void unions(int lo, int hi) {
        final BodyStore b = runB;
        final ContactStore c = runC;
        for (int m = lo; m < hi; m++) {
            if (c.pointCount[m] == 0) {
                continue;
            }
            int a = c.bodyA[m], bb = c.bodyB[m];
            boolean da = b.state[a] == AWAKE && b.motion[a] == DYNAMIC;
            boolean db = b.state[bb] == AWAKE && b.motion[bb] == DYNAMIC;
            if (da && db) {
                join(a, bb);
            } else if (da && b.state[bb] == AWAKE && b.motion[bb] == KINEMATIC && kinematicMoves[bb]) {
                keepAwake[a] = true;
            } else if (db && b.state[a] == AWAKE && b.motion[a] == KINEMATIC && kinematicMoves[a]) {
                keepAwake[bb] = true;
            }
        }
    }

    /** Awake bodies {@code [lo, hi)}: the islands counted at their roots, each island's least rest time. */
    private void islandRest(int lo, int hi) {
        final BodyStore b = runB;
        int roots = 0;
        for (int i = lo; i < hi; i++) {
            int s = b.order[i];
            if (b.motion[s] != DYNAMIC) {
                continue;
            }
            int r = root(s);
            if (r == s) {
                roots++;
            }
            lowerRest(r, keepAwake[s] ? -1 : b.sleepTime[s]);
        }
        if (roots > 0) {
            islandCount.addAndGet(roots);
        }
    }

    /** Awake bodies {@code [lo, hi)}: whether each is a dynamic body whose island rested {@code timeToSleep}. */
    private void ready(int lo, int hi) {
        final BodyStore b = runB;
        final double t = runD.timeToSleep();
        for (int i = lo; i < hi; i++) {
            int s = b.order[i];
            ready[s] = b.motion[s] == DYNAMIC && islandRest[root(s)] >= t;
        }
    }

    /** The island root of {@code s}: the shared union-find's when blocks may run on several threads. */
    private int root(int s) {
        return shared ? islands.findShared(s) : islands.find(s);
    }

    /** Joins the islands of {@code a} and {@code b} (the shared union-find's when blocks may run on several threads). */
    private void join(int a, int b) {
        if (shared) {
            islands.unionShared(a, b);
        } else {
            islands.union(a, b);
        }
    }

    /** {@code islandRest[r] = min(islandRest[r], rest)}: a compare-and-set loop when blocks may run on several threads. */
    private void lowerRest(int r, double rest) {
        if (!shared) {
            if (rest < islandRest[r]) {
                islandRest[r] = rest;
            }
            return;
        }
        double cur;
        while (rest < (cur = (double) REST.getVolatile(islandRest, r)) && !REST.compareAndSet(islandRest, r, cur, rest)) {
            // another member of the island lowered it meanwhile: compare again
        }
    }
}
