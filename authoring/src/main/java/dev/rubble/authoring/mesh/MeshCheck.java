package dev.rubble.authoring.mesh;

import dev.rubble.geometry.bounds.BoundsPairs;
import dev.rubble.geometry.delaunay.Predicates;
import java.util.Arrays;
import java.util.Locale;

/**
 * Validation and repair of source meshes: a source must be a closed, consistently oriented
 * 2-manifold (every edge shared by exactly two triangles that traverse it in opposite
 * directions, one fan of triangles around every vertex), without collapsed triangles, with every
 * shell facing out (positive signed volume) and without self-intersections (any two triangles
 * that share no vertex are tested exactly with orientation predicates). Problems are reported as
 * {@link MeshException}s naming what is wrong and where (triangle, vertex and coordinates).
 */
public final class MeshCheck {
    private MeshCheck() {
    }

    /** Refuses a bad source: throws {@link MeshException} naming the first problem found. */
    public static void validate(TriMesh m, String name) {
        String p = problem(m);
        if (p != null) {
            throw new MeshException(name + ": " + p);
        }
    }

    /** The first problem of {@code m} as a sentence, or null when it is a valid source. */
    public static String problem(TriMesh m) {
        if (m.triangleCount() < 4) {
            return "has " + m.triangleCount() + " triangles; a closed mesh needs at least 4";
        }
        for (int i = 0; i < m.pos.length; i++) {
            if (!Double.isFinite(m.pos[i])) {
                return "vertex " + i / 3 + " has a non-finite coordinate " + m.pos[i];
            }
        }
        for (int t = 0; t < m.triangleCount(); t++) {
            int a = m.tri[3 * t], b = m.tri[3 * t + 1], c = m.tri[3 * t + 2];
            if (a == b || b == c || a == c) {
                return "triangle " + t + " is collapsed (vertices " + a + ", " + b + ", " + c + ") near " + at(m, a)
                        + "; --repair removes collapsed triangles";
            }
        }
        String mf = manifoldProblem(m);
        if (mf != null) {
            return mf;
        }
        int[] comp = Components.label(m);
        int nc = 0;
        for (int c : comp) {
            nc = Math.max(nc, c + 1);
        }
        double[] vol = Components.volumes(m, comp, nc);
        for (int c = 0; c < nc; c++) {
            if (!Double.isFinite(vol[c])) {
                // coordinates past ~1e102 m: the signed volume overflows (inf - inf = NaN), which is no orientation
                int t = 0;
                while (comp[t] != c) {
                    t++;
                }
                return String.format(Locale.ROOT, "is too large: the shell containing triangle %d (near %s) has a"
                        + " signed volume of %s (it overflows); allowed: coordinates whose volume is finite (rubble"
                        + " fracture takes bounds sides up to 1e6 m)", t, at(m, m.tri[3 * t]), vol[c]);
            }
            if (!(vol[c] > 0)) {
                int t = 0;
                while (comp[t] != c) {
                    t++;
                }
                return String.format(Locale.ROOT, "is inverted: the shell containing triangle %d (near %s) has signed"
                        + " volume %.6g m3; allowed: triangles counter-clockwise seen from outside (positive volume;"
                        + " --repair turns inverted shells outside-in; cavities are not supported)", t,
                        at(m, m.tri[3 * t]), vol[c]);
            }
        }
        long hit = selfIntersection(m);
        if (hit >= 0) {
            int a = (int) (hit >>> 32), b = (int) hit;
            return "is self-intersecting: triangles " + a + " (near " + at(m, m.tri[3 * a]) + ") and " + b + " (near "
                    + at(m, m.tri[3 * b]) + ") intersect";
        }
        return null;
    }

    static String at(TriMesh m, int v) {
        return String.format(Locale.ROOT, "(%.6g, %.6g, %.6g)", m.pos[3 * v], m.pos[3 * v + 1], m.pos[3 * v + 2]);
    }

