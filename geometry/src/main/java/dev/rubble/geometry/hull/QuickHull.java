package dev.rubble.geometry.hull;

import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.sort.PrimitiveOrder;
import java.util.Arrays;

/**
 * Quickhull: the convex hull of a point cloud as a {@link ConvexHull} shape, coplanar triangles
 * merged into polygon faces. Deterministic (maps are looked up, never iterated).
 */
public final class QuickHull {
    private QuickHull() {
    }

    /**
     * The hull of {@code xyz} (x, y, z per point, metres, finite).
     *
     * @throws IllegalArgumentException when the array length is not a multiple of 3, a value is
     *                                  not finite, or the points span no volume
     */
    public static ConvexHull of(double... xyz) {
        if (xyz == null || xyz.length % 3 != 0) {
            throw new IllegalArgumentException("convex hull points length = " + (xyz == null ? "null" : xyz.length)
                    + "; allowed: a multiple of 3 (x, y, z per point)");
        }
        for (int i = 0; i < xyz.length; i++) {
            if (!Double.isFinite(xyz[i])) {
                throw new IllegalArgumentException("convex hull points[" + i + "] = " + xyz[i] + "; allowed: finite");
            }
        }
        if (xyz.length < 12) {
            throw new IllegalArgumentException("convex hull points count = " + xyz.length / 3
                    + "; allowed: >= 4 points spanning a volume");
        }
        int n = xyz.length / 3;
        if (n > SCRATCH_POINTS) {
            return new Builder().reset(xyz).build(); // a large cloud: its arrays are not kept
        }
        Builder b = SCRATCH.get();
        if (b.busy) {
            return new Builder().reset(xyz).build();
        }
        b.busy = true;
        boolean built = false;
        try {
            ConvexHull hull = b.reset(xyz).build();
            built = true;
            return hull;
        } finally {
            b.busy = false;
            b.p = null;
            if (!built) {
                SCRATCH.remove(); // a build that threw may leave marks in its scratch: start the next afresh
            }
        }
    }

    /**
     * Clouds up to this many points are built in the calling thread's reused builder (issue 32: a
     * bake builds hundreds of small hulls per variant; a fresh builder's arrays, edge map and
     * polygon scratch were a third of a variant's allocation). Larger ones get a builder of their
     * own, so a thread never keeps megabytes for one big hull.
     */
    static final int SCRATCH_POINTS = 4096;

    private static final ThreadLocal<Builder> SCRATCH = ThreadLocal.withInitial(Builder::new);

    // ---- quickhull ------------------------------------------------------------------------

    /**
     * One hull's working state; reused across hulls of one thread ({@link #reset}), every array
     * only ever grown, so its contents beyond what the current hull wrote are never read.
     */
    private static final class Builder {
        double[] p;
        int n;
        double eps;
        boolean busy;
        int[] fa = new int[64], fb = new int[64], fc = new int[64];
        double[] fn = new double[256];
        boolean[] alive = new boolean[64];
        int faces;
        int[] assigned = new int[64];
        final LongIntMap edgeFace = new LongIntMap(64);
        // build's scratch: visible is also the breadth-first queue (faces in the order they were queued)
        int[] visible = new int[64];
        int[] newFaces = new int[64];
        int[] horizonU = new int[64], horizonV = new int[64];
        boolean[] isVisible = new boolean[64];
        // merge's and convexPolygon's scratch
        int[] group = new int[0], vertexMap = new int[0], fStart = new int[0], fVerts = new int[0];
        int[] members = new int[0], polyPts = new int[0], poly = new int[0], hull = new int[0];
        int[] order = new int[0], orderTmp = new int[0];
        double[] outV = new double[0], pl = new double[0], pu = new double[0], pw = new double[0];
        boolean[] inPoly = new boolean[0];
        long[] ku = new long[0], kw = new long[0], kp = new long[0];

