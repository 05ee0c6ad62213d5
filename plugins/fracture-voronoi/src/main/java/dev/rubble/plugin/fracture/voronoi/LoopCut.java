package dev.rubble.plugin.fracture.voronoi;

import dev.rubble.spi.geom.ConvexPolytope;
import java.util.Arrays;

/**
 * The face-loop cut of a {@link CellClipper} cell (split out of it beside {@link EdgeCut}): every face touching a
 * vertex on or beyond the plane gets a new loop, in face order, with the cut points in face-loop order and the cap
 * last, as {@code PolytopeClipper} rebuilds the cell (the clipper's design comment). Takes every cut of a cell whose
 * source is not a three-edge table and, in a cell that started in edge mode, the first cut that is not generic and
 * every one after it.
 *
 * <p>Not thread-safe: one per clipper. Reads and writes the clipper's state (same package, same thread).
 */
final class LoopCut {
    private final CellClipper cl;
    // scratch: the touched faces, and per cut point of this cut its inside end, next in its outside end's list, id
    private int[] touched = new int[64];
    private int[] cutIn = new int[64];
    private int[] cutNext = new int[64];
    private int[] cutId = new int[64];

    LoopCut(CellClipper clipper) {
        this.cl = clipper;
    }

    /** The cut proper, once some vertex lies beyond the plane and some strictly inside it. */
    int cut(double nx, double ny, double nz, double d, int site, double inset, double reach, double tol,
            int nnc) {
        if (++cl.stamp == Integer.MAX_VALUE) {
            cl.resetStamps();
        }
        final int st = cl.stamp;
        // the faces on a vertex on or beyond the plane, in face order: every other face has all its vertices
        // strictly inside, which the rebuild copies unchanged
        final int[] nn = cl.nonNeg, vh = cl.vfHead, vn = cl.vfNext, vf0 = cl.vfFace, fm = cl.faceMark;
        final boolean[] alive = cl.fAlive;
        int[] tf = touched;
        int nt = 0;
        for (int k = 0; k < nnc; k++) {
            for (int c = vh[nn[k]]; c >= 0; c = vn[c]) {
                int f = vf0[c];
                if (alive[f] && fm[f] != st) {
                    fm[f] = st;
                    if (nt == tf.length) {
                        tf = touched = Arrays.copyOf(tf, 2 * nt);
                    }
                    // insertion in ascending order (a handful of faces)
                    int j = nt - 1;
                    while (j >= 0 && tf[j] > f) {
                        tf[j + 1] = tf[j];
                        j--;
                    }
                    tf[j + 1] = f;
                    nt++;
                }
            }
        }
        // room for every new loop, cut point and incidence entry this cut can make
        int touchedLen = 0;
        for (int t = 0; t < nt; t++) {
            touchedLen += cl.fLen[tf[t]];
        }
        int firstCut = cl.nvp;
        reserve(touchedLen, nnc);
        final int[] vhd = cl.vfHead, vnx = cl.vfNext, vfc = cl.vfFace;
        int nvfc = cl.nvf;
        final double[] vv = cl.vp, ds = cl.dist, vqa = cl.vq;
        final int[] ch = cl.cutHead, cm = cl.capMark, cp = cl.capPts, loops = cl.lp, fsA = cl.fStart, flA = cl.fLen;
        int[] cIn = cutIn, cNext = cutNext, cId = cutId;
        int count = cl.nvp, nCut = 0, capCount = 0, at = cl.nlp, idxCount = cl.ni, dropped = 0;
        // each cut face, crossed once each way, links its two cut points as neighbours on the cap (its loop runs
        // in, out across the plane, so the cap runs out to in); anything else and the cap is sorted as before
        final int[] lnx = cl.capNx, lpv = cl.capPv;
        boolean linked = true;
        for (int t = 0; t < nt; t++) {
            int f = tf[t];
            int s = fsA[f], e = s + flA[f];
            // a listed face holds the listed vertex (a live vertex stays in every live face it was put in: a rewrite
            // keeps every vertex on or inside the plane), so it is never wholly inside; a face wholly outside emits
            // nothing below and is dropped as having fewer than three points
            idxCount -= e - s;
            int faceBegin = at;
            int xIn = -1, xOut = -1;
            int b = loops[s];
            double db = ds[b];
            for (int k = s; k < e; k++) {
                int a = b;
                double da = db;
                b = loops[k + 1 < e ? k + 1 : s];
                db = ds[b];
                if (da <= 0) {
                    if (at == faceBegin || loops[at - 1] != a) {
                        loops[at++] = a;
                    }
                    if (da == 0 && cm[a] != st) {
                        cm[a] = st;
                        cp[capCount++] = a;
                    }
                }
                if ((da < 0 && db > 0) || (da > 0 && db < 0)) {
                    // the edge's cut point, if its other face made it already: looked up among the cuts
                    // of the edge's outside end (one list per outside vertex)
                    int o = da > 0 ? a : b, n = da > 0 ? b : a;
                    int id = -1;
                    for (int c = ch[o]; c >= 0; c = cNext[c]) {
                        if (cIn[c] == n) {
                            id = cId[c];
                            break;
                        }
                    }
                    if (id < 0) {
                        int p = da < 0 ? a : b, q = da < 0 ? b : a;
                        double tt = ds[p] / (ds[p] - ds[q]);
                        int ip = 3 * p, iq = 3 * q, ic = 3 * count;
                        vv[ic] = vv[ip] + tt * (vv[iq] - vv[ip]);
                        vv[ic + 1] = vv[ip + 1] + tt * (vv[iq + 1] - vv[ip + 1]);
                        vv[ic + 2] = vv[ip + 2] + tt * (vv[iq + 2] - vv[ip + 2]);
                        double ex = vv[ic] - cl.cx, ey = vv[ic + 1] - cl.cy, ez = vv[ic + 2] - cl.cz;
                        vqa[count] = ex * ex + ey * ey + ez * ez;
                        id = count++;
                        vhd[id] = -1;
                        if (nCut == cIn.length) {
                            cIn = cutIn = Arrays.copyOf(cIn, 2 * nCut);
                            cNext = cutNext = Arrays.copyOf(cNext, 2 * nCut);
                            cId = cutId = Arrays.copyOf(cId, 2 * nCut);
                        }
                        cIn[nCut] = n;
                        cNext[nCut] = ch[o];
                        ch[o] = nCut;
                        cId[nCut++] = id;
                        cm[id] = st;
                        cp[capCount++] = id;
                        lnx[id - firstCut] = -1;
                        lpv[id - firstCut] = -1;
                    }
                    if (da < 0) {
                        linked &= xOut < 0;
                        xOut = id;
                    } else {
                        linked &= xIn < 0;
                        xIn = id;
                    }
                    if (at == faceBegin || loops[at - 1] != id) {
                        loops[at++] = id;
                        // the face goes on the cut point's list now (a superset if the face is dropped below)
                        vfc[nvfc] = f;
                        vnx[nvfc] = vhd[id];
                        vhd[id] = nvfc++;
                    }
                }
            }
            if (at - faceBegin >= 2 && loops[at - 1] == loops[faceBegin]) {
                at--;
            }
            boolean kept = at - faceBegin >= 3 && !allOnCap(loops, faceBegin, at, cm, st);
            if (xIn >= 0 || xOut >= 0) {
                if (xIn < 0 || xOut < 0 || !kept || lpv[xIn - firstCut] >= 0 || lnx[xOut - firstCut] >= 0) {
                    linked = false;
                } else {
                    lpv[xIn - firstCut] = xOut;
                    lnx[xOut - firstCut] = xIn;
                }
            }
            if (kept) {
                fsA[f] = faceBegin;
                flA[f] = at - faceBegin;
                idxCount += at - faceBegin;
            } else {
                at = faceBegin;
                alive[f] = false;
                dropped++;
            }
        }
        cl.nvp = count;
        cl.nvf = nvfc;
        int capFace = -1;
        if (capCount >= 3) {
            ConvexPolytope.planeBasis(nx, ny, nz, cl.basis);
            double ux = cl.basis[0], uy = cl.basis[1], uz = cl.basis[2], wx = cl.basis[3], wy = cl.basis[4], wz = cl.basis[5];
            ConvexPolytope.mean(cp, capCount, vv, cl.capCentre);
            double mx = cl.capCentre[0], my = cl.capCentre[1], mz = cl.capCentre[2];
            if (!(linked && capCount == count - firstCut
                    && cl.capOrder.byLinks(cp, capCount, firstCut, cl.capNx, cl.capPv, vv, mx, my, mz, ux, uy, uz, wx, wy,
                    wz))) {
                cl.capOrder.sort(cp, capCount, vv, mx, my, mz, ux, uy, uz, wx, wy, wz);
            }
            int faceBegin = at;
            for (int k = 0; k < capCount; k++) {
                at = appendDistinct(loops, faceBegin, at, cp[k]);
            }
            if (at - faceBegin >= 3) {
                capFace = cl.nfp++;
                cl.faceSlots(cl.nfp);
                cl.fStart[capFace] = faceBegin;
                cl.fLen[capFace] = at - faceBegin;
                cl.fnb[capFace] = site;
                cl.fAlive[capFace] = true;
                cl.fpl[4 * capFace] = nx;
                cl.fpl[4 * capFace + 1] = ny;
                cl.fpl[4 * capFace + 2] = nz;
                cl.fpl[4 * capFace + 3] = d;
                idxCount += at - faceBegin;
                for (int k = faceBegin; k < at; k++) {
                    cl.addIncidence(loops[k], capFace);
                }
            } else {
                at = faceBegin;
            }
        }
        cl.nlp = at;
        int nfNew = cl.nf - dropped + (capFace >= 0 ? 1 : 0);
        if (nfNew < 4) {
            return -1;
        }
        // the faces in order: the old ones still alive, then the cap
        int[] f2 = cl.faces2 = ensure(cl.faces2, nfNew);
        final int[] f1 = cl.faces;
        final boolean[] fa = cl.fAlive;
        int m = 0;
        for (int k = 0; k < cl.nf; k++) {
            if (fa[f1[k]]) {
                f2[m++] = f1[k];
            }
        }
        if (capFace >= 0) {
            f2[m++] = capFace;
        }
        // the vertices in order: kept ones, then the cut points; dropping any no face uses
        int[] l2 = cl.live2 = ensure(cl.live2, cl.nl + count - firstCut);
        final int[] lv = cl.live;
        int n2 = 0;
        final double[] q2 = cl.vq;
        double mq = 0;
        if (capCount < 3 || !cl.allUsed) {
            // with a cap every vertex is used when every vertex before the cut was: a vertex strictly inside keeps
            // every face it is on (three or more distinct points, not all on the cap), and the cap holds every point
            // on the plane and every cut point
            n2 = liveUsed(f2, m, firstCut, count, st);
            mq = cl.maxQ;
        } else {
            for (int k = 0; k < cl.nl; k++) {
                int id = lv[k];
                if (ds[id] <= 0) {
                    l2[n2++] = id;
                    mq = q2[id] > mq ? q2[id] : mq;
                }
            }
            for (int id = firstCut; id < count; id++) {
                l2[n2++] = id;
                mq = q2[id] > mq ? q2[id] : mq;
            }
        }
        cl.maxQ = mq;
        cl.live2 = cl.live;
        cl.live = l2;
        cl.nl = n2;
        cl.faces2 = cl.faces;
        cl.faces = f2;
        cl.nf = nfNew;
        cl.ni = idxCount;
        if (!CellClipper.volumeSurelyPositive(inset, reach, tol, idxCount) && !(cl.volume() > 0)) {
            return -1;
        }
        cl.allUsed = true;
        cl.changed = true;
        return 1;
    }

