package dev.rubble.core.soft;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Inertia;
import dev.rubble.core.dynamics.Carriers;
import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.body.StateHash;
import dev.rubble.spi.soft.SoftBodyState;
import java.util.Arrays;
import java.util.Objects;

/**
 * The soft bodies of a world: one {@link SoftBodyState} holding every body's control points and
 * constraints back to back, plus per-body ranges, the collision surface (cage triangles, global
 * point indices) and kinematic attachments of points to rigid bodies.
 *
 * <pre>
 *  body b:  points [pointStart[b], + pointCount[b]),  tets [tetStart[b], + tetCount[b]),
 *           surface triangles [surfaceStart[b], + surfaceCount[b]) in surface[3 * tri ..]
 *  attachment k: pin attachPin[k] follows rigid body attachBody[k] at attachLocal[3k..] (body frame; a welded
 *                member: the union body carrying it, holderSlot[k] at holderLocal[3k..] for the pass)
 * </pre>
 *
 * Bodies are only added (never removed) and are simulated in index order. Not thread-safe.
 */
public final class SoftBodyStore {
    /** Every point and constraint; the soft solver's input. */
    public final SoftBodyState state = new SoftBodyState();
    /** Number of bodies (package-private: {@link SoftBodySnapshot} restores it). */
    int count;
    public String[] label = new String[4];
    public int[] pointStart = new int[4], pointCount = new int[4], tetStart = new int[4], tetCount = new int[4];
    public int[] surfaceStart = new int[4], surfaceCount = new int[4];
    public double[] friction = new double[4], thickness = new double[4];
    public Cage[] cage = new Cage[4];
    /** 3 global point indices per surface triangle, counter-clockwise seen from outside. */
    public int[] surface = new int[0];
    public int surfaceTriangles;
    /** Body of each point. */
    public int[] pointBody = new int[0];
    public int attachments;
    public int[] attachPin = new int[0];
    public long[] attachBody = new long[0];
    public double[] attachLocal = new double[0];

    /** Number of soft bodies. */
    public int size() {
        return count;
    }

    /**
     * Adds a body: the cage placed at {@code (x, y, z)} rotated by the unit quaternion
     * {@code (qx, qy, qz, qw)}, every point moving at {@code (vx, vy, vz)}; returns its index.
     */
    public int add(Cage c, SoftMaterial m, double x, double y, double z, double qx, double qy, double qz, double qw,
                   double vx, double vy, double vz, String name) {
        Objects.requireNonNull(c, "cage is null");
        Objects.requireNonNull(m, "material is null");
        double qn = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
        if (!(qn > 0) || !Double.isFinite(qn)) {
            throw new IllegalArgumentException("soft body rotation = (" + qx + ", " + qy + ", " + qz + ", " + qw
                    + "); allowed: a finite non-zero quaternion");
        }
        qx /= qn;
        qy /= qn;
        qz /= qn;
        qw /= qn;
        if (!Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(z)) {
            throw new IllegalArgumentException("soft body position = (" + x + ", " + y + ", " + z + "); allowed: finite");
        }
        if (!Double.isFinite(vx) || !Double.isFinite(vy) || !Double.isFinite(vz)) {
            throw new IllegalArgumentException("soft body velocity = (" + vx + ", " + vy + ", " + vz + "); allowed: finite");
        }
        if (count == label.length) {
            int cap = 2 * count;
            label = Arrays.copyOf(label, cap);
            pointStart = Arrays.copyOf(pointStart, cap);
            pointCount = Arrays.copyOf(pointCount, cap);
            tetStart = Arrays.copyOf(tetStart, cap);
            tetCount = Arrays.copyOf(tetCount, cap);
            surfaceStart = Arrays.copyOf(surfaceStart, cap);
            surfaceCount = Arrays.copyOf(surfaceCount, cap);
            friction = Arrays.copyOf(friction, cap);
            thickness = Arrays.copyOf(thickness, cap);
            cage = Arrays.copyOf(cage, cap);
        }
        int b = count;
        SoftBodyState s = state;
        int base = s.points, edges0 = s.edges, tets0 = s.tets;
        try {
            addConstraints(c, m, x, y, z, qx, qy, qz, qw, vx, vy, vz);
        } catch (IllegalArgumentException e) {
            // nothing of a refused body stays: its points would be simulated (and hashed) as part of no body
            s.points = base;
            s.edges = edges0;
            s.tets = tets0;
            throw e;
        }
        int firstTet = tets0;
        int[] srf = c.surface();
        int firstTri = surfaceTriangles;
        if (3 * (surfaceTriangles + c.surfaceCount()) > surface.length) {
            surface = Arrays.copyOf(surface, Math.max(3 * (surfaceTriangles + c.surfaceCount()), 2 * surface.length));
        }
        for (int i = 0; i < srf.length; i++) {
            surface[3 * surfaceTriangles + i] = base + srf[i];
        }
        surfaceTriangles += c.surfaceCount();
        if (s.points > pointBody.length) {
            pointBody = Arrays.copyOf(pointBody, Math.max(s.points, 2 * pointBody.length));
        }
        Arrays.fill(pointBody, base, s.points, b);
        label[b] = name;
        pointStart[b] = base;
        pointCount[b] = c.pointCount();
        tetStart[b] = firstTet;
        tetCount[b] = c.tetCount();
        surfaceStart[b] = firstTri;
        surfaceCount[b] = c.surfaceCount();
        friction[b] = m.friction();
        thickness[b] = m.thickness();
        cage[b] = c;
        count++;
        return b;
    }


