package dev.rubble.core.body;

import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.shape.MassProperties;
import java.util.Arrays;
import java.util.Objects;

/**
 * The body state machine: creation, removal and the awake / sleeping / static / disabled
 * transitions, each keeping the broadphase consistent (awake bodies move, sleeping and static ones
 * are fixed, disabled ones leave it) and keeping sleeping islands whole (the members of a sleeping
 * island are linked in a ring, so waking any one wakes all of them).
 *
 * <p>It lives with the bodies so that every stage that changes a body's state (commands, the
 * islands' wake and sleep, destruction releases) calls down into one place instead of back into the
 * world facade. Single threaded; allocation-free except when the ring arrays grow.
 */
public final class BodyStates implements Broadphase.ProxyCollector {
    private static final byte SLEEPING = (byte) BodyState.SLEEPING.ordinal();

    private final BodyStore bodies;
    private final Broadphase broadphase;
    private int[] ring = new int[0]; // next member of a sleeping island's ring, -1 when not sleeping
    private int[] found = new int[16];
    private int foundCount;
    private int created, removed;
    private long[] unfixed = new long[16]; // handles of bodies created fixed whose proxy moves until the next broadphase
    private int unfixedCount;

    public BodyStates(BodyStore bodies, Broadphase broadphase) {
        this.bodies = Objects.requireNonNull(bodies, "bodies is null");
        this.broadphase = Objects.requireNonNull(broadphase, "broadphase is null");
    }

    public BodyStore bodies() {
        return bodies;
    }

    public Broadphase broadphase() {
        return broadphase;
    }

    /**
     * Recomputes body {@code s}'s bounds from its pose and shape (no look-ahead) and moves its broadphase
     * proxy to them, if it has one: for callers that place a body directly (playback, caches, snapshots).
     */
    public void refreshBounds(int s) {
        bodies.updateBounds(s);
        if (broadphase.contains(s)) {
            double[] bo = bodies.bounds;
            int o = 6 * s;
            broadphase.update(s, bo[o], bo[o + 1], bo[o + 2], bo[o + 3], bo[o + 4], bo[o + 5]);
        }
    }

    /**
     * Creates a body now: mass properties from its shape and density (or its given mass), pose,
     * velocities, material, a broadphase proxy (fixed unless awake). Returns its handle.
     *
     * @throws CapacityExceededException when the body budget is full
     */
    public long create(BodyDef def) {
        return create(def, null);
    }

    /**
     * A dynamic body's mass and inertia from its shape, density and mass must be usable: each
     * value in range on its own can still give a mass that underflows to 0 (a 1e-300 m box) or
     * overflows to infinity (a 1e200 m sphere), and the solver would then write NaN into the body. A finite mass
     * or inertia near {@code Double.MAX_VALUE} overflows too, in its first step (its weight m g, a contact's
     * impulse): a 1.8e308 kg sphere resting on the ground was NaN and disabled after one step (ApiFuzz), so both
     * are at most {@link #MAX_MASS}, which leaves 1e8 of headroom: momentum at the largest speed limit (1e5 m/s)
     * and sums of such impulses stay finite.
     */
    private static void checkMass(BodyDef def, MassProperties mp) {
        double m = mp.mass();
        if (!(m > 0 && m <= MAX_MASS && Double.isFinite(1 / m)) || !usableInertia(mp.ixx())
                || !usableInertia(mp.iyy()) || !usableInertia(mp.izz())) {
            throw new IllegalArgumentException("dynamic body mass = " + m + " kg, inertia = [" + mp.ixx() + ", "
                    + mp.iyy() + ", " + mp.izz() + "] kg·m² from " + def.shape() + (def.mass() > 0
                    ? " and mass " + def.mass() + " kg" : " and density " + def.density() + " kg/m³")
                    + "; allowed: a shape and mass or density giving a mass > 0 and <= " + MAX_MASS + " kg and inertia"
                    + " <= " + MAX_MASS + " kg·m² (a shape that small or that large cannot be simulated)");
        }
    }

