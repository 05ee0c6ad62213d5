package dev.rubble.authoring.mesh;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Triangulates planar polygons with holes: the cut loops of a cap, outer boundaries
 * counter-clockwise, holes clockwise (as {@link PlaneClipper} makes them). Every input point is
 * used (so the cap closes the clipped mesh exactly), every output triangle is counter-clockwise
 * or, only where the input has coincident or collinear points, degenerate.
 *
 * <p>Method: holes are assigned to the smallest outer loop containing them (exact point in
 * polygon), bridged into it from their rightmost point to a visible vertex (Eberly,
 * "Triangulation by Ear Clipping"), then ears are clipped. Every orientation and
 * point-in-triangle decision uses the exact {@link Orient2} predicate. Ear passes relax in
 * order: strictly convex ears with no point inside or on them, then convex-or-flat ears with no
 * point strictly inside, then any convex-or-flat vertex, then any vertex, so the loop always
 * terminates with n - 2 triangles per simple polygon.
 */
final class CapTriangulator {
    private CapTriangulator() {
    }

    /**
     * @param xy        packed x, y of all loop points
     * @param loopStart loop {@code l} is points {@code loopStart[l] .. loopStart[l+1]-1}
     * @param loops     number of loops
     * @return triangles as point indices, 3 per triangle
     */
    static int[] triangulate(double[] xy, int[] loopStart, int loops) {
        double[] area = new double[loops];
        for (int l = 0; l < loops; l++) {
            area[l] = signedArea(xy, loopStart[l], loopStart[l + 1]);
        }
        List<Integer> outers = new ArrayList<>();
        List<Integer> holes = new ArrayList<>();
        for (int l = 0; l < loops; l++) {
            if (area[l] >= 0) {
                outers.add(l);
            } else {
                holes.add(l);
            }
        }
        if (outers.isEmpty()) {
            // only clockwise loops: numerically degenerate caps; triangulate each as given
            outers.addAll(holes);
            holes.clear();
        }
        // outers by increasing area, so the first containing one is the smallest
        outers.sort((a, b) -> area[a] != area[b] ? Double.compare(area[a], area[b]) : Integer.compare(a, b));
        List<List<Integer>> holesOf = new ArrayList<>();
        for (int i = 0; i < outers.size(); i++) {
            holesOf.add(new ArrayList<>());
        }
        for (int h : holes) {
            int best = -1;
            int probe = loopStart[h];
            for (int i = 0; i < outers.size() && best < 0; i++) {
                int o = outers.get(i);
                if (area[o] >= -area[h] && contains(xy, loopStart[o], loopStart[o + 1], xy[2 * probe], xy[2 * probe + 1])) {
                    best = i;
                }
            }
            if (best < 0) {
                best = outers.size() - 1; // numerically lost: the largest outer loop
            }
            holesOf.get(best).add(h);
        }
        int[] out = new int[3 * (loopStart[loops] + 2 * loops)];
        int[] count = {0};
        for (int i = 0; i < outers.size(); i++) {
            out = polygon(xy, loopStart, outers.get(i), holesOf.get(i), out, count);
        }
        int[] tris = Arrays.copyOf(out, count[0]);
        delaunayFlips(xy, loopStart, loops, tris);
        return tris;
    }

