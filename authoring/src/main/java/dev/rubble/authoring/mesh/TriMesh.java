package dev.rubble.authoring.mesh;

import dev.rubble.spi.geom.SolidMoments;
import java.util.Arrays;
import java.util.Objects;

/**
 * A triangle mesh for authoring from real meshes: indexed positions (the topology: corners that
 * share a position index are the same point) plus per-corner attributes (normal, texture
 * coordinate) and per-triangle material and cut plane.
 *
 * <p>Layout (structure of arrays, owned by this object): position {@code i} is
 * {@code pos[3i..3i+2]}; triangle {@code t} has corners {@code tri[3t..3t+2]}, counter-clockwise
 * seen from outside; corner {@code c = 3t+k} has normal {@code normal[3c..3c+2]} and texture
 * coordinate {@code uv[2c..2c+1]}; {@code material[t]} is {@link #OUTSIDE} for the source's
 * surface and {@link #INSIDE} for a cut face; {@code plane[4t..4t+3]} is, for a cut face, the cut
 * plane {@code n·x = d} with {@code n} pointing out of this piece (NaN for outside faces).
 *
 * <p>Mass properties use the divergence theorem over signed tetrahedra from a reference point
 * (the first position), so they are exact for any closed, consistently oriented mesh, convex or
 * not. Immutable after construction.
 */
public final class TriMesh {
    /** Material of the source's own surface. */
    public static final byte OUTSIDE = 0;
    /** Material of a cut face (the "inside" material). */
    public static final byte INSIDE = 1;

    final double[] pos;
    final int[] tri;
    final double[] normal;
    final double[] uv;
    final byte[] material;
    final double[] plane;

    TriMesh(double[] pos, int[] tri, double[] normal, double[] uv, byte[] material, double[] plane) {
        this.pos = pos;
        this.tri = tri;
        this.normal = normal;
        this.uv = uv;
        this.material = material;
        this.plane = plane;
    }

