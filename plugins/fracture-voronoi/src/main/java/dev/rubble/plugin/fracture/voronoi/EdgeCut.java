package dev.rubble.plugin.fracture.voronoi;

import dev.rubble.spi.geom.ConvexPolytope;
import java.util.Arrays;

/**
 * The cut of a {@link CellClipper} cell as voro++ makes it: the cell held as an edge table (every vertex has three
 * edges; per edge its far vertex, the far vertex's slot back, and the face on its left), so that a plane cut touches
 * only the vertices beyond the plane and the edges that cross it. The face loops are not rewritten on every cut:
 * a face keeps only its start vertex, and the loops are walked once when the cell is read ({@link #toPolytope}, or
 * {@link #writeLoops} when the cell leaves edge mode).
 *
 * <pre>
 *        a (inside) ──slot sa──▶ b (outside)       before: edge a→b, face f on its left, g on b→a's
 *        a ──▶ x ──▶ xIn(f)                         after:  x on ab at a + t·(b − a), t = s_a / (s_a − s_b)
 *        x: slot 0 → a (face g), slot 1 → xIn(f) (face f), slot 2 → xOut(g) (the cap)
 * </pre>
 *
 * <p><b>Same bits as the loop cut.</b> Taken only for a generic cut: no vertex within the tolerance of the plane,
 * every crossed face crossed exactly once each way, at least three crossings, and the cap's order (from
 * {@link CapOrder}, as the loop cut computes it) running along the crossings' links in the table's orientation.
 * Then the loop cut's result is known without walking the loops: cut points are made in the loop cut's order
 * (crossed faces ascending; in a face from its start vertex, so the crossing out of the plane's inside first unless
 * the start is outside), each at the same coordinates (same inside and outside vertex, same distances); a crossed
 * face's loop is the old one with its outside run replaced by its two cut points and starts where the loop cut's
 * starts (the same vertex, or the cut point back inside when the start was outside); a face with a vertex outside and
 * no crossing lies wholly outside and is dropped; the cap is the crossings' points in the order {@code CapOrder}
 * gives, starting at its first. Every other cut ({@link #NOT_GENERIC}, nothing changed) and every source that is not
 * such a table go to the face-loop cut, from the loops written out of the table, for the rest of the cell.
 * Measured in docs/benchmarks.md (issue 27 item 5, eighth pass).
 *
 * <p>Not thread-safe: one per clipper. Reads and writes the clipper's state (same package, same thread).
 */
final class EdgeCut {
    /** {@link #cut}'s answer for a cut this table does not take; the cell is unchanged. */
    static final int NOT_GENERIC = -2;

    private final CellClipper c;
    // per vertex id, 3 slots: far vertex, its slot back, face on the left of this → far
    private int[] ed = new int[3 * 128];
    private int[] eb = new int[3 * 128];
    private int[] ef = new int[3 * 128];
    // per vertex id: its position in the clipper's live list (unordered in edge mode)
    private int[] lpos = new int[128];
    // per face id: start vertex of its loop; the crossing out of the plane's inside and back in (this cut)
    private int[] fStartV = new int[64];
    private int[] fOutX = new int[64];
    private int[] fInX = new int[64];
    // per face id: this cut's stamp when a crossing goes back in across it (the clipper's faceMark: out across it)
    private int[] inMark = new int[64];
    // per crossing of this cut: inside vertex, its slot, face left of inside → outside, face of the reverse, point
    private int[] xa = new int[32];
    private int[] xsa = new int[32];
    private int[] xf = new int[32];
    private int[] xg = new int[32];
    private int[] xpt = new int[32];
    private int[] cutFaces = new int[16];
    // the source's table, built once per source (null when the source is not one)
    private ConvexPolytope tSource;
    private int[] tEd, tEb, tEf;

    EdgeCut(CellClipper clipper) {
        this.c = clipper;
    }

    /** Sizes the per-vertex arrays for ids below {@code n} (contents kept). */
    void vertexSlots(int n) {
        if (ed.length < 3 * n) {
            int m = Math.max(3 * n, 2 * ed.length);
            ed = Arrays.copyOf(ed, m);
            eb = Arrays.copyOf(eb, m);
            ef = Arrays.copyOf(ef, m);
        }
        if (lpos.length < n) {
            lpos = Arrays.copyOf(lpos, Math.max(n, 2 * lpos.length));
        }
    }

