package dev.rubble.core.collision;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.dynamics.Motion;
import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.Narrowphase;
import dev.rubble.spi.narrowphase.Pose;
import java.util.Arrays;

/**
 * The NARROWPHASE stage: turns the sorted broadphase pairs into contact manifolds in the
 * {@link ContactStore}, carrying accumulated impulses over from the previous step (warm starting).
 *
 * <pre>
 *  for each pair (a &lt; b) in PairBuffer order:
 *      skip unless a or b is dynamic, and layer/mask agree both ways
 *      narrowphase.collide(shape a @ origin pose, shape b @ origin pose, margin) -&gt; manifolds
 *      sort the pair's manifolds by sub-key            (compounds/meshes give several)
 *  merge-join with last step's manifolds by (a, b, key); within a manifold match points by
 *  feature id: a match carries normal/tangent impulses and the creation-time normal velocity,
 *  unless the point's anchor on A (in A's body frame) drifted more than {@link #DRIFT_TOLERANCE};
 *  a point with a new feature id takes the nearest old point within {@link #MATCH_DISTANCE}
 * </pre>
 *
 * Points farther apart than the speculative margin are never generated, so separated contacts
 * drop out by themselves; points that slid along the surface are refreshed (fresh impulses) by the
 * drift test. Budget: when {@code maxManifolds} are stored, every later manifold of the step is
 * dropped and counted in {@link ContactStore#droppedThisStep}; since pairs run in sorted order,
 * what is kept is deterministic (the lowest slot pairs). The point budget {@code maxContacts}
 * works the same way: once that many points are stored, later points are dropped and counted in
 * {@link #pointsDropped} (a manifold left with no point is removed). Allocation-free in steady
 * state (caches grow by doubling).
 */
public final class NarrowphaseStage implements ContactSink {
    /** Default speculative margin, metres: shapes this far apart still get (positive-separation) contacts. */
    public static final double DEFAULT_MARGIN = 0.02;
    /** Largest slide of a point's anchor on A, metres, for which its impulses are kept. */
    public static final double DRIFT_TOLERANCE = 0.02;
    /**
     * A point whose feature id is new inherits the impulses of the nearest old point of the same
     * manifold whose anchor on A lies within this distance, metres (position matching, as Jolt and
     * Bullet do for all points).
     */
    public static final double MATCH_DISTANCE = 0.005;

    private final Narrowphase narrowphase;
    private double margin = DEFAULT_MARGIN;
    private final Pose poseA = new Pose(), poseB = new Pose();
    private final double[] tmp = new double[3];

    // previous step (copied from the store at the start of the stage)
    private int prevCount;
    private int[] prevA = new int[64], prevB = new int[64], prevGenA = new int[64], prevGenB = new int[64], prevPoints = new int[64];
    private long[] prevKey = new long[64];
    private long[] prevFeature = new long[256];
    private double[] prevImpN = new double[256], prevImpT1 = new double[256], prevImpT2 = new double[256], prevVn = new double[256];
    private double[] prevLx = new double[256], prevLy = new double[256], prevLz = new double[256];
    // anchors on A in A's body frame for the current manifolds (index-aligned with the store)
    private double[] curLx = new double[256], curLy = new double[256], curLz = new double[256];
    private int[] curGenA = new int[64], curGenB = new int[64];

    // sink state
    private ContactStore store;
    private BodyStore bodies;
    private int slotA, slotB, current = -1;
    private boolean dropping;

    /** Counters of the last run. */
    public int pairsTested, manifoldsKept, pointsKept, pointsWarmStarted, pointsDropped;
    private int maxPoints = Integer.MAX_VALUE;

    public NarrowphaseStage(Narrowphase narrowphase) {
        this.narrowphase = java.util.Objects.requireNonNull(narrowphase, "narrowphase is null");
    }

    public Narrowphase narrowphase() {
        return narrowphase;
    }

    /**
     * @param maxContacts the contact point budget per step, &ge; 1
     */
    public void setMaxContacts(int maxContacts) {
        if (maxContacts < 1) {
            throw new IllegalArgumentException("maxContacts = " + maxContacts + "; allowed: >= 1");
        }
        maxPoints = maxContacts;
    }

    /** Speculative margin, metres. */
    public double margin() {
        return margin;
    }

    /**
     * @param metres speculative margin, finite, &ge; 0
     */
    public void setMargin(double metres) {
        if (!(metres >= 0) || Double.isInfinite(metres)) {
            throw new IllegalArgumentException("speculative margin = " + metres + "; allowed: finite, >= 0 m");
        }
        margin = metres;
    }

