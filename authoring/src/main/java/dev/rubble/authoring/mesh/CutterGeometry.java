package dev.rubble.authoring.mesh;

import dev.rubble.spi.geom.ConvexPolytope;
import java.util.Arrays;

/**
 * The combinatorial shape of a convex cutter given by its face planes, for {@link LocalCutter}: its
 * vertices (the points where three planes meet inside all the others, welded within 1e-9 of the planes'
 * offsets), the planes each lies on, per face its vertices right-handed about the outward normal and,
 * per face edge, the face across it. Null from {@link #of} when the planes make no polytope whose faces
 * can be told apart (fewer than four vertices, an edge shared by more than two faces).
 */
final class CutterGeometry {
    final int k;
    final double[] vpos;
    final long[] vinc;
    final int[][] face;
    final int[][] adj;
    final double[] box;

    private CutterGeometry(int k, double[] vpos, long[] vinc, int[][] face, int[][] adj, double[] box) {
        this.k = k;
        this.vpos = vpos;
        this.vinc = vinc;
        this.face = face;
        this.adj = adj;
        this.box = box;
    }

    static CutterGeometry of(double[] pl) {
        int k = pl.length / 4;
        double scale = 0;
        for (int j = 0; j < k; j++) {
            scale = Math.max(scale, Math.abs(pl[4 * j + 3]));
        }
        double tol = 1e-9 * scale + Double.MIN_NORMAL;
        double[] v = new double[48];
        int nv = 0;
        for (int a = 0; a < k; a++) {
            for (int b = a + 1; b < k; b++) {
                for (int c = b + 1; c < k; c++) {
                    double[] x = meet(pl, a, b, c);
                    if (x == null || !feasible(pl, k, x, tol)) {
                        continue;
                    }
                    boolean dup = false;
                    for (int i = 0; i < nv && !dup; i++) {
                        dup = Math.abs(v[3 * i] - x[0]) <= tol && Math.abs(v[3 * i + 1] - x[1]) <= tol
                                && Math.abs(v[3 * i + 2] - x[2]) <= tol;
                    }
                    if (!dup) {
                        if (3 * nv + 3 > v.length) {
                            v = Arrays.copyOf(v, 2 * v.length);
                        }
                        System.arraycopy(x, 0, v, 3 * nv, 3);
                        nv++;
                    }
                }
            }
        }
        if (nv < 4) {
            return null;
        }
        long[] inc = new long[nv];
        double[] box = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < nv; i++) {
            for (int j = 0; j < k; j++) {
                if (Math.abs(LocalCutter.s(pl, j, v[3 * i], v[3 * i + 1], v[3 * i + 2])) <= tol) {
                    inc[i] |= 1L << j;
                }
            }
            for (int q = 0; q < 3; q++) {
                box[q] = Math.min(box[q], v[3 * i + q]);
                box[3 + q] = Math.max(box[3 + q], v[3 * i + q]);
            }
        }
        double pad = 1e-9 * Math.max(scale, Math.max(box[3] - box[0], Math.max(box[4] - box[1], box[5] - box[2])));
        for (int q = 0; q < 3; q++) {
            box[q] -= pad;
            box[3 + q] += pad;
        }
        int[][] face = new int[k][];
        int[][] adj = new int[k][];
        double[] basis = new double[6];
        for (int j = 0; j < k; j++) {
            int n = 0;
            int[] ids = new int[nv];
            double cu = 0, cw = 0;
            ConvexPolytope.planeBasis(pl[4 * j], pl[4 * j + 1], pl[4 * j + 2], basis);
            for (int i = 0; i < nv; i++) {
                if ((inc[i] & (1L << j)) != 0) {
                    ids[n++] = i;
                    cu += dot(basis, 0, v, i);
                    cw += dot(basis, 3, v, i);
                }
            }
            if (n < 3) {
                face[j] = new int[0];
                adj[j] = new int[0];
                continue;
            }
            cu /= n;
            cw /= n;
            double[] ang = new double[n];
            Integer[] order = new Integer[n];
            for (int q = 0; q < n; q++) {
                ang[q] = StrictMath.atan2(dot(basis, 3, v, ids[q]) - cw, dot(basis, 0, v, ids[q]) - cu);
                order[q] = q;
            }
            Arrays.sort(order, (x, y) -> Double.compare(ang[x], ang[y]));
            face[j] = new int[n];
            adj[j] = new int[n];
            for (int q = 0; q < n; q++) {
                face[j][q] = ids[order[q]];
            }
            for (int q = 0; q < n; q++) {
                int a = face[j][q], b = face[j][(q + 1) % n];
                long common = inc[a] & inc[b] & ~(1L << j);
                if (Long.bitCount(common) != 1) {
                    return null;
                }
                adj[j][q] = Long.numberOfTrailingZeros(common);
            }
        }
        // every edge a -> b of face j is b -> a of its neighbour
        for (int j = 0; j < k; j++) {
            for (int q = 0; q < face[j].length; q++) {
                int i = adj[j][q], a = face[j][q], b = face[j][(q + 1) % face[j].length];
                boolean found = false;
                for (int r = 0; r < face[i].length && !found; r++) {
                    found = face[i][r] == b && face[i][(r + 1) % face[i].length] == a && adj[i][r] == j;
                }
                if (!found) {
                    return null;
                }
            }
        }
        return new CutterGeometry(k, Arrays.copyOf(v, 3 * nv), inc, face, adj, box);
    }

    /** The edge index of face j whose neighbour is face i, or -1. */
    int edgeTo(int j, int i) {
        for (int q = 0; q < adj[j].length; q++) {
            if (adj[j][q] == i) {
                return q;
            }
        }
        return -1;
    }

    private static double dot(double[] basis, int o, double[] v, int i) {
        return basis[o] * v[3 * i] + basis[o + 1] * v[3 * i + 1] + basis[o + 2] * v[3 * i + 2];
    }

    private static boolean feasible(double[] pl, int k, double[] x, double tol) {
        for (int j = 0; j < k; j++) {
            if (LocalCutter.s(pl, j, x[0], x[1], x[2]) > tol) {
                return false;
            }
        }
        return true;
    }

    /** The point on planes a, b, c (Cramer's rule), or null when they do not meet in one point. */
    private static double[] meet(double[] pl, int a, int b, int c) {
        double ax = pl[4 * a], ay = pl[4 * a + 1], az = pl[4 * a + 2], ad = pl[4 * a + 3];
        double bx = pl[4 * b], by = pl[4 * b + 1], bz = pl[4 * b + 2], bd = pl[4 * b + 3];
        double cx = pl[4 * c], cy = pl[4 * c + 1], cz = pl[4 * c + 2], cd = pl[4 * c + 3];
        double det = ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
        if (Math.abs(det) < 1e-9) {
            return null;
        }
        double x = ad * (by * cz - bz * cy) - ay * (bd * cz - bz * cd) + az * (bd * cy - by * cd);
        double y = ax * (bd * cz - bz * cd) - ad * (bx * cz - bz * cx) + az * (bx * cd - bd * cx);
        double z = ax * (by * cd - bd * cy) - ay * (bx * cd - bd * cx) + ad * (bx * cy - by * cx);
        return new double[] {x / det, y / det, z / det};
    }
}
