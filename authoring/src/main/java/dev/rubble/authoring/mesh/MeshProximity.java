package dev.rubble.authoring.mesh;

import dev.rubble.geometry.bounds.BoundsPairs;
import dev.rubble.spi.geom.ConvexPolytope;
import java.util.Arrays;

/**
 * Face contacts between mesh pieces, on the real cut surfaces: two pieces touch where cut faces
 * of one and of the other lie on the same plane facing each other (normals opposite within
 * {@link #ANGLE_TOLERANCE}, offsets within the distance tolerance plus the grout width) and
 * overlap; the area is the overlap of their cut triangles in that plane (exact convex clipping
 * per triangle pair, summed). The same rules as the convex {@code Proximity}, so a box given as a
 * mesh finds the contacts the box source finds. Candidate piece pairs come from overlapping
 * bounds; the result is sorted by (a, b), a &lt; b.
 */
public final class MeshProximity {
    /** Normals count as opposite when {@code n_a · n_b < -1 + ANGLE_TOLERANCE}. */
    public static final double ANGLE_TOLERANCE = 1e-9;
    /** Distance tolerance relative to the bounds diagonal of all pieces. */
    public static final double RELATIVE_TOLERANCE = 1e-9;

    private MeshProximity() {
    }

    /** Contacts: piece indices {@code a[i] < b[i]} and contact areas (m²). */
    public record Contacts(int[] a, int[] b, double[] area) {
        public int size() {
            return a.length;
        }
    }

    /** Cut faces of one piece grouped by plane. */
    private static final class Faces {
        int[] tris;        // cut triangles sorted by plane
        int[] groupStart;  // group g = tris[groupStart[g] .. groupStart[g+1]-1]
        final TriMesh m;

        Faces(TriMesh m) {
            this.m = m;
            int n = 0;
            for (int t = 0; t < m.triangleCount(); t++) {
                if (!Double.isNaN(m.plane[4 * t])) {
                    n++;
                }
            }
            Integer[] order = new Integer[n];
            int k = 0;
            for (int t = 0; t < m.triangleCount(); t++) {
                if (!Double.isNaN(m.plane[4 * t])) {
                    order[k++] = t;
                }
            }
            Arrays.sort(order, (x, y) -> {
                for (int c = 0; c < 4; c++) {
                    int r = Double.compare(m.plane[4 * x + c], m.plane[4 * y + c]);
                    if (r != 0) {
                        return r;
                    }
                }
                return Integer.compare(x, y);
            });
            tris = new int[n];
            int[] gs = new int[n + 1];
            int g = 0;
            for (int i = 0; i < n; i++) {
                tris[i] = order[i];
                if (i == 0 || !samePlane(m, order[i], order[i - 1])) {
                    gs[g++] = i;
                }
            }
            gs[g] = n;
            groupStart = Arrays.copyOf(gs, g + 1);
        }

        int groups() {
            return groupStart.length - 1;
        }

        double plane(int g, int c) {
            return m.plane[4 * tris[groupStart[g]] + c];
        }
    }