    /** Runs the stage without motion look-ahead: {@code store} is rewritten from {@code pairs}. */
    public void run(BodyStore b, PairBuffer pairs, ContactStore contacts) {
        run(b, pairs, contacts, 0);
    }

    /**
     * Runs the stage: {@code store} is rewritten from {@code pairs}. Each pair's speculative margin
     * is the base margin plus how far the two bodies can close in {@code dt} seconds,
     * {@code dt (|vB - vA| + |wA| RA + |wB| RB)} with R a body's reach from its centre of mass to its
     * bounds' farthest corner: a fast body gets a positive-separation contact while still far from
     * what it will hit, and the solver lets it approach by at most that separation per step
     * (speculative continuous collision, no time-of-impact search).
     */
    public void run(BodyStore b, PairBuffer pairs, ContactStore contacts, double dt) {
        this.bodies = b;
        this.store = contacts;
        savePrevious(contacts);
        contacts.clear();
        pairsTested = manifoldsKept = pointsKept = pointsWarmStarted = pointsDropped = 0;
        final byte dynamic = (byte) MotionType.DYNAMIC.ordinal();
        for (int i = 0, n = pairs.size(); i < n; i++) {
            int a = pairs.first(i), c = pairs.second(i);
            if (b.motion[a] != dynamic && b.motion[c] != dynamic) {
                continue;
            }
            if ((b.collisionLayer[a] & b.collisionMask[c]) == 0 || (b.collisionLayer[c] & b.collisionMask[a]) == 0) {
                continue;
            }
            pairsTested++;
            slotA = a;
            slotB = c;
            current = -1;
            dropping = false;
            int first = contacts.size();
            poseA.set(b.originX(a), b.originY(a), b.originZ(a), b.qx[a], b.qy[a], b.qz[a], b.qw[a]);
            poseB.set(b.originX(c), b.originY(c), b.originZ(c), b.qx[c], b.qy[c], b.qz[c], b.qw[c]);
            double pairMargin = margin;
            if (dt > 0) {
                double dvx = b.vx[c] - b.vx[a], dvy = b.vy[c] - b.vy[a], dvz = b.vz[c] - b.vz[a];
                double closing = Math.sqrt(dvx * dvx + dvy * dvy + dvz * dvz)
                        + angularReach(b, a) + angularReach(b, c);
                pairMargin += dt * closing;
            }
            narrowphase.collide(b.shape[a], poseA, b.shape[c], poseB, pairMargin, this);
            finishManifold();
            sortByKey(contacts, first, contacts.size());
        }
        warmStart(contacts);
        manifoldsKept = contacts.size();
        this.store = null;
        this.bodies = null;
    }

    /** |w| R for body s: the fastest a point of it moves by rotation, m/s (0 when not spinning). */
    private static double angularReach(BodyStore b, int s) {
        double wx = b.wx[s], wy = b.wy[s], wz = b.wz[s];
        double w2 = wx * wx + wy * wy + wz * wz;
        if (w2 == 0) {
            return 0;
        }
        return Math.sqrt(w2) * Motion.reach(b, s);
    }

    @Override
    public void beginManifold(double nx, double ny, double nz, long subKey) {
        finishManifold();
        if (!store.hasRoom()) {
            dropping = true;
            store.droppedThisStep++;
            return;
        }
        dropping = false;
        int m = store.add(slotA, slotB, subKey);
        ensureCurrent(m + 1);
        curGenA[m] = bodies.generation[slotA];
        curGenB[m] = bodies.generation[slotB];
        store.nx[m] = nx;
        store.ny[m] = ny;
        store.nz[m] = nz;
        // mixing rules: geometric mean friction, max restitution (as Box2D)
        store.friction[m] = Math.sqrt(bodies.friction[slotA] * bodies.friction[slotB]);
        store.restitution[m] = Math.max(bodies.restitution[slotA], bodies.restitution[slotB]);
        current = m;
    }

