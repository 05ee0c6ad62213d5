package dev.rubble.core.dynamics;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStates;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.spi.shape.Shape;
import java.util.Arrays;

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
    private final double[] box = new double[6];

    private void ensure(int slots) {
        if (islandRest.length < slots) {
            int cap = Math.max(slots, islandRest.length * 2);
            islandRest = Arrays.copyOf(islandRest, cap);
            head = Arrays.copyOf(head, cap);
            candidates = Arrays.copyOf(candidates, cap);
            keepAwake = Arrays.copyOf(keepAwake, cap);
            extentShape = Arrays.copyOf(extentShape, cap);
            extent = Arrays.copyOf(extent, cap);
        }
        islands.ensure(slots);
    }

    /**
     * Wakes sleeping islands touched by awake bodies: any manifold with points between a sleeping
     * body and an awake dynamic body, or a kinematic body moving faster than the sleep thresholds.
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
        return b.motion[s] == DYNAMIC || movingFast(b, s, d);
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
            sh.bounds(0, 0, 0, 0, 0, 0, 1, box, 0);
            double x = Math.max(Math.abs(box[0] - b.lcx[s]), Math.abs(box[3] - b.lcx[s]));
            double y = Math.max(Math.abs(box[1] - b.lcy[s]), Math.abs(box[4] - b.lcy[s]));
            double z = Math.max(Math.abs(box[2] - b.lcz[s]), Math.abs(box[5] - b.lcz[s]));
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
        BodyStore b = states.bodies();
        ensure(b.slotLimit());
        int awake = b.awakeCount();
        for (int i = 0; i < awake; i++) {
            int s = b.order[i];
            if (b.motion[s] != DYNAMIC) {
                continue;
            }
            islands.make(s);
            keepAwake[s] = false;
            islandRest[s] = Double.POSITIVE_INFINITY;
            head[s] = -1;
            b.sleepTime[s] = movingFast(b, s, d) ? 0 : b.sleepTime[s] + dt;
        }
        for (int m = 0, n = c.size(); m < n; m++) {
            if (c.pointCount[m] == 0) {
                continue;
            }
            int a = c.bodyA[m], bb = c.bodyB[m];
            boolean da = b.state[a] == AWAKE && b.motion[a] == DYNAMIC;
            boolean db = b.state[bb] == AWAKE && b.motion[bb] == DYNAMIC;
            if (da && db) {
                islands.union(a, bb);
            } else if (da && b.state[bb] == AWAKE && b.motion[bb] == KINEMATIC && movingFast(b, bb, d)) {
                keepAwake[a] = true;
            } else if (db && b.state[a] == AWAKE && b.motion[a] == KINEMATIC && movingFast(b, a, d)) {
                keepAwake[bb] = true;
            }
        }
        for (int e = 0; e < edgeCount; e++) {
            int a = edges[2 * e], bb = edges[2 * e + 1];
            if (b.state[a] == AWAKE && b.state[bb] == AWAKE && b.motion[a] == DYNAMIC && b.motion[bb] == DYNAMIC) {
                islands.union(a, bb);
            }
        }
        int count = 0;
        for (int i = 0; i < awake; i++) {
            int s = b.order[i];
            if (b.motion[s] != DYNAMIC) {
                continue;
            }
            int r = islands.find(s);
            if (r == s) {
                count++;
            }
            double rest = keepAwake[s] ? -1 : b.sleepTime[s];
            if (rest < islandRest[r]) {
                islandRest[r] = rest;
            }
        }
        if (!d.sleepEnabled()) {
            return count;
        }
        int nc = 0;
        for (int i = 0; i < awake; i++) {
            int s = b.order[i];
            if (b.motion[s] == DYNAMIC && islandRest[islands.find(s)] >= d.timeToSleep()) {
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
}