    /** Clears the per-face stamps (with the clipper's, when its stamp wraps). */
    void resetStamps() {
        Arrays.fill(inMark, 0);
    }

    /** Sizes the per-face arrays for ids below {@code n} (contents kept). */
    void faceSlots(int n) {
        if (fStartV.length < n) {
            int m = Math.max(n, 2 * fStartV.length);
            fStartV = Arrays.copyOf(fStartV, m);
            fOutX = Arrays.copyOf(fOutX, m);
            fInX = Arrays.copyOf(fInX, m);
            inMark = Arrays.copyOf(inMark, m);
        }
    }

    /**
     * Starts the table as the source's ({@code sv, sfs, sfi} its arrays); false, leaving the cell to the face-loop
     * cut, when the source is not a table of three edges per vertex (each directed edge in one face, its reverse in
     * another, the three faces at a vertex distinct).
     */
    boolean reset(ConvexPolytope source, double[] sv, int[] sfs, int[] sfi) {
        if (source != tSource) {
            tSource = source;
            build(sv.length / 3, sfs, sfi);
        }
        if (tEd == null) {
            return false;
        }
        int n3 = tEd.length;
        vertexSlots(n3 / 3);
        System.arraycopy(tEd, 0, ed, 0, n3);
        System.arraycopy(tEb, 0, eb, 0, n3);
        System.arraycopy(tEf, 0, ef, 0, n3);
        for (int k = 0, n = n3 / 3; k < n; k++) {
            lpos[k] = k;
        }
        int nfs = sfs.length - 1;
        faceSlots(nfs);
        for (int f = 0; f < nfs; f++) {
            fStartV[f] = sfi[sfs[f]];
        }
        return true;
    }

    private void build(int n, int[] sfs, int[] sfi) {
        tEd = tEb = tEf = null;
        int[] e = new int[3 * n], b = new int[3 * n], f = new int[3 * n], deg = new int[n];
        int nfs = sfs.length - 1;
        for (int face = 0; face < nfs; face++) {
            int s = sfs[face], len = sfs[face + 1] - s;
            if (len < 3) {
                return;
            }
            for (int k = 0; k < len; k++) {
                int from = sfi[s + k], to = sfi[s + (k + 1) % len];
                if (from == to || deg[from] == 3) {
                    return;
                }
                e[3 * from + deg[from]] = to;
                f[3 * from + deg[from]++] = face;
            }
        }
        for (int v = 0; v < n; v++) {
            if (deg[v] != 3 || f[3 * v] == f[3 * v + 1] || f[3 * v] == f[3 * v + 2] || f[3 * v + 1] == f[3 * v + 2]) {
                return;
            }
            for (int j = 0; j < 3; j++) {
                int w = e[3 * v + j], back = -1, found = 0;
                for (int k = 0; k < 3; k++) {
                    if (e[3 * w + k] == v) {
                        back = k;
                        found++;
                    }
                }
                if (found != 1) {
                    return;
                }
                b[3 * v + j] = back;
            }
        }
        tEd = e;
        tEb = b;
        tEf = f;
    }

    /**
     * Leaves edge mode's unordered lists: the clipper's live ids ascending (its numbering is their rank) and its face
     * list as the live face ids ascending (a cap takes the next id, so this is the loop cut's face order).
     */
    void orderLists() {
        final CellClipper cl = c;
        final int[] lv = cl.live;
        for (int k = 1, n = cl.nl; k < n; k++) {
            int id = lv[k], j = k - 1;
            while (j >= 0 && lv[j] > id) {
                lv[j + 1] = lv[j];
                j--;
            }
            lv[j + 1] = id;
        }
        if (cl.faces.length < cl.nf) {
            cl.faces = new int[Math.max(cl.nf, 2 * cl.faces.length)];
        }
        final int[] fs = cl.faces;
        final boolean[] alive = cl.fAlive;
        int m = 0;
        for (int f = 0, n = cl.nfp; f < n; f++) {
            if (alive[f]) {
                fs[m++] = f;
            }
        }
    }

