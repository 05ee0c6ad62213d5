package dev.rubble.spi.shape;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The convex hull of a point cloud, built with quickhull (Barber, Dobkin and Huhdanpaa 1996):
 * an initial tetrahedron from extreme points, then repeatedly the point farthest outside any face
 * (its conflict list) is added, the faces it sees (found by flood fill from its face) are removed
 * and the horizon is fanned to it. Robustness: a point counts as outside only when it is farther
 * than a tolerance {@code eps = 1e-9 * extent} from a face, so duplicate, coplanar and nearly
 * coplanar points never create slivers; afterwards adjacent triangles whose planes agree within
 * the tolerance are merged into one convex polygon (collinear points removed). Inputs that span no
 * volume (fewer than 4 points, collinear, coplanar within eps) are rejected.
 *
 * <p>Keeps vertices, face polygons (counter-clockwise seen from outside) and face planes
 * {@code n·x = d} (unit outward n), so it serves support mapping (GJK), SAT and face clipping.
 * Immutable; accessors do not allocate.
 */
public final class ConvexHull implements Shape {
    private final double[] v;      // xyz per vertex
    private final int[] faceStart; // faceCount + 1 offsets into faceVerts
    private final int[] faceVerts;
    private final double[] planes; // nx, ny, nz, d per face
    private final double volume;
    private final double cx, cy, cz;
    private final double[] unitInertia; // about the centre of mass, density 1
    private final int[] adjStart, adj;  // vertex adjacency (edges of the face polygons), for hill climbing
    /** Above this many vertices {@link #support} climbs the vertex graph instead of scanning every vertex. */
    public static final int CLIMB_THRESHOLD = 24;

