package dev.rubble.core.body;

import dev.rubble.spi.shape.MassProperties;
import dev.rubble.spi.shape.Shape;
import java.util.Arrays;

/**
 * Every body of a world in structure-of-arrays form (reference: SPEC §1, Box2D v3 body.h).
 *
 * <pre>
 *  slot-indexed arrays (hot: pose, velocity, inverse mass; warm: material; cold: shape, label)
 *  order[]:  | awake ............ | sleeping ...... | static ...... | disabled ... |
 *            0             start[1]          start[2]        start[3]       count
 *  rank[slot] = position of slot in order[]
 * </pre>
 *
 * <p>A body is addressed by a {@code long} handle: generation in the high 32 bits, slot in the low
 * 32. A removed body's slot is reused with the next generation, so stale handles are detected.
 * Moving a body between states swaps it across partition boundaries: O(1), no allocation. The
 * solver walks {@code order[0 .. awakeCount())} and never touches sleeping, static or disabled
 * bodies.
 *
 * <p>Positions are those of the centre of mass; {@code localCom} is its offset in the body frame,
 * so the body origin (what users place) is {@code x - R(q) * localCom}. Inertia is kept diagonal in
 * its principal frame, whose rotation in the body frame is {@code iq}.
 *
 * <p>Not thread-safe: the step owns it. Arrays are exposed for the kernel's hot loops; writers
 * outside the kernel go through methods.
 */
public final class BodyStore {
    /** Slot of "no body", e.g. for {@link #parent}. */
    public static final int NONE = -1;
    private static final int PARTITIONS = 4;
    // values() clones its array on every call: keep one copy so state lookups never allocate
    private static final BodyState[] STATES = BodyState.values();
    private static final MotionType[] MOTIONS = MotionType.values();
    /**
     * The largest |x|, |y| or |z| of a body's centre of mass, metres: the range of every position the API,
     * scenarios and snapshots take. A dynamic body created beyond it is refused, and one the step carries beyond
     * it is disabled ({@code NonFiniteGuard}), so every world saves a snapshot that restores.
     */
    public static final double MAX_COORDINATE = 1e9;

    /** Collision layer of a new body (bit 0). */
    public static final int DEFAULT_LAYER = 1;
    /** Collision mask of a new body: every layer. */
    public static final int ALL_LAYERS = -1;

    private final int maxBodies;
    private int capacity;
    private int highWater;
    private int liveCount;
    private int[] freeSlots = new int[16];
    private int freeCount;

    // identity and partitions
    public int[] generation;
    public byte[] motion;
    public byte[] state;
    public int[] order;
    public int[] rank;
    private final int[] start = new int[PARTITIONS + 1];
    /**
     * Counts state changes that can end a sleeping island's parked contacts: a body leaving SLEEPING
     * or entering DISABLED (removal passes through DISABLED). The narrowphase compares it with the
     * value it last saw, so while nothing wakes or leaves it does not look at parked contacts at all.
     */
    public int releases;

    // hot: pose and velocity of the centre of mass
    public double[] px, py, pz, qx, qy, qz, qw;
    public double[] vx, vy, vz, wx, wy, wz;
    public double[] invMass, invIx, invIy, invIz;

    // warm: mass frame and material
    public double[] mass, lcx, lcy, lcz, iqx, iqy, iqz, iqw;
    public double[] friction, restitution, gravityScale, linearDamping, angularDamping;
    /**
     * The world's gravity, m/s² (a setting, not state: the world sets it once at assembly), for the
     * look-ahead of {@link BodyBounds#expandBounds} and the narrowphase's speculative margins: what gravity
     * adds to a body's motion within one step, {@code g dt²} at most, is covered once it outgrows the base
     * speculative margin (time steps above about 45 ms at 1 g).
     */
    public double gravityX, gravityY, gravityZ;
    /** The world's linear speed limit, m/s (a setting, as {@link #gravityX}): gravity's look-ahead never reaches past it. */
    public double maxLinearSpeed = 400;
    /** The world's angular speed limit, rad/s (a setting, as {@link #maxLinearSpeed}): a torque's look-ahead never reaches past it. */
    public double maxAngularSpeed = 100;
    public double[] sleepTime;
    /**
     * Scratch, not state (never hashed or saved): the rotational energy (J) the gyroscopic term's first
     * half took from the body in the current sub-step, which its second half may give back
     * ({@code dynamics.Motion.gyroscopic} / {@code gyroscopicEnd}); 0 outside a sub-step.
     */
    public double[] gyroTaken;

