package dev.rubble.geometry.delaunay;

import dev.rubble.spi.sort.PrimitiveOrder;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * 3-D Delaunay tetrahedralisation by Bowyer–Watson insertion with exact predicates
 * ({@link Predicates}) and an infinite vertex (ghost tetrahedra on every hull face), so no
 * bounding super-tetrahedron can cut off hull edges.
 *
 * <p>Determinism and degeneracies: points are first moved by a seeded uniform jitter of at most
 * {@code 1e-9} of the bounding-box diagonal (per coordinate), which puts grid-like inputs (brick
 * and slice centres: coplanar and cospherical sets) into general position with probability one;
 * the predicates are then exact, so the result is the exact Delaunay triangulation of the jittered
 * points. Among cospherical input points the choice of diagonal is therefore decided by the seed,
 * never by rounding. Insertion order is a BRIO (seeded shuffle into rounds of doubling size, each
 * round sorted along a Morton curve), and point location is a visibility walk from the last new
 * tetrahedron. Exact duplicate points are inserted once; duplicates have no edges of their own.
 *
 * <p>Tetrahedra use a positive orientation ({@link Predicates#orient} = +1); ghost tetrahedra
 * hold {@link #INF} in one slot and are oriented as if {@code INF} were a point beyond their
 * hull face. Not thread-safe; one instance per triangulation.
 */
public final class Delaunay3 {
    static final int INF = -1;
    private static final double JITTER = 1e-9;

    private final double[] p;
    private final double[] original;
    private final int n;
    private int[] tv = new int[64];
    private int[] tn = new int[64];
    private int[] mark = new int[16];
    private int tets;
    private int[] free = new int[16];
    private int freeCount;
    private int stamp;
    private int last = -1;
    private final SplittableRandom rnd;
    // scratch for the cavity
    private int[] stack = new int[64];
    private int[] cavity = new int[64];
    private int[] boundary = new int[64];
    private long[] openKey = new long[64];
    private int[] openSlot = new int[64];

    private Delaunay3(double[] points, int n, long seed) {
        this.n = n;
        this.rnd = new SplittableRandom(seed);
        this.p = Arrays.copyOf(points, 3 * n);
        this.original = p.clone();
        double[] b = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                double v = p[3 * i + k];
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException("position " + i + " coordinate " + k + " = " + v
                            + "; allowed: finite");
                }
                b[k] = Math.min(b[k], v);
                b[3 + k] = Math.max(b[3 + k], v);
            }
        }
        double diag = n == 0 ? 0 : Math.sqrt(sq(b[3] - b[0]) + sq(b[4] - b[1]) + sq(b[5] - b[2]));
        double amp = JITTER * diag;
        for (int i = 0; i < 3 * n; i++) {
            p[i] += (2 * rnd.nextDouble() - 1) * amp;
        }
    }

    /**
     * The finite Delaunay tetrahedra of {@code n} points (packed xyz) as 4 point indices each,
     * oriented positively for the (jittered) points; empty when the points span no volume.
     */
    public static int[] tetrahedra(double[] points, int n, long seed) {
        if (n < 4) {
            return new int[0];
        }
        Delaunay3 d = new Delaunay3(points, n, seed);
        int[] order = d.insertionOrder();
        int[] uniq = d.dedupe(order);
        if (uniq.length < 4 || !d.initial(uniq)) {
            return new int[0];
        }
        for (int idx : uniq) {
            if (idx != uniq[0] && !d.isVertex(idx)) {
                d.insert(idx);
            }
        }
        int[] out = new int[4 * d.tets];
        int k = 0;
        for (int t = 0; t < d.tets; t++) {
            if (d.tv[4 * t] == -2 || d.isGhost(t)) {
                continue;
            }
            for (int a = 0; a < 4; a++) {
                out[k++] = d.tv[4 * t + a];
            }
        }
        return Arrays.copyOf(out, k);
    }

    /**
     * The Delaunay edges of {@code n} points (packed xyz) as sorted packed pairs {@code a<b}
     * ({@code (long) a << 32 | b}).
     */
    public static long[] edges(double[] points, int n, long seed) {
        if (n < 2) {
            return new long[0];
        }
        Delaunay3 d = new Delaunay3(points, n, seed);
        return d.run();
    }

    private long[] run() {
        int[] order = insertionOrder();
        int[] firstOf = dedupe(order);
        int[] uniq = firstOf;
        int m = uniq.length;
        if (m < 2) {
            return new long[0];
        }
        if (m <= 3 || !initial(uniq)) {
            // fewer than 4 or (impossible after jitter) all coplanar: complete graph on the few points
            long[] e = new long[m * (m - 1) / 2];
            int k = 0;
            for (int i = 0; i < m; i++) {
                for (int j = i + 1; j < m; j++) {
                    e[k++] = key(uniq[i], uniq[j]);
                }
            }
            Arrays.sort(e);
            return e;
        }
        for (int idx : uniq) {
            if (idx != uniq[0] && !isVertex(idx)) {
                insert(idx);
            }
        }
        long[] e = new long[6 * tets];
        int k = 0;
        for (int t = 0; t < tets; t++) {
            if (tv[4 * t] == -2 || isGhost(t)) {
                continue;
            }
            for (int a = 0; a < 4; a++) {
                for (int b = a + 1; b < 4; b++) {
                    e[k++] = key(tv[4 * t + a], tv[4 * t + b]);
                }
            }
        }
        e = Arrays.copyOf(e, k);
        Arrays.sort(e);
        int u = 0;
        for (int i = 0; i < k; i++) {
            if (u == 0 || e[i] != e[u - 1]) {
                e[u++] = e[i];
            }
        }
        return Arrays.copyOf(e, u);
    }

    private boolean[] used;

    private boolean isVertex(int idx) {
        return used[idx];
    }

    /** BRIO: seeded shuffle, rounds of doubling size, Morton order within a round. */
    private int[] insertionOrder() {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        double[] b = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                b[k] = Math.min(b[k], p[3 * i + k]);
                b[3 + k] = Math.max(b[3 + k], p[3 * i + k]);
            }
        }
        long[] keyed = new long[n];
        int start = 0;
        for (int size = 64; start < n; size *= 2) {
            int end = Math.min(n, start == 0 ? size : start + size);
            for (int i = start; i < end; i++) {
                keyed[i] = (morton(order[i], b) << 22) | order[i];
            }
            Arrays.sort(keyed, start, end);
            for (int i = start; i < end; i++) {
                order[i] = (int) (keyed[i] & ((1L << 22) - 1));
            }
            start = end;
        }
        return order;
    }

    private long morton(int i, double[] b) {
        long code = 0;
        long[] q = new long[3];
        for (int k = 0; k < 3; k++) {
            double span = b[3 + k] - b[k];
            q[k] = span > 0 ? Math.min(1023, (long) ((p[3 * i + k] - b[k]) / span * 1024)) : 0;
        }
        for (int bit = 9; bit >= 0; bit--) {
            for (int k = 0; k < 3; k++) {
                code = (code << 1) | ((q[k] >> bit) & 1);
            }
        }
        return code;
    }

    /**
     * The points {@code order[j]} sorted by x, y, z ({@link Double#compare}), equal points in their
     * order in {@code order}: primitive sorts only (issue 32: the boxed comparator sort this replaces
     * kept the JDK's TimSort recompiling in a long-running bake).
     */
    static int[] byCoordinates(double[] xyz, int[] order) {
        int[] pos = PrimitiveOrder.xyzOrder(xyz, order);
        int[] out = new int[pos.length];
        for (int j = 0; j < pos.length; j++) {
            out[j] = order[pos[j]];
        }
        return out;
    }

    /** Drops exact duplicates of the input (before jitter), keeping the first in {@code order}. */
    private int[] dedupe(int[] order) {
        used = new boolean[n];
        int[] byCoord = byCoordinates(original, order);
        boolean[] dup = new boolean[n];
        int dups = 0;
        for (int i = 1; i < n; i++) {
            int x = byCoord[i - 1], y = byCoord[i];
            if (original[3 * x] == original[3 * y] && original[3 * x + 1] == original[3 * y + 1]
                    && original[3 * x + 2] == original[3 * y + 2]) {
                dup[y] = true;
                dups++;
            }
        }
        int[] out = new int[n - dups];
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (!dup[order[i]]) {
                out[k++] = order[i];
            }
        }
        return out;
    }

    /** Builds the first tetrahedron and its four ghosts; false when all points are coplanar. */
    private boolean initial(int[] pts) {
        int a = pts[0];
        int b = -1;
        double best = -1;
        for (int q : pts) {
            double d = dist2(a, q);
            if (d > best) {
                best = d;
                b = q;
            }
        }
        int c = -1;
        best = -1;
        for (int q : pts) {
            double cx = (p[3 * b + 1] - p[3 * a + 1]) * (p[3 * q + 2] - p[3 * a + 2])
                    - (p[3 * b + 2] - p[3 * a + 2]) * (p[3 * q + 1] - p[3 * a + 1]);
            double cy = (p[3 * b + 2] - p[3 * a + 2]) * (p[3 * q] - p[3 * a])
                    - (p[3 * b] - p[3 * a]) * (p[3 * q + 2] - p[3 * a + 2]);
            double cz = (p[3 * b] - p[3 * a]) * (p[3 * q + 1] - p[3 * a + 1])
                    - (p[3 * b + 1] - p[3 * a + 1]) * (p[3 * q] - p[3 * a]);
            double d = cx * cx + cy * cy + cz * cz;
            if (d > best) {
                best = d;
                c = q;
            }
        }
        int d = -1;
        int sign = 0;
        for (int q : pts) {
            int o = Predicates.orient(p, a, b, c, q);
            if (o != 0) {
                d = q;
                sign = o;
                break;
            }
        }
        if (d < 0) {
            return false;
        }
        if (sign < 0) {
            int t = a;
            a = b;
            b = t;
        }
        int t0 = newTet(a, b, c, d);
        int[] v = {a, b, c, d};
        int[] ghost = new int[4];
        for (int k = 0; k < 4; k++) {
            // replace vertex k by INF and swap two other slots to keep positive orientation
            int[] g = v.clone();
            g[k] = INF;
            int s1 = (k + 1) & 3, s2 = (k + 2) & 3;
            int tmp = g[s1];
            g[s1] = g[s2];
            g[s2] = tmp;
            ghost[k] = newTet(g[0], g[1], g[2], g[3]);
            tn[4 * t0 + k] = ghost[k];
            tn[4 * ghost[k] + k] = t0;
        }
        // ghost-ghost adjacency: faces containing INF; link by matching vertex sets
        for (int x = 0; x < 4; x++) {
            for (int fx = 0; fx < 4; fx++) {
                if (fx == x) {
                    continue;
                }
                for (int y = 0; y < 4; y++) {
                    if (y == x) {
                        continue;
                    }
                    for (int fy = 0; fy < 4; fy++) {
                        if (sameFace(ghost[x], fx, ghost[y], fy)) {
                            tn[4 * ghost[x] + fx] = ghost[y];
                        }
                    }
                }
            }
        }
        used[a] = used[b] = used[c] = used[d] = true;
        last = t0;
        return true;
    }

    private boolean sameFace(int t, int f, int u, int g) {
        int match = 0;
        for (int i = 0; i < 4; i++) {
            if (i == f) {
                continue;
            }
            for (int j = 0; j < 4; j++) {
                if (j != g && tv[4 * t + i] == tv[4 * u + j]) {
                    match++;
                }
            }
        }
        return match == 3;
    }

    private void insert(int q) {
        int t = locate(q);
        stamp += 2;
        int cav = 0, bnd = 0, sp = 0;
        stack = ensure(stack, 1);
        stack[sp++] = t;
        setMark(t, stamp);
        while (sp > 0) {
            int c = stack[--sp];
            cavity = ensure(cavity, cav + 1);
            cavity[cav++] = c;
            for (int f = 0; f < 4; f++) {
                int nb = tn[4 * c + f];
                int mk = mark[nb];
                if (mk == stamp) {
                    continue;
                }
                if (mk != stamp + 1 && conflict(nb, q)) {
                    setMark(nb, stamp);
                    stack = ensure(stack, sp + 1);
                    stack[sp++] = nb;
                } else {
                    setMark(nb, stamp + 1);
                    boundary = ensure(boundary, 2 * bnd + 2);
                    boundary[2 * bnd] = c;
                    boundary[2 * bnd + 1] = f;
                    bnd++;
                }
            }
        }
        // faces of new tets waiting for their partner across edge (u, w): a short list, reused
        int open = 0;
        openKey = ensure(openKey, 3 * bnd);
        openSlot = ensure(openSlot, 3 * bnd);
        int lastNew = -1;
        for (int i = 0; i < bnd; i++) {
            int c = boundary[2 * i], f = boundary[2 * i + 1];
            int outside = tn[4 * c + f];
            int nt = newTet(tv[4 * c], tv[4 * c + 1], tv[4 * c + 2], tv[4 * c + 3]);
            tv[4 * nt + f] = q;
            tn[4 * nt + f] = outside;
            for (int g = 0; g < 4; g++) {
                if (tn[4 * outside + g] == c) {
                    tn[4 * outside + g] = nt;
                }
            }
            for (int k = 0; k < 4; k++) {
                if (k == f) {
                    continue;
                }
                int u = -3, w = -3;
                for (int j = 0; j < 4; j++) {
                    if (j != k && j != f) {
                        if (u == -3) {
                            u = tv[4 * nt + j];
                        } else {
                            w = tv[4 * nt + j];
                        }
                    }
                }
                long kk = key(u, w);
                int at = -1;
                for (int e = 0; e < open; e++) {
                    if (openKey[e] == kk) {
                        at = e;
                        break;
                    }
                }
                if (at < 0) {
                    openKey[open] = kk;
                    openSlot[open++] = 4 * nt + k;
                } else {
                    int other = openSlot[at];
                    open--;
                    openKey[at] = openKey[open];
                    openSlot[at] = openSlot[open];
                    tn[4 * nt + k] = other >> 2;
                    tn[other] = nt;
                }
            }
            if (!isGhost(nt)) {
                lastNew = nt;
            }
        }
        for (int i = 0; i < cav; i++) {
            int c = cavity[i];
            tv[4 * c] = -2;
            free = ensure(free, freeCount + 1);
            free[freeCount++] = c;
        }
        used[q] = true;
        last = lastNew >= 0 ? lastNew : last;
    }

    private boolean conflict(int t, int q) {
        int k = ghostSlot(t);
        if (k < 0) {
            return Predicates.insphere(p, tv[4 * t], tv[4 * t + 1], tv[4 * t + 2], tv[4 * t + 3], q) > 0;
        }
        int o = orientSub(t, k, q);
        if (o != 0) {
            return o > 0;
        }
        int f = tn[4 * t + k];
        return Predicates.insphere(p, tv[4 * f], tv[4 * f + 1], tv[4 * f + 2], tv[4 * f + 3], q) > 0;
    }

    private int locate(int q) {
        int t = last;
        if (t < 0 || tv[4 * t] == -2) {
            t = anyFinite();
        }
        int steps = 0;
        int limit = 4 * tets + 100;
        while (steps++ < limit) {
            if (isGhost(t)) {
                return t;
            }
            int start = rnd.nextInt(4);
            int next = -1;
            for (int i = 0; i < 4; i++) {
                int f = (start + i) & 3;
                if (orientSub(t, f, q) < 0) {
                    next = tn[4 * t + f];
                    break;
                }
            }
            if (next < 0) {
                return t;
            }
            t = next;
        }
        // the walk should always terminate on a Delaunay triangulation; scan as a last resort
        for (int u = 0; u < tets; u++) {
            if (tv[4 * u] != -2 && conflict(u, q)) {
                return u;
            }
        }
        throw new IllegalStateException("no tetrahedron in conflict with point " + q);
    }

    private int anyFinite() {
        for (int u = 0; u < tets; u++) {
            if (tv[4 * u] != -2 && !isGhost(u)) {
                return u;
            }
        }
        throw new IllegalStateException("no finite tetrahedron");
    }

    /** Orientation of tet {@code t} with the vertex in slot {@code k} replaced by point {@code q}. */
    private int orientSub(int t, int k, int q) {
        int a = k == 0 ? q : tv[4 * t], b = k == 1 ? q : tv[4 * t + 1];
        int c = k == 2 ? q : tv[4 * t + 2], d = k == 3 ? q : tv[4 * t + 3];
        return Predicates.orient(p, a, b, c, d);
    }

    private int ghostSlot(int t) {
        for (int k = 0; k < 4; k++) {
            if (tv[4 * t + k] == INF) {
                return k;
            }
        }
        return -1;
    }

    private boolean isGhost(int t) {
        return ghostSlot(t) >= 0;
    }

    private int newTet(int a, int b, int c, int d) {
        int t;
        if (freeCount > 0) {
            t = free[--freeCount];
        } else {
            t = tets++;
            if (4 * tets > tv.length) {
                tv = Arrays.copyOf(tv, 2 * tv.length);
                tn = Arrays.copyOf(tn, 2 * tn.length);
            }
            if (tets > mark.length) {
                mark = Arrays.copyOf(mark, 2 * tets);
            }
        }
        tv[4 * t] = a;
        tv[4 * t + 1] = b;
        tv[4 * t + 2] = c;
        tv[4 * t + 3] = d;
        tn[4 * t] = tn[4 * t + 1] = tn[4 * t + 2] = tn[4 * t + 3] = -1;
        mark[t] = 0;
        return t;
    }

    private void setMark(int t, int v) {
        mark[t] = v;
    }

    private static long[] ensure(long[] a, int size) {
        return a.length >= size ? a : Arrays.copyOf(a, Math.max(size, 2 * a.length));
    }

    private static int[] ensure(int[] a, int size) {
        return size <= a.length ? a : Arrays.copyOf(a, Math.max(size, 2 * a.length));
    }

    private double dist2(int a, int b) {
        return sq(p[3 * a] - p[3 * b]) + sq(p[3 * a + 1] - p[3 * b + 1]) + sq(p[3 * a + 2] - p[3 * b + 2]);
    }

    public static long key(int a, int b) {
        return a < b ? ((long) a << 32) | (b & 0xffffffffL) : ((long) b << 32) | (a & 0xffffffffL);
    }

    private static double sq(double x) {
        return x * x;
    }
}