    private ConvexHull(double[] v, int[] faceStart, int[] faceVerts, double[] planes) {
        this.v = v;
        this.faceStart = faceStart;
        this.faceVerts = faceVerts;
        this.planes = planes;
        int nvert = v.length / 3;
        int[] deg = new int[nvert + 1];
        for (int f = 0; f + 1 < faceStart.length; f++) {
            for (int k = faceStart[f]; k < faceStart[f + 1]; k++) {
                // each undirected edge appears once per direction across the two faces sharing it
                deg[faceVerts[k]]++;
            }
        }
        adjStart = new int[nvert + 1];
        for (int i = 0; i < nvert; i++) {
            adjStart[i + 1] = adjStart[i] + deg[i];
        }
        adj = new int[adjStart[nvert]];
        int[] fill = new int[nvert];
        for (int f = 0; f + 1 < faceStart.length; f++) {
            for (int k = faceStart[f]; k < faceStart[f + 1]; k++) {
                int a = faceVerts[k], b = faceVerts[k + 1 < faceStart[f + 1] ? k + 1 : faceStart[f]];
                adj[adjStart[a] + fill[a]++] = b;
            }
        }
        // mass properties by tetrahedra from an interior reference point (divergence theorem)
        double rx = 0, ry = 0, rz = 0;
        int n = v.length / 3;
        for (int i = 0; i < n; i++) {
            rx += v[3 * i];
            ry += v[3 * i + 1];
            rz += v[3 * i + 2];
        }
        rx /= n;
        ry /= n;
        rz /= n;
        double vol = 0, mx = 0, my = 0, mz = 0;
        double[] c = new double[9];
        for (int f = 0; f < faceCount(); f++) {
            int s = faceStart[f], e = faceStart[f + 1];
            int i0 = faceVerts[s];
            double ax = v[3 * i0] - rx, ay = v[3 * i0 + 1] - ry, az = v[3 * i0 + 2] - rz;
            for (int k = s + 1; k + 1 < e; k++) {
                int i1 = faceVerts[k], i2 = faceVerts[k + 1];
                double bx = v[3 * i1] - rx, by = v[3 * i1 + 1] - ry, bz = v[3 * i1 + 2] - rz;
                double qx = v[3 * i2] - rx, qy = v[3 * i2 + 1] - ry, qz = v[3 * i2 + 2] - rz;
                double det = ax * (by * qz - bz * qy) - ay * (bx * qz - bz * qx) + az * (bx * qy - by * qx);
                vol += det / 6;
                double sx = ax + bx + qx, sy = ay + by + qy, sz = az + bz + qz;
                mx += det / 24 * sx;
                my += det / 24 * sy;
                mz += det / 24 * sz;
                double[] p = {ax, ay, az, bx, by, bz, qx, qy, qz};
                double[] sv = {sx, sy, sz};
                for (int i = 0; i < 3; i++) {
                    for (int j = 0; j < 3; j++) {
                        c[i * 3 + j] += det / 120 * (sv[i] * sv[j] + p[i] * p[j] + p[3 + i] * p[3 + j] + p[6 + i] * p[6 + j]);
                    }
                }
            }
        }
        this.volume = vol;
        double ox = mx / vol, oy = my / vol, oz = mz / vol;
        this.cx = rx + ox;
        this.cy = ry + oy;
        this.cz = rz + oz;
        double[] com = {ox, oy, oz};
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                c[i * 3 + j] -= vol * com[i] * com[j];
            }
        }
        double tr = c[0] + c[4] + c[8];
        unitInertia = new double[9];
        for (int i = 0; i < 9; i++) {
            unitInertia[i] = (i % 4 == 0 ? tr : 0) - c[i];
        }
    }

    /**
     * A hull given by its own structure, exactly as {@link #vertex}, {@link #faceSize},
     * {@link #faceVertex} and {@link #plane} return it: vertices (x, y, z each), face offsets
     * ({@code faceStart[f] .. faceStart[f + 1]} index {@code faceVerts}), face vertex indices and
     * face planes (nx, ny, nz, d each). Nothing is recomputed, so the result equals the hull the
     * arrays came from bit for bit — which rebuilding with {@link #of} from the vertices does not
     * guarantee (quickhull may order vertices and faces differently, and the mass properties,
     * summed over faces, then differ in the last bits). Used to journal spawned hulls (issue 17).
     * Arrays are copied. Checks ranges and finiteness, not convexity.
     *
     * @throws IllegalArgumentException when the structure is inconsistent or encloses no volume
     */
    public static ConvexHull ofFaces(double[] vertices, int[] faceStart, int[] faceVerts, double[] planes) {
        int nv = vertices.length / 3, nf = faceStart.length - 1;
        if (vertices.length % 3 != 0 || nv < 4 || nf < 4 || planes.length != 4 * nf || faceStart[0] != 0
                || faceStart[nf] != faceVerts.length) {
            throw new IllegalArgumentException("convex hull structure: " + nv + " vertices, " + nf + " faces, "
                    + faceVerts.length + " face indices, " + planes.length / 4 + " planes are inconsistent");
        }
        for (int f = 0; f < nf; f++) {
            if (faceStart[f + 1] - faceStart[f] < 3) {
                throw new IllegalArgumentException("convex hull face " + f + " has " + (faceStart[f + 1] - faceStart[f])
                        + " vertices; allowed: >= 3, offsets ascending");
            }
        }
        for (int i : faceVerts) {
            if (i < 0 || i >= nv) {
                throw new IllegalArgumentException("convex hull face vertex " + i + "; allowed: 0.." + (nv - 1));
            }
        }
        for (double[] a : new double[][] {vertices, planes}) {
            for (double x : a) {
                if (!Double.isFinite(x)) {
                    throw new IllegalArgumentException("convex hull structure holds " + x + "; allowed: finite numbers");
                }
            }
        }
        ConvexHull h = new ConvexHull(vertices.clone(), faceStart.clone(), faceVerts.clone(), planes.clone());
        if (!(h.volume() > 0) || !Double.isFinite(h.volume())) {
            throw new IllegalArgumentException("convex hull structure encloses volume " + h.volume() + "; allowed: > 0");
        }
        return h;
    }

    /**
     * The hull of {@code xyz} (x, y, z per point, metres, finite).
     *
     * @throws IllegalArgumentException when the array length is not a multiple of 3, a value is
     *                                  not finite, or the points span no volume
     */
    public static ConvexHull of(double... xyz) {
        if (xyz == null || xyz.length % 3 != 0) {
            throw new IllegalArgumentException("convex hull points length = " + (xyz == null ? "null" : xyz.length)
                    + "; allowed: a multiple of 3 (x, y, z per point)");
        }
        for (int i = 0; i < xyz.length; i++) {
            if (!Double.isFinite(xyz[i])) {
                throw new IllegalArgumentException("convex hull points[" + i + "] = " + xyz[i] + "; allowed: finite");
            }
        }
        if (xyz.length < 12) {
            throw new IllegalArgumentException("convex hull points count = " + xyz.length / 3
                    + "; allowed: >= 4 points spanning a volume");
        }
        return new Builder(xyz).build();
    }

    // ---- accessors -------------------------------------------------------------------------

    public int vertexCount() {
        return v.length / 3;
    }

    /** Coordinate {@code axis} (0..2) of vertex {@code i}, shape frame. */
    public double vertex(int i, int axis) {
        return v[3 * i + axis];
    }

    public int faceCount() {
        return faceStart.length - 1;
    }

    /** Number of vertices of face {@code f}. */
    public int faceSize(int f) {
        return faceStart[f + 1] - faceStart[f];
    }

    /** Vertex index of corner {@code k} of face {@code f} (counter-clockwise seen from outside). */
    public int faceVertex(int f, int k) {
        return faceVerts[faceStart[f] + k];
    }

    /** Component {@code c} of face {@code f}'s plane: 0..2 the unit outward normal, 3 the offset d (n·x = d). */
    public double plane(int f, int c) {
        return planes[4 * f + c];
    }

    /** The face whose outward normal has the largest dot product with {@code d}. */
    public int bestFace(double dx, double dy, double dz) {
        int best = 0;
        double bd = Double.NEGATIVE_INFINITY;
        for (int f = 0, n = faceCount(); f < n; f++) {
            double s = planes[4 * f] * dx + planes[4 * f + 1] * dy + planes[4 * f + 2] * dz;
            if (s > bd) {
                bd = s;
                best = f;
            }
        }
        return best;
    }

    // ---- Shape ----------------------------------------------------------------------------

    @Override
    public ShapeType type() {
        return ShapeType.CONVEX_HULL;
    }

    @Override
    public double volume() {
        return volume;
    }

    @Override
    public MassProperties massProperties(double density) {
        if (!(density > 0) || Double.isInfinite(density)) {
            throw new IllegalArgumentException("density = " + density + "; allowed: finite, > 0");
        }
        double[] t = new double[9];
        for (int i = 0; i < 9; i++) {
            t[i] = unitInertia[i] * density;
        }
        return InertiaTensor.principal(density * volume, cx, cy, cz, t);
    }

    @Override
    public boolean isConvex() {
        return true;
    }

    /**
     * Linear scan for small hulls; for more than {@link #CLIMB_THRESHOLD} vertices, hill climbing
     * from vertex 0 over the edge graph (a vertex no neighbour improves on is a global maximum of a
     * linear function over a convex polytope). Deterministic; ties keep the first vertex found.
     */
    @Override
    public void support(double dx, double dy, double dz, double[] out, int offset) {
        if (v.length > 3 * CLIMB_THRESHOLD) {
            int cur = 0;
            double bd = v[0] * dx + v[1] * dy + v[2] * dz;
            boolean improved = true;
            while (improved) {
                improved = false;
                for (int k = adjStart[cur], e = adjStart[cur + 1]; k < e; k++) {
                    int w = 3 * adj[k];
                    double s = v[w] * dx + v[w + 1] * dy + v[w + 2] * dz;
                    if (s > bd) {
                        bd = s;
                        cur = adj[k];
                        improved = true;
                        break;
                    }
                }
            }
            out[offset] = v[3 * cur];
            out[offset + 1] = v[3 * cur + 1];
            out[offset + 2] = v[3 * cur + 2];
            return;
        }
        int best = 0;
        double bd = Double.NEGATIVE_INFINITY;
        for (int i = 0, n = v.length; i < n; i += 3) {
            double s = v[i] * dx + v[i + 1] * dy + v[i + 2] * dz;
            if (s > bd) {
                bd = s;
                best = i;
            }
        }
        out[offset] = v[best];
        out[offset + 1] = v[best + 1];
        out[offset + 2] = v[best + 2];
    }

    @Override
    public void bounds(double px, double py, double pz, double qx, double qy, double qz, double qw,
                       double[] out, int offset) {
        ShapeMath.vertexBounds(v, px, py, pz, qx, qy, qz, qw, out, offset);
    }

    /** Clips the ray against every face plane (Cyrus–Beck); the entry fraction is the latest entry. */
    @Override
    public double rayCast(double ox, double oy, double oz, double dx, double dy, double dz, double maxT,
                          double[] normalOut) {
        double tEnter = 0, tExit = maxT;
        int face = -1;
        for (int f = 0, n = faceCount(); f < n; f++) {
            double nx = planes[4 * f], ny = planes[4 * f + 1], nz = planes[4 * f + 2];
            double dist = nx * ox + ny * oy + nz * oz - planes[4 * f + 3];
            double den = nx * dx + ny * dy + nz * dz;
            if (den == 0) {
                if (dist > 0) {
                    return -1;
                }
            } else if (den < 0) {
                double t = -dist / den;
                if (t > tEnter) {
                    tEnter = t;
                    face = f;
                }
            } else {
                double t = -dist / den;
                if (t < tExit) {
                    tExit = t;
                }
            }
            if (tEnter > tExit) {
                return -1;
            }
        }
        if (face < 0) {
            ShapeMath.negUnit(dx, dy, dz, normalOut);
            return 0;
        }
        normalOut[0] = planes[4 * face];
        normalOut[1] = planes[4 * face + 1];
        normalOut[2] = planes[4 * face + 2];
        return tEnter;
    }

    @Override
    public String toString() {
        return "ConvexHull[vertices=" + vertexCount() + ", faces=" + faceCount() + "]";
    }

    // ---- quickhull ------------------------------------------------------------------------

    private static final class Builder {
        final double[] p;
        final int n;
        final double eps;
        int[] fa = new int[64], fb = new int[64], fc = new int[64];
        double[] fn = new double[256];
        boolean[] alive = new boolean[64];
        int faces;
        final int[] assigned;
        final Map<Long, Integer> edgeFace = new HashMap<>();

        Builder(double[] p) {
            this.p = p;
            this.n = p.length / 3;
            double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
            double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
            double maxAbs = 0;
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < 3; k++) {
                    lo[k] = Math.min(lo[k], p[3 * i + k]);
                    hi[k] = Math.max(hi[k], p[3 * i + k]);
                    maxAbs = Math.max(maxAbs, Math.abs(p[3 * i + k]));
                }
            }
            double extent = Math.max(hi[0] - lo[0], Math.max(hi[1] - lo[1], hi[2] - lo[2]));
            this.eps = Math.max(1e-9 * extent, 1e-14 * maxAbs);
            this.assigned = new int[n];
        }

        double x(int i) {
            return p[3 * i];
        }

        double y(int i) {
            return p[3 * i + 1];
        }

        double z(int i) {
            return p[3 * i + 2];
        }

        double dist(int f, int i) {
            return fn[4 * f] * x(i) + fn[4 * f + 1] * y(i) + fn[4 * f + 2] * z(i) - fn[4 * f + 3];
        }

        ConvexHull build() {
            int[] s = initialSimplex();
            Arrays.fill(assigned, -1);
            int a = s[0], b = s[1], c = s[2], d = s[3];
            // orient so that d is below face (a, b, c)
            double ux = x(b) - x(a), uy = y(b) - y(a), uz = z(b) - z(a);
            double vx = x(c) - x(a), vy = y(c) - y(a), vz = z(c) - z(a);
            double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
            if (nx * (x(d) - x(a)) + ny * (y(d) - y(a)) + nz * (z(d) - z(a)) > 0) {
                int t = b;
                b = c;
                c = t;
            }
            int f0 = addFace(a, b, c);
            int f1 = addFace(a, d, b);
            int f2 = addFace(b, d, c);
            int f3 = addFace(c, d, a);
            int[] first = {f0, f1, f2, f3};
            for (int i = 0; i < n; i++) {
                if (i == a || i == b || i == c || i == d) {
                    continue;
                }
                assign(i, first, 4);
            }
            int[] visible = new int[64];
            int[] newFaces = new int[64];
            int[] horizonU = new int[64], horizonV = new int[64];
            boolean[] isVisible = new boolean[64];
            ArrayDeque<Integer> queue = new ArrayDeque<>();
            while (true) {
                int eye = -1;
                double far = 0;
                for (int i = 0; i < n; i++) {
                    if (assigned[i] >= 0) {
                        double dd = dist(assigned[i], i);
                        if (dd > far) {
                            far = dd;
                            eye = i;
                        }
                    }
                }
                if (eye < 0) {
                    break;
                }
                if (isVisible.length < faces + 8) {
                    isVisible = Arrays.copyOf(isVisible, 2 * faces + 8);
                }
                int nv = 0;
                queue.add(assigned[eye]);
                isVisible[assigned[eye]] = true;
                while (!queue.isEmpty()) {
                    int f = queue.poll();
                    if (nv == visible.length) {
                        visible = Arrays.copyOf(visible, 2 * nv);
                    }
                    visible[nv++] = f;
                    for (int e = 0; e < 3; e++) {
                        int u = e == 0 ? fa[f] : (e == 1 ? fb[f] : fc[f]);
                        int w = e == 0 ? fb[f] : (e == 1 ? fc[f] : fa[f]);
                        int g = edgeFace.get(key(w, u));
                        if (!isVisible[g] && dist(g, eye) > eps) {
                            isVisible[g] = true;
                            queue.add(g);
                        }
                    }
                }
                int nh = 0;
                for (int k = 0; k < nv; k++) {
                    int f = visible[k];
                    for (int e = 0; e < 3; e++) {
                        int u = e == 0 ? fa[f] : (e == 1 ? fb[f] : fc[f]);
                        int w = e == 0 ? fb[f] : (e == 1 ? fc[f] : fa[f]);
                        int g = edgeFace.get(key(w, u));
                        if (!isVisible[g]) {
                            if (nh == horizonU.length) {
                                horizonU = Arrays.copyOf(horizonU, 2 * nh);
                                horizonV = Arrays.copyOf(horizonV, 2 * nh);
                            }
                            horizonU[nh] = u;
                            horizonV[nh] = w;
                            nh++;
                        }
                    }
                }
                for (int k = 0; k < nv; k++) {
                    int f = visible[k];
                    alive[f] = false;
                    edgeFace.remove(key(fa[f], fb[f]));
                    edgeFace.remove(key(fb[f], fc[f]));
                    edgeFace.remove(key(fc[f], fa[f]));
                }
                if (newFaces.length < nh) {
                    newFaces = new int[2 * nh];
                }
                for (int k = 0; k < nh; k++) {
                    newFaces[k] = addFace(horizonU[k], horizonV[k], eye);
                }
                assigned[eye] = -1;
                for (int i = 0; i < n; i++) {
                    int f = assigned[i];
                    if (f >= 0 && !alive[f]) {
                        assign(i, newFaces, nh);
                    }
                }
                for (int k = 0; k < nv; k++) {
                    isVisible[visible[k]] = false;
                }
            }
            return merge();
        }

        void assign(int i, int[] candidates, int count) {
            int best = -1;
            double bd = eps;
            for (int k = 0; k < count; k++) {
                double dd = dist(candidates[k], i);
                if (dd > bd) {
                    bd = dd;
                    best = candidates[k];
                }
            }
            assigned[i] = best;
        }

        static long key(int u, int w) {
            return ((long) u << 32) | (w & 0xffffffffL);
        }

        int addFace(int a, int b, int c) {
            if (faces == fa.length) {
                int cap = 2 * faces;
                fa = Arrays.copyOf(fa, cap);
                fb = Arrays.copyOf(fb, cap);
                fc = Arrays.copyOf(fc, cap);
                fn = Arrays.copyOf(fn, 4 * cap);
                alive = Arrays.copyOf(alive, cap);
            }
            int f = faces++;
            fa[f] = a;
            fb[f] = b;
            fc[f] = c;
            alive[f] = true;
            double ux = x(b) - x(a), uy = y(b) - y(a), uz = z(b) - z(a);
            double vx = x(c) - x(a), vy = y(c) - y(a), vz = z(c) - z(a);
            double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
            double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (len > 0) {
                nx /= len;
                ny /= len;
                nz /= len;
            }
            fn[4 * f] = nx;
            fn[4 * f + 1] = ny;
            fn[4 * f + 2] = nz;
            fn[4 * f + 3] = Math.max(nx * x(a) + ny * y(a) + nz * z(a),
                    Math.max(nx * x(b) + ny * y(b) + nz * z(b), nx * x(c) + ny * y(c) + nz * z(c)));
            edgeFace.put(key(a, b), f);
            edgeFace.put(key(b, c), f);
            edgeFace.put(key(c, a), f);
            return f;
        }

        int[] initialSimplex() {
            int[] ext = new int[6];
            for (int i = 1; i < n; i++) {
                for (int k = 0; k < 3; k++) {
                    if (p[3 * i + k] < p[3 * ext[2 * k] + k]) {
                        ext[2 * k] = i;
                    }
                    if (p[3 * i + k] > p[3 * ext[2 * k + 1] + k]) {
                        ext[2 * k + 1] = i;
                    }
                }
            }
            int a = ext[0], b = ext[1];
            double best = -1;
            for (int i = 0; i < 6; i++) {
                for (int j = i + 1; j < 6; j++) {
                    double d = d2(ext[i], ext[j]);
                    if (d > best) {
                        best = d;
                        a = ext[i];
                        b = ext[j];
                    }
                }
            }
            if (Math.sqrt(best) <= eps) {
                throw new IllegalArgumentException("convex hull points are all (nearly) the same point; allowed: points spanning a volume");
            }
            double ux = x(b) - x(a), uy = y(b) - y(a), uz = z(b) - z(a);
            double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
            int c = -1;
            best = eps;
            for (int i = 0; i < n; i++) {
                double wx = x(i) - x(a), wy = y(i) - y(a), wz = z(i) - z(a);
                double cxp = uy * wz - uz * wy, cyp = uz * wx - ux * wz, czp = ux * wy - uy * wx;
                double d = Math.sqrt(cxp * cxp + cyp * cyp + czp * czp) / ul;
                if (d > best) {
                    best = d;
                    c = i;
                }
            }
            if (c < 0) {
                throw new IllegalArgumentException("convex hull points are collinear (within " + eps
                        + " m); allowed: points spanning a volume");
            }
            double vx = x(c) - x(a), vy = y(c) - y(a), vz = z(c) - z(a);
            double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
            double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
            int d = -1;
            best = eps;
            for (int i = 0; i < n; i++) {
                double h = Math.abs(nx * (x(i) - x(a)) + ny * (y(i) - y(a)) + nz * (z(i) - z(a))) / nl;
                if (h > best) {
                    best = h;
                    d = i;
                }
            }
            if (d < 0) {
                throw new IllegalArgumentException("convex hull points are coplanar (within " + eps
                        + " m); allowed: points spanning a volume");
            }
            return new int[] {a, b, c, d};
        }

        double d2(int i, int j) {
            double dx = x(i) - x(j), dy = y(i) - y(j), dz = z(i) - z(j);
            return dx * dx + dy * dy + dz * dz;
        }

        /** Merges coplanar neighbouring triangles into convex polygons and packs the result. */
        ConvexHull merge() {
            int[] group = new int[faces];
            Arrays.fill(group, -1);
            int groups = 0;
            int[] vertexMap = new int[n];
            Arrays.fill(vertexMap, -1);
            double[] outV = new double[3 * n];
            int outN = 0;
            int[] fStart = new int[faces + 1];
            int[] fVerts = new int[3 * faces + 8];
            int fv = 0;
            double[] pl = new double[4 * faces];
            ArrayDeque<Integer> queue = new ArrayDeque<>();
            int[] members = new int[faces];
            boolean[] inPoly = new boolean[n];
            int[] polyPts = new int[n];
            for (int seed = 0; seed < faces; seed++) {
                if (!alive[seed] || group[seed] >= 0) {
                    continue;
                }
                int g = groups++;
                double sx = fn[4 * seed], sy = fn[4 * seed + 1], sz = fn[4 * seed + 2];
                int nm = 0;
                group[seed] = g;
                queue.add(seed);
                while (!queue.isEmpty()) {
                    int f = queue.poll();
                    members[nm++] = f;
                    for (int e = 0; e < 3; e++) {
                        int u = e == 0 ? fa[f] : (e == 1 ? fb[f] : fc[f]);
                        int w = e == 0 ? fb[f] : (e == 1 ? fc[f] : fa[f]);
                        int h = edgeFace.get(key(w, u));
                        if (group[h] < 0 && fn[4 * h] * sx + fn[4 * h + 1] * sy + fn[4 * h + 2] * sz > 1 - 1e-9
                                && Math.abs(dist(seed, fa[h])) <= 2 * eps && Math.abs(dist(seed, fb[h])) <= 2 * eps
                                && Math.abs(dist(seed, fc[h])) <= 2 * eps) {
                            group[h] = g;
                            queue.add(h);
                        }
                    }
                }
                // area-weighted normal of the group
                double nx = 0, ny = 0, nz = 0;
                int np = 0;
                for (int k = 0; k < nm; k++) {
                    int f = members[k];
                    double ux = x(fb[f]) - x(fa[f]), uy = y(fb[f]) - y(fa[f]), uz = z(fb[f]) - z(fa[f]);
                    double vx = x(fc[f]) - x(fa[f]), vy = y(fc[f]) - y(fa[f]), vz = z(fc[f]) - z(fa[f]);
                    nx += uy * vz - uz * vy;
                    ny += uz * vx - ux * vz;
                    nz += ux * vy - uy * vx;
                    int[] tri = {fa[f], fb[f], fc[f]};
                    for (int t : tri) {
                        if (!inPoly[t]) {
                            inPoly[t] = true;
                            polyPts[np++] = t;
                        }
                    }
                }
                double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
                nx /= len;
                ny /= len;
                nz /= len;
                int[] poly = convexPolygon(polyPts, np, nx, ny, nz);
                for (int k = 0; k < np; k++) {
                    inPoly[polyPts[k]] = false;
                }
                double d = Double.NEGATIVE_INFINITY;
                for (int t : poly) {
                    d = Math.max(d, nx * x(t) + ny * y(t) + nz * z(t));
                }
                int fi = g;
                pl[4 * fi] = nx;
                pl[4 * fi + 1] = ny;
                pl[4 * fi + 2] = nz;
                pl[4 * fi + 3] = d;
                fStart[fi] = fv;
                if (fVerts.length < fv + poly.length) {
                    fVerts = Arrays.copyOf(fVerts, 2 * (fv + poly.length));
                }
                for (int t : poly) {
                    if (vertexMap[t] < 0) {
                        vertexMap[t] = outN;
                        outV[3 * outN] = x(t);
                        outV[3 * outN + 1] = y(t);
                        outV[3 * outN + 2] = z(t);
                        outN++;
                    }
                    fVerts[fv++] = vertexMap[t];
                }
            }
            fStart[groups] = fv;
            return new ConvexHull(Arrays.copyOf(outV, 3 * outN), Arrays.copyOf(fStart, groups + 1),
                    Arrays.copyOf(fVerts, fv), Arrays.copyOf(pl, 4 * groups));
        }

        /** Counter-clockwise (about n) convex polygon of the points, collinear ones dropped (monotone chain). */
        int[] convexPolygon(int[] pts, int np, double nx, double ny, double nz) {
            // basis (u, w) of the plane with u x w = n
            double ux, uy, uz;
            if (Math.abs(nx) < 0.57) {
                ux = 0; uy = nz; uz = -ny;
            } else {
                ux = -nz; uy = 0; uz = nx;
            }
            double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
            ux /= ul;
            uy /= ul;
            uz /= ul;
            double wx = ny * uz - nz * uy, wy = nz * ux - nx * uz, wz = nx * uy - ny * ux;
            double[] pu = new double[np], pw = new double[np];
            Integer[] idx = new Integer[np];
            for (int k = 0; k < np; k++) {
                int t = pts[k];
                pu[k] = ux * x(t) + uy * y(t) + uz * z(t);
                pw[k] = wx * x(t) + wy * y(t) + wz * z(t);
                idx[k] = k;
            }
            Arrays.sort(idx, (i, j) -> pu[i] != pu[j] ? Double.compare(pu[i], pu[j])
                    : (pw[i] != pw[j] ? Double.compare(pw[i], pw[j]) : Integer.compare(pts[i], pts[j])));
            double span = 0;
            for (int k = 0; k < np; k++) {
                span = Math.max(span, Math.abs(pu[k] - pu[0]) + Math.abs(pw[k] - pw[0]));
            }
            double tol = eps * span;
            int[] hull = new int[2 * np + 1];
            int h = 0;
            for (int q = 0; q < np; q++) {
                int k = idx[q];
                while (h >= 2 && cross(pu, pw, hull[h - 2], hull[h - 1], k) <= tol) {
                    h--;
                }
                hull[h++] = k;
            }
            for (int q = np - 2, lower = h + 1; q >= 0; q--) {
                int k = idx[q];
                while (h >= lower && cross(pu, pw, hull[h - 2], hull[h - 1], k) <= tol) {
                    h--;
                }
                hull[h++] = k;
            }
            h--;
            int[] out = new int[Math.max(h, 0)];
            for (int k = 0; k < h; k++) {
                out[k] = pts[hull[k]];
            }
            return out;
        }

        private static double cross(double[] pu, double[] pw, int o, int a, int b) {
            return (pu[a] - pu[o]) * (pw[b] - pw[o]) - (pw[a] - pw[o]) * (pu[b] - pu[o]);
        }
    }
}