    // kinematic targets (pose of the centre of mass), valid when hasTarget
    public boolean[] hasTarget;
    public double[] tpx, tpy, tpz, tqx, tqy, tqz, tqw;

    // bounds: minX, minY, minZ, maxX, maxY, maxZ per slot
    public double[] bounds;

    // hierarchy for clusters: parent slot or NONE
    public int[] parent;

    // collision filtering: a pair collides (and a query sees a body) only when each one's layer bits
    // meet the other's mask: (layerA & maskB) != 0 && (layerB & maskA) != 0
    public int[] collisionLayer, collisionMask;
    /** Pairs that never collide whatever their layers say (journalled ignore-pair commands). */
    public final IgnoredPairs ignoredPairs = new IgnoredPairs();

    // debris and removal (docs/destruction.md, "Debris and removal"), set by the destruction runtime:
    // debris[s] = 1 for a one-way-interaction piece (the contact solver treats a non-debris body it
    // touches as infinitely heavy); scale[s] in [0, 1] is the removal shrink that renderers and the
    // console draw (1 = full size; the collision shape is never scaled). Neither is in the state hash.
    public byte[] debris;
    public double[] scale;

    // fields (issue 24; docs/fields.md): force (N) and torque (N·m) accumulators, world frame, applied
    // on every sub-step of the next step and cleared at its end; forced[s] = 1 while either is set.
    // Per-body sleep threshold (m/s and rad/s alike; NaN = the world's) and disable threshold (0 = never).
    public double[] fx, fy, fz, tx, ty, tz;
    public byte[] forced;
    public double[] sleepThreshold, disableThreshold;
    private int[] forcedSlots = new int[16];
    private int forcedCount;
    /** Bodies whose disable threshold was ever set above 0 (the sleep slot skips its pass while 0). */
    public int disableThresholds;

    // cold
    public Shape[] shape;
    public String[] label;

    /**
     * @param initialCapacity slots allocated up front (grows by doubling)
     * @param maxBodies       the body budget: creating more fails with {@link CapacityExceededException}
     */
    public BodyStore(int initialCapacity, int maxBodies) {
        if (maxBodies < 1) {
            throw new IllegalArgumentException("maxBodies = " + maxBodies + "; allowed: >= 1");
        }
        this.maxBodies = maxBodies;
        allocate(Math.max(1, Math.min(initialCapacity, maxBodies)));
    }

    private void allocate(int cap) {
        capacity = cap;
        generation = grow(generation, cap);
        motion = grow(motion, cap);
        state = grow(state, cap);
        order = grow(order, cap);
        rank = grow(rank, cap);
        px = grow(px, cap); py = grow(py, cap); pz = grow(pz, cap);
        qx = grow(qx, cap); qy = grow(qy, cap); qz = grow(qz, cap); qw = grow(qw, cap);
        vx = grow(vx, cap); vy = grow(vy, cap); vz = grow(vz, cap);
        wx = grow(wx, cap); wy = grow(wy, cap); wz = grow(wz, cap);
        invMass = grow(invMass, cap); invIx = grow(invIx, cap); invIy = grow(invIy, cap); invIz = grow(invIz, cap);
        mass = grow(mass, cap); lcx = grow(lcx, cap); lcy = grow(lcy, cap); lcz = grow(lcz, cap);
        iqx = grow(iqx, cap); iqy = grow(iqy, cap); iqz = grow(iqz, cap); iqw = grow(iqw, cap);
        friction = grow(friction, cap); restitution = grow(restitution, cap);
        gravityScale = grow(gravityScale, cap);
        linearDamping = grow(linearDamping, cap); angularDamping = grow(angularDamping, cap);
        sleepTime = grow(sleepTime, cap);
        gyroTaken = grow(gyroTaken, cap);
        hasTarget = hasTarget == null ? new boolean[cap] : Arrays.copyOf(hasTarget, cap);
        tpx = grow(tpx, cap); tpy = grow(tpy, cap); tpz = grow(tpz, cap);
        tqx = grow(tqx, cap); tqy = grow(tqy, cap); tqz = grow(tqz, cap); tqw = grow(tqw, cap);
        bounds = grow(bounds, cap * 6);
        parent = grow(parent, cap);
        collisionLayer = grow(collisionLayer, cap);
        collisionMask = grow(collisionMask, cap);
        debris = grow(debris, cap);
        scale = grow(scale, cap);
        fx = grow(fx, cap); fy = grow(fy, cap); fz = grow(fz, cap);
        tx = grow(tx, cap); ty = grow(ty, cap); tz = grow(tz, cap);
        forced = grow(forced, cap);
        int had = sleepThreshold == null ? 0 : sleepThreshold.length;
        sleepThreshold = grow(sleepThreshold, cap);
        Arrays.fill(sleepThreshold, Math.min(had, cap), cap, Double.NaN); // NaN = the world's threshold (restores too)
        disableThreshold = grow(disableThreshold, cap);
        shape = shape == null ? new Shape[cap] : Arrays.copyOf(shape, cap);
        label = label == null ? new String[cap] : Arrays.copyOf(label, cap);
    }