    /**
     * A mesh from positions and triangles only: corner normals are the face normals, texture
     * coordinates 0, every triangle {@link #OUTSIDE}. Arrays are copied.
     */
    public static TriMesh of(double[] positions, int[] triangles) {
        Objects.requireNonNull(positions, "positions is null");
        Objects.requireNonNull(triangles, "triangles is null");
        if (positions.length % 3 != 0 || triangles.length % 3 != 0) {
            throw new IllegalArgumentException("positions.length = " + positions.length + ", triangles.length = "
                    + triangles.length + "; allowed: multiples of 3");
        }
        int nv = positions.length / 3;
        for (int i : triangles) {
            if (i < 0 || i >= nv) {
                throw new IllegalArgumentException("triangle index " + i + " out of range [0, " + nv + ")");
            }
        }
        int nt = triangles.length / 3;
        double[] nrm = new double[9 * nt];
        double[] n = new double[3];
        for (int t = 0; t < nt; t++) {
            faceNormal(positions, triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2], n);
            for (int k = 0; k < 3; k++) {
                System.arraycopy(n, 0, nrm, 9 * t + 3 * k, 3);
            }
        }
        double[] pl = new double[4 * nt];
        Arrays.fill(pl, Double.NaN);
        return new TriMesh(positions.clone(), triangles.clone(), nrm, new double[6 * nt], new byte[nt], pl);
    }

    /**
     * A mesh from all its arrays as {@link #positions()}, {@link #triangles()}, {@link #normals()},
     * {@link #uvs()}, {@link #materials()} and {@link #cutPlanes()} give them (a saved mesh read
     * back); arrays are copied and checked for lengths, index ranges, finite positions and
     * materials ({@link #OUTSIDE} or {@link #INSIDE}).
     */
    public static TriMesh restore(double[] positions, int[] triangles, double[] normals, double[] uvs, byte[] materials,
            double[] cutPlanes) {
        if (positions.length % 3 != 0 || triangles.length % 3 != 0) {
            throw new IllegalArgumentException("positions.length = " + positions.length + ", triangles.length = "
                    + triangles.length + "; allowed: multiples of 3");
        }
        int nv = positions.length / 3, nt = triangles.length / 3;
        if (normals.length != 9 * nt || uvs.length != 6 * nt || materials.length != nt || cutPlanes.length != 4 * nt) {
            throw new IllegalArgumentException("normals/uvs/materials/cutPlanes lengths " + normals.length + "/"
                    + uvs.length + "/" + materials.length + "/" + cutPlanes.length + "; allowed: " + 9 * nt + "/" + 6 * nt
                    + "/" + nt + "/" + 4 * nt + " for " + nt + " triangles");
        }
        for (int i = 0; i < triangles.length; i++) {
            if (triangles[i] < 0 || triangles[i] >= nv) {
                throw new IllegalArgumentException("triangle index " + triangles[i] + " out of range [0, " + nv + ")");
            }
        }
        for (int i = 0; i < positions.length; i++) {
            if (!Double.isFinite(positions[i])) {
                throw new IllegalArgumentException("position " + i / 3 + " is not finite");
            }
        }
        for (int t = 0; t < nt; t++) {
            if (materials[t] != OUTSIDE && materials[t] != INSIDE) {
                throw new IllegalArgumentException("material of triangle " + t + " = " + materials[t]
                        + "; allowed: 0 (outside) or 1 (inside)");
            }
        }
        return new TriMesh(positions.clone(), triangles.clone(), normals.clone(), uvs.clone(), materials.clone(),
                cutPlanes.clone());
    }

    /** A copy of the corner normals, 9 per triangle. */
    public double[] normals() {
        return normal.clone();
    }

    /** A copy of the corner texture coordinates, 6 per triangle. */
    public double[] uvs() {
        return uv.clone();
    }

    /** A copy of the triangle materials ({@link #OUTSIDE}, {@link #INSIDE}). */
    public byte[] materials() {
        return material.clone();
    }

    /** A copy of the cut planes, 4 per triangle (NaN for the source's own surface). */
    public double[] cutPlanes() {
        return plane.clone();
    }

    /** Both meshes as one (positions of {@code b} renumbered after those of {@code a}). */
    public static TriMesh concat(TriMesh a, TriMesh b) {
        int na = a.vertexCount();
        double[] pos = Arrays.copyOf(a.pos, a.pos.length + b.pos.length);
        System.arraycopy(b.pos, 0, pos, a.pos.length, b.pos.length);
        int[] tri = Arrays.copyOf(a.tri, a.tri.length + b.tri.length);
        for (int i = 0; i < b.tri.length; i++) {
            tri[a.tri.length + i] = b.tri[i] + na;
        }
        return new TriMesh(pos, tri, cat(a.normal, b.normal), cat(a.uv, b.uv), cat(a.material, b.material),
                cat(a.plane, b.plane));
    }

    private static double[] cat(double[] x, double[] y) {
        double[] r = Arrays.copyOf(x, x.length + y.length);
        System.arraycopy(y, 0, r, x.length, y.length);
        return r;
    }

    private static byte[] cat(byte[] x, byte[] y) {
        byte[] r = Arrays.copyOf(x, x.length + y.length);
        System.arraycopy(y, 0, r, x.length, y.length);
        return r;
    }

    static void faceNormal(double[] p, int a, int b, int c, double[] out) {
        double ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
        double vx = p[3 * c] - p[3 * a], vy = p[3 * c + 1] - p[3 * a + 1], vz = p[3 * c + 2] - p[3 * a + 2];
        double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        double l = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (l > 0) {
            nx /= l;
            ny /= l;
            nz /= l;
        }
        out[0] = nx;
        out[1] = ny;
        out[2] = nz;
    }

    /** Number of positions. */
    public int vertexCount() {
        return pos.length / 3;
    }

    /** Number of triangles. */
    public int triangleCount() {
        return tri.length / 3;
    }

    /** Coordinate {@code axis} of position {@code i}, metres. */
    public double vertex(int i, int axis) {
        return pos[3 * i + axis];
    }

    /** Position index of corner {@code k} (0..2) of triangle {@code t}. */
    public int index(int t, int k) {
        return tri[3 * t + k];
    }

    /** Component {@code axis} of the normal at corner {@code k} of triangle {@code t}. */
    public double normal(int t, int k, int axis) {
        return normal[9 * t + 3 * k + axis];
    }

    /** Texture coordinate {@code axis} (0 = u, 1 = v) at corner {@code k} of triangle {@code t}. */
    public double uv(int t, int k, int axis) {
        return uv[6 * t + 2 * k + axis];
    }

    /** {@link #OUTSIDE} or {@link #INSIDE}. */
    public byte material(int t) {
        return material[t];
    }

    /** Component {@code k} (0..2 outward normal, 3 offset) of the cut plane of a cut face; NaN otherwise. */
    public double plane(int t, int k) {
        return plane[4 * t + k];
    }

    /** A copy of the positions, packed xyz. */
    public double[] positions() {
        return pos.clone();
    }

    /** A copy of the triangle corner indices. */
    public int[] triangles() {
        return tri.clone();
    }

    /** Number of cut-face triangles. */
    public int insideTriangleCount() {
        int n = 0;
        for (byte m : material) {
            if (m == INSIDE) {
                n++;
            }
        }
        return n;
    }

    /** Axis-aligned bounds {@code {minx,miny,minz,maxx,maxy,maxz}} of the positions used by triangles. */
    public double[] bounds() {
        double[] b = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i : tri) {
            for (int k = 0; k < 3; k++) {
                b[k] = Math.min(b[k], pos[3 * i + k]);
                b[3 + k] = Math.max(b[3 + k], pos[3 * i + k]);
            }
        }
        return b;
    }

    /** Signed enclosed volume, m³ (positive for a closed mesh whose triangles face out). */
    public double volume() {
        return massProperties()[0];
    }

    /**
     * Volume, centroid and inertia about the centroid for unit density, by the divergence
     * theorem over signed tetrahedra (reference point = first position):
     * {@code {V, cx, cy, cz, Ixx, Iyy, Izz, Ixy, Ixz, Iyz}} with {@code Ixy = -∫xy dV}.
     */
    public double[] massProperties() {
        if (tri.length == 0) {
            return new double[10];
        }
        double[] v = pos;
        int r = 3 * tri[0];
        double rx = v[r], ry = v[r + 1], rz = v[r + 2];
        SolidMoments m = new SolidMoments();
        for (int t = 0; t < tri.length; t += 3) {
            int i0 = 3 * tri[t], i1 = 3 * tri[t + 1], i2 = 3 * tri[t + 2];
            m.add(v[i0] - rx, v[i0 + 1] - ry, v[i0 + 2] - rz, v[i1] - rx, v[i1 + 1] - ry, v[i1 + 2] - rz,
                    v[i2] - rx, v[i2 + 1] - ry, v[i2 + 2] - rz);
        }
        return m.result(rx, ry, rz);
    }

    /** Total area of the cut faces, m². */
    public double insideArea() {
        double a = 0;
        for (int t = 0; t < triangleCount(); t++) {
            if (material[t] == INSIDE) {
                a += area(t);
            }
        }
        return a;
    }

    /** Area of triangle {@code t}, m². */
    public double area(int t) {
        int a = 3 * tri[3 * t], b = 3 * tri[3 * t + 1], c = 3 * tri[3 * t + 2];
        double ux = pos[b] - pos[a], uy = pos[b + 1] - pos[a + 1], uz = pos[b + 2] - pos[a + 2];
        double vx = pos[c] - pos[a], vy = pos[c + 1] - pos[a + 1], vz = pos[c + 2] - pos[a + 2];
        double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        return 0.5 * Math.sqrt(nx * nx + ny * ny + nz * nz);
    }

    /**
     * Whether the mesh is a closed, consistently oriented 2-manifold: every directed edge occurs
     * exactly once and its reverse exactly once, and the triangles around every position form a
     * single fan (no pinched vertices). Purely combinatorial.
     */
    public boolean isClosedManifold() {
        return MeshCheck.manifoldProblem(this) == null;
    }

    @Override
    public String toString() {
        return "TriMesh[" + vertexCount() + " vertices, " + triangleCount() + " triangles]";
    }
}