    /**
     * Adds the cage's points, edges and tets to {@link #state} (placed and moving as {@link #add} says); throws
     * naming the first problem, possibly after adding some ({@link #add} takes them back).
     */
    /**
     * The first point of cage {@code c} that the pose (origin x, y, z; unit quaternion q) puts beyond
     * ±{@link BodyStore#MAX_COORDINATE} m on an axis (or at a non-finite place), or -1 when every point lies within:
     * the arithmetic {@link #add} places the points with.
     */
    public static int farPoint(Cage c, double x, double y, double z, double qx, double qy, double qz, double qw) {
        double[] p = c.points();
        double r = BodyStore.MAX_COORDINATE;
        for (int i = 0, n = p.length / 3; i < n; i++) {
            double px = p[3 * i], py = p[3 * i + 1], pz = p[3 * i + 2];
            double wx = x + Inertia.rotX(qx, qy, qz, qw, px, py, pz), wy = y + Inertia.rotY(qx, qy, qz, qw, px, py, pz),
                    wz = z + Inertia.rotZ(qx, qy, qz, qw, px, py, pz);
            if (!(Math.abs(wx) <= r && Math.abs(wy) <= r && Math.abs(wz) <= r)) {
                return i;
            }
        }
        return -1;
    }

    private void addConstraints(Cage c, SoftMaterial m, double x, double y, double z, double qx, double qy, double qz,
                                double qw, double vx, double vy, double vz) {
        SoftBodyState s = state;
        int base = s.points;
        double[] p = c.points();
        double[] masses = c.masses();
        int n = c.pointCount();
        if (p.length != 3 * n || c.tets().length % 4 != 0 || c.edges().length % 2 != 0 || c.surface().length % 3 != 0) {
            throw new IllegalArgumentException("cage arrays: " + p.length + " point coordinates for " + n + " masses, "
                    + c.tets().length + " tet, " + c.edges().length + " edge and " + c.surface().length + " surface indices;"
                    + " allowed: 3 coordinates per mass, 4 indices per tet, 2 per edge, 3 per surface triangle");
        }
        // (a negative index would reach the points of the body added before this one)
        indices("tets", c.tets(), n);
        indices("surface", c.surface(), n);
        for (int i = 0; i < n; i++) {
            if (!(masses[i] > 0) || !Double.isFinite(1 / masses[i])) {
                throw new IllegalArgumentException("cage point " + i + " mass = " + masses[i]
                        + " kg; allowed: > 0 with a finite inverse (1/m)");
            }
        }
        // every point within the range of every body position (±BodyStore.MAX_COORDINATE), checked before any is
        // added: a cage 1 m across placed at 1e9 m was accepted with points beyond it, where rigid placements
        // (bodies, collections' nodes, union members) are refused
        int far = farPoint(c, x, y, z, qx, qy, qz, qw);
        if (far >= 0) {
            double px = p[3 * far], py = p[3 * far + 1], pz = p[3 * far + 2];
            throw new IllegalArgumentException("cage point " + far + " lies at (" + (x + Inertia.rotX(qx, qy, qz, qw, px, py, pz))
                    + ", " + (y + Inertia.rotY(qx, qy, qz, qw, px, py, pz)) + ", " + (z + Inertia.rotZ(qx, qy, qz, qw, px, py, pz))
                    + ") m in the world; allowed: every point within ±" + BodyStore.MAX_COORDINATE + " m on each axis");
        }
        for (int i = 0; i < c.pointCount(); i++) {
            double px = p[3 * i], py = p[3 * i + 1], pz = p[3 * i + 2];
            int k = s.addPoint(x + Inertia.rotX(qx, qy, qz, qw, px, py, pz), y + Inertia.rotY(qx, qy, qz, qw, px, py, pz),
                    z + Inertia.rotZ(qx, qy, qz, qw, px, py, pz), 1 / c.masses()[i]);
            s.v[3 * k] = vx;
            s.v[3 * k + 1] = vy;
            s.v[3 * k + 2] = vz;
        }
        // each edge stands for a sixth of every tetrahedron it belongs to (SoftMaterial)
        int[] tets = c.tets();
        int[] e = c.edges();
        long[] keys = edgeKeys(c);
        double[] share = new double[c.edgeCount()];
        for (int t = 0; t < c.tetCount(); t++) {
            double v6 = c.tetVolume(t) / 6;
            for (int a = 0; a < 4; a++) {
                for (int bb = a + 1; bb < 4; bb++) {
                    int i = Math.min(tets[4 * t + a], tets[4 * t + bb]), j = Math.max(tets[4 * t + a], tets[4 * t + bb]);
                    share[edgeIndex(keys, c.pointCount(), i, j)] += v6;
                }
            }
        }
        for (int k = 0; k < c.edgeCount(); k++) {
            int i = e[2 * k], j = e[2 * k + 1];
            double len = s.dist(base + i, base + j);
            double compliance = m.edgeCompliance(len, share[k]);
            if (share[k] == 0 && !Double.isFinite(compliance)) {
                throw new IllegalArgumentException("cage edge " + k + " (" + i + "-" + j + ") belongs to no tetrahedron,"
                        + " so youngsModulus gives it no stiffness; allowed: edges of the cage's tetrahedra, or an"
                        + " explicit edgeCompliance");
            }
            s.addEdge(base + i, base + j, compliance, m.pbdStiffness());
        }
        for (int t = 0; t < c.tetCount(); t++) {
            s.addTet(base + tets[4 * t], base + tets[4 * t + 1], base + tets[4 * t + 2], base + tets[4 * t + 3],
                    m.volumeCompliance(c.tetVolume(t)), m.pbdStiffness());
        }
    }