    /**
     * A dynamic body's shape must fit in the range of positions: no point of it more than
     * {@link BodyStore#MAX_COORDINATE} from its origin along any axis. A capsule of radius 1e-30 m and half-height
     * 1e30 m (ApiFuzz, seed 18017) had a usable mass and inertia each on its own, touched everything in the world
     * at once, spun up to 7e101 rad/s in one solve (an inverse inertia of 1e87 about its axis on lever arms of
     * kilometres) and turned every body it touched NaN within five steps. Static and kinematic shapes (ground
     * planes, terrain) are not limited: they are never moved by a contact.
     */
    private static void checkExtent(BodyDef def) {
        double[] bo = new double[6];
        def.shape().bounds(0, 0, 0, 0, 0, 0, 1, bo, 0);
        double r = BodyStore.MAX_COORDINATE;
        double e = Math.max(Math.max(Math.max(-bo[0], bo[3]), Math.max(-bo[1], bo[4])), Math.max(-bo[2], bo[5]));
        if (!(e <= r)) {
            throw new IllegalArgumentException("dynamic body shape " + def.shape() + " reaches " + e + " m from its"
                    + " origin; allowed: at most " + r + " m along each axis (the range of every position)");
        }
    }

    /**
     * A dynamic body's centre of mass (its origin plus its shape's centre, rotated) must lie within
     * ±{@link BodyStore#MAX_COORDINATE}, as its origin must: a hull whose points lie 2e9 m from its origin
     * was created at 2e9 m, and its world saved a snapshot every restore refused as damaged (for ever, when
     * the body started asleep: the step's guard only looks at moving bodies).
     */
    private static void checkCentre(BodyDef def, MassProperties mp) {
        double n = Math.sqrt(def.qx() * def.qx() + def.qy() * def.qy() + def.qz() * def.qz() + def.qw() * def.qw());
        double qx = def.qx() / n, qy = def.qy() / n, qz = def.qz() / n, qw = def.qw() / n;
        double cx = mp.comX(), cy = mp.comY(), cz = mp.comZ();
        // v + 2 q × (q × v + w v)
        double tx = qy * cz - qz * cy + qw * cx, ty = qz * cx - qx * cz + qw * cy, tz = qx * cy - qy * cx + qw * cz;
        double x = def.x() + cx + 2 * (qy * tz - qz * ty);
        double y = def.y() + cy + 2 * (qz * tx - qx * tz);
        double z = def.z() + cz + 2 * (qx * ty - qy * tx);
        double r = BodyStore.MAX_COORDINATE;
        if (!(Math.abs(x) <= r && Math.abs(y) <= r && Math.abs(z) <= r)) {
            throw new IllegalArgumentException("dynamic body centre of mass = (" + x + ", " + y + ", " + z + ") m from "
                    + def.shape() + " at position (" + def.x() + ", " + def.y() + ", " + def.z() + "); allowed: each"
                    + " coordinate within ±" + r + " m (the range of every position)");
        }
    }

    private static boolean usableInertia(double i) {
        return i <= MAX_MASS && (i <= 0 || Double.isFinite(1 / i)); // <= 0: no rotation about that axis, as before
    }

    /** The largest mass (kg) and principal inertia (kg·m²) of a dynamic body: see {@link #checkMass}. */
    public static final double MAX_MASS = 1e300;

