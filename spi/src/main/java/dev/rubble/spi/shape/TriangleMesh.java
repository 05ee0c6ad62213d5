package dev.rubble.spi.shape;

/**
 * A static triangle mesh (terrain, level geometry) with an {@link AabbTree} over its triangles.
 * Two-sided surfaces without volume: static bodies only. Triangles are given by vertex indices;
 * degenerate (zero-area) triangles are rejected. Immutable.
 */
public final class TriangleMesh implements Shape {
    private final double[] v;
    private final int[] tri;
    private final double[] normals; // unit normal per triangle, (b - a) x (c - a) direction
    private final boolean[] smooth; // per triangle edge (corner k to k + 1): shared with one near-coplanar triangle
    private final AabbTree tree;
    /**
     * Cosine of the largest bend between two triangles whose shared edge is smooth (5°, Jolt's
     * default for inactive edges).
     */
    public static final double SMOOTH_EDGE_COS = 0.9961946980917455;

    /**
     * @param vertices x, y, z per vertex, metres, finite (copied)
     * @param indices  three vertex indices per triangle (copied)
     * @throws IllegalArgumentException naming the bad field and value
     */
    public TriangleMesh(double[] vertices, int[] indices) {
        if (vertices == null || vertices.length == 0 || vertices.length % 3 != 0) {
            throw new IllegalArgumentException("triangle mesh vertices length = "
                    + (vertices == null ? "null" : vertices.length) + "; allowed: a positive multiple of 3");
        }
        if (indices == null || indices.length == 0 || indices.length % 3 != 0) {
            throw new IllegalArgumentException("triangle mesh indices length = "
                    + (indices == null ? "null" : indices.length) + "; allowed: a positive multiple of 3");
        }
        for (int i = 0; i < vertices.length; i++) {
            if (!Double.isFinite(vertices[i])) {
                throw new IllegalArgumentException("triangle mesh vertices[" + i + "] = " + vertices[i] + "; allowed: finite");
            }
        }
        int nv = vertices.length / 3;
        for (int i = 0; i < indices.length; i++) {
            if (indices[i] < 0 || indices[i] >= nv) {
                throw new IllegalArgumentException("triangle mesh indices[" + i + "] = " + indices[i]
                        + "; allowed: 0.." + (nv - 1));
            }
        }
        this.v = vertices.clone();
        this.tri = indices.clone();
        int nt = tri.length / 3;
        normals = new double[3 * nt];
        double[] boxes = new double[6 * nt];
        for (int t = 0; t < nt; t++) {
            int a = 3 * tri[3 * t], b = 3 * tri[3 * t + 1], c = 3 * tri[3 * t + 2];
            double ux = v[b] - v[a], uy = v[b + 1] - v[a + 1], uz = v[b + 2] - v[a + 2];
            double wx = v[c] - v[a], wy = v[c + 1] - v[a + 1], wz = v[c + 2] - v[a + 2];
            double nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
            double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (!(len > 0)) {
                throw new IllegalArgumentException("triangle mesh triangle " + t + " has zero area; allowed: non-degenerate triangles");
            }
            normals[3 * t] = nx / len;
            normals[3 * t + 1] = ny / len;
            normals[3 * t + 2] = nz / len;
            for (int k = 0; k < 3; k++) {
                boxes[6 * t + k] = Math.min(v[a + k], Math.min(v[b + k], v[c + k]));
                boxes[6 * t + 3 + k] = Math.max(v[a + k], Math.max(v[b + k], v[c + k]));
            }
        }
        tree = new AabbTree(boxes);
        smooth = new boolean[3 * nt];
        // edges by their two vertex indices: an edge of exactly two triangles whose planes are within 5°
        java.util.Map<Long, Integer> first = new java.util.HashMap<>();
        java.util.Map<Long, Integer> uses = new java.util.HashMap<>();
        for (int e = 0; e < 3 * nt; e++) {
            long key = edgeKey(e, nv);
            uses.merge(key, 1, Integer::sum);
            Integer other = first.putIfAbsent(key, e);
            if (other != null) {
                int t1 = other / 3, t2 = e / 3;
                double dot = normals[3 * t1] * normals[3 * t2] + normals[3 * t1 + 1] * normals[3 * t2 + 1]
                        + normals[3 * t1 + 2] * normals[3 * t2 + 2];
                boolean flat = Math.abs(dot) >= SMOOTH_EDGE_COS;
                smooth[other] = flat;
                smooth[e] = flat;
            }
        }
        for (int e = 0; e < 3 * nt; e++) {
            if (uses.get(edgeKey(e, nv)) != 2) { // a boundary or an edge of three or more triangles
                smooth[e] = false;
            }
        }
    }