    /**
     * Lawson flips toward the constrained Delaunay triangulation (the loop edges are the
     * constraints): ear clipping leaves long slivers across the whole cap, which every later cut
     * would cross; after flipping, a line crosses about sqrt(n) cap triangles instead of n. A flip
     * is made only where the quadrilateral is strictly convex (exact orientation) and the fourth
     * point lies clearly inside the circumcircle, so the cover of the polygon never changes and
     * the loop terminates (also bounded by a flip budget).
     */
    static void delaunayFlips(double[] xy, int[] loopStart, int loops, int[] t) {
        int nt = t.length / 3;
        if (nt < 2) {
            return;
        }
        dev.rubble.geometry.hull.LongIntMap edge = new dev.rubble.geometry.hull.LongIntMap(3 * nt);
        for (int c = 0; c < 3 * nt; c++) {
            edge.put(key(t[c], t[c / 3 * 3 + (c + 1) % 3]), c);
        }
        int[] owner = new int[Math.max(loopStart[loops], xy.length / 2)];
        java.util.Arrays.fill(owner, -1);
        for (int l = 0; l < loops; l++) {
            for (int p = loopStart[l]; p < loopStart[l + 1]; p++) {
                owner[p] = l;
            }
        }
        java.util.ArrayDeque<Integer> stack = new java.util.ArrayDeque<>();
        for (int c = 0; c < 3 * nt; c++) {
            stack.push(c);
        }
        long budget = 20L * nt + 1000;
        while (!stack.isEmpty() && budget > 0) {
            int c = stack.pop();
            int tr = c / 3, k = c % 3;
            int a = t[3 * tr + k], b = t[3 * tr + (k + 1) % 3], cc = t[3 * tr + (k + 2) % 3];
            if (constrained(loopStart, owner, a, b)) {
                continue;
            }
            int tw = edge.get(key(b, a));
            if (tw < 0 || edge.get(key(a, b)) != c) {
                continue;
            }
            int u = tw / 3, m = tw % 3;
            int d = t[3 * u + (m + 2) % 3];
            if (d == cc || Orient2.orient(xy, a, d, cc) <= 0 || Orient2.orient(xy, d, b, cc) <= 0) {
                continue;
            }
            if (!inCircle(xy, a, b, cc, d)) {
                continue;
            }
            budget--;
            // remove old edges, write (a, d, cc) into tr and (d, b, cc) into u
            for (int q = 0; q < 3; q++) {
                edge.remove(key(t[3 * tr + q], t[3 * tr + (q + 1) % 3]));
                edge.remove(key(t[3 * u + q], t[3 * u + (q + 1) % 3]));
            }
            t[3 * tr] = a;
            t[3 * tr + 1] = d;
            t[3 * tr + 2] = cc;
            t[3 * u] = d;
            t[3 * u + 1] = b;
            t[3 * u + 2] = cc;
            for (int q = 0; q < 3; q++) {
                edge.put(key(t[3 * tr + q], t[3 * tr + (q + 1) % 3]), 3 * tr + q);
                edge.put(key(t[3 * u + q], t[3 * u + (q + 1) % 3]), 3 * u + q);
            }
            // the quadrilateral's outer edges: (a, d), (cc, a) in tr; (d, b), (b, cc) in u
            stack.push(3 * tr);
            stack.push(3 * tr + 2);
            stack.push(3 * u);
            stack.push(3 * u + 1);
        }
    }

    private static long key(int a, int b) {
        return ((long) a << 32) | (b & 0xffffffffL);
    }

    private static boolean constrained(int[] loopStart, int[] owner, int a, int b) {
        if (owner[a] < 0 || owner[a] != owner[b]) {
            return false;
        }
        int l = owner[a], s = loopStart[l], e = loopStart[l + 1];
        int an = a + 1 < e ? a + 1 : s, bn = b + 1 < e ? b + 1 : s;
        return an == b || bn == a;
    }

    /** d is clearly inside the circumcircle of the counter-clockwise triangle (a, b, c). */
    private static boolean inCircle(double[] xy, int a, int b, int c, int d) {
        double dx = xy[2 * d], dy = xy[2 * d + 1];
        double adx = xy[2 * a] - dx, ady = xy[2 * a + 1] - dy;
        double bdx = xy[2 * b] - dx, bdy = xy[2 * b + 1] - dy;
        double cdx = xy[2 * c] - dx, cdy = xy[2 * c + 1] - dy;
        double al = adx * adx + ady * ady, bl = bdx * bdx + bdy * bdy, cl = cdx * cdx + cdy * cdy;
        double det = adx * (bdy * cl - bl * cdy) - ady * (bdx * cl - bl * cdx) + al * (bdx * cdy - bdy * cdx);
        double scale = (Math.abs(adx) + Math.abs(ady)) * (Math.abs(bdx) + Math.abs(bdy)) * (Math.abs(cdx) + Math.abs(cdy))
                * (Math.abs(adx) + Math.abs(ady) + Math.abs(bdx) + Math.abs(bdy) + Math.abs(cdx) + Math.abs(cdy));
        return det > 1e-12 * scale;
    }