    @Override
    public void addPoint(double ax, double ay, double az, double separation, long featureId) {
        if (dropping || current < 0 || store.pointCount[current] == ContactStore.MAX_POINTS) {
            return;
        }
        if (pointsKept == maxPoints) {
            pointsDropped++;
            return;
        }
        int m = current;
        int p = m * ContactStore.MAX_POINTS + store.pointCount[m]++;
        BodyStore b = bodies;
        int sa = slotA, sb = slotB;
        double nx = store.nx[m], ny = store.ny[m], nz = store.nz[m];
        double rax = ax - b.px[sa], ray = ay - b.py[sa], raz = az - b.pz[sa];
        double bwx = ax + separation * nx, bwy = ay + separation * ny, bwz = az + separation * nz;
        double rbx = bwx - b.px[sb], rby = bwy - b.py[sb], rbz = bwz - b.pz[sb];
        store.ax[p] = rax;
        store.ay[p] = ray;
        store.az[p] = raz;
        store.bx[p] = rbx;
        store.by[p] = rby;
        store.bz[p] = rbz;
        store.separation[p] = separation;
        store.feature[p] = featureId;
        store.normalImpulse[p] = 0;
        store.tangentImpulse1[p] = 0;
        store.tangentImpulse2[p] = 0;
        // relative normal velocity of B's point w.r.t. A's point: (vB + wB x rB - vA - wA x rA) . n
        double vax = b.vx[sa] + b.wy[sa] * raz - b.wz[sa] * ray;
        double vay = b.vy[sa] + b.wz[sa] * rax - b.wx[sa] * raz;
        double vaz = b.vz[sa] + b.wx[sa] * ray - b.wy[sa] * rax;
        double vbx = b.vx[sb] + b.wy[sb] * rbz - b.wz[sb] * rby;
        double vby = b.vy[sb] + b.wz[sb] * rbx - b.wx[sb] * rbz;
        double vbz = b.vz[sb] + b.wx[sb] * rby - b.wy[sb] * rbx;
        store.relativeNormalVelocity[p] = (vbx - vax) * nx + (vby - vay) * ny + (vbz - vaz) * nz;
        // anchor on A in A's body frame (for the drift test next step)
        poseA.inverseRotate(rax, ray, raz, tmp, 0);
        curLx[p] = tmp[0];
        curLy[p] = tmp[1];
        curLz[p] = tmp[2];
        pointsKept++;
    }

    /** Removes a manifold that received no point (a collider began one and added nothing). */
    private void finishManifold() {
        if (current >= 0 && store.pointCount[current] == 0 && current == store.size() - 1) {
            store.removeLast();
        }
        current = -1;
    }

    private void ensureCurrent(int manifolds) {
        if (curGenA.length < manifolds) {
            int n = Math.max(manifolds, 2 * curGenA.length);
            curGenA = Arrays.copyOf(curGenA, n);
            curGenB = Arrays.copyOf(curGenB, n);
            curLx = Arrays.copyOf(curLx, n * ContactStore.MAX_POINTS);
            curLy = Arrays.copyOf(curLy, n * ContactStore.MAX_POINTS);
            curLz = Arrays.copyOf(curLz, n * ContactStore.MAX_POINTS);
        }
    }

    /** Insertion sort of manifolds [from, to) by key (a pair's manifolds are few and nearly sorted). */
    private void sortByKey(ContactStore s, int from, int to) {
        for (int i = from + 1; i < to; i++) {
            for (int j = i; j > from && s.key[j - 1] > s.key[j]; j--) {
                s.swap(j - 1, j);
                swapCurrent(j - 1, j);
            }
        }
    }

    private void swapCurrent(int m1, int m2) {
        int t = curGenA[m1];
        curGenA[m1] = curGenA[m2];
        curGenA[m2] = t;
        t = curGenB[m1];
        curGenB[m1] = curGenB[m2];
        curGenB[m2] = t;
        for (int k = 0; k < ContactStore.MAX_POINTS; k++) {
            int p = m1 * ContactStore.MAX_POINTS + k, q = m2 * ContactStore.MAX_POINTS + k;
            double d = curLx[p]; curLx[p] = curLx[q]; curLx[q] = d;
            d = curLy[p]; curLy[p] = curLy[q]; curLy[q] = d;
            d = curLz[p]; curLz[p] = curLz[q]; curLz[q] = d;
        }
    }

