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
    /**
     * {@link #CLIMB_SLACK} × the largest |coordinate|: per unit of |d|₁, how close a neighbour's
     * support value may come to the climb's summit before the linear scan decides (see {@link #support}).
     */
    private final double climbSlack;
    /** Whether {@link #support} climbs: more than {@link #CLIMB_THRESHOLD} vertices and not flatter than {@link #CLIMB_FLAT}. */
    private final boolean climbs;
    /**
     * Relative margin of the climb's near-tie test: far above the rounding error of a dot product
     * (3 · 2⁻⁵³ of Σ|vᵢdᵢ|) and of how far quickhull leaves a vertex from convex position (10⁻⁹ of the extent).
     */
    public static final double CLIMB_SLACK = 1e-8;
    /** Above this many vertices {@link #support} climbs the vertex graph instead of scanning every vertex. */
    public static final int CLIMB_THRESHOLD = 24;
    /**
     * A hull thinner than this share of its largest |coordinate| (its least depth under any of its faces) is
     * always scanned. Quickhull's faces of a plate 1e-7 as thick as it is wide (and up to 6e-7 was seen) do not
     * make a vertex graph on which every local summit is the top: the climb stopped at a vertex of the plate's
     * rim far below the scan's (a 1 x 1e-7 x 1 m plate of 150 vertices: on 9 of 86 such plates, up to 0.5 m
     * short along the direction; 1e-4 x 1 x 1e3 m the same). From 1e-6 on no climb was seen to miss, over
     * 1.2 M directions a thickness; 1e-5 leaves a margin, and a scanned hull's support is the same vertex.
     */
    public static final double CLIMB_FLAT = 1e-5;

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
        double big = 0;
        for (double c : v) {
            big = Math.max(big, Math.abs(c));
        }
        climbSlack = CLIMB_SLACK * big;
        climbs = nvert > CLIMB_THRESHOLD && thickerThan(v, faceStart, planes, CLIMB_FLAT * big);
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
                // c[i][j] += det / 120 * (s_i s_j + a_i a_j + b_i b_j + q_i q_j), the products summed in that order;
                // written out (two small arrays per triangle were 8 % of a bake's allocation, issue 32)
                double w = det / 120;
                c[0] += w * (sx * sx + ax * ax + bx * bx + qx * qx);
                c[1] += w * (sx * sy + ax * ay + bx * by + qx * qy);
                c[2] += w * (sx * sz + ax * az + bx * bz + qx * qz);
                c[3] += w * (sy * sx + ay * ax + by * bx + qy * qx);
                c[4] += w * (sy * sy + ay * ay + by * by + qy * qy);
                c[5] += w * (sy * sz + ay * az + by * bz + qy * qz);
                c[6] += w * (sz * sx + az * ax + bz * bx + qz * qx);
                c[7] += w * (sz * sy + az * ay + bz * by + qz * qy);
                c[8] += w * (sz * sz + az * az + bz * bz + qz * qz);
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
     * Wraps a hull a geometry algorithm has already built (quickhull in the geometry module:
     * {@code dev.rubble.geometry.hull.QuickHull.of(xyz)} makes hulls from points), without copying
     * or validating: the hull takes ownership of the arrays. Vertices packed xyz; face {@code f}
     * lists vertex indices {@code faceVerts[faceStart[f] .. faceStart[f+1]-1]} counter-clockwise
     * seen from outside; planes packed {@code nx, ny, nz, d} (unit outward normals).
     * @param vertices the vertex coordinates, packed x, y, z, metres, shape frame (owned by the hull
     *     afterwards)
     * @param faceStart per face the offset of its first index in faceVerts, faceCount + 1 entries
     * @param faceVerts the faces' vertex indices, counter-clockwise seen from outside
     * @param planes per face the unit outward normal and offset, packed nx, ny, nz, d
     * @return a hull over those arrays
     */
    public static ConvexHull wrap(double[] vertices, int[] faceStart, int[] faceVerts, double[] planes) {
        return new ConvexHull(java.util.Objects.requireNonNull(vertices, "vertices is null"),
                java.util.Objects.requireNonNull(faceStart, "faceStart is null"),
                java.util.Objects.requireNonNull(faceVerts, "faceVerts is null"),
                java.util.Objects.requireNonNull(planes, "planes is null"));
    }

    /**
     * A hull given by its own structure, exactly as {@link #vertex}, {@link #faceSize},
     * {@link #faceVertex} and {@link #plane} return it: vertices (x, y, z each), face offsets
     * ({@code faceStart[f] .. faceStart[f + 1]} index {@code faceVerts}), face vertex indices and
     * face planes (nx, ny, nz, d each). Nothing is recomputed, so the result equals the hull the
     * arrays came from bit for bit — which rebuilding with quickhull ({@code QuickHull.of}) from the vertices does not
     * guarantee (quickhull may order vertices and faces differently, and the mass properties,
     * summed over faces, then differ in the last bits). Used to journal spawned hulls (issue 17).
     * Arrays are copied. Checks ranges and finiteness, not convexity.
     *
     * @throws IllegalArgumentException when the structure is inconsistent or encloses no volume
     * @param vertices the vertex coordinates, packed x, y, z, metres, shape frame
     * @param faceStart per face the offset of its first index in faceVerts, faceCount + 1 entries
     * @param faceVerts the faces' vertex indices, counter-clockwise seen from outside
     * @param planes per face the unit outward normal and offset, packed nx, ny, nz, d
     * @return the hull with exactly that structure
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

    // ---- accessors -------------------------------------------------------------------------

    /**
     * The number of vertices.
     * @return the vertex count, ≥ 4 for a closed hull
     */
    public int vertexCount() {
        return v.length / 3;
    }

    /**
     * Coordinate {@code axis} (0..2) of vertex {@code i}, shape frame.
     * @param i the vertex index, 0 ≤ i &lt; {@link #vertexCount()}
     * @param axis 0, 1 or 2 for x, y, z
     * @return the coordinate in metres
     */
    public double vertex(int i, int axis) {
        return v[3 * i + axis];
    }

    /**
     * The number of faces.
     * @return the face count, ≥ 4 for a closed hull
     */
    public int faceCount() {
        return faceStart.length - 1;
    }

    /**
     * Number of vertices of face {@code f}.
     * @param f the face index, 0 ≤ f &lt; {@link #faceCount()}
     * @return the number of corners of the face, ≥ 3
     */
    public int faceSize(int f) {
        return faceStart[f + 1] - faceStart[f];
    }

    /**
     * Vertex index of corner {@code k} of face {@code f} (counter-clockwise seen from outside).
     * @param f the face index, 0 ≤ f &lt; {@link #faceCount()}
     * @param k the corner, 0 ≤ k &lt; {@link #faceSize(int) faceSize(f)}
     * @return the index of that corner's vertex
     */
    public int faceVertex(int f, int k) {
        return faceVerts[faceStart[f] + k];
    }

    /**
     * Component {@code c} of face {@code f}'s plane: 0..2 the unit outward normal, 3 the offset d (n·x = d).
     * @param f the face index, 0 ≤ f &lt; {@link #faceCount()}
     * @param c 0, 1, 2 for the normal's x, y, z, 3 for the offset
     * @return the component (the offset in metres)
     */
    public double plane(int f, int c) {
        return planes[4 * f + c];
    }

    /**
     * The face whose outward normal has the largest dot product with {@code d}.
     * @param dx the direction's x, shape frame (need not be unit)
     * @param dy the direction's y
     * @param dz the direction's z
     * @return the index of the face most aligned with the direction
     */
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

    /**
     * The contact face along {@code d}: the face most aligned with {@code d} among those that hold the
     * vertex farthest along it ({@link #support}), so a face clipped as a contact feature always reaches
     * the hull's deepest point. It is {@link #bestFace} whenever that face holds such a vertex (to within
     * {@link #CLIMB_SLACK} of the largest coordinate per unit of |d|₁, the support's own near-tie scale);
     * otherwise the lowest-index face of the largest dot product among the faces that do.
     *
     * <p>Why not {@link #bestFace} alone: on a polygon (2D) the edge whose normal is nearest a direction
     * always ends at the vertex farthest along it, but on a polyhedron a face normal just past an edge of
     * the support vertex's normal cone (a spherical polygon) can lie nearer the direction than every
     * corner of that cone, i.e. than every face at the vertex. A Voronoi sliver lying on its sharp
     * corner has such a face: clipped against the ground's top face it gave points above the ground
     * while the corner went 9 cm into it, and the piece sank (the demo's piece 1820, a 166 kg cluster,
     * lay 8.9 cm under the ground for the last 160 steps; a 0.07 m³ hull set down at rest on a box in
     * that pose fell 0.37 m into it). Deterministic; allocates nothing.
     * @param dx the direction's x, shape frame (need not be unit)
     * @param dy the direction's y
     * @param dz the direction's z
     * @return the index of the contact face
     */
    public int supportFace(double dx, double dy, double dz) {
        int best = bestFace(dx, dy, dz);
        int t = supportOffset(dx, dy, dz);
        double floor = v[t] * dx + v[t + 1] * dy + v[t + 2] * dz
                - climbSlack * (Math.abs(dx) + Math.abs(dy) + Math.abs(dz));
        if (reaches(best, dx, dy, dz, floor)) {
            return best;
        }
        int found = best;
        double bd = Double.NEGATIVE_INFINITY;
        for (int f = 0, n = faceCount(); f < n; f++) {
            double s = planes[4 * f] * dx + planes[4 * f + 1] * dy + planes[4 * f + 2] * dz;
            if (s > bd && reaches(f, dx, dy, dz, floor)) {
                bd = s;
                found = f;
            }
        }
        return found;
    }

    /** Whether face f holds a vertex whose value along d is at least {@code floor}. */
    private boolean reaches(int f, double dx, double dy, double dz, double floor) {
        for (int k = faceStart[f], e = faceStart[f + 1]; k < e; k++) {
            int w = 3 * faceVerts[k];
            if (v[w] * dx + v[w + 1] * dy + v[w + 2] * dz >= floor) {
                return true;
            }
        }
        return false;
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
     * The vertex farthest along d, exactly the vertex a linear scan over the vertices in index order
     * picks (the largest {@code v·d} as computed in doubles, the lowest index among equal values).
     *
     * <p>Small hulls (at most {@link #CLIMB_THRESHOLD} vertices) and flat ones ({@link #CLIMB_FLAT}) are
     * scanned. Larger ones climb the vertex graph from vertex 0 (to a neighbour with a larger value, until none
     * has one). The summit is returned when every neighbour's value is below the summit's by more than
     * {@code climbSlack · |d|₁} (never for an infinite direction, whose values have no such order); otherwise (a face or edge nearly perpendicular to d, so the maximum
     * may be shared or decided by rounding) the linear scan decides. Why that is the scan's vertex: on
     * a convex polytope the vertices whose exact value is at least t are connected through edges for
     * every t (from each of them an increasing edge path leads to the maximal face). If another vertex
     * g had a computed value at least the summit's, then g and the summit both lie in the set with exact
     * value at least (summit − e), e bounding rounding and the hull's distance from convex position, so
     * an edge path joins them inside it, and its first step is a neighbour of the summit whose computed
     * value is within 2e of the summit's — which the test catches. Deterministic; allocates nothing.
     */
    @Override
    public void support(double dx, double dy, double dz, double[] out, int offset) {
        int i = supportOffset(dx, dy, dz);
        out[offset] = v[i];
        out[offset + 1] = v[i + 1];
        out[offset + 2] = v[i + 2];
    }

    /**
     * Whether the hull lies deeper than {@code depth} under each of its faces (some vertex does): its thickness
     * across every face normal, which for a plate is its thickness. Stops at the first vertex deep enough, so a
     * hull that is not flat costs about a vertex or two a face.
     */
    private static boolean thickerThan(double[] v, int[] faceStart, double[] planes, double depth) {
        for (int f = 0; f + 1 < faceStart.length; f++) {
            double nx = planes[4 * f], ny = planes[4 * f + 1], nz = planes[4 * f + 2], d = planes[4 * f + 3];
            boolean deep = false;
            for (int i = 0; i < v.length && !deep; i += 3) {
                deep = d - (nx * v[i] + ny * v[i + 1] + nz * v[i + 2]) > depth;
            }
            if (!deep) {
                return false;
            }
        }
        return true;
    }

    /** The offset into {@code v} (3 × index) of the vertex {@link #support} returns. */
    private int supportOffset(double dx, double dy, double dz) {
        if (climbs) {
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
            double floor = bd - climbSlack * (Math.abs(dx) + Math.abs(dy) + Math.abs(dz));
            boolean alone = true;
            for (int k = adjStart[cur], e = adjStart[cur + 1]; k < e; k++) {
                int w = 3 * adj[k];
                if (!(v[w] * dx + v[w + 1] * dy + v[w + 2] * dz < floor)) {
                    // near the summit, or no order at all (an infinite direction: the floor is NaN, values inf)
                    alone = false;
                    break;
                }
            }
            if (alone) {
                return 3 * cur;
            }
        }
        // the largest v.d without a branch per vertex (two running maxima, alternate vertices), then the first
        // vertex that reaches it: the vertex the branchy scan picks (the lowest index among equal values, -0.0
        // and 0.0 equal), 15 % faster on Voronoi debris hulls, whose scans' branches were unpredictable
        final int n = v.length;
        double m0 = Double.NEGATIVE_INFINITY, m1 = Double.NEGATIVE_INFINITY;
        int i = 0;
        for (; i + 3 < n; i += 6) {
            m0 = Math.max(m0, v[i] * dx + v[i + 1] * dy + v[i + 2] * dz);
            m1 = Math.max(m1, v[i + 3] * dx + v[i + 4] * dy + v[i + 5] * dz);
        }
        if (i < n) {
            m0 = Math.max(m0, v[i] * dx + v[i + 1] * dy + v[i + 2] * dz);
        }
        double m = Math.max(m0, m1);
        for (i = 0; i < n; i += 3) {
            if (v[i] * dx + v[i + 1] * dy + v[i + 2] * dz == m) {
                return i;
            }
        }
        // a NaN direction (no value equals the maximum): what the branchy scan gives
        int best = 0;
        double bd = Double.NEGATIVE_INFINITY;
        for (i = 0; i < n; i += 3) {
            double s = v[i] * dx + v[i + 1] * dy + v[i + 2] * dz;
            if (s > bd) {
                bd = s;
                best = i;
            }
        }
        return best;
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

}