    /**
     * Room for what a cut over faces of {@code touchedLen} loop entries in all, with {@code nonNeg} vertices on or
     * beyond the plane, can make: at most one cut point per entry; a new loop at most a kept vertex and a cut point
     * per old edge, the cap at most a point per edge end; an incidence entry per emitted cut point and cap point.
     */
    private void reserve(int touchedLen, int nonNeg) {
        cl.vertexScratch(cl.nvp + touchedLen);
        if (cl.lp.length < cl.nlp + 4 * touchedLen + 8) {
            cl.lp = Arrays.copyOf(cl.lp, Math.max(cl.nlp + 4 * touchedLen + 8, 2 * cl.lp.length));
        }
        if (cl.capPts.length < nonNeg + touchedLen) {
            cl.capPts = new int[2 * (nonNeg + touchedLen)];
        }
        if (cl.capNx.length < touchedLen) {
            cl.capNx = new int[2 * touchedLen];
            cl.capPv = new int[2 * touchedLen];
        }
        if (cl.vfFace.length < cl.nvf + 4 * touchedLen + 8) {
            int m = Math.max(cl.nvf + 4 * touchedLen + 8, 2 * cl.vfFace.length);
            cl.vfFace = Arrays.copyOf(cl.vfFace, m);
            cl.vfNext = Arrays.copyOf(cl.vfNext, m);
        }
    }