    private static double[] grow(double[] a, int n) {
        return a == null ? new double[n] : Arrays.copyOf(a, n);
    }

    private static int[] grow(int[] a, int n) {
        return a == null ? new int[n] : Arrays.copyOf(a, n);
    }

    private static byte[] grow(byte[] a, int n) {
        return a == null ? new byte[n] : Arrays.copyOf(a, n);
    }

    /** The body budget. */
    public int maxBodies() {
        return maxBodies;
    }

    /** Number of live bodies (every state). */
    public int size() {
        return liveCount;
    }

    /** One past the highest slot ever used: iterate {@code 0 .. slotLimit()} for handle order. */
    public int slotLimit() {
        return highWater;
    }

    /** Whether {@code slot} holds a live body. */
    public boolean isLive(int slot) {
        return slot >= 0 && slot < highWater && rank[slot] >= 0;
    }

    /** Number of bodies in a state. */
    public int count(BodyState s) {
        return start[s.ordinal() + 1] - start[s.ordinal()];
    }

    /** Awake bodies occupy {@code order[0 .. awakeCount())}. */
    public int awakeCount() {
        return start[1];
    }

    /** First index in {@link #order} of the partition for {@code s}. */
    public int partitionStart(BodyState s) {
        return start[s.ordinal()];
    }

    /** The handle of the body in {@code slot}. */
    public long handle(int slot) {
        return ((long) generation[slot] << 32) | (slot & 0xffffffffL);
    }

    /** The slot of a handle, or fails with a message naming the handle if it is stale or unknown. */
    public int slot(long handle) {
        int slot = (int) handle;
        if (!isLive(slot) || generation[slot] != (int) (handle >>> 32)) {
            throw new IllegalArgumentException("body handle " + handleString(handle) + " is not a live body ("
                    + (isLive(slot) ? "removed; its slot now holds " + handleString(handle(slot))
                    : slot >= 0 && slot < highWater ? "removed" : "never created in this world")
                    + "); allowed: the handle (slot:generation) of a live body");
        }
        return slot;
    }

    /** Human-readable handle: {@code slot:generation}. */
    public static String handleString(long handle) {
        return (int) handle + ":" + (int) (handle >>> 32);
    }