    /** Copies what warm starting needs from last step's manifolds (with the solver's final impulses). */
    private void savePrevious(ContactStore s) {
        int n = s.size();
        if (prevA.length < n) {
            int c = Math.max(n, 2 * prevA.length);
            prevA = Arrays.copyOf(prevA, c);
            prevB = Arrays.copyOf(prevB, c);
            prevGenA = Arrays.copyOf(prevGenA, c);
            prevGenB = Arrays.copyOf(prevGenB, c);
            prevPoints = Arrays.copyOf(prevPoints, c);
            prevKey = Arrays.copyOf(prevKey, c);
            int pc = c * ContactStore.MAX_POINTS;
            prevFeature = Arrays.copyOf(prevFeature, pc);
            prevImpN = Arrays.copyOf(prevImpN, pc);
            prevImpT1 = Arrays.copyOf(prevImpT1, pc);
            prevImpT2 = Arrays.copyOf(prevImpT2, pc);
            prevVn = Arrays.copyOf(prevVn, pc);
            prevLx = Arrays.copyOf(prevLx, pc);
            prevLy = Arrays.copyOf(prevLy, pc);
            prevLz = Arrays.copyOf(prevLz, pc);
        }
        int pc = n * ContactStore.MAX_POINTS;
        System.arraycopy(s.bodyA, 0, prevA, 0, n);
        System.arraycopy(s.bodyB, 0, prevB, 0, n);
        System.arraycopy(curGenA, 0, prevGenA, 0, n);
        System.arraycopy(curGenB, 0, prevGenB, 0, n);
        System.arraycopy(s.pointCount, 0, prevPoints, 0, n);
        System.arraycopy(s.key, 0, prevKey, 0, n);
        System.arraycopy(s.feature, 0, prevFeature, 0, pc);
        System.arraycopy(s.normalImpulse, 0, prevImpN, 0, pc);
        System.arraycopy(s.tangentImpulse1, 0, prevImpT1, 0, pc);
        System.arraycopy(s.tangentImpulse2, 0, prevImpT2, 0, pc);
        System.arraycopy(s.relativeNormalVelocity, 0, prevVn, 0, pc);
        System.arraycopy(curLx, 0, prevLx, 0, pc);
        System.arraycopy(curLy, 0, prevLy, 0, pc);
        System.arraycopy(curLz, 0, prevLz, 0, pc);
        prevCount = n;
    }

    /** Merge-join of the (a, b, key)-sorted old and new manifolds; carries impulses point by point. */
    private void warmStart(ContactStore s) {
        int o = 0;
        final double tol2 = DRIFT_TOLERANCE * DRIFT_TOLERANCE;
        for (int m = 0, n = s.size(); m < n; m++) {
            while (o < prevCount && compare(prevA[o], prevB[o], prevKey[o], s.bodyA[m], s.bodyB[m], s.key[m]) < 0) {
                o++;
            }
            if (o == prevCount) {
                break;
            }
            if (compare(prevA[o], prevB[o], prevKey[o], s.bodyA[m], s.bodyB[m], s.key[m]) != 0
                    || prevGenA[o] != curGenA[m] || prevGenB[o] != curGenB[m]) {
                continue;
            }
            for (int k = 0; k < s.pointCount[m]; k++) {
                int p = m * ContactStore.MAX_POINTS + k;
                // same feature id within the drift tolerance; failing that, the nearest old point within
                // MATCH_DISTANCE (clip points of flush, equal-sized faces switch between "vertex kept" and
                // "edge intersection" ids from one step to the next while staying where they were)
                int match = -1;
                double nearest = MATCH_DISTANCE * MATCH_DISTANCE;
                for (int j = 0; j < prevPoints[o]; j++) {
                    int q = o * ContactStore.MAX_POINTS + j;
                    double dx = curLx[p] - prevLx[q], dy = curLy[p] - prevLy[q], dz = curLz[p] - prevLz[q];
                    double d2 = dx * dx + dy * dy + dz * dz;
                    if (prevFeature[q] == s.feature[p]) {
                        match = d2 <= tol2 ? q : -1;
                        break;
                    }
                    if (d2 < nearest) {
                        nearest = d2;
                        match = q;
                    }
                }
                if (match >= 0) {
                    s.normalImpulse[p] = prevImpN[match];
                    s.tangentImpulse1[p] = prevImpT1[match];
                    s.tangentImpulse2[p] = prevImpT2[match];
                    s.relativeNormalVelocity[p] = prevVn[match];
                    pointsWarmStarted++;
                }
            }
        }
    }

    private static int compare(int a1, int b1, long k1, int a2, int b2, long k2) {
        if (a1 != a2) {
            return Integer.compare(a1, a2);
        }
        if (b1 != b2) {
            return Integer.compare(b1, b2);
        }
        return Long.compare(k1, k2);
    }
}