    /**
     * As {@link #create(BodyDef)}, with exact mass properties instead of the shape's (a piece
     * released from a geometry collection keeps the mass, centre and inertia its collection
     * authored); null = from the shape.
     */
    public long create(BodyDef def, MassProperties massOverride) {
        Objects.requireNonNull(def, "def is null");
        MassProperties mp = massOverride;
        if (mp == null && def.motion() == MotionType.DYNAMIC) {
            mp = def.shape().massProperties(def.density() > 0 ? def.density() : 1);
            if (def.mass() > 0) {
                mp = mp.withMass(def.mass());
            }
            checkMass(def, mp);
            checkCentre(def, mp);
            checkExtent(def);
        }
        BodyStore b = bodies;
        int s = b.create(def.shape(), def.motion(), mp, def.x(), def.y(), def.z(),
                def.qx(), def.qy(), def.qz(), def.qw());
        b.label[s] = def.label();
        if (def.motion() != MotionType.STATIC) { // a static body never moves: it keeps a zero velocity, which
            b.vx[s] = def.vx();                  // contacts read (a velocity there dragged what rested on it)
            b.vy[s] = def.vy();
            b.vz[s] = def.vz();
            b.wx[s] = def.wx();
            b.wy[s] = def.wy();
            b.wz[s] = def.wz();
        }
        b.friction[s] = def.friction();
        b.restitution[s] = def.restitution();
        b.gravityScale[s] = def.gravityScale();
        b.linearDamping[s] = def.linearDamping();
        b.angularDamping[s] = def.angularDamping();
        double[] bo = b.bounds;
        int o = s * 6;
        broadphase.add(s, bo[o], bo[o + 1], bo[o + 2], bo[o + 3], bo[o + 4], bo[o + 5],
                b.state[s] != BodyState.AWAKE.ordinal());
        if (def.asleep()) {
            setState(s, BodyState.SLEEPING);
        }
        if (b.state[s] != BodyState.AWAKE.ordinal() && (def.asleep() || b.count(BodyState.SLEEPING) > 0)) {
            // wake once: a body created fixed (asleep, or static while islands sleep) would never have
            // its pairs with other fixed proxies reported, so the narrowphase could park nothing for
            // them (Box2D v3's forceContactCreation)
            findPairsOnce(s);
        }
        created++;
        return b.handle(s);
    }

    /**
     * Wake once: lets fixed body {@code s}'s proxy move until the next broadphase has found the
     * step's pairs, so its pairs with other fixed proxies (sleeping, static) are collided once and
     * the narrowphase can park their manifolds; {@link #fixCreatedProxies()} fixes it again. For
     * bodies created fixed and bodies put to sleep by a command (which may never have been seen awake
     * by a narrowphase); islands the sleep test puts to sleep do not need it.
     */
    public void findPairsOnce(int s) {
        if (bodies.state[s] == BodyState.AWAKE.ordinal() || !broadphase.contains(s)
                || (bodies.state[s] == BodyState.STATIC.ordinal() && bodies.count(BodyState.SLEEPING) == 0)) {
            return; // moving already, not in the broadphase, or static with nothing asleep to pair with
        }
        broadphase.setFixed(s, false);
        if (unfixedCount == unfixed.length) {
            unfixed = Arrays.copyOf(unfixed, 2 * unfixed.length);
        }
        unfixed[unfixedCount++] = bodies.handle(s);
    }

    /**
     * Called after the broadphase found a step's pairs: the proxies of bodies created fixed (see
     * {@link #create}) become fixed again, unless the body woke, left or was replaced meanwhile.
     */
    public void fixCreatedProxies() {
        BodyStore b = bodies;
        for (int i = 0; i < unfixedCount; i++) {
            long h = unfixed[i];
            int s = (int) h;
            if (b.isLive(s) && b.handle(s) == h && b.state[s] != BodyState.AWAKE.ordinal()
                    && broadphase.contains(s)) {
                broadphase.setFixed(s, true);
            }
        }
        unfixedCount = 0;
    }

    /** Removes body {@code s} now; whatever slept on it wakes (it loses a support). */
    public void remove(int s) {
        if (bodies.state[s] == SLEEPING) {
            setState(s, BodyState.AWAKE); // wakes its island: it loses a member
        }
        if (broadphase.contains(s)) {
            wakeOverlapping(s);
            broadphase.remove(s);
        }
        bodies.remove(s);
        removed++;
    }