    static double signedArea(double[] xy, int s, int e) {
        double a = 0;
        for (int i = s; i < e; i++) {
            int j = i + 1 < e ? i + 1 : s;
            a += xy[2 * i] * xy[2 * j + 1] - xy[2 * j] * xy[2 * i + 1];
        }
        return 0.5 * a;
    }

    /** Even-odd point in polygon (points s..e-1). */
    private static boolean contains(double[] xy, int s, int e, double px, double py) {
        boolean in = false;
        for (int i = s; i < e; i++) {
            int j = i + 1 < e ? i + 1 : s;
            double ax = xy[2 * i], ay = xy[2 * i + 1], bx = xy[2 * j], by = xy[2 * j + 1];
            if ((ay > py) != (by > py)) {
                // crossing to the right of p: orientation of (a, b, p) against the edge's direction
                int o = Orient2.orient(ax, ay, bx, by, px, py);
                if ((by > ay && o > 0) || (by < ay && o < 0)) {
                    in = !in;
                }
            }
        }
        return in;
    }

    private static int[] polygon(double[] xy, int[] loopStart, int outer, List<Integer> holes, int[] out, int[] count) {
        int n = loopStart[outer + 1] - loopStart[outer];
        for (int h : holes) {
            n += loopStart[h + 1] - loopStart[h] + 2;
        }
        Nodes L = new Nodes(n);
        int head = L.loop(loopStart[outer], loopStart[outer + 1]);
        // holes by decreasing rightmost x (Eberly), ties by loop index
        int[] hs = new int[holes.size()];
        double[] maxX = new double[holes.size()];
        for (int i = 0; i < hs.length; i++) {
            int h = holes.get(i);
            int best = loopStart[h];
            for (int p = loopStart[h]; p < loopStart[h + 1]; p++) {
                if (xy[2 * p] > xy[2 * best] || (xy[2 * p] == xy[2 * best] && xy[2 * p + 1] < xy[2 * best + 1])) {
                    best = p;
                }
            }
            hs[i] = h;
            maxX[i] = xy[2 * best];
        }
        Integer[] order = new Integer[hs.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> maxX[a] != maxX[b] ? Double.compare(maxX[b], maxX[a]) : Integer.compare(hs[a], hs[b]));
        for (int oi : order) {
            int h = hs[oi];
            int hn = L.loop(loopStart[h], loopStart[h + 1]);
            // rightmost node of the hole
            int m = hn, q = hn;
            do {
                if (x(xy, L, q) > x(xy, L, m) || (x(xy, L, q) == x(xy, L, m) && y(xy, L, q) < y(xy, L, m))) {
                    m = q;
                }
                q = L.next[q];
            } while (q != hn);
            int v = bridgeTarget(xy, L, head, m);
            // splice: v -> m ... (hole) ... m' -> v' -> v.next
            int m2 = L.copy(m), v2 = L.copy(v);
            int vNext = L.next[v], mPrev = L.prev[m];
            L.link(v, m);
            L.link(mPrev, m2);
            L.link(m2, v2);
            L.link(v2, vNext);
        }
        return clipEars(xy, L, head, out, count);
    }

    private static double x(double[] xy, Nodes L, int node) {
        return xy[2 * L.pt[node]];
    }

    private static double y(double[] xy, Nodes L, int node) {
        return xy[2 * L.pt[node] + 1];
    }