        Builder reset(double[] p) {
            this.p = p;
            this.n = p.length / 3;
            double lo0 = Double.POSITIVE_INFINITY, lo1 = Double.POSITIVE_INFINITY, lo2 = Double.POSITIVE_INFINITY;
            double hi0 = Double.NEGATIVE_INFINITY, hi1 = Double.NEGATIVE_INFINITY, hi2 = Double.NEGATIVE_INFINITY;
            double maxAbs = 0;
            for (int i = 0; i < n; i++) {
                lo0 = Math.min(lo0, p[3 * i]);
                hi0 = Math.max(hi0, p[3 * i]);
                maxAbs = Math.max(maxAbs, Math.abs(p[3 * i]));
                lo1 = Math.min(lo1, p[3 * i + 1]);
                hi1 = Math.max(hi1, p[3 * i + 1]);
                maxAbs = Math.max(maxAbs, Math.abs(p[3 * i + 1]));
                lo2 = Math.min(lo2, p[3 * i + 2]);
                hi2 = Math.max(hi2, p[3 * i + 2]);
                maxAbs = Math.max(maxAbs, Math.abs(p[3 * i + 2]));
            }
            double extent = Math.max(hi0 - lo0, Math.max(hi1 - lo1, hi2 - lo2));
            this.eps = Math.max(1e-9 * extent, 1e-14 * maxAbs);
            if (assigned.length < n) {
                assigned = new int[n];
            }
            faces = 0;
            edgeFace.clear();
            return this;
        }

        double x(int i) {
            return p[3 * i];
        }

        double y(int i) {
            return p[3 * i + 1];
        }

        double z(int i) {
            return p[3 * i + 2];
        }

        double dist(int f, int i) {
            return fn[4 * f] * x(i) + fn[4 * f + 1] * y(i) + fn[4 * f + 2] * z(i) - fn[4 * f + 3];
        }