    /**
     * Moves body {@code s} into a state, keeping the broadphase consistent and sleeping islands
     * whole: a body leaving SLEEPING wakes the rest of its island; one entering it zeroes its
     * velocities and starts a ring of its own (the islands stage links rings with
     * {@link #joinIsland}).
     *
     * @throws IllegalArgumentException for a transition the body's motion type does not allow
     */
    public void setState(int s, BodyState target) {
        BodyStore b = bodies;
        MotionType m = b.motion(s);
        if (target == BodyState.STATIC && m != MotionType.STATIC) {
            throw new IllegalArgumentException("state 'static' is only for static bodies; body "
                    + BodyStore.handleString(b.handle(s)) + " is " + m.name().toLowerCase());
        }
        if (m == MotionType.STATIC && target != BodyState.STATIC && target != BodyState.DISABLED) {
            throw new IllegalArgumentException("a static body can only be static or disabled, not " + target.label());
        }
        if (target == BodyState.SLEEPING && m != MotionType.DYNAMIC) {
            throw new IllegalArgumentException("only dynamic bodies sleep; body is " + m.name().toLowerCase());
        }
        BodyState from = b.state(s);
        if (from == target) {
            return;
        }
        if (target == BodyState.DISABLED && broadphase.contains(s)) {
            wakeOverlapping(s);
        }
        b.setState(s, target);
        if (from == BodyState.SLEEPING) {
            wakeRing(s);
        }
        if (target == BodyState.SLEEPING) {
            ensure(s + 1);
            ring[s] = s; // a sleeping body is at least its own island
            b.vx[s] = b.vy[s] = b.vz[s] = 0;
            b.wx[s] = b.wy[s] = b.wz[s] = 0;
        }
        b.sleepTime[s] = 0;
        boolean fixed = target != BodyState.AWAKE;
        if (target == BodyState.DISABLED) {
            if (broadphase.contains(s)) {
                broadphase.remove(s);
            }
        } else if (!broadphase.contains(s)) {
            b.updateBounds(s);
            double[] bo = b.bounds;
            int o = s * 6;
            broadphase.add(s, bo[o], bo[o + 1], bo[o + 2], bo[o + 3], bo[o + 4], bo[o + 5], fixed);
        } else {
            if (fixed && from == BodyState.AWAKE) {
                // a proxy that stops moving holds the body's bounds of now, not those of the last
                // broadphase (a body put to sleep by a command moved since): every fixed proxy then
                // holds exactly bodies.bounds, which is what a snapshot restore gives it
                double[] bo = b.bounds;
                int o = s * 6;
                broadphase.update(s, bo[o], bo[o + 1], bo[o + 2], bo[o + 3], bo[o + 4], bo[o + 5]);
            }
            broadphase.setFixed(s, fixed);
        }
    }

    /**
     * Changes a body's motion type (issue 24: the DynamicState field target), keeping its mass
     * properties: the solver treats every non-dynamic body as immovable, so a body made kinematic or
     * static and later dynamic again gets its own mass back. A sleeping body wakes first; a body
     * made kinematic or static stops; a static body that becomes kinematic or dynamic wakes.
     * Disabled bodies only change type (they enter with it when enabled).
     *
     * @throws IllegalArgumentException making a massless body (created static or kinematic) dynamic
     */
    public void setMotion(int s, MotionType m) {
        BodyStore b = bodies;
        MotionType from = b.motion(s);
        if (from == m) {
            return;
        }
        if (m == MotionType.DYNAMIC && !(b.invMass[s] > 0)) {
            throw new IllegalArgumentException("body " + BodyStore.handleString(b.handle(s))
                    + " has no mass; allowed: dynamic only for bodies created dynamic");
        }
        BodyState st = b.state(s);
        if (st == BodyState.DISABLED) {
            b.motion[s] = (byte) m.ordinal();
            return;
        }
        if (st == BodyState.SLEEPING) {
            setState(s, BodyState.AWAKE);
        }
        if (m != MotionType.DYNAMIC) {
            b.vx[s] = b.vy[s] = b.vz[s] = b.wx[s] = b.wy[s] = b.wz[s] = 0;
            b.hasTarget[s] = false;
        }
        if (from == MotionType.STATIC) {
            b.motion[s] = (byte) m.ordinal();
            setState(s, BodyState.AWAKE);
        } else if (m == MotionType.STATIC) {
            b.motion[s] = (byte) m.ordinal();
            setState(s, BodyState.STATIC);
        } else {
            b.motion[s] = (byte) m.ordinal();
        }
    }