    /**
     * The cell as an immutable polytope, as {@code CellClipper.toPolytope} renumbers it (a vertex's index is its rank
     * among the live ids, faces in order, each loop from its start), written in one walk of the table that also sums
     * each face's area as {@code CellClipper.faceArea} does (fan from the loop's start, the same products in the same
     * order) into the clipper's {@code areas}. Leaves the clipper's live and face lists ordered; the face loops
     * ({@code lp}) are not written. {@code rank} has room for every vertex id.
     */
    ConvexPolytope toPolytope(int[] rank) {
        orderLists();
        final CellClipper cl = c;
        final int[] lv = cl.live, faces = cl.faces, e = ed, fc = ef, sv = fStartV;
        final double[] vv = cl.vp, fpl = cl.fpl;
        final int nl = cl.nl, nf = cl.nf;
        double[] v = new double[3 * nl];
        for (int k = 0; k < nl; k++) {
            int id = lv[k];
            rank[id] = k;
            v[3 * k] = vv[3 * id];
            v[3 * k + 1] = vv[3 * id + 1];
            v[3 * k + 2] = vv[3 * id + 2];
        }
        if (cl.areas.length < nf) {
            cl.areas = new double[Math.max(nf, 2 * cl.areas.length)];
        }
        final double[] area = cl.areas;
        int[] fs = new int[nf + 1];
        int[] fi = new int[3 * nl];
        double[] pl = new double[4 * nf];
        int at = 0;
        for (int k = 0; k < nf; k++) {
            int f = faces[k];
            fs[k] = at;
            int v0 = sv[f], i0 = 3 * v0;
            fi[at++] = rank[v0];
            int p = next(e, fc, v0, f);
            fi[at++] = rank[p];
            double sx = 0, sy = 0, sz = 0;
            int q = next(e, fc, p, f);
            while (q != v0) {
                if (at == fi.length) {
                    throw new IllegalStateException("edge table broken at face " + f);
                }
                fi[at++] = rank[q];
                int i1 = 3 * p, i2 = 3 * q;
                double ax = vv[i1] - vv[i0], ay = vv[i1 + 1] - vv[i0 + 1], az = vv[i1 + 2] - vv[i0 + 2];
                double bx = vv[i2] - vv[i0], by = vv[i2 + 1] - vv[i0 + 1], bz = vv[i2 + 2] - vv[i0 + 2];
                sx += ay * bz - az * by;
                sy += az * bx - ax * bz;
                sz += ax * by - ay * bx;
                p = q;
                // next(e, fc, q, f) written out (C1 does not inline it)
                int t = 3 * q;
                q = fc[t] == f ? e[t] : fc[t + 1] == f ? e[t + 1] : e[t + 2];
            }
            int f4 = 4 * f;
            area[k] = 0.5 * (sx * fpl[f4] + sy * fpl[f4 + 1] + sz * fpl[f4 + 2]);
            pl[4 * k] = fpl[f4];
            pl[4 * k + 1] = fpl[f4 + 1];
            pl[4 * k + 2] = fpl[f4 + 2];
            pl[4 * k + 3] = fpl[f4 + 3];
        }
        if (at != fi.length) {
            throw new IllegalStateException("edge table broken: " + at + " loop entries for " + nl + " vertices");
        }
        fs[nf] = at;
        cl.areasReady = true;
        return ConvexPolytope.wrap(v, fs, fi, pl);
    }

    /**
     * Writes the loops of the faces {@code faces[0..nf)} from their start vertices into {@code lp} from 0, their
     * start and length into {@code fStart, fLen} by face id, and (with {@code incidence}) each entry into the
     * clipper's incidence lists. Returns the total length.
     */
    int writeLoops(int[] faces, int nf, int[] fStart, int[] fLen, int[] lp, boolean incidence) {
        final int[] e = ed, fc = ef;
        int at = 0;
        for (int k = 0; k < nf; k++) {
            int f = faces[k];
            int v0 = fStartV[f], v = v0, begin = at;
            do {
                lp[at++] = v;
                if (incidence) {
                    c.incidence(v, f);
                }
                int i = 3 * v;
                v = fc[i] == f ? e[i] : fc[i + 1] == f ? e[i + 1] : fc[i + 2] == f ? e[i + 2] : -1;
                if (v < 0 || at - begin > c.nl) {
                    throw new IllegalStateException("edge table broken at face " + f);
                }
            } while (v != v0);
            fStart[f] = begin;
            fLen[f] = at - begin;
        }
        return at;
    }