        ConvexHull build() {
            int[] s = initialSimplex();
            Arrays.fill(assigned, 0, n, -1);
            int a = s[0], b = s[1], c = s[2], d = s[3];
            // orient so that d is below face (a, b, c)
            double ux = x(b) - x(a), uy = y(b) - y(a), uz = z(b) - z(a);
            double vx = x(c) - x(a), vy = y(c) - y(a), vz = z(c) - z(a);
            double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
            if (nx * (x(d) - x(a)) + ny * (y(d) - y(a)) + nz * (z(d) - z(a)) > 0) {
                int t = b;
                b = c;
                c = t;
            }
            int f0 = addFace(a, b, c);
            int f1 = addFace(a, d, b);
            int f2 = addFace(b, d, c);
            int f3 = addFace(c, d, a);
            int[] first = newFaces;
            first[0] = f0;
            first[1] = f1;
            first[2] = f2;
            first[3] = f3;
            for (int i = 0; i < n; i++) {
                if (i == a || i == b || i == c || i == d) {
                    continue;
                }
                assign(i, first, 4);
            }
            int[] visible = this.visible;
            int[] newFaces = this.newFaces;
            int[] horizonU = this.horizonU, horizonV = this.horizonV;
            boolean[] isVisible = this.isVisible;
            while (true) {
                int eye = -1;
                double far = 0;
                for (int i = 0; i < n; i++) {
                    if (assigned[i] >= 0) {
                        double dd = dist(assigned[i], i);
                        if (dd > far) {
                            far = dd;
                            eye = i;
                        }
                    }
                }
                if (eye < 0) {
                    break;
                }
                if (isVisible.length < faces + 8) {
                    isVisible = Arrays.copyOf(isVisible, 2 * faces + 8);
                }
                // breadth first from the eye's face; visible[head..nv) is the queue, so the faces
                // come out in the order they were queued, as from a FIFO queue
                int nv = 0;
                visible[nv++] = assigned[eye];
                isVisible[assigned[eye]] = true;
                for (int head = 0; head < nv; head++) {
                    int f = visible[head];
                    for (int e = 0; e < 3; e++) {
                        int u = e == 0 ? fa[f] : (e == 1 ? fb[f] : fc[f]);
                        int w = e == 0 ? fb[f] : (e == 1 ? fc[f] : fa[f]);
                        int g = edgeFace.get(key(w, u));
                        if (!isVisible[g] && dist(g, eye) > eps) {
                            isVisible[g] = true;
                            if (nv == visible.length) {
                                visible = Arrays.copyOf(visible, 2 * nv);
                            }
                            visible[nv++] = g;
                        }
                    }
                }
                int nh = 0;
                for (int k = 0; k < nv; k++) {
                    int f = visible[k];
                    for (int e = 0; e < 3; e++) {
                        int u = e == 0 ? fa[f] : (e == 1 ? fb[f] : fc[f]);
                        int w = e == 0 ? fb[f] : (e == 1 ? fc[f] : fa[f]);
                        int g = edgeFace.get(key(w, u));
                        if (!isVisible[g]) {
                            if (nh == horizonU.length) {
                                horizonU = Arrays.copyOf(horizonU, 2 * nh);
                                horizonV = Arrays.copyOf(horizonV, 2 * nh);
                            }
                            horizonU[nh] = u;
                            horizonV[nh] = w;
                            nh++;
                        }
                    }
                }
                for (int k = 0; k < nv; k++) {
                    int f = visible[k];
                    alive[f] = false;
                    edgeFace.remove(key(fa[f], fb[f]));
                    edgeFace.remove(key(fb[f], fc[f]));
                    edgeFace.remove(key(fc[f], fa[f]));
                }
                if (newFaces.length < nh) {
                    newFaces = new int[2 * nh];
                }
                for (int k = 0; k < nh; k++) {
                    newFaces[k] = addFace(horizonU[k], horizonV[k], eye);
                }
                assigned[eye] = -1;
                for (int i = 0; i < n; i++) {
                    int f = assigned[i];
                    if (f >= 0 && !alive[f]) {
                        assign(i, newFaces, nh);
                    }
                }
                for (int k = 0; k < nv; k++) {
                    isVisible[visible[k]] = false;
                }
            }
            this.visible = visible;
            this.newFaces = newFaces;
            this.horizonU = horizonU;
            this.horizonV = horizonV;
            this.isVisible = isVisible;
            return merge();
        }

        void assign(int i, int[] candidates, int count) {
            int best = -1;
            double bd = eps;
            for (int k = 0; k < count; k++) {
                double dd = dist(candidates[k], i);
                if (dd > bd) {
                    bd = dd;
                    best = candidates[k];
                }
            }
            assigned[i] = best;
        }

        static long key(int u, int w) {
            return ((long) u << 32) | (w & 0xffffffffL);
        }

        int addFace(int a, int b, int c) {
            if (faces == fa.length) {
                int cap = 2 * faces;
                fa = Arrays.copyOf(fa, cap);
                fb = Arrays.copyOf(fb, cap);
                fc = Arrays.copyOf(fc, cap);
                fn = Arrays.copyOf(fn, 4 * cap);
                alive = Arrays.copyOf(alive, cap);
            }
            int f = faces++;
            fa[f] = a;
            fb[f] = b;
            fc[f] = c;
            alive[f] = true;
            double ux = x(b) - x(a), uy = y(b) - y(a), uz = z(b) - z(a);
            double vx = x(c) - x(a), vy = y(c) - y(a), vz = z(c) - z(a);
            double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
            double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (len > 0) {
                nx /= len;
                ny /= len;
                nz /= len;
            }
            fn[4 * f] = nx;
            fn[4 * f + 1] = ny;
            fn[4 * f + 2] = nz;
            fn[4 * f + 3] = Math.max(nx * x(a) + ny * y(a) + nz * z(a),
                    Math.max(nx * x(b) + ny * y(b) + nz * z(b), nx * x(c) + ny * y(c) + nz * z(c)));
            edgeFace.put(key(a, b), f);
            edgeFace.put(key(b, c), f);
            edgeFace.put(key(c, a), f);
            return f;
        }