    /**
     * Creates a body and returns its slot. Pose is that of the body origin; the centre of mass
     * is placed from the shape's mass properties.
     *
     * @throws CapacityExceededException when the body budget is full (nothing is changed)
     */
    public int create(Shape bodyShape, MotionType type, MassProperties mp,
                      double x, double y, double z, double rx, double ry, double rz, double rw) {
        if (liveCount >= maxBodies) {
            throw new CapacityExceededException("maxBodies", maxBodies);
        }
        int slot;
        if (freeCount > 0) {
            slot = freeSlots[--freeCount];
        } else {
            if (highWater == capacity) {
                allocate((int) Math.min(maxBodies, 2L * capacity));
            }
            slot = highWater++;
        }
        liveCount++;
        motion[slot] = (byte) type.ordinal();
        shape[slot] = bodyShape;
        label[slot] = null;
        parent[slot] = NONE;
        collisionLayer[slot] = DEFAULT_LAYER;
        collisionMask[slot] = ALL_LAYERS;
        debris[slot] = 0;
        scale[slot] = 1;
        fx[slot] = fy[slot] = fz[slot] = tx[slot] = ty[slot] = tz[slot] = 0;
        sleepThreshold[slot] = Double.NaN;
        disableThreshold[slot] = 0;
        double n = Math.sqrt(rx * rx + ry * ry + rz * rz + rw * rw);
        qx[slot] = rx / n; qy[slot] = ry / n; qz[slot] = rz / n; qw[slot] = rw / n;
        vx[slot] = vy[slot] = vz[slot] = wx[slot] = wy[slot] = wz[slot] = 0;
        friction[slot] = 0.5;
        restitution[slot] = 0;
        gravityScale[slot] = 1;
        linearDamping[slot] = angularDamping[slot] = 0;
        sleepTime[slot] = 0;
        gyroTaken[slot] = 0;
        hasTarget[slot] = false;
        setMassProperties(slot, type == MotionType.DYNAMIC ? mp : null);
        lcx[slot] = mp == null ? 0 : mp.comX();
        lcy[slot] = mp == null ? 0 : mp.comY();
        lcz[slot] = mp == null ? 0 : mp.comZ();
        setOriginPosition(slot, x, y, z);
        BodyState s = type == MotionType.STATIC ? BodyState.STATIC : BodyState.AWAKE;
        // append into its partition: push through the later partitions' boundaries
        int pos = start[PARTITIONS]++;
        order[pos] = slot;
        rank[slot] = pos;
        state[slot] = (byte) (PARTITIONS - 1);
        for (int p = PARTITIONS - 1; p > s.ordinal(); p--) {
            swapOrder(rank[slot], start[p]);
            start[p]++;
            state[slot] = (byte) (p - 1);
        }
        updateBounds(slot);
        return slot;
    }

    /** Adds a force (N, world frame, at the centre of mass) for every sub-step of the coming step. */
    public void addForce(int slot, double x, double y, double z) {
        markForced(slot);
        fx[slot] += x;
        fy[slot] += y;
        fz[slot] += z;
    }

    /** Adds a torque (N·m, world frame) for every sub-step of the coming step. */
    public void addTorque(int slot, double x, double y, double z) {
        markForced(slot);
        tx[slot] += x;
        ty[slot] += y;
        tz[slot] += z;
    }

    private void markForced(int slot) {
        if (forced[slot] == 0) {
            forced[slot] = 1;
            if (forcedCount == forcedSlots.length) {
                forcedSlots = Arrays.copyOf(forcedSlots, forcedCount * 2);
            }
            forcedSlots[forcedCount++] = slot;
        }
    }

    /** Whether any body has a force or torque for this step. */
    public boolean anyForced() {
        return forcedCount > 0;
    }

    /** Clears every force and torque accumulator (end of a step). */
    public void clearForces() {
        for (int i = 0; i < forcedCount; i++) {
            int s = forcedSlots[i];
            forced[s] = 0;
            fx[s] = fy[s] = fz[s] = tx[s] = ty[s] = tz[s] = 0;
        }
        forcedCount = 0;
    }

    /** Sets mass, inverse inertia and mass frame; {@code null} makes the body immovable (infinite mass). */
    public void setMassProperties(int slot, MassProperties mp) {
        if (mp == null) {
            mass[slot] = Double.POSITIVE_INFINITY;
            invMass[slot] = invIx[slot] = invIy[slot] = invIz[slot] = 0;
            iqx[slot] = iqy[slot] = iqz[slot] = 0;
            iqw[slot] = 1;
            return;
        }
        mass[slot] = mp.mass();
        invMass[slot] = 1 / mp.mass();
        invIx[slot] = mp.ixx() > 0 ? 1 / mp.ixx() : 0;
        invIy[slot] = mp.iyy() > 0 ? 1 / mp.iyy() : 0;
        invIz[slot] = mp.izz() > 0 ? 1 / mp.izz() : 0;
        iqx[slot] = mp.qx(); iqy[slot] = mp.qy(); iqz[slot] = mp.qz(); iqw[slot] = mp.qw();
    }