    /**
     * The first combinatorial problem (open edge, edge used more than twice or twice the same
     * way, pinched vertex) or null for a closed oriented 2-manifold.
     */
    static String manifoldProblem(TriMesh m) {
        int nt = m.triangleCount();
        if (nt == 0) {
            return "has no triangles";
        }
        long[] dir = new long[3 * nt];
        for (int t = 0; t < nt; t++) {
            for (int k = 0; k < 3; k++) {
                int a = m.tri[3 * t + k], b = m.tri[3 * t + (k + 1) % 3];
                dir[3 * t + k] = ((long) a << 32) | (b & 0xffffffffL);
            }
        }
        long[] sorted = dir.clone();
        Arrays.sort(sorted);
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] == sorted[i - 1]) {
                int a = (int) (sorted[i] >>> 32), b = (int) sorted[i];
                return "is not a consistently oriented 2-manifold: edge " + a + "-" + b + " near " + at(m, a)
                        + " is used twice in the same direction (a flipped triangle, or more than two triangles on one edge)";
            }
        }
        for (int t = 0; t < nt; t++) {
            for (int k = 0; k < 3; k++) {
                int a = m.tri[3 * t + k], b = m.tri[3 * t + (k + 1) % 3];
                long rev = ((long) b << 32) | (a & 0xffffffffL);
                if (Arrays.binarySearch(sorted, rev) < 0) {
                    return "is not closed: edge " + a + "-" + b + " of triangle " + t + " near " + at(m, a)
                            + " has no neighbouring triangle (a hole or a crack)";
                }
            }
        }
        // one fan per vertex: corners sorted by vertex; wedge (v; a -> b) links to the wedge starting at b
        int nv = m.vertexCount();
        int[] start = new int[nv + 1];
        for (int c = 0; c < 3 * nt; c++) {
            start[m.tri[c] + 1]++;
        }
        for (int i = 0; i < nv; i++) {
            start[i + 1] += start[i];
        }
        int[] fill = Arrays.copyOf(start, nv);
        int[] corner = new int[3 * nt];
        for (int c = 0; c < 3 * nt; c++) {
            corner[fill[m.tri[c]]++] = c;
        }
        boolean[] seen = new boolean[3 * nt];
        for (int v = 0; v < nv; v++) {
            int s = start[v], e = start[v + 1];
            if (s == e) {
                continue;
            }
            // walk from the first wedge: next wedge is the one whose "a" equals this one's "b"
            int c = corner[s];
            int count = 0;
            while (!seen[c]) {
                seen[c] = true;
                count++;
                int t = c / 3, k = c % 3;
                int b = m.tri[3 * t + (k + 2) % 3]; // previous corner: edge v -> ... the wedge (v, next, prev)
                int nextC = -1;
                for (int q = s; q < e; q++) {
                    int c2 = corner[q], t2 = c2 / 3, k2 = c2 % 3;
                    if (m.tri[3 * t2 + (k2 + 1) % 3] == b) {
                        nextC = c2;
                        break;
                    }
                }
                if (nextC < 0) {
                    break;
                }
                c = nextC;
            }
            if (count != e - s) {
                return "is not a 2-manifold: vertex " + v + " at " + at(m, v)
                        + " joins two or more separate fans of triangles (a pinched vertex)";
            }
        }
        return null;
    }

    /**
     * The first pair of intersecting triangles that share no vertex, packed {@code a << 32 | b},
     * or -1. Candidates come from overlapping triangle bounds; each pair is decided exactly.
     */
    static long selfIntersection(TriMesh m) {
        int nt = m.triangleCount();
        double[] bounds = new double[6 * nt];
        for (int t = 0; t < nt; t++) {
            for (int k = 0; k < 3; k++) {
                double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
                for (int c = 0; c < 3; c++) {
                    double x = m.pos[3 * m.tri[3 * t + c] + k];
                    lo = Math.min(lo, x);
                    hi = Math.max(hi, x);
                }
                bounds[6 * t + k] = lo;
                bounds[6 * t + 3 + k] = hi;
            }
        }
        long[] pairs = BoundsPairs.overlapping(nt, bounds, 0);
        for (long key : pairs) {
            int a = (int) (key >>> 32), b = (int) key;
            if (sharesVertex(m.tri, a, b)) {
                continue;
            }
            if (trianglesIntersect(m.pos, m.tri[3 * a], m.tri[3 * a + 1], m.tri[3 * a + 2], m.tri[3 * b],
                    m.tri[3 * b + 1], m.tri[3 * b + 2])) {
                return key;
            }
        }
        return -1;
    }

    private static boolean sharesVertex(int[] tri, int a, int b) {
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                if (tri[3 * a + i] == tri[3 * b + j]) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Exact test whether closed triangles (a,b,c) and (p,q,r) (indices into {@code pos}) have a
     * common point. Non-coplanar: some edge of one meets the other triangle. Coplanar: the 2-D
     * test after dropping the dominant axis of the normal.
     */
    static boolean trianglesIntersect(double[] pos, int a, int b, int c, int p, int q, int r) {
        int op = Predicates.orient(pos, a, b, c, p), oq = Predicates.orient(pos, a, b, c, q),
                or = Predicates.orient(pos, a, b, c, r);
        if ((op > 0 && oq > 0 && or > 0) || (op < 0 && oq < 0 && or < 0)) {
            return false;
        }
        int oa = Predicates.orient(pos, p, q, r, a), ob = Predicates.orient(pos, p, q, r, b),
                oc = Predicates.orient(pos, p, q, r, c);
        if ((oa > 0 && ob > 0 && oc > 0) || (oa < 0 && ob < 0 && oc < 0)) {
            return false;
        }
        if (op == 0 && oq == 0 && or == 0) {
            return coplanar(pos, a, b, c, p, q, r);
        }
        return segTri(pos, p, q, a, b, c) || segTri(pos, q, r, a, b, c) || segTri(pos, r, p, a, b, c)
                || segTri(pos, a, b, p, q, r) || segTri(pos, b, c, p, q, r) || segTri(pos, c, a, p, q, r);
    }

    /** Segment (s,e) meets triangle (a,b,c) (not coplanar with it). */
    private static boolean segTri(double[] pos, int s, int e, int a, int b, int c) {
        int os = Predicates.orient(pos, a, b, c, s), oe = Predicates.orient(pos, a, b, c, e);
        if (os == oe) {
            return false; // both on one side (or both in the plane: handled by the other edges)
        }
        int o1 = Predicates.orient(pos, s, e, a, b), o2 = Predicates.orient(pos, s, e, b, c),
                o3 = Predicates.orient(pos, s, e, c, a);
        boolean pos1 = o1 >= 0 && o2 >= 0 && o3 >= 0, neg = o1 <= 0 && o2 <= 0 && o3 <= 0;
        return pos1 || neg;
    }

    private static boolean coplanar(double[] pos, int a, int b, int c, int p, int q, int r) {
        double[] n = new double[3];
        TriMesh.faceNormal(pos, a, b, c, n);
        int drop = Math.abs(n[0]) >= Math.abs(n[1]) && Math.abs(n[0]) >= Math.abs(n[2]) ? 0
                : Math.abs(n[1]) >= Math.abs(n[2]) ? 1 : 2;
        int u = (drop + 1) % 3, w = (drop + 2) % 3;
        double[] t1 = {pos[3 * a + u], pos[3 * a + w], pos[3 * b + u], pos[3 * b + w], pos[3 * c + u], pos[3 * c + w]};
        double[] t2 = {pos[3 * p + u], pos[3 * p + w], pos[3 * q + u], pos[3 * q + w], pos[3 * r + u], pos[3 * r + w]};
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                if (Orient2.segmentsMeet(t1, i, (i + 1) % 3, t2, j, (j + 1) % 3)) {
                    return true;
                }
            }
        }
        return Orient2.inTriangle(t1, t2, 0) || Orient2.inTriangle(t2, t1, 0);
    }
}