    /**
     * Cuts by the plane {@code n·x = d} (unit normal) when the cut is generic (class comment); every live vertex has
     * its signed distance in the clipper's {@code dist}, and the {@code nnc} vertices beyond the plane are listed in
     * its {@code nonNeg} (none on it). Returns as {@link CellClipper#clip}, or {@link #NOT_GENERIC} having changed
     * nothing.
     */
    int cut(double nx, double ny, double nz, double d, int site, double inset, double reach, double tol, int nnc) {
        final CellClipper cl = c;
        if (++cl.stamp == Integer.MAX_VALUE) {
            cl.resetStamps();
        }
        final int st = cl.stamp;
        final int[] nn = cl.nonNeg, e = ed, b = eb, fc = ef, fm = cl.faceMark, fm2 = inMark, fo = fOutX, fi = fInX;
        final double[] ds = cl.dist;
        if (xa.length < 3 * nnc) {
            int m = 6 * nnc;
            xa = new int[m];
            xsa = new int[m];
            xf = new int[m];
            xg = new int[m];
            xpt = new int[m];
        }
        final int[] ca = xa, csa = xsa, cf = xf, cg = xg, cpt = xpt;
        int[] cfs = cutFaces;
        int nx0 = 0, ncf = 0;
        // the crossings, from the outside vertices' edges; per crossed face its crossing out and back in
        for (int k = 0; k < nnc; k++) {
            int v = nn[k], i = 3 * v;
            for (int j = 0; j < 3; j++) {
                int w = e[i + j];
                if (ds[w] < 0) {
                    // f crosses out of the inside here, g back in; a face crossed twice the same way is not generic
                    int sa = b[i + j], f = fc[3 * w + sa], g = fc[i + j];
                    if (fm[f] == st || fm2[g] == st) {
                        return NOT_GENERIC;
                    }
                    fm[f] = st;
                    fm2[g] = st;
                    if (ncf == cfs.length) {
                        cfs = cutFaces = Arrays.copyOf(cfs, 2 * ncf);
                    }
                    cfs[ncf++] = f;
                    fo[f] = nx0;
                    fi[g] = nx0;
                    ca[nx0] = w;
                    csa[nx0] = sa;
                    cf[nx0] = f;
                    cg[nx0] = g;
                    cpt[nx0++] = -1;
                }
            }
        }
        if (nx0 < 3) {
            return NOT_GENERIC;
        }
        // as many faces crossing in as out, each once: the same faces when every one crossing out also crosses in
        for (int k = 0; k < ncf; k++) {
            if (fm2[cfs[k]] != st) {
                return NOT_GENERIC;
            }
        }
        // crossed faces ascending (a handful): the loop cut's order of making cut points
        for (int k = 1; k < ncf; k++) {
            int f = cfs[k], j = k - 1;
            while (j >= 0 && cfs[j] > f) {
                cfs[j + 1] = cfs[j];
                j--;
            }
            cfs[j + 1] = f;
        }
        final int firstCut = cl.nvp;
        int need = firstCut + nx0;
        if (cl.dist.length < need || cl.vp.length < 3 * need || ed.length < 3 * need || lpos.length < need) {
            cl.vertexScratch(need);
        }
        if (cl.capPts.length < nx0) {
            cl.capPts = new int[2 * nx0];
        }
        if (cl.capNx.length < nx0) {
            cl.capNx = new int[2 * nx0];
            cl.capPv = new int[2 * nx0];
        }
        final double[] vv = cl.vp, vqa = cl.vq;
        final int[] cp = cl.capPts, lnx = cl.capNx, lpv = cl.capPv, sv = fStartV;
        final double ox = cl.cx, oy = cl.cy, oz = cl.cz;
        int count = firstCut;
        for (int k = 0; k < ncf; k++) {
            int f = cfs[k];
            // from the face's start: out of the inside first, unless the start is outside
            boolean startOut = ds[sv[f]] > 0;
            for (int h = 0; h < 2; h++) {
                int x = (h == 0) == startOut ? fi[f] : fo[f];
                if (cpt[x] < 0) {
                    int p = ca[x], q = e[3 * p + csa[x]];
                    double tt = ds[p] / (ds[p] - ds[q]);
                    int ip = 3 * p, iq = 3 * q, ic = 3 * count;
                    vv[ic] = vv[ip] + tt * (vv[iq] - vv[ip]);
                    vv[ic + 1] = vv[ip + 1] + tt * (vv[iq + 1] - vv[ip + 1]);
                    vv[ic + 2] = vv[ip + 2] + tt * (vv[iq + 2] - vv[ip + 2]);
                    double ex = vv[ic] - ox, ey = vv[ic + 1] - oy, ez = vv[ic + 2] - oz;
                    vqa[count] = ex * ex + ey * ey + ez * ez;
                    cp[count - firstCut] = count;
                    cpt[x] = count++;
                }
            }
            int xIn = cpt[fi[f]], xOut = cpt[fo[f]];
            lpv[xIn - firstCut] = xOut;
            lnx[xOut - firstCut] = xIn;
        }
        int capCount = count - firstCut;
        // the cap's order exactly as the loop cut computes it
        ConvexPolytope.planeBasis(nx, ny, nz, cl.basis);
        final double[] bs = cl.basis;
        double ux = bs[0], uy = bs[1], uz = bs[2], wx = bs[3], wy = bs[4], wz = bs[5];
        ConvexPolytope.mean(cp, capCount, vv, cl.capCentre);
        double mx = cl.capCentre[0], my = cl.capCentre[1], mz = cl.capCentre[2];
        if (!cl.capOrder.byLinks(cp, capCount, firstCut, lnx, lpv, vv, mx, my, mz, ux, uy, uz, wx, wy, wz)) {
            cl.capOrder.sort(cp, capCount, vv, mx, my, mz, ux, uy, uz, wx, wy, wz);
        }
        // the table's cap runs from a crossing's point to the point where its face g crosses out
        for (int k = 0; k < capCount; k++) {
            int next = cp[k + 1 < capCount ? k + 1 : 0];
            if (lpv[cp[k] - firstCut] != next) {
                return NOT_GENERIC;
            }
        }
        // commit: the cap's face slot, the new points' edges, the inside ends' edges
        int capFace = cl.nfp++;
        if (cl.fnb.length <= capFace || fStartV.length <= capFace) {
            cl.faceSlots(cl.nfp);
        }
        final int[] e2 = ed, b2 = eb, fc2 = ef, sv2 = fStartV;
        for (int x = 0; x < nx0; x++) {
            int a = ca[x], sa = csa[x], p = cpt[x], f = cf[x], g = cg[x];
            int ia = 3 * a + sa, ip = 3 * p;
            e2[ia] = p;
            b2[ia] = 0;
            e2[ip] = a;
            b2[ip] = sa;
            fc2[ip] = g;
            e2[ip + 1] = cpt[fi[f]];
            b2[ip + 1] = 2;
            fc2[ip + 1] = f;
            e2[ip + 2] = cpt[fo[g]];
            b2[ip + 2] = 1;
            fc2[ip + 2] = capFace;
        }
        for (int k = 0; k < ncf; k++) {
            int f = cfs[k];
            if (ds[sv2[f]] > 0) {
                sv2[f] = cpt[fi[f]];
            }
        }
        sv2[capFace] = cp[0];
        // faces on an outside vertex that no crossing touched lie wholly outside
        final boolean[] alive = cl.fAlive;
        int dropped = 0;
        for (int k = 0; k < nnc; k++) {
            int i = 3 * nn[k];
            for (int j = 0; j < 3; j++) {
                int f = fc2[i + j];
                if (fm[f] != st && alive[f]) {
                    alive[f] = false;
                    dropped++;
                }
            }
        }
        cl.fnb[capFace] = site;
        alive[capFace] = true;
        final double[] fpl = cl.fpl;
        fpl[4 * capFace] = nx;
        fpl[4 * capFace + 1] = ny;
        fpl[4 * capFace + 2] = nz;
        fpl[4 * capFace + 3] = d;
        cl.nvp = count;
        int nfNew = cl.nf - dropped + 1;
        if (nfNew < 4) {
            return -1;
        }
        cl.nf = nfNew; // the face list is the live ids ascending, written when edge mode ends (orderLists)
        // the live list, unordered: each outside vertex swapped out, the cut points appended; the farthest distance
        // again from every live vertex only when an outside vertex had it
        final int[] pos = lpos;
        int[] lv = cl.live;
        int nl = cl.nl;
        double mq = cl.maxQ;
        boolean again = false;
        for (int k = 0; k < nnc; k++) {
            int v = nn[k], at = pos[v], last = lv[--nl];
            lv[at] = last;
            pos[last] = at;
            again |= vqa[v] == mq;
        }
        if (lv.length < nl + capCount) {
            lv = cl.live = Arrays.copyOf(lv, Math.max(nl + capCount, 2 * lv.length));
        }
        if (again) {
            mq = 0;
            for (int k = 0; k < nl; k++) {
                double q = vqa[lv[k]];
                mq = q > mq ? q : mq;
            }
        }
        for (int id = firstCut; id < count; id++) {
            pos[id] = nl;
            lv[nl++] = id;
            mq = vqa[id] > mq ? vqa[id] : mq;
        }
        cl.maxQ = mq;
        cl.nl = nl;
        int n2 = nl;
        // three edges per vertex: the loops' total length is three per vertex
        cl.ni = 3 * n2;
        cl.allUsed = true;
        cl.changed = true;
        // the ball argument of CellClipper.clip holds for any bound on the clipped cell's vertex distances: the cut
        // cell's own (its vertices lie on or inside the cell before, so it is never above the caller's reach) makes
        // the argument go through from earlier cuts on, and the sum is computed less often; where it holds the sum
        // is positive, so the answer is the one the sum gives
        double reachNow = Math.min(reach, Math.sqrt(mq));
        if (!CellClipper.volumeSurelyPositive(inset, reachNow, tol, 3 * n2) && !(volume() > 0)) {
            return -1;
        }
        return 1;
    }