    private static boolean samePlane(TriMesh m, int a, int b) {
        for (int c = 0; c < 4; c++) {
            if (m.plane[4 * a + c] != m.plane[4 * b + c]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Contacts among {@code pieces}.
     *
     * @param gap extra distance allowed between facing planes (the grout width), metres
     */
    public static Contacts compute(TriMesh[] pieces, double gap) {
        int n = pieces.length;
        double[] bounds = new double[6 * n];
        double[] all = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < n; i++) {
            double[] b = pieces[i].bounds();
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
        Faces[] faces = new Faces[n];
        for (int i = 0; i < n; i++) {
            faces[i] = new Faces(pieces[i]);
        }
        long[] cand = BoundsPairs.overlapping(n, bounds, tol + gap);
        int[] ca = new int[cand.length];
        int[] cb = new int[cand.length];
        double[] area = new double[cand.length];
        int m = 0;
        double[] basis = new double[6];
        double[] ta = new double[6];
        double[] tb = new double[6];
        double[] bufA = new double[32];
        double[] bufB = new double[32];
        for (long key : cand) {
            int a = (int) (key >>> 32), b = (int) key;
            Faces fa = faces[a], fb = faces[b];
            double sum = 0;
            for (int ga = 0; ga < fa.groups(); ga++) {
                double nx = fa.plane(ga, 0), ny = fa.plane(ga, 1), nz = fa.plane(ga, 2), d = fa.plane(ga, 3);
                for (int gb = 0; gb < fb.groups(); gb++) {
                    double dot = nx * fb.plane(gb, 0) + ny * fb.plane(gb, 1) + nz * fb.plane(gb, 2);
                    if (dot > -1 + ANGLE_TOLERANCE || Math.abs(d + fb.plane(gb, 3)) > tol + gap) {
                        continue;
                    }
                    ConvexPolytope.planeBasis(nx, ny, nz, basis);
                    for (int i = fa.groupStart[ga]; i < fa.groupStart[ga + 1]; i++) {
                        project(fa.m, fa.tris[i], basis, ta, false);
                        if (!(area2(ta) > 0)) {
                            continue;
                        }
                        for (int j = fb.groupStart[gb]; j < fb.groupStart[gb + 1]; j++) {
                            project(fb.m, fb.tris[j], basis, tb, true);
                            if (!(area2(tb) > 0) || !boxesOverlap(ta, tb)) {
                                continue;
                            }
                            sum += overlap(ta, tb, bufA, bufB);
                        }
                    }
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

    /** Triangle t in (u, w) coordinates, counter-clockwise (reversed when it faces -n). */
    private static void project(TriMesh m, int t, double[] basis, double[] out, boolean reverse) {
        for (int k = 0; k < 3; k++) {
            int v = 3 * m.tri[3 * t + (reverse ? 2 - k : k)];
            double x = m.pos[v], y = m.pos[v + 1], z = m.pos[v + 2];
            out[2 * k] = x * basis[0] + y * basis[1] + z * basis[2];
            out[2 * k + 1] = x * basis[3] + y * basis[4] + z * basis[5];
        }
    }

    private static double area2(double[] t) {
        return (t[2] - t[0]) * (t[5] - t[1]) - (t[3] - t[1]) * (t[4] - t[0]);
    }

    private static boolean boxesOverlap(double[] a, double[] b) {
        for (int k = 0; k < 2; k++) {
            double amin = Math.min(a[k], Math.min(a[2 + k], a[4 + k])), amax = Math.max(a[k], Math.max(a[2 + k], a[4 + k]));
            double bmin = Math.min(b[k], Math.min(b[2 + k], b[4 + k])), bmax = Math.max(b[k], Math.max(b[2 + k], b[4 + k]));
            if (amax < bmin || bmax < amin) {
                return false;
            }
        }
        return true;
    }

    /** Area of the intersection of two counter-clockwise triangles (Sutherland–Hodgman). */
    static double overlap(double[] a, double[] b, double[] buf, double[] tmp) {
        System.arraycopy(a, 0, buf, 0, 6);
        int cnt = 3;
        double[] cur = buf, nxt = tmp;
        for (int e = 0; e < 3 && cnt > 0; e++) {
            double x0 = b[2 * e], y0 = b[2 * e + 1];
            double x1 = b[2 * ((e + 1) % 3)], y1 = b[2 * ((e + 1) % 3) + 1];
            double ex = x1 - x0, ey = y1 - y0;
            int out = 0;
            for (int k = 0; k < cnt; k++) {
                int k1 = (k + 1) % cnt;
                double sa = ex * (cur[2 * k + 1] - y0) - ey * (cur[2 * k] - x0);
                double sb = ex * (cur[2 * k1 + 1] - y0) - ey * (cur[2 * k1] - x0);
                if (sa >= 0) {
                    nxt[2 * out] = cur[2 * k];
                    nxt[2 * out + 1] = cur[2 * k + 1];
                    out++;
                }
                if ((sa >= 0) != (sb >= 0)) {
                    double t = sa / (sa - sb);
                    nxt[2 * out] = cur[2 * k] + t * (cur[2 * k1] - cur[2 * k]);
                    nxt[2 * out + 1] = cur[2 * k + 1] + t * (cur[2 * k1 + 1] - cur[2 * k + 1]);
                    out++;
                }
            }
            double[] sw = cur;
            cur = nxt;
            nxt = sw;
            cnt = out;
        }
        double a2 = 0;
        for (int k = 0; k < cnt; k++) {
            int k1 = (k + 1) % cnt;
            a2 += cur[2 * k] * cur[2 * k1 + 1] - cur[2 * k1] * cur[2 * k + 1];
        }
        return Math.max(0, 0.5 * a2);
    }

    private static double sq(double x) {
        return x * x;
    }
}
