package dev.rubble.core.soft.cage;

import java.util.Objects;

/**
 * A soft body's authored cage: control points with masses, the tetrahedra and edges joining them,
 * the surface triangles that collide, and the binding of a visible mesh to the tetrahedra.
 * Everything is in the body frame (metres, kg). Arrays are owned by the cage: do not modify.
 *
 * @param points       xyz per control point
 * @param masses       kg per control point, > 0 (density × a quarter of each adjacent tet's volume)
 * @param tets         4 point indices per tetrahedron, positively oriented ({@code (b-a)·((c-a)×(d-a)) > 0})
 * @param edges        2 point indices per edge, each edge once ({@code CageBuilder} and cage files: {@code a < b},
 *                     sorted; a hand-made cage may list them in any order)
 * @param surface      3 point indices per surface triangle, counter-clockwise seen from outside
 * @param skinVertices xyz per visible-mesh vertex at rest
 * @param skinPoints   4 control-point indices per visible vertex (the corners of its tetrahedron)
 * @param skinWeights  4 barycentric weights per visible vertex (sum 1; negative outside the cage)
 * @param meshIndices  3 visible-vertex indices per visible triangle (may be empty)
 */
public record Cage(double[] points, double[] masses, int[] tets, int[] edges, int[] surface,
                   double[] skinVertices, int[] skinPoints, double[] skinWeights, int[] meshIndices) {

    public Cage {
        Objects.requireNonNull(points, "points is null");
        Objects.requireNonNull(masses, "masses is null");
        Objects.requireNonNull(tets, "tets is null");
        Objects.requireNonNull(edges, "edges is null");
        Objects.requireNonNull(surface, "surface is null");
        Objects.requireNonNull(skinVertices, "skinVertices is null");
        Objects.requireNonNull(skinPoints, "skinPoints is null");
        Objects.requireNonNull(skinWeights, "skinWeights is null");
        Objects.requireNonNull(meshIndices, "meshIndices is null");
    }

    public int pointCount() {
        return masses.length;
    }

    public int tetCount() {
        return tets.length / 4;
    }

    public int edgeCount() {
        return edges.length / 2;
    }

    public int surfaceCount() {
        return surface.length / 3;
    }

    public int skinVertexCount() {
        return skinVertices.length / 3;
    }

    /** Visible triangles (0 for a cage built from a point cloud). */
    public int meshTriangleCount() {
        return meshIndices.length / 3;
    }

    /** Total mass, kg. */
    public double mass() {
        double m = 0;
        for (double x : masses) {
            m += x;
        }
        return m;
    }

    /** Signed volume of tetrahedron {@code t} at rest, m³. */
    public double tetVolume(int t) {
        return volume(points, tets[4 * t], tets[4 * t + 1], tets[4 * t + 2], tets[4 * t + 3]);
    }

    static double volume(double[] p, int a, int b, int c, int d) {
        double ax = p[3 * a], ay = p[3 * a + 1], az = p[3 * a + 2];
        double bx = p[3 * b] - ax, by = p[3 * b + 1] - ay, bz = p[3 * b + 2] - az;
        double cx = p[3 * c] - ax, cy = p[3 * c + 1] - ay, cz = p[3 * c + 2] - az;
        double dx = p[3 * d] - ax, dy = p[3 * d + 1] - ay, dz = p[3 * d + 2] - az;
        return (bx * (cy * dz - cz * dy) + by * (cz * dx - cx * dz) + bz * (cx * dy - cy * dx)) / 6;
    }
}
