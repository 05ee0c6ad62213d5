package dev.rubble.core.collision;

import dev.rubble.core.body.CapacityExceededException;
import java.util.Arrays;

/**
 * Contact manifolds of the current step in structure-of-arrays form: written by the narrowphase,
 * solved by the contact solver, read afterwards by the destruction runtime (per-contact impulses
 * become strain) and by the journal.
 *
 * <pre>
 *  manifold m:  bodyA[m], bodyB[m] (slots, A's slot &lt; B's slot), key[m] (persistent identity),
 *               normal (nx, ny, nz)[m] pointing from A to B, friction[m], restitution[m],
 *               pointCount[m] in 0..4
 *  point p = m * 4 + k (k &lt; pointCount[m]):
 *               anchors on A and B relative to each centre of mass, world frame (ax.., bx..),
 *               separation[p] (metres, negative = penetrating), feature[p] (persistent id),
 *               normalImpulse[p], tangentImpulse1[p], tangentImpulse2[p] (N·s, accumulated),
 *               relativeNormalVelocity[p] (m/s, the approach speed the solver read when it
 *               prepared this step, used for restitution; 0 in manifolds it did not solve)
 * </pre>
 *
 * <p>Manifolds are kept sorted by (bodyA, bodyB, key) so iteration order never depends on the
 * broadphase or on hash order. The budget {@code maxManifolds} caps the count; the narrowphase
 * decides what to drop at the limit and counts it in {@link #droppedThisStep}.
 */
public final class ContactStore {
    /** Points per manifold. */
    public static final int MAX_POINTS = 4;

    private final int maxManifolds;
    private int capacity;
    private int count;
    /** Manifolds that did not fit the budget this step. */
    public int droppedThisStep;

    public int[] bodyA, bodyB, pointCount;
    public long[] key;
    public double[] nx, ny, nz, friction, restitution;
    public double[] ax, ay, az, bx, by, bz, separation;
    public long[] feature;
    public double[] normalImpulse, tangentImpulse1, tangentImpulse2, relativeNormalVelocity;

    public ContactStore(int initialCapacity, int maxManifolds) {
        if (maxManifolds < 1) {
            throw new IllegalArgumentException("maxManifolds = " + maxManifolds + "; allowed: >= 1");
        }
        this.maxManifolds = maxManifolds;
        allocate(Math.max(1, Math.min(initialCapacity, maxManifolds)));
    }

    private void allocate(int cap) {
        capacity = cap;
        bodyA = Arrays.copyOf(bodyA == null ? new int[0] : bodyA, cap);
        bodyB = Arrays.copyOf(bodyB == null ? new int[0] : bodyB, cap);
        pointCount = Arrays.copyOf(pointCount == null ? new int[0] : pointCount, cap);
        key = Arrays.copyOf(key == null ? new long[0] : key, cap);
        nx = g(nx, cap); ny = g(ny, cap); nz = g(nz, cap);
        friction = g(friction, cap); restitution = g(restitution, cap);
        int pc = cap * MAX_POINTS;
        ax = g(ax, pc); ay = g(ay, pc); az = g(az, pc);
        bx = g(bx, pc); by = g(by, pc); bz = g(bz, pc);
        separation = g(separation, pc);
        feature = Arrays.copyOf(feature == null ? new long[0] : feature, pc);
        normalImpulse = g(normalImpulse, pc);
        tangentImpulse1 = g(tangentImpulse1, pc);
        tangentImpulse2 = g(tangentImpulse2, pc);
        relativeNormalVelocity = g(relativeNormalVelocity, pc);
    }

    private static double[] g(double[] a, int n) {
        return a == null ? new double[n] : Arrays.copyOf(a, n);
    }

    /** Number of manifolds this step. */
    public int size() {
        return count;
    }

    // ---- collision loads from contacts outside the rigid solver (soft bodies, docs/soft-bodies.md) ----

    private int softLoads;
    /**
     * Per soft load: the rigid body slot it acts on, the child of its compound shape (-1: not a compound), the
     * world point (3 per load) and the impulse magnitude, N·s.
     */
    public int[] softLoadSlot = new int[0], softLoadChild = new int[0];
    public double[] softLoadAt = new double[0], softLoadImpulse = new double[0];

    /** Number of soft-body collision loads this step (written by the soft pass, read by destruction's gather). */
    public int softLoads() {
        return softLoads;
    }