    /** A node of the outer boundary (holes merged so far) visible from hole node m. */
    private static int bridgeTarget(double[] xy, Nodes L, int head, int m) {
        double mx = x(xy, L, m), my = y(xy, L, m);
        int edge = -1;
        double bestX = Double.POSITIVE_INFINITY;
        int a = head;
        do {
            int b = L.next[a];
            double ay = y(xy, L, a), by = y(xy, L, b);
            if (ay <= my && by >= my && ay != by) {
                double ax = x(xy, L, a), bx = x(xy, L, b);
                double ix = ax + (my - ay) * (bx - ax) / (by - ay);
                if (ix >= mx && ix < bestX) {
                    bestX = ix;
                    edge = a;
                }
            }
            a = b;
        } while (a != head);
        if (edge < 0) {
            // numerically lost: the nearest node to the right, else the nearest node
            int best = head;
            double bd = Double.POSITIVE_INFINITY;
            a = head;
            do {
                double dx = x(xy, L, a) - mx, dy = y(xy, L, a) - my;
                double dd = dx * dx + dy * dy + (dx < 0 ? 1e300 : 0);
                if (dd < bd) {
                    bd = dd;
                    best = a;
                }
                a = L.next[a];
            } while (a != head);
            return best;
        }
        int ea = edge, eb = L.next[edge];
        int p = x(xy, L, ea) > x(xy, L, eb) ? ea : eb;
        double px = x(xy, L, p), py = y(xy, L, p);
        if (bestX == px && (py == my)) {
            return pickLocallyInside(xy, L, head, p, mx, my);
        }
        // nodes inside triangle (m, i, p) block p: take the one with the smallest angle to the ray
        int best = p;
        double bestTan = Double.POSITIVE_INFINITY, bestDist = Double.POSITIVE_INFINITY;
        boolean up = py > my;
        a = head;
        do {
            double ax = x(xy, L, a), ay = y(xy, L, a);
            if (a != p && ax >= mx && inTriangle(mx, my, bestX, my, px, py, ax, ay, up)) {
                double tan = Math.abs(ay - my) / (ax - mx);
                double dist = (ax - mx) * (ax - mx) + (ay - my) * (ay - my);
                if (ax > mx && locallyInside(xy, L, a, mx, my)
                        && (tan < bestTan || (tan == bestTan && dist < bestDist))) {
                    bestTan = tan;
                    bestDist = dist;
                    best = a;
                }
            }
            a = L.next[a];
        } while (a != head);
        if (best == p) {
            return pickLocallyInside(xy, L, head, p, mx, my);
        }
        return best;
    }

    /** Among nodes at p's position, one whose wedge contains the direction to (mx, my). */
    private static int pickLocallyInside(double[] xy, Nodes L, int head, int p, double mx, double my) {
        if (locallyInside(xy, L, p, mx, my)) {
            return p;
        }
        int a = head;
        do {
            if (L.pt[a] == L.pt[p] && locallyInside(xy, L, a, mx, my)) {
                return a;
            }
            a = L.next[a];
        } while (a != head);
        return p;
    }

    private static boolean inTriangle(double ax, double ay, double bx, double by, double cx, double cy, double px,
            double py, boolean up) {
        // triangle (m, i, p): counter-clockwise when p is above the ray
        int o1, o2, o3;
        if (up) {
            o1 = Orient2.orient(ax, ay, bx, by, px, py);
            o2 = Orient2.orient(bx, by, cx, cy, px, py);
            o3 = Orient2.orient(cx, cy, ax, ay, px, py);
        } else {
            o1 = Orient2.orient(ax, ay, cx, cy, px, py);
            o2 = Orient2.orient(cx, cy, bx, by, px, py);
            o3 = Orient2.orient(bx, by, ax, ay, px, py);
        }
        return o1 >= 0 && o2 >= 0 && o3 >= 0;
    }