    /** Removes a body; its slot is reused with a new generation. */
    public void remove(int slot) {
        // move to the end of the last partition, then drop the last element of order[]
        setState(slot, BodyState.DISABLED);
        int last = start[PARTITIONS] - 1;
        swapOrder(rank[slot], last);
        start[PARTITIONS]--;
        rank[slot] = -1;
        shape[slot] = null;
        label[slot] = null;
        if (ignoredPairs.size() != 0) {
            ignoredPairs.removeBody(handle(slot));
        }
        generation[slot]++;
        liveCount--;
        if (freeCount == freeSlots.length) {
            freeSlots = Arrays.copyOf(freeSlots, freeCount * 2);
        }
        freeSlots[freeCount++] = slot;
    }

    /** The state of a body. */
    public BodyState state(int slot) {
        return STATES[state[slot]];
    }

    /** The motion type of a body. */
    public MotionType motion(int slot) {
        return MOTIONS[motion[slot]];
    }

    /**
     * Moves a body into another state partition: O(number of partitions), no allocation.
     * Callers keep the broadphase in step (see World).
     */
    public void setState(int slot, BodyState s) {
        int from = state[slot];
        int to = s.ordinal();
        if (from != to && (from == BodyState.SLEEPING.ordinal() || to == BodyState.DISABLED.ordinal())) {
            releases++; // wake-once parking (SleepingContacts) rechecks what it parked
        }
        while (from < to) {           // move towards the end: swap to the last of my partition
            int lastOfMine = start[from + 1] - 1;
            swapOrder(rank[slot], lastOfMine);
            start[from + 1]--;
            from++;
        }
        while (from > to) {           // move towards the front: swap to the first of my partition
            int firstOfMine = start[from];
            swapOrder(rank[slot], firstOfMine);
            start[from]++;
            from--;
        }
        state[slot] = (byte) to;
    }

    private void swapOrder(int i, int j) {
        if (i == j) {
            return;
        }
        int a = order[i];
        int b = order[j];
        order[i] = b;
        order[j] = a;
        rank[b] = i;
        rank[a] = j;
    }

    /** Places the body so that its origin (not its centre of mass) is at (x, y, z). */
    public void setOriginPosition(int slot, double x, double y, double z) {
        px[slot] = x + rotX(slot, lcx[slot], lcy[slot], lcz[slot]);
        py[slot] = y + rotY(slot, lcx[slot], lcy[slot], lcz[slot]);
        pz[slot] = z + rotZ(slot, lcx[slot], lcy[slot], lcz[slot]);
    }

    /**
     * The body's pose, centre of mass and orientation, into {@code out[o..o+7)}: px, py, pz, qx, qy, qz, qw.
     * @param slot the body's slot
     * @param out where to write
     * @param o the first index written
     */
    public void copyPose(int slot, double[] out, int o) {
        out[o] = px[slot];
        out[o + 1] = py[slot];
        out[o + 2] = pz[slot];
        out[o + 3] = qx[slot];
        out[o + 4] = qy[slot];
        out[o + 5] = qz[slot];
        out[o + 6] = qw[slot];
    }

    /**
     * The body's pose ({@link #copyPose}) and velocities into {@code out[o..o+13)}: px, py, pz, qx, qy, qz, qw,
     * vx, vy, vz, wx, wy, wz.
     * @param slot the body's slot
     * @param out where to write
     * @param o the first index written
     */
    public void copyMotionState(int slot, double[] out, int o) {
        copyPose(slot, out, o);
        out[o + 7] = vx[slot];
        out[o + 8] = vy[slot];
        out[o + 9] = vz[slot];
        out[o + 10] = wx[slot];
        out[o + 11] = wy[slot];
        out[o + 12] = wz[slot];
    }

