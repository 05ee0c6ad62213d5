package dev.rubble.core.soft.cage;

/**
 * Moves a visible mesh with its cage: each vertex is the barycentric blend of its tetrahedron's
 * four control points ({@code v = Σ w_k x_k}), and normals are recomputed from the moved triangles
 * (area-weighted vertex normals) — the reference skipped normals (pbd-spring-soft-body §3 item 1).
 * Stateless; writes into caller-owned arrays, no allocation.
 */
public final class Skinning {
    private Skinning() {
    }

    /**
     * Skinned vertex positions.
     *
     * @param points      control-point positions, xyz packed, starting at point {@code base}
     * @param base        index of the body's first control point in {@code points}
     * @param skinPoints  4 body-local control-point indices per vertex
     * @param skinWeights 4 weights per vertex
     * @param out         xyz per vertex (length >= 3 × vertices)
     */
    public static void positions(double[] points, int base, int[] skinPoints, double[] skinWeights, double[] out) {
        positions(points, base, skinPoints, skinWeights, out, 0);
    }

    /** {@link #positions(double[], int, int[], double[], double[])} written from vertex {@code outVertex} of {@code out} on. */
    public static void positions(double[] points, int base, int[] skinPoints, double[] skinWeights, double[] out,
                                 int outVertex) {
        int n = skinWeights.length / 4;
        int o0 = 3 * outVertex;
        for (int i = 0; i < n; i++) {
            double x = 0, y = 0, z = 0;
            for (int k = 0; k < 4; k++) {
                int p = 3 * (base + skinPoints[4 * i + k]);
                double w = skinWeights[4 * i + k];
                x += w * points[p];
                y += w * points[p + 1];
                z += w * points[p + 2];
            }
            out[o0 + 3 * i] = x;
            out[o0 + 3 * i + 1] = y;
            out[o0 + 3 * i + 2] = z;
        }
    }

    /**
     * Unit vertex normals of a triangle mesh (area-weighted sum of face normals); a vertex on no
     * triangle, or whose triangles cancel, gets (0, 0, 0).
     *
     * @param vertices xyz per vertex
     * @param indices  3 vertex indices per triangle, counter-clockwise seen from outside
     * @param out      xyz per vertex
     */
    public static void normals(double[] vertices, int[] indices, double[] out) {
        normals(vertices, 0, vertices.length / 3, indices, indices.length / 3, out);
    }

    /**
     * Unit vertex normals of the mesh whose {@code vertexCount} vertices start at vertex
     * {@code first} of {@code vertices} ({@code indices} are relative to it); written to the same
     * vertices of {@code out}.
     */
    public static void normals(double[] vertices, int first, int vertexCount, int[] indices, int triangleCount,
                               double[] out) {
        int n = vertexCount, f3 = 3 * first;
        java.util.Arrays.fill(out, f3, f3 + 3 * n, 0.0);
        for (int t = 0; t < 3 * triangleCount; t += 3) {
            int a = f3 + 3 * indices[t], b = f3 + 3 * indices[t + 1], c = f3 + 3 * indices[t + 2];
            double ux = vertices[b] - vertices[a], uy = vertices[b + 1] - vertices[a + 1], uz = vertices[b + 2] - vertices[a + 2];
            double vx = vertices[c] - vertices[a], vy = vertices[c + 1] - vertices[a + 1], vz = vertices[c + 2] - vertices[a + 2];
            double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
            for (int k = 0; k < 3; k++) {
                int o = f3 + 3 * indices[t + k];
                out[o] += nx;
                out[o + 1] += ny;
                out[o + 2] += nz;
            }
        }
        for (int i = 0; i < n; i++) {
            int o = f3 + 3 * i;
            double x = out[o], y = out[o + 1], z = out[o + 2];
            double len = Math.sqrt(x * x + y * y + z * z);
            if (len > 0) {
                out[o] = x / len;
                out[o + 1] = y / len;
                out[o + 2] = z / len;
            }
        }
    }
}