    /** The segment from node a toward (px, py) starts inside the polygon's wedge at a. */
    private static boolean locallyInside(double[] xy, Nodes L, int a, double px, double py) {
        int p = L.prev[a], n = L.next[a];
        double ax = x(xy, L, a), ay = y(xy, L, a);
        double prx = x(xy, L, p), pry = y(xy, L, p), nxx = x(xy, L, n), nxy = y(xy, L, n);
        if (Orient2.orient(prx, pry, ax, ay, nxx, nxy) < 0) {
            // reflex: inside unless in the outside wedge
            return Orient2.orient(ax, ay, px, py, nxx, nxy) >= 0 || Orient2.orient(ax, ay, prx, pry, px, py) >= 0;
        }
        return Orient2.orient(ax, ay, px, py, prx, pry) < 0 ? false
                : Orient2.orient(ax, ay, nxx, nxy, px, py) >= 0;
    }

    private static int[] clipEars(double[] xy, Nodes L, int head, int[] out, int[] count) {
        int remaining = 1;
        for (int a = L.next[head]; a != head; a = L.next[a]) {
            remaining++;
        }
        int ear = head;
        int pass = 0;
        int stop = ear;
        while (remaining > 3) {
            int p = L.prev[ear], n = L.next[ear];
            if (isEar(xy, L, p, ear, n, pass)) {
                out = emit(out, count, L.pt[p], L.pt[ear], L.pt[n]);
                L.link(p, n);
                remaining--;
                ear = n;
                stop = n;
                pass = 0;
                continue;
            }
            ear = n;
            if (ear == stop) {
                pass++;
            }
        }
        int p = L.prev[ear], n = L.next[ear];
        return emit(out, count, L.pt[p], L.pt[ear], L.pt[n]);
    }

    private static int[] emit(int[] out, int[] count, int a, int b, int c) {
        if (count[0] + 3 > out.length) {
            out = Arrays.copyOf(out, 2 * out.length + 3);
        }
        out[count[0]++] = a;
        out[count[0]++] = b;
        out[count[0]++] = c;
        return out;
    }

    private static boolean isEar(double[] xy, Nodes L, int a, int b, int c, int pass) {
        if (pass >= 3) {
            return true;
        }
        double ax = x(xy, L, a), ay = y(xy, L, a), bx = x(xy, L, b), by = y(xy, L, b), cx = x(xy, L, c), cy = y(xy, L, c);
        int o = Orient2.orient(ax, ay, bx, by, cx, cy);
        if (o < 0 || (o == 0 && pass == 0)) {
            return false;
        }
        if (pass == 2) {
            return true;
        }
        if (o == 0) {
            return true; // flat ear: no point can be strictly inside
        }
        for (int q = L.next[c]; q != a; q = L.next[q]) {
            double qx = x(xy, L, q), qy = y(xy, L, q);
            if ((qx == ax && qy == ay) || (qx == bx && qy == by) || (qx == cx && qy == cy)) {
                continue;
            }
            int o1 = Orient2.orient(ax, ay, bx, by, qx, qy), o2 = Orient2.orient(bx, by, cx, cy, qx, qy),
                    o3 = Orient2.orient(cx, cy, ax, ay, qx, qy);
            boolean strict = o1 > 0 && o2 > 0 && o3 > 0;
            boolean closed = o1 >= 0 && o2 >= 0 && o3 >= 0;
            if (pass == 0 ? closed : strict) {
                return false;
            }
        }
        return true;
    }

    /** Doubly linked nodes over point indices. */
    private static final class Nodes {
        final int[] pt;
        final int[] next;
        final int[] prev;
        int n;

        Nodes(int cap) {
            pt = new int[cap];
            next = new int[cap];
            prev = new int[cap];
        }

        int loop(int s, int e) {
            int first = n;
            for (int p = s; p < e; p++) {
                pt[n] = p;
                next[n] = p + 1 < e ? n + 1 : first;
                prev[n] = p > s ? n - 1 : first + (e - s) - 1;
                n++;
            }
            return first;
        }

        int copy(int node) {
            pt[n] = pt[node];
            return n++;
        }

        void link(int a, int b) {
            next[a] = b;
            prev[b] = a;
        }
    }
}
