package dev.rubble.core.soft;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Inertia;
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
 *  attachment k: pin attachPin[k] follows rigid body attachBody[k] at attachLocal[3k..] (body frame)
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
        int base = s.points;
        double[] p = c.points();
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
        double[] share = new double[c.edgeCount()];
        for (int t = 0; t < c.tetCount(); t++) {
            double v6 = c.tetVolume(t) / 6;
            for (int a = 0; a < 4; a++) {
                for (int bb = a + 1; bb < 4; bb++) {
                    int i = Math.min(tets[4 * t + a], tets[4 * t + bb]), j = Math.max(tets[4 * t + a], tets[4 * t + bb]);
                    share[edgeIndex(e, i, j)] += v6;
                }
            }
        }
        int firstTet = s.tets;
        for (int k = 0; k < c.edgeCount(); k++) {
            int i = e[2 * k], j = e[2 * k + 1];
            double len = s.dist(base + i, base + j);
            s.addEdge(base + i, base + j, m.edgeCompliance(len, share[k]), m.pbdStiffness());
        }
        for (int t = 0; t < c.tetCount(); t++) {
            s.addTet(base + tets[4 * t], base + tets[4 * t + 1], base + tets[4 * t + 2], base + tets[4 * t + 3],
                    m.volumeCompliance(c.tetVolume(t)), m.pbdStiffness());
        }
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

    private static int edgeIndex(int[] sortedEdges, int i, int j) {
        int lo = 0, hi = sortedEdges.length / 2 - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int a = sortedEdges[2 * mid], b = sortedEdges[2 * mid + 1];
            int cmp = a != i ? Integer.compare(a, i) : Integer.compare(b, j);
            if (cmp == 0) {
                return mid;
            }
            if (cmp < 0) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        throw new IllegalArgumentException("cage has no edge " + i + "-" + j + " for one of its tetrahedra");
    }

    /** Pins point {@code localPoint} of body {@code b} where it is now; returns the pin index. */
    public int pin(int b, int localPoint) {
        checkPoint(b, localPoint);
        return state.addPin(pointStart[b] + localPoint);
    }

    /**
     * Attaches point {@code localPoint} of body {@code b} to rigid body {@code rigidHandle}: the
     * point becomes kinematic and follows the rigid body, keeping its present offset in the
     * rigid body's frame.
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
     * Moves every attachment's pin target to where its rigid body now holds it. The pin of a
     * removed rigid body stays where it was last held.
     */
    public void updateAttachments(BodyStore rigid) {
        for (int k = 0; k < attachments; k++) {
            long handle = attachBody[k];
            int s = (int) handle;
            if (!rigid.isLive(s) || rigid.generation[s] != (int) (handle >>> 32)) {
                continue;
            }
            double lx = attachLocal[3 * k], ly = attachLocal[3 * k + 1], lz = attachLocal[3 * k + 2];
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