    /** Forgets the soft loads (the start of each soft pass). */
    public void clearSoftLoads() {
        softLoads = 0;
    }

    /**
     * Adds a soft-body collision load: impulse {@code j} (N·s) on body slot {@code slot} (its compound's child
     * {@code child}, or -1) at world point (x, y, z).
     */
    public void addSoftLoad(int slot, int child, double x, double y, double z, double j) {
        if (softLoads == softLoadSlot.length) {
            int cap = Math.max(16, 2 * softLoads);
            softLoadSlot = Arrays.copyOf(softLoadSlot, cap);
            softLoadChild = Arrays.copyOf(softLoadChild, cap);
            softLoadAt = Arrays.copyOf(softLoadAt, 3 * cap);
            softLoadImpulse = Arrays.copyOf(softLoadImpulse, cap);
        }
        softLoadSlot[softLoads] = slot;
        softLoadChild[softLoads] = child;
        softLoadAt[3 * softLoads] = x;
        softLoadAt[3 * softLoads + 1] = y;
        softLoadAt[3 * softLoads + 2] = z;
        softLoadImpulse[softLoads++] = j;
    }

    /**
     * The contact solver's tangent basis of a unit normal, a fixed function of it (Catto's plane
     * space; {@code ContactSolver.prepare} builds the same): {@code out[o..o+2] = t1},
     * {@code out[o+3..o+5] = t2 = n × t1}. {@link #tangentImpulse1} and {@link #tangentImpulse2} are
     * along these.
     */
    public static void tangents(double nx, double ny, double nz, double[] out, int o) {
        double ux, uy, uz;
        if (Math.abs(nx) >= 0.57735026918962576) {
            ux = ny; uy = -nx; uz = 0;
        } else {
            ux = 0; uy = nz; uz = -ny;
        }
        double inv = 1 / Math.sqrt(ux * ux + uy * uy + uz * uz);
        ux *= inv; uy *= inv; uz *= inv;
        out[o] = ux; out[o + 1] = uy; out[o + 2] = uz;
        out[o + 3] = ny * uz - nz * uy; out[o + 4] = nz * ux - nx * uz; out[o + 5] = nx * uy - ny * ux;
    }

    /**
     * The impulse body B received at point {@code p} of manifold {@code m} in the last solve, world
     * frame, N·s: normal and friction, {@code λn n + λ1 t1 + λ2 t2} (A received its opposite).
     * {@code basis} is scratch of at least 6 doubles; the result goes to {@code out[0..2]}.
     */
    public void impulse(int m, int p, double[] basis, double[] out) {
        double nx = this.nx[m], ny = this.ny[m], nz = this.nz[m];
        tangents(nx, ny, nz, basis, 0);
        double ln = normalImpulse[p], l1 = tangentImpulse1[p], l2 = tangentImpulse2[p];
        out[0] = ln * nx + l1 * basis[0] + l2 * basis[3];
        out[1] = ln * ny + l1 * basis[1] + l2 * basis[4];
        out[2] = ln * nz + l1 * basis[2] + l2 * basis[5];
    }

    /** The manifold budget. */
    public int maxManifolds() {
        return maxManifolds;
    }

    /** Forgets every manifold (the narrowphase keeps its own cache for warm starting). */
    public void clear() {
        count = 0;
        droppedThisStep = 0;
    }

    /**
     * Appends an empty manifold and returns its index.
     *
     * @throws CapacityExceededException when {@code maxManifolds} manifolds exist
     */
    public int add(int a, int b, long manifoldKey) {
        if (count == maxManifolds) {
            throw new CapacityExceededException("maxManifolds", maxManifolds);
        }
        if (count == capacity) {
            allocate((int) Math.min(maxManifolds, 2L * capacity));
        }
        int m = count++;
        bodyA[m] = a;
        bodyB[m] = b;
        key[m] = manifoldKey;
        pointCount[m] = 0;
        return m;
    }

    /**
     * Makes the store hold {@code n} manifolds (at most the budget) whose fields the caller writes
     * (package-private: the parallel narrowphase sizes the store from its serial count, then
     * its workers write every manifold at its offset).
     */
    void resize(int n) {
        if (n > maxManifolds) {
            throw new CapacityExceededException("maxManifolds", maxManifolds);
        }
        if (n > capacity) {
            allocate((int) Math.min(maxManifolds, Math.max(n, 2L * capacity)));
        }
        count = n;
    }