    /**
     * Turns the body by the small rotation vector (ax, ay, az), radians, world frame: {@code q += (θ, 0) q / 2},
     * renormalised, the first-order step the integrator takes with {@code ω h} (a zero vector only renormalises).
     * @param slot the body's slot
     * @param ax the rotation vector's x
     * @param ay its y
     * @param az its z
     */
    public void turn(int slot, double ax, double ay, double az) {
        double x = qx[slot], y = qy[slot], z = qz[slot], w = qw[slot];
        double nx = x + 0.5 * (ax * w + ay * z - az * y);
        double ny = y + 0.5 * (ay * w + az * x - ax * z);
        double nz = z + 0.5 * (az * w + ax * y - ay * x);
        double nw = w - 0.5 * (ax * x + ay * y + az * z);
        double inv = 1 / Math.sqrt(nx * nx + ny * ny + nz * nz + nw * nw);
        qx[slot] = nx * inv;
        qy[slot] = ny * inv;
        qz[slot] = nz * inv;
        qw[slot] = nw * inv;
    }

    /** World x of the body origin. */
    public double originX(int slot) {
        return px[slot] - rotX(slot, lcx[slot], lcy[slot], lcz[slot]);
    }

    /** World y of the body origin. */
    public double originY(int slot) {
        return py[slot] - rotY(slot, lcx[slot], lcy[slot], lcz[slot]);
    }

    /** World z of the body origin. */
    public double originZ(int slot) {
        return pz[slot] - rotZ(slot, lcx[slot], lcy[slot], lcz[slot]);
    }

    /** The world position of point (x, y, z) given in the body's frame relative to its origin, into out[0..2]. */
    public void originPointToWorld(int slot, double x, double y, double z, double[] out) {
        double lx = x - lcx[slot], ly = y - lcy[slot], lz = z - lcz[slot];
        out[0] = px[slot] + rotX(slot, lx, ly, lz);
        out[1] = py[slot] + rotY(slot, lx, ly, lz);
        out[2] = pz[slot] + rotZ(slot, lx, ly, lz);
    }

    // R(q) * v, component-wise (v + 2w(u x v) + 2u x (u x v) with u = q.xyz)
    private double rotX(int s, double x, double y, double z) {
        double ux = qx[s], uy = qy[s], uz = qz[s], w = qw[s];
        double tx = 2 * (uy * z - uz * y), ty = 2 * (uz * x - ux * z), tz = 2 * (ux * y - uy * x);
        return x + w * tx + (uy * tz - uz * ty);
    }

    private double rotY(int s, double x, double y, double z) {
        double ux = qx[s], uy = qy[s], uz = qz[s], w = qw[s];
        double tx = 2 * (uy * z - uz * y), ty = 2 * (uz * x - ux * z), tz = 2 * (ux * y - uy * x);
        return y + w * ty + (uz * tx - ux * tz);
    }

    private double rotZ(int s, double x, double y, double z) {
        double ux = qx[s], uy = qy[s], uz = qz[s], w = qw[s];
        double tx = 2 * (uy * z - uz * y), ty = 2 * (uz * x - ux * z), tz = 2 * (ux * y - uy * x);
        return z + w * tz + (ux * ty - uy * tx);
    }

    // ---- snapshots (docs/snapshot-format.md): the private layout a restored store needs exactly ----

    /** Slots allocated now (the arrays' length; grows by doubling). */
    public int capacity() {
        return capacity;
    }

    /** The free slots in reuse order (the last is reused first), a copy. */
    public int[] freeSlots() {
        return Arrays.copyOf(freeSlots, freeCount);
    }

    /** The partition starts of {@link #order}: awake, sleeping, static, disabled, end; a copy. */
    public int[] partitionStarts() {
        return start.clone();
    }

