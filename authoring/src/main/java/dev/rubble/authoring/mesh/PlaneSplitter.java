package dev.rubble.authoring.mesh;

import dev.rubble.geometry.hull.LongIntMap;
import dev.rubble.spi.geom.ConvexPolytope;
import java.util.Arrays;

/**
 * Splits a closed mesh by a plane into the part below ({@code n·x - d < 0}) and the part above
 * (the rest), both closed, sharing one cut surface: the cap is computed once and given to both
 * sides with opposite orientation, so the two cut faces coincide vertex for vertex. With noise,
 * the cut is first refined to the noise's point spacing (the cut's outline is subdivided, and
 * the source triangles along it take the new points; grid points in the plane's canonical
 * coordinates are inserted inside, away from the outline, then the cap is made Delaunay) and the
 * interior points are displaced along the normal by {@link MeshNoise}. The outline stays on the
 * source's surface.
 *
 * <p>Positions are canonical: a crossing point is interpolated from the lexicographically smaller
 * endpoint, outline subdivision points from the smaller end of their segment, grid points from
 * integer multiples of the spacing, so a later split that crosses an earlier noisy cut makes the
 * same points in both pieces on either side of it.
 */
public final class PlaneSplitter {
    private PlaneSplitter() {
    }

    /** {@code {below, above}}; an element is null when nothing is on that side. {@code n} must be a unit vector. */
    public static TriMesh[] split(TriMesh m, double nx, double ny, double nz, double d, MeshNoise noise) {
        return split(m, nx, ny, nz, d, noise, TriMesh.INSIDE);
    }

