package dev.rubble.authoring.mesh;

import dev.rubble.spi.geom.ConvexPolytope;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One flat convex cutter C against one closed piece, worked only where C is: the piece's triangles
 * whose bounds meet C's bounds are clipped by C's face planes one at a time (each triangle on its
 * own), every other triangle goes to the rest untouched. Docs: docs/geometry-collections.md,
 * "Scattered cutter meshes".
 *
 * <pre>
 *   piece triangle T near C           face j of C (on plane P_j)
 *   +-----------------+               +-----------+
 *   |  rest: T \ Q    |               | cap_j =   |   cap_j: bounded by the Q edges on P_j
 *   |     +-----+     |               | F_j ∩     |   (the piece's trace) and by the parts
 *   |     |  Q  |-----+-- Q = T ∩ C   | piece     |   of C's edges inside the piece, between
 *   |     +-----+     |               +-----------+   the points where they pierce the surface
 *   +-----------------+
 * </pre>
 *
 * <p>The part inside is every Q (fanned) plus every cap; the rest is the far triangles, every
 * T \ Q (triangulated with {@link CapTriangulator} in T's plane, its boundary being T's corners, the
 * points of Q on T's edges and Q's other edges) and every cap reversed. The caps are triangulated once
 * and given to both sides, as {@link PlaneSplitter} does. Two triangles sharing an edge compute the same
 * points on it: a crossing is interpolated from the lexicographically smaller end of the clipped
 * sub-segment, and the sub-segment of a shared edge is the same in both triangles at every plane.
 * Only the points of Q are kept, so the rest gains vertices only within C: no trace of C's planes is
 * left on the rest away from C (the arrangement method, {@link MeshCutters}, extends every plane
 * across the whole piece).
 *
 * <p>Degenerate inputs — a point exactly on one of C's planes, a trace that does not end on one of C's
 * edges, a cutter whose faces cannot be told apart — and any result that is not a closed oriented
 * 2-manifold return null, and the caller uses the arrangement method, which handles them.
 */
final class LocalCutter {
    private LocalCutter() {
    }

    /** A configuration the local method does not handle; the arrangement method does. */
    private static final class Degenerate extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Degenerate(String why) {
            super(why, null, false, false);
        }
    }

    /**
     * {@code {piece ∩ C, the rest's components...}} as {@link MeshCutters#cutOne} gives them for a flat
     * cutter; {@code List.of(m)} when C misses the piece; null when the configuration is degenerate.
     */
    static List<TriMesh> cut(TriMesh m, double[] planes, CutterGeometry c) {
        if (c == null) {
            return null;
        }
        double[] b = m.bounds();
        for (int q = 0; q < 3; q++) {
            if (b[3 + q] < c.box[q] || b[q] > c.box[3 + q]) {
                return List.of(m); // the cutter misses this piece
            }
        }
        try {
            return new Run(m, planes, c).run();
        } catch (Degenerate e) {
            return null;
        }
    }

    /**
     * The combinatorial cutter: welded vertices, per face its vertices right-handed about the normal and
     * its neighbours; null when the planes do not make a polytope whose faces can be told apart.
     */
    static CutterGeometry cutter(double[] planes) {
        return CutterGeometry.of(planes);
    }

    static double s(double[] pl, int j, double x, double y, double z) {
        return pl[4 * j] * x + pl[4 * j + 1] * y + pl[4 * j + 2] * z - pl[4 * j + 3];
    }

    private record PosKey(double x, double y, double z) {
    }

    /** One cut: the point table shared by both sides, the two meshes being built, the cap segments. */
    private static final class Run {
        private final TriMesh m;
        private final double[] pl;
        private final CutterGeometry c;
        private final int k;
        // points: source vertices, crossings, pierce points, cutter vertices
        private double[] ppos = new double[3 * 256];
        private long[] pmask = new long[256];
        private int[] inId = new int[256];
        private int[] restId = new int[256];
        private int np;
        private final int[] ofSource;
        private final int[] ofCutterVertex;
        private final Map<PosKey, Integer> ofPosition = new HashMap<>();
        private final PlaneClipper.Out in;
        private final PlaneClipper.Out rest;
        /** Per face: cap segments from, to (point ids), the inside's orientation. */
        private final int[][] seg;
        private final int[] segCount;
        private final double[] winding;
        // clip scratch: two polygons of at most 3 + k points
        private final double[][] poly = new double[2][];
        private final long[][] pm = new long[2][];
        private final int[][] pe = new int[2][];
        private final int[][] ps = new int[2][];
        private final double[] sv;
        private final double[] mb;

        Run(TriMesh m, double[] pl, CutterGeometry c) {
            this.m = m;
            this.mb = m.bounds();
            this.pl = pl;
            this.c = c;
            this.k = c.k;
            ofSource = new int[m.vertexCount()];
            Arrays.fill(ofSource, -1);
            ofCutterVertex = new int[c.vpos.length / 3];
            Arrays.fill(ofCutterVertex, -1);
            in = new PlaneClipper.Out(64, 64);
            rest = new PlaneClipper.Out(m.triangleCount() + 64, m.vertexCount() + 64);
            seg = new int[k][16];
            segCount = new int[k];
            winding = new double[c.vpos.length / 3];
            Arrays.fill(winding, Double.NaN);
            int cap = 3 + k + 2;
            for (int b = 0; b < 2; b++) {
                poly[b] = new double[3 * cap];
                pm[b] = new long[cap];
                pe[b] = new int[cap];
                ps[b] = new int[cap];
            }
            sv = new double[cap];
        }

        List<TriMesh> run() {
            double[] box = c.box;
            double[] p = m.pos;
            int nt = m.triangleCount();
            for (int t = 0; t < nt; t++) {
                int a = 3 * m.tri[3 * t], b = 3 * m.tri[3 * t + 1], d = 3 * m.tri[3 * t + 2];
                boolean near = true;
                for (int q = 0; q < 3 && near; q++) {
                    double lo = Math.min(p[a + q], Math.min(p[b + q], p[d + q]));
                    double hi = Math.max(p[a + q], Math.max(p[b + q], p[d + q]));
                    near = hi >= box[q] && lo <= box[3 + q];
                }
                if (!near) {
                    copy(rest, t);
                    continue;
                }
                int n = clip(t);
                if (n == 0) {
                    copy(rest, t);
                } else if (n < 0) {
                    copy(in, t);
                } else {
                    partial(t, n);
                }
            }
            for (int j = 0; j < k; j++) {
                cap(j);
            }
            if (in.nt == 0) {
                return List.of(m); // the cutter misses this piece
            }
            TriMesh inside = in.build();
            TriMesh outside = rest.nt == 0 ? null : rest.build();
            if (MeshCheck.manifoldProblem(inside) != null || outside != null && MeshCheck.manifoldProblem(outside) != null) {
                return null;
            }
            List<TriMesh> out = new ArrayList<>(Components.solids(inside));
            if (outside != null) {
                out.addAll(Components.solids(outside));
            }
            // closed shells of no volume (faces on a plane) hold no material
            double[] b = mb;
            double tiny = 1e-12 * (b[3] - b[0]) * (b[4] - b[1]) * (b[5] - b[2]);
            out.removeIf(piece -> Math.abs(piece.volume()) <= tiny);
            return out;
        }

        // ---- points ----

        private int newPoint(double x, double y, double z, long mask) {
            if (np == pmask.length) {
                int cap = 2 * np;
                ppos = Arrays.copyOf(ppos, 3 * cap);
                pmask = Arrays.copyOf(pmask, cap);
                inId = Arrays.copyOf(inId, cap);
                restId = Arrays.copyOf(restId, cap);
            }
            ppos[3 * np] = x;
            ppos[3 * np + 1] = y;
            ppos[3 * np + 2] = z;
            pmask[np] = mask;
            inId[np] = -1;
            restId[np] = -1;
            return np++;
        }

        private int sourcePoint(int v) {
            if (ofSource[v] < 0) {
                ofSource[v] = newPoint(m.pos[3 * v], m.pos[3 * v + 1], m.pos[3 * v + 2], 0L);
            }
            return ofSource[v];
        }

        private int positionPoint(double x, double y, double z, long mask) {
            PosKey key = new PosKey(x, y, z);
            Integer id = ofPosition.get(key);
            if (id == null) {
                id = newPoint(x, y, z, mask);
                ofPosition.put(key, id);
            } else if (pmask[id] != mask) {
                throw new Degenerate("two points with different planes at one position");
            }
            return id;
        }

        private int cutterPoint(int v) {
            if (ofCutterVertex[v] < 0) {
                ofCutterVertex[v] = positionPoint(c.vpos[3 * v], c.vpos[3 * v + 1], c.vpos[3 * v + 2], c.vinc[v]);
            }
            return ofCutterVertex[v];
        }

        private int id(PlaneClipper.Out o, int point) {
            int[] ids = o == in ? inId : restId;
            if (ids[point] < 0) {
                ids[point] = o.addVertex(ppos[3 * point], ppos[3 * point + 1], ppos[3 * point + 2]);
            }
            return ids[point];
        }

        private void copy(PlaneClipper.Out o, int t) {
            o.copyTriangle(m, t, id(o, sourcePoint(m.tri[3 * t])), id(o, sourcePoint(m.tri[3 * t + 1])),
                    id(o, sourcePoint(m.tri[3 * t + 2])));
        }

        // ---- clipping one triangle ----

        /**
         * Clips triangle t by every plane (inside: s < 0) into polygon buffer 0; returns its point count,
         * 0 when nothing is inside, -1 when all of it is.
         */
        private int clip(int t) {
            double[] x = poly[0];
            for (int q = 0; q < 3; q++) {
                int v = m.tri[3 * t + q];
                System.arraycopy(m.pos, 3 * v, x, 3 * q, 3);
                pm[0][q] = 0L;
                pe[0][q] = (1 << q) | (1 << ((q + 2) % 3)); // corner q lies on edges q and q - 1
                ps[0][q] = v;
            }
            int n = 3, cur = 0;
            boolean clipped = false;
            for (int j = 0; j < k; j++) {
                double[] a = poly[cur];
                boolean anyIn = false, anyOut = false;
                for (int i = 0; i < n; i++) {
                    double si = s(pl, j, a[3 * i], a[3 * i + 1], a[3 * i + 2]);
                    if (si == 0) {
                        throw new Degenerate("a point on a cutter plane");
                    }
                    sv[i] = si;
                    anyIn |= si < 0;
                    anyOut |= si > 0;
                }
                if (!anyIn) {
                    return 0;
                }
                if (!anyOut) {
                    continue;
                }
                clipped = true;
                int nxt = 1 - cur, o = 0;
                double[] b = poly[nxt];
                for (int i = 0; i < n; i++) {
                    int i2 = (i + 1) % n;
                    if (sv[i] < 0) {
                        System.arraycopy(a, 3 * i, b, 3 * o, 3);
                        pm[nxt][o] = pm[cur][i];
                        pe[nxt][o] = pe[cur][i];
                        ps[nxt][o] = ps[cur][i];
                        o++;
                    }
                    if ((sv[i] < 0) != (sv[i2] < 0)) {
                        boolean iLo = lexLess(a, i, i2);
                        int lo = iLo ? i : i2, hi = iLo ? i2 : i;
                        double tt = sv[lo] / (sv[lo] - sv[hi]);
                        for (int q = 0; q < 3; q++) {
                            b[3 * o + q] = a[3 * lo + q] + tt * (a[3 * hi + q] - a[3 * lo + q]);
                        }
                        pm[nxt][o] = (pm[cur][i] & pm[cur][i2]) | (1L << j);
                        pe[nxt][o] = pe[cur][i] & pe[cur][i2];
                        ps[nxt][o] = -1;
                        o++;
                    }
                }
                cur = nxt;
                n = o;
            }
            if (!clipped) {
                return -1;
            }
            if (cur != 0) {
                System.arraycopy(poly[1], 0, poly[0], 0, 3 * n);
                System.arraycopy(pm[1], 0, pm[0], 0, n);
                System.arraycopy(pe[1], 0, pe[0], 0, n);
                System.arraycopy(ps[1], 0, ps[0], 0, n);
            }
            return n;
        }

        private static boolean lexLess(double[] p, int i, int j) {
            for (int q = 0; q < 3; q++) {
                if (p[3 * i + q] != p[3 * j + q]) {
                    return p[3 * i + q] < p[3 * j + q];
                }
            }
            return i < j;
        }

        /** Triangle t partly inside: Q (n points in buffer 0) to the inside, T \ Q to the rest, Q's plane edges to the caps. */
        private void partial(int t, int n) {
            int[] qid = new int[n];
            for (int i = 0; i < n; i++) {
                double[] x = poly[0];
                qid[i] = ps[0][i] >= 0 ? sourcePoint(ps[0][i]) : positionPoint(x[3 * i], x[3 * i + 1], x[3 * i + 2], pm[0][i]);
            }
            for (int i = 0; i < n; i++) {
                long common = pm[0][i] & pm[0][(i + 1) % n];
                if (common == 0) {
                    continue;
                }
                if (Long.bitCount(common) > 1) {
                    throw new Degenerate("a triangle holds an edge of the cutter");
                }
                addSegment(Long.numberOfTrailingZeros(common), qid[(i + 1) % n], qid[i]);
            }
            // T's 2-D frame for attributes and the rest's triangulation
            int[] corner = {sourcePoint(m.tri[3 * t]), sourcePoint(m.tri[3 * t + 1]), sourcePoint(m.tri[3 * t + 2])};
            double[] nrm = new double[3];
            TriMesh.faceNormal(m.pos, m.tri[3 * t], m.tri[3 * t + 1], m.tri[3 * t + 2], nrm);
            double nl = Math.sqrt(nrm[0] * nrm[0] + nrm[1] * nrm[1] + nrm[2] * nrm[2]);
            if (!(nl > 0)) {
                throw new Degenerate("a triangle of no area near the cutter");
            }
            double[] basis = new double[6];
            ConvexPolytope.planeBasis(nrm[0] / nl, nrm[1] / nl, nrm[2] / nl, basis);
            // Q to the inside, fanned from its first point
            for (int i = 1; i + 1 < n; i++) {
                emitSource(in, t, basis, qid[0], qid[i], qid[i + 1]);
            }
            // T \ Q: T's boundary with Q's points on its edges, plus Q's edges reversed; pairs cancel
            int[] from = new int[3 + 2 * n + 3], to = new int[from.length];
            int ne = 0;
            for (int e = 0; e < 3; e++) {
                int a = corner[e], b = corner[(e + 1) % 3];
                int u = -1, w = -1;
                for (int i = 0; i < n; i++) {
                    if (ps[0][i] < 0 && (pe[0][i] & (1 << e)) != 0) {
                        if (u < 0) {
                            u = qid[i];
                        } else {
                            w = qid[i];
                        }
                    }
                }
                if (w >= 0 && dist2(a, w) < dist2(a, u)) {
                    int x = u;
                    u = w;
                    w = x;
                }
                int prev = a;
                for (int x : new int[] {u, w}) {
                    if (x >= 0) {
                        from[ne] = prev;
                        to[ne++] = x;
                        prev = x;
                    }
                }
                from[ne] = prev;
                to[ne++] = b;
            }
            for (int i = 0; i < n; i++) {
                int a = qid[i], b = qid[(i + 1) % n];
                boolean cancelled = false;
                for (int q = 0; q < ne && !cancelled; q++) {
                    if (from[q] == a && to[q] == b) {
                        from[q] = to[q] = -1;
                        cancelled = true;
                    }
                }
                if (!cancelled) {
                    from[ne] = b;
                    to[ne++] = a;
                }
            }
            List<int[]> loops = loops(from, to, ne);
            if (loops.isEmpty()) {
                return;
            }
            Flat f = flatten(loops, basis);
            final int[] pts = f.pts, tris = f.tris;
            for (int i = 0; i < tris.length; i += 3) {
                emitSource(rest, t, basis, pts[tris[i]], pts[tris[i + 1]], pts[tris[i + 2]]);
            }
        }

        /** Loops of points, their coordinates in the plane of {@code basis}, and their triangulation. */
        private record Flat(int[] pts, double[] xy, int[] tris) {
        }

        /** The loops' points in order, projected onto {@code basis} (u then v), triangulated as one polygon with holes. */
        private Flat flatten(List<int[]> loops, double[] basis) {
            int total = 0;
            for (int[] l : loops) {
                total += l.length;
            }
            double[] xy = new double[2 * total];
            int[] pts = new int[total];
            int[] ls = new int[loops.size() + 1];
            int o = 0;
            for (int l = 0; l < loops.size(); l++) {
                ls[l] = o;
                for (int x : loops.get(l)) {
                    pts[o] = x;
                    xy[2 * o] = basis[0] * ppos[3 * x] + basis[1] * ppos[3 * x + 1] + basis[2] * ppos[3 * x + 2];
                    xy[2 * o + 1] = basis[3] * ppos[3 * x] + basis[4] * ppos[3 * x + 1] + basis[5] * ppos[3 * x + 2];
                    o++;
                }
            }
            ls[loops.size()] = o;
            return new Flat(pts, xy, CapTriangulator.triangulate(xy, ls, loops.size()));
        }

        private double dist2(int a, int b) {
            double dx = ppos[3 * a] - ppos[3 * b], dy = ppos[3 * a + 1] - ppos[3 * b + 1], dz = ppos[3 * a + 2] - ppos[3 * b + 2];
            return dx * dx + dy * dy + dz * dz;
        }

        /** Directed edges (from[i] -> to[i]; -1 = removed) linked into loops; a point with two outgoing edges is degenerate. */
        private static List<int[]> loops(int[] from, int[] to, int ne) {
            List<int[]> out = new ArrayList<>();
            boolean[] used = new boolean[ne];
            for (int q = 0; q < ne; q++) {
                if (from[q] < 0) {
                    used[q] = true;
                    continue;
                }
                for (int r = q + 1; r < ne; r++) {
                    if (from[r] == from[q]) {
                        throw new Degenerate("a pinched boundary");
                    }
                }
            }
            for (int q = 0; q < ne; q++) {
                if (used[q]) {
                    continue;
                }
                int[] loop = new int[ne];
                int n = 0, e = q;
                while (!used[e]) {
                    used[e] = true;
                    loop[n++] = from[e];
                    int nx = -1;
                    for (int r = 0; r < ne && nx < 0; r++) {
                        if (from[r] == to[e]) {
                            nx = r;
                        }
                    }
                    if (nx < 0) {
                        throw new Degenerate("an open boundary");
                    }
                    e = nx;
                }
                if (e != q || n < 3) {
                    throw new Degenerate("a boundary that does not close");
                }
                out.add(Arrays.copyOf(loop, n));
            }
            return out;
        }

        /** Triangle (a, b, c) of points in source triangle t's plane: its attributes interpolated from t's corners. */
        private void emitSource(PlaneClipper.Out o, int t, double[] basis, int a, int b, int d) {
            double[] cu = new double[3], cw = new double[3];
            for (int q = 0; q < 3; q++) {
                int v = m.tri[3 * t + q];
                cu[q] = basis[0] * m.pos[3 * v] + basis[1] * m.pos[3 * v + 1] + basis[2] * m.pos[3 * v + 2];
                cw[q] = basis[3] * m.pos[3 * v] + basis[4] * m.pos[3 * v + 1] + basis[5] * m.pos[3 * v + 2];
            }
            double det = (cu[1] - cu[0]) * (cw[2] - cw[0]) - (cu[2] - cu[0]) * (cw[1] - cw[0]);
            double[] nrm = new double[9], uv = new double[6];
            int[] pt = {a, b, d};
            for (int r = 0; r < 3; r++) {
                int x = pt[r];
                double u = basis[0] * ppos[3 * x] + basis[1] * ppos[3 * x + 1] + basis[2] * ppos[3 * x + 2];
                double w = basis[3] * ppos[3 * x] + basis[4] * ppos[3 * x + 1] + basis[5] * ppos[3 * x + 2];
                double l1 = ((u - cu[0]) * (cw[2] - cw[0]) - (cu[2] - cu[0]) * (w - cw[0])) / det;
                double l2 = ((cu[1] - cu[0]) * (w - cw[0]) - (u - cu[0]) * (cw[1] - cw[0])) / det;
                double[] lam = {1 - l1 - l2, l1, l2};
                double len = 0;
                for (int q = 0; q < 3; q++) {
                    double sum = 0;
                    for (int z = 0; z < 3; z++) {
                        sum += lam[z] * m.normal[9 * t + 3 * z + q];
                    }
                    nrm[3 * r + q] = sum;
                    len += sum * sum;
                }
                len = Math.sqrt(len);
                if (len > 0) {
                    for (int q = 0; q < 3; q++) {
                        nrm[3 * r + q] /= len;
                    }
                }
                for (int q = 0; q < 2; q++) {
                    double sum = 0;
                    for (int z = 0; z < 3; z++) {
                        sum += lam[z] * m.uv[6 * t + 2 * z + q];
                    }
                    uv[2 * r + q] = sum;
                }
            }
            o.addTriangle(id(o, a), id(o, b), id(o, d), nrm, 0, 3, 6, uv, 0, 2, 4, m.material[t], m.plane, 4 * t);
        }

        private void addSegment(int j, int from, int to) {
            if (2 * segCount[j] + 2 > seg[j].length) {
                seg[j] = Arrays.copyOf(seg[j], 2 * seg[j].length);
            }
            seg[j][2 * segCount[j]] = from;
            seg[j][2 * segCount[j] + 1] = to;
            segCount[j]++;
        }

        // ---- caps ----

        /** The cap on face j: its loops (the trace's chains closed along the face's edges), triangulated once for both sides. */
        private void cap(int j) {
            int[] f = c.face[j];
            int ns = segCount[j];
            if (f.length == 0) {
                if (ns > 0) {
                    throw new Degenerate("a trace on a plane that bounds no face of the cutter");
                }
                return;
            }
            int[] sf = new int[ns], st = new int[ns];
            Map<Integer, Integer> out = new HashMap<>(), inc = new HashMap<>();
            for (int q = 0; q < ns; q++) {
                sf[q] = seg[j][2 * q];
                st[q] = seg[j][2 * q + 1];
                if (out.put(sf[q], q) != null || inc.put(st[q], q) != null) {
                    throw new Degenerate("a trace that touches itself");
                }
            }
            // the face's boundary: per edge its pierce points in the order of travel
            int fe = f.length;
            List<List<Integer>> onEdge = new ArrayList<>();
            for (int q = 0; q < fe; q++) {
                onEdge.add(new ArrayList<>());
            }
            int pierces = 0;
            for (int q = 0; q < ns; q++) {
                for (int end = 0; end < 2; end++) {
                    int p = end == 0 ? sf[q] : st[q];
                    boolean isEnd = end == 1 ? !out.containsKey(p) : !inc.containsKey(p);
                    if (!isEnd) {
                        continue;
                    }
                    long other = pmask[p] & ~(1L << j);
                    if (Long.bitCount(other) != 1) {
                        throw new Degenerate("a trace that ends off the cutter's edges");
                    }
                    int e = c.edgeTo(j, Long.numberOfTrailingZeros(other));
                    if (e < 0) {
                        throw new Degenerate("a trace that ends on two faces that share no edge");
                    }
                    onEdge.get(e).add(p);
                    pierces++;
                }
            }
            List<int[]> loops = new ArrayList<>();
            boolean[] used = new boolean[ns];
            if (pierces == 0) {
                if (insideAt(f[0])) {
                    int[] l = new int[fe];
                    for (int q = 0; q < fe; q++) {
                        l[q] = cutterPoint(f[q]);
                    }
                    loops.add(l);
                }
            } else {
                // boundary nodes in order: vertex q, then the pierce points of edge q from vertex q on
                List<Integer> node = new ArrayList<>();
                List<Boolean> isPierce = new ArrayList<>();
                for (int q = 0; q < fe; q++) {
                    node.add(cutterPoint(f[q]));
                    isPierce.add(false);
                    int a = f[q], b = f[(q + 1) % fe];
                    List<Integer> ps2 = onEdge.get(q);
                    // canonical direction: from the cutter vertex of smaller index, so both faces sort alike
                    int lo = Math.min(a, b), hi = Math.max(a, b);
                    double[] tv = new double[ps2.size()];
                    Integer[] ord = new Integer[ps2.size()];
                    for (int r = 0; r < ps2.size(); r++) {
                        int p = ps2.get(r);
                        double dx = c.vpos[3 * hi] - c.vpos[3 * lo], dy = c.vpos[3 * hi + 1] - c.vpos[3 * lo + 1];
                        double dz = c.vpos[3 * hi + 2] - c.vpos[3 * lo + 2];
                        tv[r] = (ppos[3 * p] - c.vpos[3 * lo]) * dx + (ppos[3 * p + 1] - c.vpos[3 * lo + 1]) * dy
                                + (ppos[3 * p + 2] - c.vpos[3 * lo + 2]) * dz;
                        ord[r] = r;
                    }
                    boolean forward = a == lo;
                    Arrays.sort(ord, (x, y) -> {
                        if (x.intValue() == y.intValue()) {
                            return 0;
                        }
                        int cmp = Double.compare(tv[x], tv[y]);
                        if (cmp == 0) {
                            throw new Degenerate("two pierce points at one place on a cutter edge");
                        }
                        return forward ? cmp : -cmp;
                    });
                    for (Integer r : ord) {
                        node.add(ps2.get(r));
                        isPierce.add(true);
                    }
                }
                Map<Integer, Integer> nodeAt = new HashMap<>();
                for (int r = 0; r < node.size(); r++) {
                    if (isPierce.get(r)) {
                        nodeAt.put(node.get(r), r);
                    }
                }
                for (int r = 0; r < node.size(); r++) {
                    int start = node.get(r);
                    if (!isPierce.get(r) || !out.containsKey(start) || inc.containsKey(start) || used[out.get(start)]) {
                        continue;
                    }
                    int[] loop = new int[16];
                    int n = 0, p = start;
                    while (true) {
                        // along the trace from p to its end
                        while (out.containsKey(p)) {
                            int q = out.get(p);
                            if (used[q]) {
                                throw new Degenerate("a trace visited twice");
                            }
                            used[q] = true;
                            loop = push(loop, n++, p);
                            p = st[q];
                        }
                        loop = push(loop, n++, p);
                        // along the face's boundary to the next pierce point, which must start a trace
                        int at = nodeAt.get(p);
                        int nx = (at + 1) % node.size();
                        while (!isPierce.get(nx)) {
                            loop = push(loop, n++, node.get(nx));
                            nx = (nx + 1) % node.size();
                        }
                        p = node.get(nx);
                        if (!out.containsKey(p) || inc.containsKey(p)) {
                            throw new Degenerate("the face's boundary meets the end of a trace where its start was due");
                        }
                        if (p == start) {
                            break;
                        }
                    }
                    loops.add(Arrays.copyOf(loop, n));
                }
            }
            // closed traces (islands and holes of the cap)
            for (int q = 0; q < ns; q++) {
                if (used[q]) {
                    continue;
                }
                int[] loop = new int[16];
                int n = 0, e = q;
                while (!used[e]) {
                    used[e] = true;
                    loop = push(loop, n++, sf[e]);
                    Integer nx = out.get(st[e]);
                    if (nx == null) {
                        throw new Degenerate("an open trace");
                    }
                    e = nx;
                }
                if (e != q) {
                    throw new Degenerate("a trace that does not close");
                }
                loops.add(Arrays.copyOf(loop, n));
            }
            if (loops.isEmpty()) {
                return;
            }
            emitCap(j, loops);
        }

        private static int[] push(int[] a, int n, int v) {
            if (n == a.length) {
                a = Arrays.copyOf(a, 2 * n);
            }
            a[n] = v;
            return a;
        }

        /** Whether cutter vertex v lies inside the piece: its generalized winding number (a sum of solid angles) above 1/2. */
        private boolean insideAt(int v) {
            double x = c.vpos[3 * v], y = c.vpos[3 * v + 1], z = c.vpos[3 * v + 2];
            if (x < mb[0] || y < mb[1] || z < mb[2] || x > mb[3] || y > mb[4] || z > mb[5]) {
                return false;
            }
            if (Double.isNaN(winding[v])) {
                double sum = 0;
                double[] p = m.pos;
                for (int t = 0; t < m.tri.length; t += 3) {
                    int a = 3 * m.tri[t], b = 3 * m.tri[t + 1], d = 3 * m.tri[t + 2];
                    double ax = p[a] - x, ay = p[a + 1] - y, az = p[a + 2] - z;
                    double bx = p[b] - x, by = p[b + 1] - y, bz = p[b + 2] - z;
                    double cx = p[d] - x, cy = p[d + 1] - y, cz = p[d + 2] - z;
                    double la = Math.sqrt(ax * ax + ay * ay + az * az), lb = Math.sqrt(bx * bx + by * by + bz * bz);
                    double lc = Math.sqrt(cx * cx + cy * cy + cz * cz);
                    double det = ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
                    double den = la * lb * lc + (ax * bx + ay * by + az * bz) * lc + (ax * cx + ay * cy + az * cz) * lb
                            + (bx * cx + by * cy + bz * cz) * la;
                    sum += 2 * StrictMath.atan2(det, den);
                }
                winding[v] = sum / (4 * Math.PI);
            }
            double w = winding[v];
            if (Math.abs(w - 0.5) < 0.25 || Math.abs(w) > 1.25) {
                throw new Degenerate("a cutter vertex on the piece's surface");
            }
            return w > 0.5;
        }

        /** The cap's loops (right-handed about the face's outward normal) triangulated; the inside gets them, the rest reversed. */
        private void emitCap(int j, List<int[]> loops) {
            double nx = pl[4 * j], ny = pl[4 * j + 1], nz = pl[4 * j + 2], d = pl[4 * j + 3];
            double[] basis = new double[6];
            ConvexPolytope.planeBasis(nx, ny, nz, basis);
            Flat f = flatten(loops, basis);
            final int[] pts = f.pts, tris = f.tris;
            final double[] xy = f.xy;
            double[] tagA = {nx, ny, nz, d};
            double[] tagB = {-nx, -ny, -nz, -d};
            double[] cn = {nx, ny, nz, nx, ny, nz, nx, ny, nz};
            double[] cnb = {-nx, -ny, -nz, -nx, -ny, -nz, -nx, -ny, -nz};
            double[] cuv = new double[6], cuvb = new double[6];
            for (int i = 0; i < tris.length; i += 3) {
                int p = tris[i], q = tris[i + 1], r = tris[i + 2];
                int[] cc = {p, q, r};
                for (int z = 0; z < 3; z++) {
                    cuv[2 * z] = xy[2 * cc[z]];
                    cuv[2 * z + 1] = xy[2 * cc[z] + 1];
                    cuvb[2 * (2 - z)] = xy[2 * cc[z]];
                    cuvb[2 * (2 - z) + 1] = xy[2 * cc[z] + 1];
                }
                in.addTriangle(id(in, pts[p]), id(in, pts[q]), id(in, pts[r]), cn, 0, 3, 6, cuv, 0, 2, 4, TriMesh.INSIDE, tagA, 0);
                rest.addTriangle(id(rest, pts[r]), id(rest, pts[q]), id(rest, pts[p]), cnb, 0, 3, 6, cuvb, 0, 2, 4,
                        TriMesh.INSIDE, tagB, 0);
            }
        }
    }
}