    private long edgeKey(int e, int nv) {
        int t = e / 3, k = e % 3;
        long i = tri[3 * t + k], j = tri[3 * t + (k + 1) % 3];
        return Math.min(i, j) * nv + Math.max(i, j);
    }

    /**
     * Whether edge {@code edge} of triangle {@code t} (from corner {@code edge} to corner {@code edge + 1}
     * mod 3) is smooth: shared with exactly one other triangle whose plane is within 5° of this one's
     * ({@link #SMOOTH_EDGE_COS}). A convex shape resting on or sliding over such an edge touches the
     * neighbouring triangle's face as well, so the narrowphase ignores contacts whose only feature on
     * this triangle is a smooth edge (or a corner of two), which would otherwise tilt the normal and
     * bump sliding bodies ("internal edges"; Jolt's inactive edges).
     * @param t the triangle, 0 ≤ t &lt; {@link #triangleCount()}
     * @param edge 0, 1 or 2
     * @return true for a smooth internal edge, false for a boundary, a crease or a non-manifold edge
     */
    public boolean smoothEdge(int t, int edge) {
        return smooth[3 * t + edge];
    }

    /**
     * The number of triangles.
     * @return the triangle count, ≥ 1
     */
    public int triangleCount() {
        return tri.length / 3;
    }

    /**
     * Number of vertices (as given to the constructor).
     * @return the vertex count
     */
    public int vertexCount() {
        return v.length / 3;
    }

    /**
     * Coordinate {@code axis} (0..2) of vertex {@code i}, shape frame, metres.
     * @param i the vertex
     * @param axis 0, 1 or 2
     * @return the coordinate
     */
    public double vertex(int i, int axis) {
        return v[3 * i + axis];
    }

    /**
     * Vertex index of corner {@code corner} (0..2) of triangle {@code t} (as given to the constructor).
     * @param t the triangle, 0 ≤ t &lt; {@link #triangleCount()}
     * @param corner 0, 1 or 2
     * @return the vertex index
     */
    public int index(int t, int corner) {
        return tri[3 * t + corner];
    }

    /**
     * Coordinate {@code axis} of corner {@code corner} (0..2) of triangle {@code t}, shape frame.
     * @param t the triangle, 0 ≤ t &lt; {@link #triangleCount()}
     * @param corner 0, 1 or 2
     * @param axis 0, 1 or 2
     * @return the coordinate in metres
     */
    public double corner(int t, int corner, int axis) {
        return v[3 * tri[3 * t + corner] + axis];
    }

    /**
     * Component {@code axis} of triangle {@code t}'s unit normal (winding a, b, c counter-clockwise).
     * @param t the triangle, 0 ≤ t &lt; {@link #triangleCount()}
     * @param axis 0, 1 or 2
     * @return the component
     */
    public double normal(int t, int axis) {
        return normals[3 * t + axis];
    }

    /**
     * The BVH over triangles (items are triangle indices).
     * @return the tree, never null
     */
    public AabbTree tree() {
        return tree;
    }