    /**
     * {@link #split(TriMesh, double, double, double, double, MeshNoise)} whose new cap triangles get
     * material {@code capMaterial} (a caller's temporary mark, to tell its own caps from earlier cut
     * faces on the same plane; it must set them back to {@link TriMesh#INSIDE}).
     */
    static TriMesh[] split(TriMesh m, double nx, double ny, double nz, double d, MeshNoise noise, byte capMaterial) {
        int nv = m.vertexCount();
        double[] s = new double[nv];
        for (int i = 0; i < nv; i++) {
            s[i] = nx * m.pos[3 * i] + ny * m.pos[3 * i + 1] + nz * m.pos[3 * i + 2] - d;
        }
        boolean anyBelow = false, anyAbove = false;
        for (int c : m.tri) {
            if (s[c] < 0) {
                anyBelow = true;
            } else {
                anyAbove = true;
            }
        }
        if (!anyBelow) {
            return new TriMesh[] {null, m};
        }
        if (!anyAbove) {
            return new TriMesh[] {m, null};
        }
        boolean refine = !noise.flat();
        double h = noise.spacing();
        PlaneClipper.Out a = new PlaneClipper.Out(m.triangleCount() / 2 + 16, nv / 2 + 16);
        PlaneClipper.Out b = new PlaneClipper.Out(m.triangleCount() / 2 + 16, nv / 2 + 16);
        int[] mapA = new int[nv], mapB = new int[nv];
        Arrays.fill(mapA, -1);
        Arrays.fill(mapB, -1);
        Cut cut = new Cut();
        LongIntMap edgePoint = new LongIntMap(64);
        int[] poly = new int[64]; // per polygon corner: cut point (>= 0) or -(vertex + 1)
        double[] pn = new double[3 * 64];
        double[] puv = new double[2 * 64];
        int[] sub = new int[64];
        for (int t = 0; t < m.triangleCount(); t++) {
            int v0 = m.tri[3 * t], v1 = m.tri[3 * t + 1], v2 = m.tri[3 * t + 2];
            boolean b0 = s[v0] < 0, b1 = s[v1] < 0, b2 = s[v2] < 0;
            if (b0 && b1 && b2) {
                a.copyTriangle(m, t, keep(m, v0, mapA, a), keep(m, v1, mapA, a), keep(m, v2, mapA, a));
                continue;
            }
            if (!b0 && !b1 && !b2) {
                b.copyTriangle(m, t, keep(m, v0, mapB, b), keep(m, v1, mapB, b), keep(m, v2, mapB, b));
                continue;
            }
            // crossing points of this triangle's two cut edges, the exit (below -> above) and the entry
            int exit = -1, enter = -1;
            double[] exitAttr = new double[5], enterAttr = new double[5];
            for (int e = 0; e < 3; e++) {
                int p = m.tri[3 * t + e], q = m.tri[3 * t + (e + 1) % 3];
                boolean bp = s[p] < 0, bq = s[q] < 0;
                if (bp == bq) {
                    continue;
                }
                int id = crossing(m, s, p, q, edgePoint, cut);
                double tt = s[bp ? q : p] == 0 ? (bp ? 1 : 0) : s[p] / (s[p] - s[q]);
                double[] attr = bp ? exitAttr : enterAttr;
                attributes(m, t, e, tt, attr);
                if (bp) {
                    exit = id;
                } else {
                    enter = id;
                }
            }
            // outline subdivision between exit and enter (canonical from the smaller end), exit -> enter order
            int k = 1;
            if (refine) {
                double len = dist(cut.pos, exit, enter);
                k = Math.max(1, (int) Math.ceil(len / h));
                k = Math.min(k, 60);
            }
            if (sub.length < k) {
                sub = new int[2 * k];
            }
            int ns = 0;
            if (k > 1) {
                boolean exitLo = lexLess(cut.pos, exit, enter);
                int lo = exitLo ? exit : enter, hi = exitLo ? enter : exit;
                for (int i = 1; i < k; i++) {
                    double f = (double) i / k;
                    int id = cut.add(cut.pos[3 * lo] + f * (cut.pos[3 * hi] - cut.pos[3 * lo]),
                            cut.pos[3 * lo + 1] + f * (cut.pos[3 * hi + 1] - cut.pos[3 * lo + 1]),
                            cut.pos[3 * lo + 2] + f * (cut.pos[3 * hi + 2] - cut.pos[3 * lo + 2]));
                    sub[ns++] = id;
                }
                if (!exitLo) {
                    for (int i = 0; i < ns / 2; i++) {
                        int x = sub[i];
                        sub[i] = sub[ns - 1 - i];
                        sub[ns - 1 - i] = x;
                    }
                }
            }
            // cap (below side's orientation) runs enter -> sub reversed -> exit
            int prev = enter;
            for (int i = ns - 1; i >= 0; i--) {
                cut.link(prev, sub[i]);
                prev = sub[i];
            }
            cut.link(prev, exit);
            for (int side = 0; side < 2; side++) {
                boolean below = side == 0;
                PlaneClipper.Out o = below ? a : b;
                int[] map = below ? mapA : mapB;
                int np = 0;
                if (poly.length < 8 + 2 * ns) {
                    poly = new int[16 + 2 * ns];
                    pn = new double[3 * poly.length];
                    puv = new double[2 * poly.length];
                }
                for (int e = 0; e < 3; e++) {
                    int p = m.tri[3 * t + e], q = m.tri[3 * t + (e + 1) % 3];
                    boolean inP = (s[p] < 0) == below, inQ = (s[q] < 0) == below;
                    if (inP) {
                        poly[np] = -(p + 1);
                        System.arraycopy(m.normal, 9 * t + 3 * e, pn, 3 * np, 3);
                        System.arraycopy(m.uv, 6 * t + 2 * e, puv, 2 * np, 2);
                        np++;
                    }
                    if (inP != inQ) {
                        boolean isExit = s[p] < 0; // below -> above edge
                        int first = isExit ? exit : enter;
                        double[] fa = isExit ? exitAttr : enterAttr, la = isExit ? enterAttr : exitAttr;
                        poly[np] = first;
                        System.arraycopy(fa, 0, pn, 3 * np, 3);
                        System.arraycopy(fa, 3, puv, 2 * np, 2);
                        np++;
                        if (below == isExit) {
                            // leaving this side's region: the outline points follow, toward the other crossing
                            for (int i = 0; i < ns; i++) {
                                int j = below ? i : ns - 1 - i;
                                double f = below ? (double) (i + 1) / (ns + 1) : (double) (i + 1) / (ns + 1);
                                poly[np] = sub[j];
                                for (int c = 0; c < 3; c++) {
                                    pn[3 * np + c] = fa[c] + f * (la[c] - fa[c]);
                                }
                                puv[2 * np] = fa[3] + f * (la[3] - fa[3]);
                                puv[2 * np + 1] = fa[4] + f * (la[4] - fa[4]);
                                np++;
                            }
                        }
                    }
                }
                // fan from a source-vertex corner chosen by position alone (off the plane first, then the
                // lexicographically smallest), so the two copies of a shared cap triangle, split later
                // by another plane, get the same diagonals and every later crossing is made on both
                int start = -1;
                for (int i = 0; i < np; i++) {
                    if (poly[i] >= 0) {
                        continue;
                    }
                    if (start < 0) {
                        start = i;
                        continue;
                    }
                    int v = -poly[i] - 1, w = -poly[start] - 1;
                    boolean vOff = s[v] != 0, wOff = s[w] != 0;
                    if (vOff != wOff ? vOff : lexLess(m.pos, v, w)) {
                        start = i;
                    }
                }
                int[] ids = new int[np];
                for (int i = 0; i < np; i++) {
                    int c = poly[(start + i) % np];
                    ids[i] = c < 0 ? keep(m, -c - 1, map, o) : cut.id(c, below, o);
                }
                for (int i = 1; i + 1 < np; i++) {
                    int c0 = start % np, c1 = (start + i) % np, c2 = (start + i + 1) % np;
                    o.addTriangle(ids[0], ids[i], ids[i + 1], pn, 3 * c0, 3 * c1, 3 * c2, puv, 2 * c0, 2 * c1, 2 * c2,
                            m.material[t], m.plane, 4 * t);
                }
            }
        }
        cap(cut, a, b, nx, ny, nz, d, noise, capMaterial);
        return new TriMesh[] {a.build(), b.build()};
    }