    private static void indices(String what, int[] a, int n) {
        for (int k = 0; k < a.length; k++) {
            if (a[k] < 0 || a[k] >= n) {
                throw new IllegalArgumentException("cage " + what + "[" + k + "] = " + a[k] + "; allowed: [0, " + n + ")");
            }
        }
    }

    /**
     * The cage's edges as sorted keys {@code (a·n + b) << 32 | edge} ({@code a < b}), in any order the cage lists
     * them; refuses an edge given twice.
     */
    private static long[] edgeKeys(Cage c) {
        int[] e = c.edges();
        long n = c.pointCount();
        long[] keys = new long[c.edgeCount()];
        for (int k = 0; k < keys.length; k++) {
            int a = e[2 * k], b = e[2 * k + 1];
            if (a < 0 || b < 0 || a >= n || b >= n || a == b) {
                throw new IllegalArgumentException("cage edge " + k + " (" + a + "-" + b + "); allowed: two different points"
                        + " in [0, " + n + ")");
            }
            keys[k] = (Math.min(a, b) * n + Math.max(a, b)) << 32 | k;
        }
        Arrays.sort(keys);
        for (int k = 1; k < keys.length; k++) {
            if (keys[k] >>> 32 == keys[k - 1] >>> 32) {
                int first = (int) keys[k - 1], again = (int) keys[k];
                throw new IllegalArgumentException("cage edge " + again + " (" + e[2 * again] + "-" + e[2 * again + 1]
                        + ") repeats edge " + first + "; allowed: each edge once");
            }
        }
        return keys;
    }

