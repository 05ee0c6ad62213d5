package dev.rubble.authoring;

import dev.rubble.geometry.bounds.BoundsPairs;
import dev.rubble.geometry.polytope.PolygonClip;
import dev.rubble.spi.geom.ConvexPolytope;
import java.util.Arrays;

/**
 * Face contacts between pieces: two pieces are neighbours when a face of one and a face of the
 * other are coplanar and opposite-facing (normals opposite within {@link #ANGLE_TOLERANCE},
 * offsets within the distance tolerance) and their polygons overlap; the contact area is the
 * area of the overlap polygon (convex polygon clipping in the common plane), summed over all
 * such face pairs of the two pieces' hulls.
 *
 * <p>Candidate pairs come from a uniform grid over piece bounds inflated by the tolerance
 * ({@link BoundsPairs}), so N pieces of similar size cost O(N) pair tests, not O(N²). The result
 * is symmetric by construction (each unordered pair is tested once) and sorted by (a, b).
 * Reference: chaos-large-scale-destruction, proximity and connection graph.
 */
public final class Proximity {
    /** Normals count as opposite when {@code n_a · n_b < -1 + ANGLE_TOLERANCE}. */
    public static final double ANGLE_TOLERANCE = 1e-9;
    /** Distance tolerance relative to the bounds diagonal of all pieces. */
    public static final double RELATIVE_TOLERANCE = 1e-9;

    private Proximity() {
    }

    /** Contacts: {@code a[i] < b[i]} piece indices and their contact area (m², &gt; 0). */
    public record Contacts(int[] a, int[] b, double[] area) {
        /** Number of contacts. */
        public int size() {
            return a.length;
        }
    }

    /** Bounds of a set of hulls, packed min xyz then max xyz. */
    static double[] bounds(ConvexPolytope[] hulls) {
        double[] b = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (ConvexPolytope h : hulls) {
            double[] hb = h.bounds();
            for (int k = 0; k < 3; k++) {
                b[k] = Math.min(b[k], hb[k]);
                b[3 + k] = Math.max(b[3 + k], hb[3 + k]);
            }
        }
        return b;
    }

    /**
     * Computes the face contacts of {@code pieces} (each one or more convex hulls).
     *
     * @param pieces per piece its hulls, in one common frame
     */
    public static Contacts compute(ConvexPolytope[][] pieces) {
        return compute(pieces, null);
    }

    /**
     * The face contacts of {@code pieces} among the given candidate pairs only: the same contacts,
     * bit for bit, as {@link #compute(ConvexPolytope[][])} when the candidates include every pair
     * that touches on a face of positive area (a fracture's own neighbour list does), without the
     * bounds search and the tests of pairs whose boxes merely overlap.
     *
     * @param pieces     per piece its hulls, in one common frame
     * @param candidates pairs packed as {@code (long) a << 32 | b} with {@code a < b}, sorted
     *                   ascending, no duplicates; {@code null} for every pair whose bounds overlap
     */
    public static Contacts compute(ConvexPolytope[][] pieces, long[] candidates) {
        int n = pieces.length;
        double[] bounds = new double[6 * n];
        double[] all = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < n; i++) {
            double[] b = bounds(pieces[i]);
            System.arraycopy(b, 0, bounds, 6 * i, 6);
            for (int k = 0; k < 3; k++) {
                all[k] = Math.min(all[k], b[k]);
                all[3 + k] = Math.max(all[3 + k], b[3 + k]);
            }
        }
        if (n < 2) {
            return new Contacts(new int[0], new int[0], new double[0]);
        }
        double diag = Math.sqrt(sq(all[3] - all[0]) + sq(all[4] - all[1]) + sq(all[5] - all[2]));
        double tol = RELATIVE_TOLERANCE * diag;
        double minArea = tol * diag;
        long[] cand = candidates != null ? candidates : BoundsPairs.overlapping(n, bounds, tol);
        int[] ca = new int[cand.length];
        int[] cb = new int[cand.length];
        double[] area = new double[cand.length];
        int m = 0;
        Scratch s = new Scratch();
        for (long key : cand) {
            int a = (int) (key >>> 32), b = (int) key;
            double sum = 0;
            for (ConvexPolytope ha : pieces[a]) {
                for (ConvexPolytope hb : pieces[b]) {
                    sum += contactArea(ha, hb, tol, s);
                }
            }
            if (sum > minArea) {
                ca[m] = a;
                cb[m] = b;
                area[m] = sum;
                m++;
            }
        }
        return new Contacts(Arrays.copyOf(ca, m), Arrays.copyOf(cb, m), Arrays.copyOf(area, m));
    }

    /** Sum of overlap areas of coplanar opposite faces of two convex hulls (m²). */
    static double contactArea(ConvexPolytope p, ConvexPolytope q, double tol, Scratch s) {
        double total = 0;
        for (int f = 0; f < p.faceCount(); f++) {
            double nx = p.plane(f, 0), ny = p.plane(f, 1), nz = p.plane(f, 2), d = p.plane(f, 3);
            for (int g = 0; g < q.faceCount(); g++) {
                // the offset first: it rejects almost every face pair for one addition (same test, reordered)
                if (Math.abs(d + q.plane(g, 3)) > tol) {
                    continue;
                }
                double dot = nx * q.plane(g, 0) + ny * q.plane(g, 1) + nz * q.plane(g, 2);
                if (dot > -1 + ANGLE_TOLERANCE) {
                    continue;
                }
                total += overlap(p, f, q, g, nx, ny, nz, s);
            }
        }
        return total;
    }

    /** Area of the overlap of face f of p and face g of q, projected onto f's plane. */
    private static double overlap(ConvexPolytope p, int f, ConvexPolytope q, int g, double nx, double ny, double nz,
            Scratch s) {
        ConvexPolytope.planeBasis(nx, ny, nz, s.basis);
        double ux = s.basis[0], uy = s.basis[1], uz = s.basis[2];
        double wx = s.basis[3], wy = s.basis[4], wz = s.basis[5];
        int na = p.faceSize(f), nb = q.faceSize(g);
        s.ensure(na + nb + 4);
        // polygon A: counter-clockwise in (u, w) because it is counter-clockwise about +n
        for (int k = 0; k < na; k++) {
            int v = p.faceVertex(f, k);
            double x = p.vertex(v, 0), y = p.vertex(v, 1), z = p.vertex(v, 2);
            s.ax[k] = x * ux + y * uy + z * uz;
            s.ay[k] = x * wx + y * wy + z * wz;
        }
        // polygon B is counter-clockwise about -n: reverse it
        double[] bx = s.bx, by = s.by;
        for (int k = 0; k < nb; k++) {
            int v = q.faceVertex(g, nb - 1 - k);
            double x = q.vertex(v, 0), y = q.vertex(v, 1), z = q.vertex(v, 2);
            bx[k] = x * ux + y * uy + z * uz;
            by[k] = x * wx + y * wy + z * wz;
        }
        int cnt = s.clip(na, nb);
        double[] cx = s.ax, cy = s.ay;
        double a2 = 0;
        for (int k = 0; k < cnt; k++) {
            int k1 = (k + 1) % cnt;
            a2 += cx[k] * cy[k1] - cx[k1] * cy[k];
        }
        return Math.max(0, a2 * 0.5);
    }

    /** Reused polygon buffers (one per compute call). */
    static final class Scratch extends PolygonClip.Buffers {
    }

    private static double sq(double x) {
        return x * x;
    }
}