    private static boolean lexLess(double[] p, int i, int j) {
        for (int k = 0; k < 3; k++) {
            if (p[3 * i + k] != p[3 * j + k]) {
                return p[3 * i + k] < p[3 * j + k];
            }
        }
        return i < j;
    }

    private static double dist(double[] p, int i, int j) {
        double dx = p[3 * i] - p[3 * j], dy = p[3 * i + 1] - p[3 * j + 1], dz = p[3 * i + 2] - p[3 * j + 2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    private static int keep(TriMesh m, int v, int[] map, PlaneClipper.Out o) {
        if (map[v] < 0) {
            map[v] = o.addVertex(m.pos[3 * v], m.pos[3 * v + 1], m.pos[3 * v + 2]);
        }
        return map[v];
    }

    /** The crossing point of edge (p, q), made once per edge, canonical by position. */
    private static int crossing(TriMesh m, double[] s, int p, int q, LongIntMap edgePoint, Cut cut) {
        long key = ((long) Math.min(p, q) << 32) | Math.max(p, q);
        int id = edgePoint.get(key);
        if (id >= 0) {
            return id;
        }
        int above = s[p] < 0 ? q : p;
        if (s[above] == 0) {
            id = cut.add(m.pos[3 * above], m.pos[3 * above + 1], m.pos[3 * above + 2]);
        } else {
            boolean pLo = lexLess(m.pos, p, q);
            int lo = pLo ? p : q, hi = pLo ? q : p;
            double tt = s[lo] / (s[lo] - s[hi]);
            id = cut.add(m.pos[3 * lo] + tt * (m.pos[3 * hi] - m.pos[3 * lo]),
                    m.pos[3 * lo + 1] + tt * (m.pos[3 * hi + 1] - m.pos[3 * lo + 1]),
                    m.pos[3 * lo + 2] + tt * (m.pos[3 * hi + 2] - m.pos[3 * lo + 2]));
        }
        edgePoint.put(key, id);
        return id;
    }

    /** Normal (3) and uv (2) interpolated along corner e -> e+1 of triangle t at parameter tt. */
    private static void attributes(TriMesh m, int t, int e, double tt, double[] out) {
        int cp = 9 * t + 3 * e, cq = 9 * t + 3 * ((e + 1) % 3);
        double l = 0;
        for (int c = 0; c < 3; c++) {
            out[c] = m.normal[cp + c] + tt * (m.normal[cq + c] - m.normal[cp + c]);
            l += out[c] * out[c];
        }
        l = Math.sqrt(l);
        if (l > 0) {
            for (int c = 0; c < 3; c++) {
                out[c] /= l;
            }
        }
        int up = 6 * t + 2 * e, uq = 6 * t + 2 * ((e + 1) % 3);
        out[3] = m.uv[up] + tt * (m.uv[uq] - m.uv[up]);
        out[4] = m.uv[up + 1] + tt * (m.uv[uq + 1] - m.uv[up + 1]);
    }

    /** The cut's points (crossings, outline subdivisions, interior points), their cap links and per-side ids. */
    private static final class Cut {
        double[] pos = new double[192];
        int[] next = new int[64];
        int[] idA = new int[64];
        int[] idB = new int[64];
        int n;

        int add(double x, double y, double z) {
            if (n == next.length) {
                int c = 2 * n;
                pos = Arrays.copyOf(pos, 3 * c);
                next = Arrays.copyOf(next, c);
                idA = Arrays.copyOf(idA, c);
                idB = Arrays.copyOf(idB, c);
            }
            pos[3 * n] = x;
            pos[3 * n + 1] = y;
            pos[3 * n + 2] = z;
            next[n] = -1;
            idA[n] = -1;
            idB[n] = -1;
            return n++;
        }

        void link(int from, int to) {
            next[from] = to;
        }

        int id(int c, boolean below, PlaneClipper.Out o) {
            int[] ids = below ? idA : idB;
            if (ids[c] < 0) {
                ids[c] = o.addVertex(pos[3 * c], pos[3 * c + 1], pos[3 * c + 2]);
            }
            return ids[c];
        }
    }

    private static void cap(Cut cut, PlaneClipper.Out a, PlaneClipper.Out b, double nx, double ny, double nz, double d,
            MeshNoise noise, byte capMaterial) {
        int n = cut.n;
        boolean[] seen = new boolean[n];
        int[] order = new int[n];
        int[] loopStart = new int[n + 1];
        int total = 0, loops = 0;
        for (int v = 0; v < n; v++) {
            if (seen[v] || cut.next[v] < 0) {
                continue;
            }
            loopStart[loops++] = total;
            int x = v;
            while (!seen[x]) {
                seen[x] = true;
                order[total++] = x;
                x = cut.next[x];
                if (x < 0) {
                    throw new IllegalStateException("open cut outline: the mesh being split is not closed");
                }
            }
        }
        loopStart[loops] = total;
        if (loops == 0) {
            return;
        }
        double[] basis = new double[6];
        ConvexPolytope.planeBasis(nx, ny, nz, basis);
        double[] xy = new double[2 * total];
        for (int i = 0; i < total; i++) {
            int p = 3 * order[i];
            double x = cut.pos[p], y = cut.pos[p + 1], z = cut.pos[p + 2];
            xy[2 * i] = x * basis[0] + y * basis[1] + z * basis[2];
            xy[2 * i + 1] = x * basis[3] + y * basis[4] + z * basis[5];
        }
        int[] ls = Arrays.copyOf(loopStart, loops + 1);
        int[] tris = CapTriangulator.triangulate(xy, ls, loops);
        double[] disp = new double[0];
        int points = total;
        if (!noise.flat()) {
            Refined r = refine(xy, ls, loops, tris, noise.spacing());
            xy = r.xy;
            tris = r.tris;
            points = xy.length / 2;
            int[] perm = noise.table();
            disp = new double[points - total];
            for (int i = total; i < points; i++) {
                disp[i - total] = noise.at(perm, xy[2 * i], xy[2 * i + 1]);
            }
        }
        // ids per side for the interior points (the outline's are the cut points)
        int[] ia = new int[points], ib = new int[points];
        double[] p3 = new double[3 * points];
        for (int i = 0; i < points; i++) {
            if (i < total) {
                ia[i] = cut.id(order[i], true, a);
                ib[i] = cut.id(order[i], false, b);
                System.arraycopy(cut.pos, 3 * order[i], p3, 3 * i, 3);
            } else {
                double u = xy[2 * i], w = xy[2 * i + 1], off = d + disp[i - total];
                double x = u * basis[0] + w * basis[3] + off * nx;
                double y = u * basis[1] + w * basis[4] + off * ny;
                double z = u * basis[2] + w * basis[5] + off * nz;
                ia[i] = a.addVertex(x, y, z);
                ib[i] = b.addVertex(x, y, z);
                p3[3 * i] = x;
                p3[3 * i + 1] = y;
                p3[3 * i + 2] = z;
            }
        }
        double[] tagA = {nx, ny, nz, d};
        double[] tagB = {-nx, -ny, -nz, -d};
        double[] cn = new double[9], cnb = new double[9], f = new double[3];
        double[] cuv = new double[6], cuvb = new double[6];
        for (int i = 0; i < tris.length; i += 3) {
            int p = tris[i], q = tris[i + 1], r = tris[i + 2];
            if (noise.flat()) {
                f[0] = nx;
                f[1] = ny;
                f[2] = nz;
            } else {
                TriMesh.faceNormal(p3, p, q, r, f);
            }
            for (int k = 0; k < 3; k++) {
                System.arraycopy(f, 0, cn, 3 * k, 3);
                cnb[3 * k] = -f[0];
                cnb[3 * k + 1] = -f[1];
                cnb[3 * k + 2] = -f[2];
            }
            int[] c = {p, q, r};
            for (int k = 0; k < 3; k++) {
                cuv[2 * k] = xy[2 * c[k]];
                cuv[2 * k + 1] = xy[2 * c[k] + 1];
                cuvb[2 * (2 - k)] = xy[2 * c[k]];
                cuvb[2 * (2 - k) + 1] = xy[2 * c[k] + 1];
            }
            a.addTriangle(ia[p], ia[q], ia[r], cn, 0, 3, 6, cuv, 0, 2, 4, capMaterial, tagA, 0);
            b.addTriangle(ib[r], ib[q], ib[p], cnb, 0, 3, 6, cuvb, 0, 2, 4, capMaterial, tagB, 0);
        }
    }

    private record Refined(double[] xy, int[] tris) {
    }

    /**
     * Inserts grid points (integer multiples of the spacing in plane coordinates) that lie inside
     * the cap and at least a third of the spacing from its outline, each by splitting the
     * triangle that contains it in three, then restores the Delaunay property by flips.
     */
    private static Refined refine(double[] xy, int[] loopStart, int loops, int[] tris, double h) {
        int total = loopStart[loops];
        double umin = Double.POSITIVE_INFINITY, umax = Double.NEGATIVE_INFINITY;
        double wmin = Double.POSITIVE_INFINITY, wmax = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < total; i++) {
            umin = Math.min(umin, xy[2 * i]);
            umax = Math.max(umax, xy[2 * i]);
            wmin = Math.min(wmin, xy[2 * i + 1]);
            wmax = Math.max(wmax, xy[2 * i + 1]);
        }
        long i0 = (long) Math.ceil(umin / h), i1 = (long) Math.floor(umax / h);
        long j0 = (long) Math.ceil(wmin / h), j1 = (long) Math.floor(wmax / h);
        if ((i1 - i0 + 1) * (j1 - j0 + 1) > 4_000_000L) {
            throw new IllegalArgumentException("noise spacing " + h + " m would put more than 4 000 000 points on one cut;"
                    + " allowed: a larger spacing");
        }
        double[] pts = new double[64];
        int np = 0;
        double minD2 = (h / 3) * (h / 3);
        for (long i = i0; i <= i1; i++) {
            for (long j = j0; j <= j1; j++) {
                double u = i * h, w = j * h;
                if (!insideLoops(xy, loopStart, loops, u, w) || nearOutline(xy, loopStart, loops, u, w, minD2)) {
                    continue;
                }
                if (2 * np + 2 > pts.length) {
                    pts = Arrays.copyOf(pts, 2 * pts.length);
                }
                pts[2 * np] = u;
                pts[2 * np + 1] = w;
                np++;
            }
        }
        if (np == 0) {
            return new Refined(xy, tris);
        }
        double[] all = Arrays.copyOf(xy, 2 * (total + np));
        System.arraycopy(pts, 0, all, 2 * total, 2 * np);
        int[] t = Arrays.copyOf(tris, tris.length + 6 * np);
        int nt = tris.length / 3;
        for (int q = 0; q < np; q++) {
            int pi = total + q;
            double u = all[2 * pi], w = all[2 * pi + 1];
            int found = -1;
            for (int k = nt - 1; k >= 0 && found < 0; k--) {
                int a = t[3 * k], b = t[3 * k + 1], c = t[3 * k + 2];
                if (Orient2.orient(all[2 * a], all[2 * a + 1], all[2 * b], all[2 * b + 1], u, w) > 0
                        && Orient2.orient(all[2 * b], all[2 * b + 1], all[2 * c], all[2 * c + 1], u, w) > 0
                        && Orient2.orient(all[2 * c], all[2 * c + 1], all[2 * a], all[2 * a + 1], u, w) > 0) {
                    found = k;
                }
            }
            if (found < 0) {
                // on an edge of the current triangulation: leave it out (it would need an edge split)
                all[2 * pi] = Double.NaN;
                continue;
            }
            int a = t[3 * found], b = t[3 * found + 1], c = t[3 * found + 2];
            t[3 * found + 2] = pi;
            t[3 * nt] = b;
            t[3 * nt + 1] = c;
            t[3 * nt + 2] = pi;
            t[3 * nt + 3] = c;
            t[3 * nt + 4] = a;
            t[3 * nt + 5] = pi;
            nt += 2;
        }
        // drop grid points that could not be placed (renumber the rest)
        int[] map = new int[total + np];
        int kept = 0;
        for (int i = 0; i < total + np; i++) {
            if (i < total || !Double.isNaN(all[2 * i])) {
                map[i] = kept;
                all[2 * kept] = all[2 * i];
                all[2 * kept + 1] = all[2 * i + 1];
                kept++;
            }
        }
        all = Arrays.copyOf(all, 2 * kept);
        t = Arrays.copyOf(t, 3 * nt);
        for (int i = 0; i < t.length; i++) {
            t[i] = map[t[i]];
        }
        CapTriangulator.delaunayFlips(all, loopStart, loops, t);
        return new Refined(all, t);
    }

    private static boolean insideLoops(double[] xy, int[] loopStart, int loops, double u, double w) {
        boolean in = false;
        for (int l = 0; l < loops; l++) {
            int s = loopStart[l], e = loopStart[l + 1];
            for (int i = s; i < e; i++) {
                int j = i + 1 < e ? i + 1 : s;
                double ay = xy[2 * i + 1], by = xy[2 * j + 1];
                if ((ay > w) != (by > w)) {
                    int o = Orient2.orient(xy[2 * i], ay, xy[2 * j], by, u, w);
                    if ((by > ay && o > 0) || (by < ay && o < 0)) {
                        in = !in;
                    }
                }
            }
        }
        return in;
    }

    private static boolean nearOutline(double[] xy, int[] loopStart, int loops, double u, double w, double minD2) {
        for (int l = 0; l < loops; l++) {
            int s = loopStart[l], e = loopStart[l + 1];
            for (int i = s; i < e; i++) {
                int j = i + 1 < e ? i + 1 : s;
                double ax = xy[2 * i], ay = xy[2 * i + 1], bx = xy[2 * j], by = xy[2 * j + 1];
                double dx = bx - ax, dy = by - ay, px = u - ax, py = w - ay;
                double len2 = dx * dx + dy * dy;
                double f = len2 > 0 ? Math.max(0, Math.min(1, (px * dx + py * dy) / len2)) : 0;
                double ex = px - f * dx, ey = py - f * dy;
                if (ex * ex + ey * ey < minD2) {
                    return true;
                }
            }
        }
        return false;
    }
}