    /**
     * Grows the store ahead of need to room for {@code n} manifolds (at most the budget; contents
     * and count kept): the step pipeline calls it when destruction released pieces, so the burst of
     * their first contacts next step does not grow the store (issue 27 item 1). Never shrinks.
     */
    public void reserve(int n) {
        int want = Math.min(maxManifolds, Math.max(0, n));
        if (want > capacity) {
            allocate(want);
        }
    }

    /** Whether another manifold fits the budget. */
    public boolean hasRoom() {
        return count < maxManifolds;
    }

    /** Drops the last manifold (used when a collider started one and added no point). */
    public void removeLast() {
        if (count > 0) {
            count--;
        }
    }

    /** Swaps manifolds {@code m1} and {@code m2} with their points (used to keep a pair's manifolds sorted by key). */
    public void swap(int m1, int m2) {
        swapI(bodyA, m1, m2);
        swapI(bodyB, m1, m2);
        swapI(pointCount, m1, m2);
        long k = key[m1];
        key[m1] = key[m2];
        key[m2] = k;
        swapD(nx, m1, m2);
        swapD(ny, m1, m2);
        swapD(nz, m1, m2);
        swapD(friction, m1, m2);
        swapD(restitution, m1, m2);
        for (int i = 0; i < MAX_POINTS; i++) {
            int p = m1 * MAX_POINTS + i, q = m2 * MAX_POINTS + i;
            swapD(ax, p, q); swapD(ay, p, q); swapD(az, p, q);
            swapD(bx, p, q); swapD(by, p, q); swapD(bz, p, q);
            swapD(separation, p, q);
            long f = feature[p];
            feature[p] = feature[q];
            feature[q] = f;
            swapD(normalImpulse, p, q);
            swapD(tangentImpulse1, p, q);
            swapD(tangentImpulse2, p, q);
            swapD(relativeNormalVelocity, p, q);
        }
    }

    /**
     * Copies manifold {@code from} with its points over manifold {@code to} (both below
     * {@link #size()}); used to merge parked manifolds of a woken island back in sorted order.
     */
    public void move(int from, int to) {
        if (from == to) {
            return;
        }
        bodyA[to] = bodyA[from];
        bodyB[to] = bodyB[from];
        pointCount[to] = pointCount[from];
        key[to] = key[from];
        nx[to] = nx[from];
        ny[to] = ny[from];
        nz[to] = nz[from];
        friction[to] = friction[from];
        restitution[to] = restitution[from];
        int p = from * MAX_POINTS, q = to * MAX_POINTS;
        System.arraycopy(ax, p, ax, q, MAX_POINTS);
        System.arraycopy(ay, p, ay, q, MAX_POINTS);
        System.arraycopy(az, p, az, q, MAX_POINTS);
        System.arraycopy(bx, p, bx, q, MAX_POINTS);
        System.arraycopy(by, p, by, q, MAX_POINTS);
        System.arraycopy(bz, p, bz, q, MAX_POINTS);
        System.arraycopy(separation, p, separation, q, MAX_POINTS);
        System.arraycopy(feature, p, feature, q, MAX_POINTS);
        System.arraycopy(normalImpulse, p, normalImpulse, q, MAX_POINTS);
        System.arraycopy(tangentImpulse1, p, tangentImpulse1, q, MAX_POINTS);
        System.arraycopy(tangentImpulse2, p, tangentImpulse2, q, MAX_POINTS);
        System.arraycopy(relativeNormalVelocity, p, relativeNormalVelocity, q, MAX_POINTS);
    }

    private static void swapI(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }

    private static void swapD(double[] a, int i, int j) {
        double t = a[i];
        a[i] = a[j];
        a[j] = t;
    }

    /** Sum of accumulated normal impulses of manifold {@code m}, N·s. */
    public double totalNormalImpulse(int m) {
        double sum = 0;
        for (int k = 0, p = m * MAX_POINTS; k < pointCount[m]; k++, p++) {
            sum += normalImpulse[p];
        }
        return sum;
    }

    /**
     * Drops manifolds {@code newCount ..} (used by the contact budget, which keeps the first ones
     * in sorted pair order). The caller counts what it dropped.
     */
    public void truncate(int newCount) {
        if (newCount < 0 || newCount > count) {
            throw new IllegalArgumentException("newCount = " + newCount + "; allowed: [0, " + count + "]");
        }
        count = newCount;
    }
}