        int[] initialSimplex() {
            int[] ext = new int[6];
            for (int i = 1; i < n; i++) {
                for (int k = 0; k < 3; k++) {
                    if (p[3 * i + k] < p[3 * ext[2 * k] + k]) {
                        ext[2 * k] = i;
                    }
                    if (p[3 * i + k] > p[3 * ext[2 * k + 1] + k]) {
                        ext[2 * k + 1] = i;
                    }
                }
            }
            int a = ext[0], b = ext[1];
            double best = -1;
            for (int i = 0; i < 6; i++) {
                for (int j = i + 1; j < 6; j++) {
                    double d = d2(ext[i], ext[j]);
                    if (d > best) {
                        best = d;
                        a = ext[i];
                        b = ext[j];
                    }
                }
            }
            if (Math.sqrt(best) <= eps) {
                throw new IllegalArgumentException("convex hull points are all (nearly) the same point; allowed: points spanning a volume");
            }
            double ux = x(b) - x(a), uy = y(b) - y(a), uz = z(b) - z(a);
            double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
            int c = -1;
            best = eps;
            for (int i = 0; i < n; i++) {
                double wx = x(i) - x(a), wy = y(i) - y(a), wz = z(i) - z(a);
                double cxp = uy * wz - uz * wy, cyp = uz * wx - ux * wz, czp = ux * wy - uy * wx;
                double d = Math.sqrt(cxp * cxp + cyp * cyp + czp * czp) / ul;
                if (d > best) {
                    best = d;
                    c = i;
                }
            }
            if (c < 0) {
                throw new IllegalArgumentException("convex hull points are collinear (within " + eps
                        + " m); allowed: points spanning a volume");
            }
            double vx = x(c) - x(a), vy = y(c) - y(a), vz = z(c) - z(a);
            double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
            double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
            int d = -1;
            best = eps;
            for (int i = 0; i < n; i++) {
                double h = Math.abs(nx * (x(i) - x(a)) + ny * (y(i) - y(a)) + nz * (z(i) - z(a))) / nl;
                if (h > best) {
                    best = h;
                    d = i;
                }
            }
            if (d < 0) {
                throw new IllegalArgumentException("convex hull points are coplanar (within " + eps
                        + " m); allowed: points spanning a volume");
            }
            return new int[] {a, b, c, d};
        }

        double d2(int i, int j) {
            double dx = x(i) - x(j), dy = y(i) - y(j), dz = z(i) - z(j);
            return dx * dx + dy * dy + dz * dz;
        }