    /**
     * Restores the private layout of a saved store into this empty one: the arrays grow to
     * {@code capacity}, then the caller fills every slot-indexed array for {@code 0 .. highWater}
     * (generation, rank of free slots = -1, order, ...). Only for snapshot restores.
     *
     * @throws IllegalStateException when this store is not empty
     * @throws IllegalArgumentException for a layout that does not fit the budget or is inconsistent
     */
    public void restoreLayout(int savedCapacity, int savedHighWater, int savedLiveCount, int[] free, int[] starts) {
        if (liveCount != 0 || highWater != 0) {
            throw new IllegalStateException("restoreLayout() needs an empty store; this one has " + liveCount + " bodies");
        }
        if (savedCapacity < 1 || savedCapacity > maxBodies || savedHighWater < 0 || savedHighWater > savedCapacity
                || savedLiveCount < 0 || savedLiveCount > savedHighWater || free.length != savedHighWater - savedLiveCount
                || starts.length != PARTITIONS + 1 || starts[0] != 0 || starts[PARTITIONS] != savedLiveCount) {
            throw new IllegalArgumentException("body layout capacity " + savedCapacity + ", slots " + savedHighWater
                    + ", live " + savedLiveCount + ", free " + free.length + " does not fit maxBodies " + maxBodies);
        }
        for (int p = 0; p < PARTITIONS; p++) {
            if (starts[p] > starts[p + 1]) {
                throw new IllegalArgumentException("body partition starts are not ascending: " + Arrays.toString(starts));
            }
        }
        if (savedCapacity != capacity) {
            allocate(savedCapacity);
        }
        highWater = savedHighWater;
        liveCount = savedLiveCount;
        freeSlots = Arrays.copyOf(free, Math.max(16, free.length));
        freeCount = free.length;
        System.arraycopy(starts, 0, start, 0, starts.length);
    }

    /**
     * The origin pose of a body carried by the body in slot {@code carrier} at origin pose {@code local} (x, y, z,
     * then qx, qy, qz, qw, in the carrier's shape frame: a union member's place in its union) into
     * {@code out[o..o+7)}: position x, y, z, then the orientation qx, qy, qz, qw. Drawing a union's members
     * (render) and placing them in playback take it from here.
     */
    public void carriedPose(int carrier, double[] local, double[] out, int o) {
        double cqx = qx[carrier], cqy = qy[carrier], cqz = qz[carrier], cqw = qw[carrier];
        double lx = local[0], ly = local[1], lz = local[2];
        // v' = v + 2 w (u x v) + 2 u x (u x v), u = (qx, qy, qz)
        double tx = 2 * (cqy * lz - cqz * ly), ty = 2 * (cqz * lx - cqx * lz), tz = 2 * (cqx * ly - cqy * lx);
        out[o] = originX(carrier) + lx + cqw * tx + (cqy * tz - cqz * ty);
        out[o + 1] = originY(carrier) + ly + cqw * ty + (cqz * tx - cqx * tz);
        out[o + 2] = originZ(carrier) + lz + cqw * tz + (cqx * ty - cqy * tx);
        double ax = local[3], ay = local[4], az = local[5], aw = local[6];
        out[o + 3] = cqw * ax + cqx * aw + cqy * az - cqz * ay;
        out[o + 4] = cqw * ay - cqx * az + cqy * aw + cqz * ax;
        out[o + 5] = cqw * az + cqx * ay - cqy * ax + cqz * aw;
        out[o + 6] = cqw * aw - cqx * ax - cqy * ay - cqz * az;
    }

    /**
     * Body {@code s}, placed where body {@code carrier} holds it (a union member, a carried piece), moves rigidly
     * with it: its velocity is the carrier's at s's centre of mass ({@code v_c + w_c × r}), its angular velocity the
     * carrier's; its bounds are updated.
     */
    public void carryWith(int s, int carrier) {
        double rx = px[s] - px[carrier], ry = py[s] - py[carrier], rz = pz[s] - pz[carrier];
        double cwx = wx[carrier], cwy = wy[carrier], cwz = wz[carrier];
        vx[s] = vx[carrier] + cwy * rz - cwz * ry;
        vy[s] = vy[carrier] + cwz * rx - cwx * rz;
        vz[s] = vz[carrier] + cwx * ry - cwy * rx;
        wx[s] = cwx;
        wy[s] = cwy;
        wz[s] = cwz;
        updateBounds(s);
    }

    /** Recomputes the world bounds of a body from its shape and origin pose. */
    public void updateBounds(int slot) {
        shape[slot].bounds(originX(slot), originY(slot), originZ(slot),
                qx[slot], qy[slot], qz[slot], qw[slot], bounds, slot * 6);
    }
}
