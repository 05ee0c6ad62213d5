package dev.rubble.spi.geom;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * An immutable convex polytope in boundary form: vertices, face polygons (index loops,
 * counter-clockwise seen from outside) and one outward plane per face.
 *
 * <p>Layout (all arrays owned by this object and never exposed; accessors copy or read single
 * values): vertex {@code i} is {@code (x,y,z) = v[3i..3i+2]}; face {@code f} lists vertex indices
 * {@code faceIdx[faceStart[f] .. faceStart[f+1]-1]}; its plane is {@code n·x = d} with unit
 * normal {@code n = plane[4f..4f+2]} pointing out and {@code d = plane[4f+3]} (metres).
 *
 * <p>Clipping ({@code PolytopeClipper.clip} in the geometry module) is the only way to make new shapes from old ones besides the
 * factory {@link #box}; it is robust with an absolute tolerance: vertices within the tolerance
 * of the cutting plane count as lying on it and are kept unmoved, so repeated cuts by the same
 * plane never create slivers, and faces that degenerate to fewer than three distinct vertices are
 * dropped. Mass properties use the divergence theorem over signed tetrahedra (reference point
 * = vertex 0), for unit density.
 *
 * <p>Thread-safe (immutable, all fields final).
 */
public final class ConvexPolytope {
    private final double[] v;
    private final int[] faceStart;
    private final int[] faceIdx;
    private final double[] plane;
    // volume, centroid, inertia: computed once at construction (every clip needs the volume anyway)
    private final double[] mass;

    private ConvexPolytope(double[] v, int[] faceStart, int[] faceIdx, double[] plane) {
        this.v = v;
        this.faceStart = faceStart;
        this.faceIdx = faceIdx;
        this.plane = plane;
        this.mass = computeMass();
    }

    /**
     * An axis-aligned box with centre {@code (cx,cy,cz)} and half extents {@code hx,hy,hz}
     * (metres, &gt; 0 and finite).
     * @param cx the centre's x, metres
     * @param cy the centre's y, metres
     * @param cz the centre's z, metres
     * @param hx the half extent along x, metres
     * @param hy the half extent along y, metres
     * @param hz the half extent along z, metres
     * @return the box as a polytope of 8 vertices and 6 faces
     */
    public static ConvexPolytope box(double cx, double cy, double cz, double hx, double hy, double hz) {
        requirePositive("hx", hx);
        requirePositive("hy", hy);
        requirePositive("hz", hz);
        double[] v = new double[24];
        for (int i = 0; i < 8; i++) {
            v[3 * i] = cx + ((i & 1) == 0 ? -hx : hx);
            v[3 * i + 1] = cy + ((i & 2) == 0 ? -hy : hy);
            v[3 * i + 2] = cz + ((i & 4) == 0 ? -hz : hz);
        }
        // faces -x, +x, -y, +y, -z, +z, counter-clockwise from outside
        int[] idx = {0, 4, 6, 2, 1, 3, 7, 5, 0, 1, 5, 4, 2, 6, 7, 3, 0, 2, 3, 1, 4, 5, 7, 6};
        int[] start = {0, 4, 8, 12, 16, 20, 24};
        return fromFaces(v, start, idx);
    }

    /**
     * Builds a polytope from vertices and face loops (counter-clockwise seen from outside),
     * computing face planes by Newell's method. The caller must pass a closed convex boundary;
     * arrays are copied.
     *
     * @throws IllegalArgumentException if a face has fewer than 3 vertices, an index is out of
     *                                  range or a coordinate is not finite
     * @param vertices the vertex coordinates, packed x, y, z, metres
     * @param faceStart per face the offset of its first index in faceIndices, faceCount + 1 entries
     * @param faceIndices the faces' vertex loops, concatenated
     * @return the polytope
     */
    public static ConvexPolytope fromFaces(double[] vertices, int[] faceStart, int[] faceIndices) {
        Objects.requireNonNull(vertices, "vertices is null");
        Objects.requireNonNull(faceStart, "faceStart is null");
        Objects.requireNonNull(faceIndices, "faceIndices is null");
        if (vertices.length % 3 != 0 || vertices.length < 12) {
            throw new IllegalArgumentException("vertices.length = " + vertices.length
                    + "; allowed: a multiple of 3, at least 12 (4 vertices)");
        }
        for (int i = 0; i < vertices.length; i++) {
            if (!Double.isFinite(vertices[i])) {
                throw new IllegalArgumentException("vertices[" + i + "] = " + vertices[i] + "; allowed: finite");
            }
        }
        int nf = faceStart.length - 1;
        if (nf < 4 || faceStart[0] != 0 || faceStart[nf] != faceIndices.length) {
            throw new IllegalArgumentException("faceStart must start at 0, end at faceIndices.length and "
                    + "describe at least 4 faces; got " + Arrays.toString(faceStart));
        }
        int nv = vertices.length / 3;
        for (int f = 0; f < nf; f++) {
            if (faceStart[f + 1] - faceStart[f] < 3) {
                throw new IllegalArgumentException("face " + f + " has " + (faceStart[f + 1] - faceStart[f])
                        + " vertices; allowed: >= 3");
            }
        }
        for (int i : faceIndices) {
            if (i < 0 || i >= nv) {
                throw new IllegalArgumentException("face index " + i + " out of range [0, " + nv + ")");
            }
        }
        double[] v = vertices.clone();
        int[] fs = faceStart.clone();
        int[] fi = faceIndices.clone();
        return new ConvexPolytope(v, fs, fi, planes(v, fs, fi));
    }

    /**
     * Restores a polytope exactly from its parts, e.g. read back from a file: like
     * {@link #fromFaces} but the face planes are taken as given (packed {@code nx,ny,nz,d} per
     * face, unit normals) instead of being recomputed, so a saved polytope loads bit-identical.
     *
     * @throws IllegalArgumentException on inconsistent sizes, bad indices or non-finite values
     * @param vertices the vertex coordinates, packed x, y, z, metres
     * @param faceStart per face the offset of its first index in faceIndices, faceCount + 1 entries
     * @param faceIndices the faces' vertex loops, concatenated
     * @param planes the face planes, packed nx, ny, nz, d per face
     * @return the polytope, bit-identical to the one the parts were taken from
     */
    public static ConvexPolytope of(double[] vertices, int[] faceStart, int[] faceIndices, double[] planes) {
        ConvexPolytope p = fromFaces(vertices, faceStart, faceIndices);
        Objects.requireNonNull(planes, "planes is null");
        if (planes.length != 4 * p.faceCount()) {
            throw new IllegalArgumentException("planes.length = " + planes.length + "; allowed: 4 * faceCount = "
                    + 4 * p.faceCount());
        }
        for (int i = 0; i < planes.length; i++) {
            if (!Double.isFinite(planes[i])) {
                throw new IllegalArgumentException("planes[" + i + "] = " + planes[i] + "; allowed: finite");
            }
        }
        return new ConvexPolytope(p.v, p.faceStart, p.faceIdx, planes.clone());
    }

    /**
     * A copy of the face planes, packed {@code nx,ny,nz,d} per face.
     * @return a new array of 4 × {@link #faceCount()} values
     */
    public double[] planes() {
        return plane.clone();
    }

    private static double[] planes(double[] v, int[] fs, int[] fi) {
        int nf = fs.length - 1;
        double[] p = new double[4 * nf];
        for (int f = 0; f < nf; f++) {
            double nx = 0, ny = 0, nz = 0, sx = 0, sy = 0, sz = 0;
            int a = fs[f], b = fs[f + 1];
            for (int k = a; k < b; k++) {
                int i = 3 * fi[k];
                int j = 3 * fi[k + 1 < b ? k + 1 : a];
                nx += (v[i + 1] - v[j + 1]) * (v[i + 2] + v[j + 2]);
                ny += (v[i + 2] - v[j + 2]) * (v[i] + v[j]);
                nz += (v[i] - v[j]) * (v[i + 1] + v[j + 1]);
                sx += v[i];
                sy += v[i + 1];
                sz += v[i + 2];
            }
            double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (len > 0) {
                nx /= len;
                ny /= len;
                nz /= len;
            }
            int cnt = b - a;
            p[4 * f] = nx;
            p[4 * f + 1] = ny;
            p[4 * f + 2] = nz;
            p[4 * f + 3] = (nx * sx + ny * sy + nz * sz) / cnt;
        }
        return p;
    }

    private static void requirePositive(String name, double x) {
        if (!(x > 0) || !Double.isFinite(x)) {
            throw new IllegalArgumentException(name + " = " + x + "; allowed: finite and > 0");
        }
    }

    /**
     * Number of vertices.
     * @return the vertex count
     */
    public int vertexCount() {
        return v.length / 3;
    }

    /**
     * Number of faces.
     * @return the face count
     */
    public int faceCount() {
        return faceStart.length - 1;
    }

    /**
     * Coordinate {@code axis} (0 = x, 1 = y, 2 = z) of vertex {@code i}, metres.
     * @param i the vertex index, 0 ≤ i &lt; {@link #vertexCount()}
     * @param axis 0, 1 or 2
     * @return the coordinate
     */
    public double vertex(int i, int axis) {
        return v[3 * i + axis];
    }

    /**
     * A copy of all vertex coordinates, packed xyz.
     * @return a new array of 3 × {@link #vertexCount()} values
     */
    public double[] vertices() {
        return v.clone();
    }

    /**
     * Number of vertices of face {@code f}.
     * @param f the face index, 0 ≤ f &lt; {@link #faceCount()}
     * @return the number of corners, ≥ 3
     */
    public int faceSize(int f) {
        return faceStart[f + 1] - faceStart[f];
    }

    /**
     * Vertex index {@code k} (0-based, &lt; faceSize(f)) of face {@code f}.
     * @param f the face index, 0 ≤ f &lt; {@link #faceCount()}
     * @param k the corner
     * @return the vertex index of that corner
     */
    public int faceVertex(int f, int k) {
        return faceIdx[faceStart[f] + k];
    }

    /**
     * A copy of the face start offsets ({@code faceCount()+1} entries).
     * @return a new array
     */
    public int[] faceStarts() {
        return faceStart.clone();
    }

    /**
     * A copy of the concatenated face index loops.
     * @return a new array
     */
    public int[] faceIndices() {
        return faceIdx.clone();
    }

    /**
     * Component {@code k} of face {@code f}'s plane: 0..2 unit outward normal, 3 offset d (metres).
     * @param f the face index, 0 ≤ f &lt; {@link #faceCount()}
     * @param k 0, 1, 2 for the normal's x, y, z, 3 for the offset
     * @return the component
     */
    public double plane(int f, int k) {
        return plane[4 * f + k];
    }

    /**
     * Signed distance of a point from the polytope's boundary planes: the maximum over faces of
     * {@code n·p - d}; ≤ 0 inside, &gt; 0 outside (an upper bound of the Euclidean distance is
     * not implied; inside it is exact for the nearest face).
     * @param x the point's x, metres
     * @param y the point's y, metres
     * @param z the point's z, metres
     * @return the largest plane distance, metres: ≤ 0 inside or on the boundary, &gt; 0 outside
     */
    public double planeDistance(double x, double y, double z) {
        double m = Double.NEGATIVE_INFINITY;
        for (int f = 0; f < plane.length; f += 4) {
            double s = plane[f] * x + plane[f + 1] * y + plane[f + 2] * z - plane[f + 3];
            if (s > m) {
                m = s;
            }
        }
        return m;
    }

    /**
     * Axis-aligned bounds {@code {minx,miny,minz,maxx,maxy,maxz}}.
     * @return a new array of six values, metres
     */
    public double[] bounds() {
        double[] b = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < v.length; i += 3) {
            for (int k = 0; k < 3; k++) {
                b[k] = Math.min(b[k], v[i + k]);
                b[3 + k] = Math.max(b[3 + k], v[i + k]);
            }
        }
        return b;
    }

    /**
     * The largest distance from {@code (x,y,z)} to a vertex, metres.
     * @param x the point's x, metres
     * @param y the point's y, metres
     * @param z the point's z, metres
     * @return the distance to the farthest vertex, ≥ 0
     */
    public double maxVertexDistance(double x, double y, double z) {
        double m = 0;
        for (int i = 0; i < v.length; i += 3) {
            double dx = v[i] - x, dy = v[i + 1] - y, dz = v[i + 2] - z;
            m = Math.max(m, dx * dx + dy * dy + dz * dz);
        }
        return Math.sqrt(m);
    }

    /**
     * Volume, cubic metres (&gt; 0 for a valid polytope).
     * @return the volume in m³
     */
    public double volume() {
        return massProps()[0];
    }

    /**
     * Centre of mass (uniform density) coordinate {@code axis}, metres.
     * @param axis 0, 1 or 2 for x, y, z
     * @return the centroid's coordinate on that axis
     */
    public double centroid(int axis) {
        return massProps()[1 + axis];
    }

    /**
     * Inertia tensor about the centroid for unit density (kg·m² per kg/m³), as
     * {@code {Ixx, Iyy, Izz, Ixy, Ixz, Iyz}} (products of inertia with the physics sign,
     * {@code Ixy = -∫xy dV}).
     * @return a new array of six values
     */
    public double[] inertia() {
        double[] m = massProps();
        return new double[] {m[4], m[5], m[6], m[7], m[8], m[9]};
    }

    private double[] massProps() {
        return mass;
    }

    private double[] computeMass() {
        // Signed tetrahedra (ref, a, b, c) over a fan of each face; ref = vertex 0 to limit cancellation.
        double rx = v[0], ry = v[1], rz = v[2];
        SolidMoments m = new SolidMoments();
        int nf = faceCount();
        for (int f = 0; f < nf; f++) {
            int s = faceStart[f], e = faceStart[f + 1];
            int i0 = 3 * faceIdx[s];
            double ax = v[i0] - rx, ay = v[i0 + 1] - ry, az = v[i0 + 2] - rz;
            for (int k = s + 1; k + 1 < e; k++) {
                int i1 = 3 * faceIdx[k], i2 = 3 * faceIdx[k + 1];
                m.add(ax, ay, az, v[i1] - rx, v[i1 + 1] - ry, v[i1 + 2] - rz, v[i2] - rx, v[i2 + 1] - ry, v[i2 + 2] - rz);
            }
        }
        return m.result(rx, ry, rz);
    }

    /**
     * Wraps arrays a geometry algorithm has already made consistent (e.g. the clipper in the
     * geometry module), without copying or validating them: the polytope takes ownership, so the
     * caller must not touch the arrays afterwards. Use {@link #fromFaces} or {@link #of} for
     * anything read from outside.
     * @param vertices the vertex coordinates, packed x, y, z, metres
     * @param faceStart per face the offset of its first index in faceIndices, faceCount + 1 entries
     * @param faceIndices the faces' vertex loops, concatenated
     * @param planes the face planes, packed nx, ny, nz, d per face (unit normals)
     * @return a polytope over those arrays
     */
    public static ConvexPolytope wrap(double[] vertices, int[] faceStart, int[] faceIndices, double[] planes) {
        return new ConvexPolytope(Objects.requireNonNull(vertices, "vertices is null"),
                Objects.requireNonNull(faceStart, "faceStart is null"),
                Objects.requireNonNull(faceIndices, "faceIndices is null"), Objects.requireNonNull(planes, "planes is null"));
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ConvexPolytope)) {
            return false;
        }
        ConvexPolytope p = (ConvexPolytope) o;
        return Arrays.equals(v, p.v) && Arrays.equals(faceStart, p.faceStart) && Arrays.equals(faceIdx, p.faceIdx)
                && Arrays.equals(plane, p.plane);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(v) + Arrays.hashCode(faceIdx);
    }

    @Override
    public String toString() {
        return "ConvexPolytope[" + vertexCount() + " vertices, " + faceCount() + " faces, volume " + volume() + "]";
    }

    /**
     * The mean of {@code n} points picked by id from a packed coordinate array, into {@code out[0..2]}: the
     * coordinates summed in the ids' order, then one division each (the centre a cap polygon is ordered
     * around when a polytope is cut, the same bits wherever it is computed).
     * @param ids the points' ids: point i's coordinates are {@code xyz[3i..3i+2]}
     * @param n how many of {@code ids} to use, &ge; 1
     * @param xyz packed coordinates
     * @param out receives the mean's x, y, z
     */
    public static void mean(int[] ids, int n, double[] xyz, double[] out) {
        double mx = 0, my = 0, mz = 0;
        for (int k = 0; k < n; k++) {
            int i = 3 * ids[k];
            mx += xyz[i];
            my += xyz[i + 1];
            mz += xyz[i + 2];
        }
        out[0] = mx / n;
        out[1] = my / n;
        out[2] = mz / n;
    }

    /**
     * A right-handed orthonormal basis (u, w) of the plane with unit normal n, written as
     * {@code ux, uy, uz, wx, wy, wz} into {@code out}: u is perpendicular to n and to the
     * coordinate axis least aligned with it, {@code w = n × u}. Deterministic; used wherever a
     * face polygon is projected to 2-D.
     * @param nx the plane normal's x (unit vector)
     * @param ny the plane normal's y
     * @param nz the plane normal's z
     * @param out receives ux, uy, uz, wx, wy, wz; at least 6 entries
     */
    public static void planeBasis(double nx, double ny, double nz, double[] out) {
        double ux, uy, uz;
        if (Math.abs(nx) < 0.9) {
            ux = 0;
            uy = nz;
            uz = -ny;
        } else {
            ux = -nz;
            uy = 0;
            uz = nx;
        }
        double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
        ux /= ul;
        uy /= ul;
        uz /= ul;
        out[0] = ux;
        out[1] = uy;
        out[2] = uz;
        out[3] = ny * uz - nz * uy;
        out[4] = nz * ux - nx * uz;
        out[5] = nx * uy - ny * ux;
    }
}