        /** Merges coplanar neighbouring triangles into convex polygons and packs the result. */
        ConvexHull merge() {
            if (group.length < faces) {
                group = new int[faces];
                members = new int[faces];
                pl = new double[4 * faces];
                fStart = new int[faces + 1];
            }
            if (fVerts.length < 3 * faces + 8) {
                fVerts = new int[3 * faces + 8];
            }
            if (vertexMap.length < n) {
                vertexMap = new int[n];
                outV = new double[3 * n];
                inPoly = new boolean[n];
                polyPts = new int[n];
            }
            int[] group = this.group, vertexMap = this.vertexMap, fStart = this.fStart, members = this.members;
            int[] polyPts = this.polyPts;
            double[] outV = this.outV, pl = this.pl;
            boolean[] inPoly = this.inPoly;
            int[] fVerts = this.fVerts;
            Arrays.fill(group, 0, faces, -1);
            int groups = 0;
            Arrays.fill(vertexMap, 0, n, -1);
            int outN = 0;
            int fv = 0;
            for (int seed = 0; seed < faces; seed++) {
                if (!alive[seed] || group[seed] >= 0) {
                    continue;
                }
                int g = groups++;
                double sx = fn[4 * seed], sy = fn[4 * seed + 1], sz = fn[4 * seed + 2];
                // breadth first over coplanar neighbours; members[head..nm) is the queue
                int nm = 0;
                group[seed] = g;
                members[nm++] = seed;
                for (int head = 0; head < nm; head++) {
                    int f = members[head];
                    for (int e = 0; e < 3; e++) {
                        int u = e == 0 ? fa[f] : (e == 1 ? fb[f] : fc[f]);
                        int w = e == 0 ? fb[f] : (e == 1 ? fc[f] : fa[f]);
                        int h = edgeFace.get(key(w, u));
                        if (group[h] < 0 && fn[4 * h] * sx + fn[4 * h + 1] * sy + fn[4 * h + 2] * sz > 1 - 1e-9
                                && Math.abs(dist(seed, fa[h])) <= 2 * eps && Math.abs(dist(seed, fb[h])) <= 2 * eps
                                && Math.abs(dist(seed, fc[h])) <= 2 * eps) {
                            group[h] = g;
                            members[nm++] = h;
                        }
                    }
                }
                // area-weighted normal of the group
                double nx = 0, ny = 0, nz = 0;
                int np = 0;
                for (int k = 0; k < nm; k++) {
                    int f = members[k];
                    double ux = x(fb[f]) - x(fa[f]), uy = y(fb[f]) - y(fa[f]), uz = z(fb[f]) - z(fa[f]);
                    double vx = x(fc[f]) - x(fa[f]), vy = y(fc[f]) - y(fa[f]), vz = z(fc[f]) - z(fa[f]);
                    nx += uy * vz - uz * vy;
                    ny += uz * vx - ux * vz;
                    nz += ux * vy - uy * vx;
                    for (int e = 0; e < 3; e++) {
                        int t = e == 0 ? fa[f] : (e == 1 ? fb[f] : fc[f]);
                        if (!inPoly[t]) {
                            inPoly[t] = true;
                            polyPts[np++] = t;
                        }
                    }
                }
                double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
                nx /= len;
                ny /= len;
                nz /= len;
                int polyN = convexPolygon(polyPts, np, nx, ny, nz);
                int[] poly = this.poly;
                for (int k = 0; k < np; k++) {
                    inPoly[polyPts[k]] = false;
                }
                double d = Double.NEGATIVE_INFINITY;
                for (int q = 0; q < polyN; q++) {
                    int t = poly[q];
                    d = Math.max(d, nx * x(t) + ny * y(t) + nz * z(t));
                }
                int fi = g;
                pl[4 * fi] = nx;
                pl[4 * fi + 1] = ny;
                pl[4 * fi + 2] = nz;
                pl[4 * fi + 3] = d;
                fStart[fi] = fv;
                if (fVerts.length < fv + polyN) {
                    fVerts = Arrays.copyOf(fVerts, 2 * (fv + polyN));
                    this.fVerts = fVerts;
                }
                for (int q = 0; q < polyN; q++) {
                    int t = poly[q];
                    if (vertexMap[t] < 0) {
                        vertexMap[t] = outN;
                        outV[3 * outN] = x(t);
                        outV[3 * outN + 1] = y(t);
                        outV[3 * outN + 2] = z(t);
                        outN++;
                    }
                    fVerts[fv++] = vertexMap[t];
                }
            }
            fStart[groups] = fv;
            return ConvexHull.wrap(Arrays.copyOf(outV, 3 * outN), Arrays.copyOf(fStart, groups + 1),
                    Arrays.copyOf(fVerts, fv), Arrays.copyOf(pl, 4 * groups));
        }