    /**
     * The next live list when some vertex may be on no face (no cap, or a source vertex on no face): the kept and
     * the new vertices in order that a face of {@code f2[0..m)} uses; sets the clipper's {@code maxQ}. Returns the count.
     */
    private int liveUsed(int[] f2, int m, int firstCut, int count, int st) {
        final int[] um = cl.useMark, loops = cl.lp, lv = cl.live, l2 = cl.live2;
        final double[] ds = cl.dist, q2 = cl.vq;
        for (int k = 0; k < m; k++) {
            int f = f2[k];
            for (int q = cl.fStart[f], e = q + cl.fLen[f]; q < e; q++) {
                um[loops[q]] = st;
            }
        }
        int n2 = 0;
        double mq = 0;
        for (int k = 0; k < cl.nl; k++) {
            int id = lv[k];
            if (ds[id] <= 0 && um[id] == st) {
                l2[n2++] = id;
                mq = q2[id] > mq ? q2[id] : mq;
            }
        }
        for (int id = firstCut; id < count; id++) {
            if (um[id] == st) {
                l2[n2++] = id;
                mq = q2[id] > mq ? q2[id] : mq;
            }
        }
        cl.maxQ = mq;
        return n2;
    }

    private static boolean allOnCap(int[] idx, int a, int b, int[] capMark, int st) {
        for (int k = a; k < b; k++) {
            if (capMark[idx[k]] != st) {
                return false;
            }
        }
        return true;
    }

    private static int appendDistinct(int[] arr, int begin, int end, int id) {
        if (end > begin && arr[end - 1] == id) {
            return end;
        }
        arr[end] = id;
        return end + 1;
    }

    private static int[] ensure(int[] a, int n) {
        return a.length >= n ? a : new int[Math.max(n, 2 * a.length)];
    }
}