    /**
     * Re-bodies body {@code s} in place as a kinematic or dynamic body (an anchor command that pins or frees
     * an intact collection holder; docs/destruction.md "Anchors at run time"): its motion type becomes
     * {@code m} and its mass properties what a body created so would have, {@code mp} for a dynamic one and
     * none for a kinematic one (infinite mass, inverse mass and inertia 0). It keeps its handle, slot, pose,
     * material, collision filter, thresholds, event switches and whatever names it (joints, unions, the
     * journal): replacing it by a new body left a handle no break event or journal record named, and
     * {@code rubble replay} could not follow. Made kinematic it stops (its kinematic target is dropped); made
     * dynamic it keeps its velocities. A sleeping body wakes first with its island, what sleeps on it wakes
     * (it now holds them still, or may fall away), and its rest time starts again. A disabled body (killed, or
     * welded into a cluster union whose body moves for it) stays out, and made kinematic it keeps its mass
     * properties: a welded member's mass still counts in its union's body (the solver moves only dynamic
     * bodies, so they move nothing while it is kinematic). Allocation-free.
     *
     * @throws IllegalArgumentException for a static {@code m}, or a dynamic one without mass properties
     */
    public void rebody(int s, MotionType m, MassProperties mp) {
        if (m == MotionType.STATIC || (m == MotionType.DYNAMIC) == (mp == null)) {
            throw new IllegalArgumentException("re-body as " + m.name().toLowerCase() + (mp == null ? " without" : " with")
                    + " mass properties; allowed: kinematic without, dynamic with");
        }
        BodyStore b = bodies;
        boolean out = b.state[s] == BodyState.DISABLED.ordinal();
        if (!out) {
            if (b.state[s] == SLEEPING) {
                setState(s, BodyState.AWAKE); // and the rest of its island
            }
            if (broadphase.contains(s)) {
                wakeOverlapping(s);
            }
        }
        if (m != MotionType.DYNAMIC) {
            b.vx[s] = b.vy[s] = b.vz[s] = b.wx[s] = b.wy[s] = b.wz[s] = 0;
        }
        b.hasTarget[s] = false;
        b.motion[s] = (byte) m.ordinal();
        if (mp != null || !out) {
            b.setMassProperties(s, mp);
        }
        b.sleepTime[s] = 0;
    }

    /** Wakes body {@code s} and its island if it sleeps (no-op otherwise). */
    public void wake(int s) {
        if (bodies.state[s] == SLEEPING) {
            setState(s, BodyState.AWAKE);
        }
    }

    /**
     * Wakes body {@code s} (and its island) and starts its rest time again even when it is awake: for a
     * change that gives a body new contacts (a pair's contacts switched back on, a new collision filter, a
     * teleport, a constraint added or removed). The contact solver pushes a penetration out by moving the
     * body and takes the push velocity out again (the relax iterations), so a body being pushed apart looks
     * at rest to the sleep test; one whose rest time was already near {@code timeToSleep} went back to sleep
     * a step after the change, still deep inside the other body. With its rest time at zero it has
     * {@code timeToSleep} to be pushed apart.
     */
    public void wakeAndRestart(int s) {
        wake(s);
        bodies.sleepTime[s] = 0;
    }

    /**
     * Links sleeping body {@code s} into the ring of sleeping body {@code member} (both already
     * SLEEPING): they now wake together.
     */
    public void joinIsland(int s, int member) {
        ring[s] = ring[member];
        ring[member] = s;
    }

