package dev.rubble.geometry.polytope;

import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.shape.ConvexHull;

/**
 * The face two touching convex hulls share: every pair of a face of {@code p} and a face of {@code q}
 * that lie on one plane facing each other (outward normals opposite within {@link #ANGLE_TOLERANCE},
 * plane offsets within a distance tolerance; the test authoring's proximity uses for bond areas,
 * docs/geometry-collections.md "Proximity") contributes the polygon where the two faces overlap
 * (Sutherland–Hodgman in the common plane): its area A, its centroid c and p's outward face normal n
 * (pointing from p into q). They are summed as {@code A}, {@code A c} and {@code A n}, so over any
 * number of face pairs and hulls the interface's centroid is {@code Σ A c / Σ A} and its normal
 * {@code Σ A n / |Σ A n|} — the area-weighted means, as NVIDIA Blast's bond generator describes an
 * interface by its area, centroid and normal.
 *
 * <pre>
 *   p  ┌──────┐          the overlap of p's top face and q's bottom face:
 *      │      │  n ↑     area, centroid (•) and p's normal n
 *   ───┴──•───┴───────
 *   q  │                │
 * </pre>
 *
 * Pure arithmetic in a fixed order (the faces' order): the same hulls give the same bits. No
 * allocation once the {@link Scratch} holds the largest face pair's polygons.
 */
public final class HullInterface {
    /** Normals count as opposite when {@code n_p · n_q < -1 + ANGLE_TOLERANCE} (as authoring's proximity). */
    public static final double ANGLE_TOLERANCE = 1e-9;
    /** Values {@link #accumulate} adds per interface: area, area × centroid (3), area × normal (3). */
    public static final int SUMS = 7;

    private HullInterface() {
    }

    /**
     * Adds the interface of hulls p and q to {@code sums[offset .. offset + 7)}: area (m²), area ×
     * centroid (m³, xyz) and area × p's outward normal (m², xyz), over every coplanar opposite face
     * pair. Hulls that share no face add nothing.
     *
     * @param p      the first hull (its outward normals are the interface's: from p into q)
     * @param q      the second hull, in the same frame
     * @param tol    distance tolerance for the two planes' offsets, metres, ≥ 0
     * @param s      reused buffers (one per thread)
     * @param sums   the sums to add to (owned by the caller)
     * @param offset where this interface's seven sums start
     * @return the area added, m²
     */
    public static double accumulate(ConvexHull p, ConvexHull q, double tol, Scratch s, double[] sums, int offset) {
        double total = 0;
        for (int f = 0; f < p.faceCount(); f++) {
            double nx = p.plane(f, 0), ny = p.plane(f, 1), nz = p.plane(f, 2), d = p.plane(f, 3);
            for (int g = 0; g < q.faceCount(); g++) {
                if (Math.abs(d + q.plane(g, 3)) > tol) {
                    continue;
                }
                double dot = nx * q.plane(g, 0) + ny * q.plane(g, 1) + nz * q.plane(g, 2);
                if (dot > -1 + ANGLE_TOLERANCE) {
                    continue;
                }
                double a = overlap(p, f, q, g, nx, ny, nz, d, s);
                if (a > 0) {
                    total += a;
                    sums[offset] += a;
                    sums[offset + 1] += a * s.centroid[0];
                    sums[offset + 2] += a * s.centroid[1];
                    sums[offset + 3] += a * s.centroid[2];
                    sums[offset + 4] += a * nx;
                    sums[offset + 5] += a * ny;
                    sums[offset + 6] += a * nz;
                }
            }
        }
        return total;
    }

    /**
     * Area of the overlap of face f of p and face g of q in f's plane ({@code n·x = d}); its centroid
     * goes to {@code s.centroid}. Polygon coordinates are taken relative to f's first vertex, so the
     * centroid keeps its precision far from the origin.
     */
    private static double overlap(ConvexHull p, int f, ConvexHull q, int g, double nx, double ny, double nz, double d,
            Scratch s) {
        ConvexPolytope.planeBasis(nx, ny, nz, s.basis);
        double ux = s.basis[0], uy = s.basis[1], uz = s.basis[2];
        double wx = s.basis[3], wy = s.basis[4], wz = s.basis[5];
        int na = p.faceSize(f), nb = q.faceSize(g);
        s.ensure(na + nb + 4);
        int v0 = p.faceVertex(f, 0);
        double ox0 = p.vertex(v0, 0), oy0 = p.vertex(v0, 1), oz0 = p.vertex(v0, 2);
        double u0 = ox0 * ux + oy0 * uy + oz0 * uz, w0 = ox0 * wx + oy0 * wy + oz0 * wz;
        // polygon A: counter-clockwise in (u, w), as (u, w, n) is right-handed and faces run counter-clockwise about +n
        for (int k = 0; k < na; k++) {
            int v = p.faceVertex(f, k);
            double x = p.vertex(v, 0), y = p.vertex(v, 1), z = p.vertex(v, 2);
            s.ax[k] = x * ux + y * uy + z * uz - u0;
            s.ay[k] = x * wx + y * wy + z * wz - w0;
        }
        // polygon B runs counter-clockwise about -n: reversed
        double[] bx = s.bx, by = s.by;
        for (int k = 0; k < nb; k++) {
            int v = q.faceVertex(g, nb - 1 - k);
            double x = q.vertex(v, 0), y = q.vertex(v, 1), z = q.vertex(v, 2);
            bx[k] = x * ux + y * uy + z * uz - u0;
            by[k] = x * wx + y * wy + z * wz - w0;
        }
        int cnt = s.clip(na, nb);
        double[] cx = s.ax, cy = s.ay;
        double a2 = 0, mu = 0, mw = 0;
        for (int k = 0; k < cnt; k++) {
            int k1 = (k + 1) % cnt;
            double cross = cx[k] * cy[k1] - cx[k1] * cy[k];
            a2 += cross;
            mu += (cx[k] + cx[k1]) * cross;
            mw += (cy[k] + cy[k1]) * cross;
        }
        if (!(a2 > 0)) {
            return 0;
        }
        // centroid (Σ (x_k + x_k+1) cross_k / (3 · 2A)) back in 3-D: u u + w w + d n
        double cu = u0 + mu / (3 * a2), cw = w0 + mw / (3 * a2);
        s.centroid[0] = cu * ux + cw * wx + d * nx;
        s.centroid[1] = cu * uy + cw * wy + d * ny;
        s.centroid[2] = cu * uz + cw * wz + d * nz;
        return a2 * 0.5;
    }

    /** Reused polygon buffers ({@link PolygonClip.Buffers}) and the overlap's centroid. Not thread-safe: one per thread. */
    public static final class Scratch extends PolygonClip.Buffers {
        final double[] centroid = new double[3];
    }
}