        /**
         * Counter-clockwise (about n) convex polygon of the points, collinear ones dropped (monotone
         * chain), into {@link #poly}; returns its vertex count.
         */
        int convexPolygon(int[] pts, int np, double nx, double ny, double nz) {
            // basis (u, w) of the plane with u x w = n
            double ux, uy, uz;
            if (Math.abs(nx) < 0.57) {
                ux = 0; uy = nz; uz = -ny;
            } else {
                ux = -nz; uy = 0; uz = nx;
            }
            double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
            ux /= ul;
            uy /= ul;
            uz /= ul;
            double wx = ny * uz - nz * uy, wy = nz * ux - nx * uz, wz = nx * uy - ny * ux;
            if (pu.length < np) {
                int cap = Math.max(np, 2 * pu.length);
                pu = new double[cap];
                pw = new double[cap];
                ku = new long[cap];
                kw = new long[cap];
                kp = new long[cap];
                order = new int[cap];
                orderTmp = new int[cap];
                hull = new int[2 * cap + 1];
                poly = new int[2 * cap + 1];
            }
            double[] pu = this.pu, pw = this.pw;
            for (int k = 0; k < np; k++) {
                int t = pts[k];
                pu[k] = ux * x(t) + uy * y(t) + uz * z(t);
                pw[k] = wx * x(t) + wy * y(t) + wz * z(t);
            }
            int[] idx = order;
            planarOrder(pu, pw, pts, np, ku, kw, kp, idx, orderTmp);
            double span = 0;
            for (int k = 0; k < np; k++) {
                span = Math.max(span, Math.abs(pu[k] - pu[0]) + Math.abs(pw[k] - pw[0]));
            }
            double tol = eps * span;
            int[] hull = this.hull;
            int h = 0;
            for (int q = 0; q < np; q++) {
                int k = idx[q];
                while (h >= 2 && cross(pu, pw, hull[h - 2], hull[h - 1], k) <= tol) {
                    h--;
                }
                hull[h++] = k;
            }
            for (int q = np - 2, lower = h + 1; q >= 0; q--) {
                int k = idx[q];
                while (h >= lower && cross(pu, pw, hull[h - 2], hull[h - 1], k) <= tol) {
                    h--;
                }
                hull[h++] = k;
            }
            h--;
            int[] out = poly;
            for (int k = 0; k < h; k++) {
                out[k] = pts[hull[k]];
            }
            return Math.max(h, 0);
        }

        private static double cross(double[] pu, double[] pw, int o, int a, int b) {
            return (pu[a] - pu[o]) * (pw[b] - pw[o]) - (pw[a] - pw[o]) * (pu[b] - pu[o]);
        }
    }

    /**
     * Indices {@code 0..np-1} in the order of the comparator {@code (i, j) -> pu[i] != pu[j] ?
     * Double.compare(pu[i], pu[j]) : (pw[i] != pw[j] ? Double.compare(pw[i], pw[j]) : Integer.compare(pts[i],
     * pts[j]))} under a stable sort, ties and NaNs included (two NaNs compare equal there, ending the
     * comparison), with primitive sorts only (issue 32).
     */
    static int[] planarOrder(double[] pu, double[] pw, int[] pts, int np) {
        int[] out = new int[np];
        planarOrder(pu, pw, pts, np, new long[np], new long[np], new long[np], out, new int[np]);
        return out;
    }

    /** {@link #planarOrder(double[], double[], int[], int)} into {@code out[0..np-1]}, with the caller's key and sort scratch. */
    static void planarOrder(double[] pu, double[] pw, int[] pts, int np, long[] ku, long[] kw, long[] kp,
                            int[] out, int[] tmp) {
        for (int k = 0; k < np; k++) {
            ku[k] = PrimitiveOrder.keyZerosEqual(pu[k]);
            kw[k] = PrimitiveOrder.keyZerosEqual(pw[k]);
            kp[k] = pts[k];
        }
        for (int k = 0; k < np; k++) {
            if (Double.isNaN(pu[k])) {
                kw[k] = 0;
            }
            if (Double.isNaN(pu[k]) || Double.isNaN(pw[k])) {
                kp[k] = 0;
            }
        }
        PrimitiveOrder.order(np, ku, kw, kp, out, tmp);
    }
}