    /** Wakes every sleeping island whose bounds overlap body {@code s}'s (before it is removed or disabled). */
    public int wakeOverlapping(int s) {
        if (bodies.count(BodyState.SLEEPING) == 0) {
            // nothing to wake, and no query: after a removal the broadphase would rebuild to answer it
            // (a break that retires 420 holders rebuilt the 10 000-body grid 420 times, 0.5 s)
            return 0;
        }
        double[] bo = bodies.bounds;
        int o = s * 6;
        foundCount = 0;
        // collect first: the broadphase must not change while it answers the query
        broadphase.query(bo[o], bo[o + 1], bo[o + 2], bo[o + 3], bo[o + 4], bo[o + 5], this);
        int woken = 0;
        int n = foundCount;
        // wake in slot order, not in the broadphase's (its internal order depends on its history and
        // implementation; the order islands wake in is the awake bodies' order, which reaches results)
        for (int i = 1; i < n; i++) {
            int v = found[i];
            int j = i - 1;
            while (j >= 0 && found[j] > v) {
                found[j + 1] = found[j];
                j--;
            }
            found[j + 1] = v;
        }
        for (int i = 0; i < n; i++) {
            if (bodies.state[found[i]] == SLEEPING) {
                setState(found[i], BodyState.AWAKE);
                woken++;
            }
        }
        return woken;
    }

    @Override
    public void proxy(int id) {
        if (bodies.state[id] == SLEEPING) {
            if (foundCount == found.length) {
                found = Arrays.copyOf(found, Math.max(16, foundCount * 2));
            }
            found[foundCount++] = id;
        }
    }

    /** Bodies created since the last {@link #resetCounts()}. */
    public int created() {
        return created;
    }

    /** Bodies removed since the last {@link #resetCounts()}. */
    public int removed() {
        return removed;
    }

    /** Starts counting creations and removals afresh (at the start of each step). */
    public void resetCounts() {
        created = removed = 0;
    }

    // ---- snapshots (docs/snapshot-format.md) ----

    /** The sleeping-island rings (next member per slot, -1 when not sleeping), a copy of the whole array. */
    public int[] rings() {
        return ring.clone();
    }

    /** Handles of the bodies created fixed whose proxy moves until the next broadphase (see {@link #findPairsOnce}). */
    public long[] unfixedHandles() {
        return Arrays.copyOf(unfixed, unfixedCount);
    }

    /**
     * Restores the rings and the list of unfixed proxies of a saved world; the bodies and their
     * broadphase proxies are already restored (the unfixed proxies are made moving here).
     */
    public void restore(int[] rings, long[] unfixedHandles) {
        ring = rings.clone();
        unfixedCount = 0;
        unfixed = new long[Math.max(16, unfixedHandles.length)];
        for (long h : unfixedHandles) {
            int s = (int) h;
            if (bodies.isLive(s) && bodies.handle(s) == h && bodies.state[s] != BodyState.AWAKE.ordinal()
                    && broadphase.contains(s)) {
                broadphase.setFixed(s, false);
            }
            unfixed[unfixedCount++] = h; // a stale handle stays listed, as fixCreatedProxies skips it
        }
    }

    /** After body {@code s} left SLEEPING: wakes the rest of its ring. Re-entrant: each member is unlinked before it is woken. */
    private void wakeRing(int s) {
        if (s >= ring.length) {
            return;
        }
        int n = ring[s];
        ring[s] = -1;
        while (n >= 0 && n != s) {
            int after = ring[n];
            ring[n] = -1;
            if (bodies.state[n] == SLEEPING) {
                setState(n, BodyState.AWAKE);
            }
            n = after;
        }
    }

    private void ensure(int slots) {
        if (ring.length < slots) {
            int cap = Math.max(slots, ring.length * 2);
            int old = ring.length;
            ring = Arrays.copyOf(ring, cap);
            Arrays.fill(ring, old, cap, -1);
        }
    }
}