    @Override
    public ShapeType type() {
        return ShapeType.TRIANGLE_MESH;
    }

    @Override
    public double volume() {
        return 0;
    }

    @Override
    public MassProperties massProperties(double density) {
        throw new IllegalStateException("a triangle mesh is static only and has no mass properties");
    }

    @Override
    public void bounds(double px, double py, double pz, double qx, double qy, double qz, double qw,
                       double[] out, int offset) {
        ShapeMath.vertexBounds(v, px, py, pz, qx, qy, qz, qw, out, offset);
    }

    /**
     * Nearest triangle hit through the BVH (Möller–Trumbore, two-sided); the normal faces the ray.
     * Allocates one small visitor per cast (scene-query time, not per step).
     */
    @Override
    public double rayCast(double ox, double oy, double oz, double dx, double dy, double dz, double maxT,
                          double[] normalOut) {
        RayState st = new RayState(ox, oy, oz, dx, dy, dz);
        double t = tree.ray(ox, oy, oz, dx, dy, dz, maxT, st);
        if (st.best < 0) {
            return -1;
        }
        double nx = normals[3 * st.best], ny = normals[3 * st.best + 1], nz = normals[3 * st.best + 2];
        double s = nx * dx + ny * dy + nz * dz > 0 ? -1 : 1;
        normalOut[0] = s * nx;
        normalOut[1] = s * ny;
        normalOut[2] = s * nz;
        return t;
    }

    /**
     * Fraction where the ray hits triangle {@code t}, or -1 (Möller–Trumbore).
     * @param t the triangle
     * @param ox the ray origin's x, metres, shape frame
     * @param oy the ray origin's y
     * @param oz the ray origin's z
     * @param dx the ray direction's x (t counts multiples of d)
     * @param dy the ray direction's y
     * @param dz the ray direction's z
     * @return the ray parameter of the hit (either side of the triangle), or -1 on a miss
     */
    public double rayTriangle(int t, double ox, double oy, double oz, double dx, double dy, double dz) {
        int a = 3 * tri[3 * t], b = 3 * tri[3 * t + 1], c = 3 * tri[3 * t + 2];
        double e1x = v[b] - v[a], e1y = v[b + 1] - v[a + 1], e1z = v[b + 2] - v[a + 2];
        double e2x = v[c] - v[a], e2y = v[c + 1] - v[a + 1], e2z = v[c + 2] - v[a + 2];
        double px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x;
        double det = e1x * px + e1y * py + e1z * pz;
        if (det == 0) {
            return -1;
        }
        double inv = 1 / det;
        double sx = ox - v[a], sy = oy - v[a + 1], sz = oz - v[a + 2];
        double u = (sx * px + sy * py + sz * pz) * inv;
        if (u < 0 || u > 1) {
            return -1;
        }
        double qx = sy * e1z - sz * e1y, qy = sz * e1x - sx * e1z, qz = sx * e1y - sy * e1x;
        double w = (dx * qx + dy * qy + dz * qz) * inv;
        if (w < 0 || u + w > 1) {
            return -1;
        }
        double tt = (e2x * qx + e2y * qy + e2z * qz) * inv;
        return tt >= 0 ? tt : -1;
    }

    /** Per-cast state (a small object: ray casts against meshes are query-time, not per-step). */
    private final class RayState implements AabbTree.RayVisitor {
        final double ox, oy, oz, dx, dy, dz;
        int best = -1;

        RayState(double ox, double oy, double oz, double dx, double dy, double dz) {
            this.ox = ox;
            this.oy = oy;
            this.oz = oz;
            this.dx = dx;
            this.dy = dy;
            this.dz = dz;
        }

        @Override
        public double visit(int item, double maxT) {
            double t = rayTriangle(item, ox, oy, oz, dx, dy, dz);
            if (t >= 0 && t <= maxT) {
                best = item;
                return t;
            }
            return maxT;
        }
    }
}