    /** Index of edge i-j (i < j) in the cage, from {@link #edgeKeys}. */
    private static int edgeIndex(long[] keys, long n, int i, int j) {
        long want = i * n + j;
        int lo = 0, hi = keys.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            long k = keys[mid] >>> 32;
            if (k == want) {
                return (int) keys[mid];
            }
            if (k < want) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        throw new IllegalArgumentException("cage has no edge " + i + "-" + j + " for one of its tetrahedra; allowed: every"
                + " tetrahedron's six edges in the edge list");
    }

    /** Pins point {@code localPoint} of body {@code b} where it is now; returns the pin index. */
    public int pin(int b, int localPoint) {
        checkPoint(b, localPoint);
        return state.addPin(pointStart[b] + localPoint);
    }

    /**
     * Attaches point {@code localPoint} of body {@code b} to rigid body {@code rigidHandle} at the
     * point's present offset in the rigid body's frame. Between steps the point is a pin (inverse
     * mass 0) whose target is where the rigid body holds it; in a step where the rigid body is an
     * awake dynamic body the point has its mass and the two are joined by a constraint in the
     * soft solve, so the soft body pulls on the rigid body ({@link AttachmentCoupling}); otherwise
     * it follows the rigid body.
     */
    public void attach(int b, int localPoint, long rigidHandle, BodyStore rigid) {
        int slot = rigid.slot(rigidHandle);
        int pin = pin(b, localPoint);
        if (attachments == attachPin.length) {
            int cap = Math.max(4, 2 * attachments);
            attachPin = Arrays.copyOf(attachPin, cap);
            attachBody = Arrays.copyOf(attachBody, cap);
            attachLocal = Arrays.copyOf(attachLocal, 3 * cap);
        }
        int k = attachments++;
        attachPin[k] = pin;
        attachBody[k] = rigidHandle;
        int p = 3 * (pointStart[b] + localPoint);
        double dx = state.x[p] - rigid.px[slot], dy = state.x[p + 1] - rigid.py[slot], dz = state.x[p + 2] - rigid.pz[slot];
        double ux = -rigid.qx[slot], uy = -rigid.qy[slot], uz = -rigid.qz[slot], w = rigid.qw[slot];
        attachLocal[3 * k] = Inertia.rotX(ux, uy, uz, w, dx, dy, dz);
        attachLocal[3 * k + 1] = Inertia.rotY(ux, uy, uz, w, dx, dy, dz);
        attachLocal[3 * k + 2] = Inertia.rotZ(ux, uy, uz, w, dx, dy, dz);
    }

    /**
     * Per attachment, for the pass under way ({@link #updateAttachments(BodyStore, Carriers)} sets them; scratch,
     * never saved or hashed): the rigid slot that holds the point, -1 when its body is gone, and the point's
     * offset from that slot's centre of mass in its frame. The slot is the attachment's own body, or, while that
     * body is welded into a cluster union (disabled, carried), the union's body, at the same point of the member.
     */
    int[] holderSlot = new int[0];
    double[] holderLocal = new double[0];
    private final double[] carried = new double[7];

    /** As {@link #updateAttachments(BodyStore, Carriers)} with no body carried by another. */
    public void updateAttachments(BodyStore rigid) {
        updateAttachments(rigid, null);
    }