    /**
     * The cell's volume exactly as {@code CellClipper.volume} sums it over the loops {@link #writeLoops} would write
     * (signed tetrahedra from the first live vertex, faces in order, each fanned from its start), walked in the table.
     */
    private double volume() {
        final CellClipper cl = c;
        final double[] v = cl.vp;
        final int[] e = ed, fc = ef, lv = cl.live;
        final boolean[] alive = cl.fAlive;
        // the loop cut's vertex 0: the least live id
        int r = lv[0];
        for (int k = 1, n = cl.nl; k < n; k++) {
            r = lv[k] < r ? lv[k] : r;
        }
        int r0 = 3 * r;
        double rx = v[r0], ry = v[r0 + 1], rz = v[r0 + 2];
        double vol = 0;
        for (int f = 0, nfp = cl.nfp; f < nfp; f++) {
            if (!alive[f]) {
                continue;
            }
            int v0 = fStartV[f];
            int i0 = 3 * v0;
            double ax = v[i0] - rx, ay = v[i0 + 1] - ry, az = v[i0 + 2] - rz;
            int p = next(e, fc, v0, f), q = next(e, fc, p, f);
            for (int guard = 0; q != v0; guard++) {
                if (guard > cl.nl) {
                    throw new IllegalStateException("edge table broken at face " + f);
                }
                int i1 = 3 * p, i2 = 3 * q;
                double bx = v[i1] - rx, by = v[i1 + 1] - ry, bz = v[i1 + 2] - rz;
                double qx = v[i2] - rx, qy = v[i2 + 1] - ry, qz = v[i2 + 2] - rz;
                double det = ax * (by * qz - bz * qy) - ay * (bx * qz - bz * qx) + az * (bx * qy - by * qx);
                vol += det / 6.0;
                p = q;
                int t = 3 * q;
                q = fc[t] == f ? e[t] : fc[t + 1] == f ? e[t + 1] : e[t + 2];
            }
        }
        return vol;
    }

    /** The vertex after {@code v} on face {@code f}'s loop. */
    private static int next(int[] e, int[] fc, int v, int f) {
        int i = 3 * v;
        return fc[i] == f ? e[i] : fc[i + 1] == f ? e[i + 1] : e[i + 2];
    }
}