    /**
     * Finds each attachment's holder for this pass ({@link #holderSlot}) and moves its pin target to where that
     * holder now holds it. The pin of a removed rigid body stays where it was last held. A body welded into a
     * cluster union is disabled while the union's body moves for it, and its own pose is brought up to date only
     * in the DESTRUCTION slot, after this pass (docs/destruction.md, "Cluster unions"): its attachments are held
     * by the union's body ({@code carriers}, null: none), as its joints are (docs/constraints.md, "Joints on
     * collections"), so that they pull on the union when it is awake and dynamic, and follow it where it is now,
     * not where it was a step ago, when it is not (determinism fuzz seed 9417: a soft body attached to a welded
     * ball and pinned to the world trailed the ball by a step, pulled on nothing, and was torn apart when the
     * union was knocked 3.5 m in one step; docs/constraints.md, "Attachments to a welded member").
     */
    public void updateAttachments(BodyStore rigid, Carriers carriers) {
        if (holderSlot.length < attachments) {
            holderSlot = Arrays.copyOf(holderSlot, Math.max(attachments, 2 * holderSlot.length));
            holderLocal = Arrays.copyOf(holderLocal, 3 * holderSlot.length);
        }
        for (int k = 0; k < attachments; k++) {
            long handle = attachBody[k];
            int s = (int) handle;
            if (!rigid.isLive(s) || rigid.generation[s] != (int) (handle >>> 32)) {
                holderSlot[k] = -1;
                continue;
            }
            int c = carriers == null ? -1 : carriers.carrier(s, carried);
            double lx = attachLocal[3 * k], ly = attachLocal[3 * k + 1], lz = attachLocal[3 * k + 2];
            if (c >= 0) {
                // the point from the member's origin (its centre of mass + the body-frame offset), turned into the
                // carrier's frame by the member's orientation there and moved by the member's origin in it
                double[] m = carried;
                double ox = rigid.lcx[s] + lx, oy = rigid.lcy[s] + ly, oz = rigid.lcz[s] + lz;
                lx = m[0] + Inertia.rotX(m[3], m[4], m[5], m[6], ox, oy, oz);
                ly = m[1] + Inertia.rotY(m[3], m[4], m[5], m[6], ox, oy, oz);
                lz = m[2] + Inertia.rotZ(m[3], m[4], m[5], m[6], ox, oy, oz);
                s = c;
            }
            holderSlot[k] = s;
            holderLocal[3 * k] = lx;
            holderLocal[3 * k + 1] = ly;
            holderLocal[3 * k + 2] = lz;
            double ux = rigid.qx[s], uy = rigid.qy[s], uz = rigid.qz[s], w = rigid.qw[s];
            int t = 3 * attachPin[k];
            state.pinTarget[t] = rigid.px[s] + Inertia.rotX(ux, uy, uz, w, lx, ly, lz);
            state.pinTarget[t + 1] = rigid.py[s] + Inertia.rotY(ux, uy, uz, w, lx, ly, lz);
            state.pinTarget[t + 2] = rigid.pz[s] + Inertia.rotZ(ux, uy, uz, w, lx, ly, lz);
        }
    }

    /** Index of the first body with this label, or -1. */
    public int findByLabel(String name) {
        for (int b = 0; b < count; b++) {
            if (name.equals(label[b])) {
                return b;
            }
        }
        return -1;
    }

    /** {@code h} with every point's position and velocity mixed in, in index order; {@code h} itself when empty. */
    public long mixHash(long h) {
        SoftBodyState s = state;
        if (s.points == 0) {
            return h;
        }
        h = StateHash.mix(h, ((long) count << 32) | s.points);
        for (int i = 0, n = 3 * s.points; i < n; i++) {
            h = StateHash.mix(h, s.x[i]);
            h = StateHash.mix(h, s.v[i]);
        }
        return h;
    }

    /** Number of tetrahedra (all bodies) that are inverted or flat now (signed volume <= 0). */
    public int invertedTets() {
        int n = 0;
        for (int t = 0; t < state.tets; t++) {
            if (!(state.tetVolume(t) > 0)) {
                n++;
            }
        }
        return n;
    }

    private void checkPoint(int b, int localPoint) {
        if (b < 0 || b >= count) {
            throw new IllegalArgumentException("soft body " + b + "; allowed: [0, " + count + ")");
        }
        if (localPoint < 0 || localPoint >= pointCount[b]) {
            throw new IllegalArgumentException("soft body " + b + " point " + localPoint + "; allowed: [0, "
                    + pointCount[b] + ")");
        }
    }
}
