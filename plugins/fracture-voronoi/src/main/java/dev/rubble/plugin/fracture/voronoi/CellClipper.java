package dev.rubble.plugin.fracture.voronoi;

import dev.rubble.spi.geom.ConvexPolytope;
import java.util.Arrays;

/**
 * One Voronoi cell being clipped, in reusable buffers: the same arithmetic, vertex numbering and
 * face order as {@code PolytopeClipper.clip} (so cells come out bit-identical to clipping one
 * {@link ConvexPolytope} after another), but without an object, a hash map or a mass-property pass
 * per intermediate clip. Each face also carries the site whose bisector made it ({@code -1} for a
 * face of the source), which gives the Voronoi adjacency and the shared face areas for free.
 *
 * <p>Not thread-safe: one instance per thread, reused for every cell.
 */
final class CellClipper {
    // current cell: vertices, face loops, planes, neighbour per face
    private double[] v = new double[3 * 64];
    private int[] fs = new int[65];
    private int[] fi = new int[256];
    private double[] pl = new double[4 * 64];
    private int[] nb = new int[64];
    private int nv, nf, ni;
    // the clip's output, swapped with the current cell
    private double[] v2 = new double[3 * 64];
    private int[] fs2 = new int[65];
    private int[] fi2 = new int[256];
    private double[] pl2 = new double[4 * 64];
    private int[] nb2 = new int[64];
    // scratch
    private double[] dist = new double[64];
    private int[] remap = new int[64];
    private double[] nvtx = new double[3 * 256];
    private int[] nfs = new int[64];
    private int[] nfsrc = new int[64];
    private int[] nfi = new int[512];
    private int[] capPts = new int[256];
    private boolean[] onCap = new boolean[256];
    private double[] ang = new double[256];
    private double[] ang2 = new double[64];
    private int[] capOrder = new int[64];
    private int[] used = new int[256];
    private int[] cutHead = new int[64];
    private int[] cutIn = new int[64];
    private int[] cutNext = new int[64];
    private int[] cutId = new int[64];
    private final double[] basis = new double[6];
    private ConvexPolytope origin;
    private double[] sv, spl;
    private int[] sfs, sfi;
    private boolean changed;
    // every vertex of the current cell is on one of its faces (true after any cut; the source's own flag before)
    private boolean allUsed, sourceAllUsed;

    /** Starts a cell as {@code source} (all faces with neighbour -1). */
    void reset(ConvexPolytope source) {
        if (source != origin) {
            // the polytope's accessors copy; take its arrays once for every cell started from it
            origin = source;
            sv = source.vertices();
            sfs = source.faceStarts();
            sfi = source.faceIndices();
            spl = source.planes();
            // whether every source vertex is on a face (then every later cell's are, see clip's used count)
            boolean[] on = new boolean[sv.length / 3];
            int count = 0;
            for (int idx : sfi) {
                if (!on[idx]) {
                    on[idx] = true;
                    count++;
                }
            }
            sourceAllUsed = count == on.length;
        }
        allUsed = sourceAllUsed;
        changed = false;
        nv = sv.length / 3;
        nf = sfs.length - 1;
        ni = sfi.length;
        v = ensure(v, sv.length);
        fs = ensure(fs, nf + 1);
        fi = ensure(fi, ni);
        pl = ensure(pl, 4 * nf);
        nb = ensure(nb, nf);
        System.arraycopy(sv, 0, v, 0, sv.length);
        System.arraycopy(sfs, 0, fs, 0, nf + 1);
        System.arraycopy(sfi, 0, fi, 0, ni);
        System.arraycopy(spl, 0, pl, 0, 4 * nf);
        Arrays.fill(nb, 0, nf, -1);
    }

    /** Distance from a point to the farthest vertex, as {@link ConvexPolytope#maxVertexDistance}. */
    double maxVertexDistance(double x, double y, double z) {
        // a plain comparison, not Math.max (whose NaN and -0.0 checks C1 keeps): the squares are finite and ≥ +0
        final double[] vv = v;
        double m = 0;
        for (int i = 0, e = 3 * nv; i < e; i += 3) {
            double dx = vv[i] - x, dy = vv[i + 1] - y, dz = vv[i + 2] - z;
            double q = dx * dx + dy * dy + dz * dz;
            if (q > m) {
                m = q;
            }
        }
        return Math.sqrt(m);
    }

    /**
     * Keeps the part on the inner side {@code n·x ≤ d}; the new face's neighbour is {@code site}.
     *
     * <p>A clipped cell whose computed volume is not positive vanishes (as in {@code PolytopeClipper}).
     * When the caller knows a point (the cell's site) lying at least {@code inset} inside every plane
     * the cell was clipped by, this one included, and every vertex within {@code reach} of that point,
     * the clipped cell holds a ball of radius {@code inset}: its volume, at least 4/3·π·inset³, is then
     * far above what rounding (about T²·ε·(2·reach)³ for T fan triangles) and the tolerance's snapping
     * (at most the surface, 4π·reach², times a few tolerances) can take away, and the sum is not
     * computed — the sign it would give is known. Pass {@code inset = 0} to always compute it.
     *
     * @return 1 when the cell changed, 0 when nothing lay outside, -1 when the cell vanished
     */
    int clip(double nx, double ny, double nz, double d, double tol, int site, double inset, double reach) {
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (!(len > 0) || !Double.isFinite(len) || !Double.isFinite(d)) {
            throw new IllegalArgumentException("plane (" + nx + ", " + ny + ", " + nz + ", " + d
                    + ") is not allowed; allowed: finite with a non-zero normal");
        }
        nx /= len;
        ny /= len;
        nz /= len;
        d /= len;
        dist = ensure(dist, nv);
        final double[] vv = v, ds = dist;
        int out = 0, in = 0;
        for (int i = 0; i < nv; i++) {
            double s = nx * vv[3 * i] + ny * vv[3 * i + 1] + nz * vv[3 * i + 2] - d;
            if (s > tol) {
                out++;
            } else if (s < -tol) {
                in++;
            } else {
                s = 0;
            }
            ds[i] = s;
        }
        if (out == 0) {
            return 0;
        }
        if (in == 0) {
            return -1;
        }
        remap = ensure(remap, nv);
        cutHead = ensure(cutHead, nv);
        nvtx = ensure(nvtx, 3 * (nv + ni));
        int count = 0;
        final double[] nt = nvtx;
        final int[] rm = remap, ch = cutHead;
        for (int i = 0; i < nv; i++) {
            if (ds[i] <= 0) {
                rm[i] = count;
                nt[3 * count] = vv[3 * i];
                nt[3 * count + 1] = vv[3 * i + 1];
                nt[3 * count + 2] = vv[3 * i + 2];
                count++;
            } else {
                rm[i] = -1;
                ch[i] = -1;
            }
        }
        int nCut = 0;
        nfs = ensure(nfs, nf + 2);
        nfsrc = ensure(nfsrc, nf + 2);
        nfi = ensure(nfi, ni * 2 + nv);
        capPts = ensure(capPts, ni + nv);
        if (onCap.length < nv + ni) {
            onCap = new boolean[2 * (nv + ni)];
        }
        final boolean[] oc = onCap;
        Arrays.fill(oc, 0, nv + ni, false);
        int capCount = 0;
        int nfCount = 0, idxCount = 0;
        final int[] fsc = fs, fic = fi, out2 = nfi, cp = capPts, nfsA = nfs, nfsrcA = nfsrc;
        int[] cIn = cutIn, cNext = cutNext, cId = cutId;
        for (int f = 0; f < nf; f++) {
            int s = fsc[f], e = fsc[f + 1];
            int faceBegin = idxCount;
            // a face wholly inside is kept as it is (its loop renumbered: no cut, no cap point, no repeat);
            // a face wholly outside is dropped (it adds nothing below)
            boolean allIn = true, allOut = true;
            for (int k = s; k < e; k++) {
                double da = ds[fic[k]];
                allIn &= da < 0;
                allOut &= da > 0;
            }
            if (allOut) {
                continue;
            }
            if (allIn) {
                for (int k = s; k < e; k++) {
                    out2[idxCount++] = rm[fic[k]];
                }
                nfsrcA[nfCount] = f;
                nfsA[nfCount++] = faceBegin;
                continue;
            }
            for (int k = s; k < e; k++) {
                int a = fic[k];
                int b = fic[k + 1 < e ? k + 1 : s];
                double da = ds[a];
                double db = ds[b];
                if (da <= 0) {
                    int ra = rm[a];
                    if (idxCount == faceBegin || out2[idxCount - 1] != ra) {
                        out2[idxCount++] = ra;
                    }
                    if (da == 0 && !oc[ra]) {
                        oc[ra] = true;
                        cp[capCount++] = ra;
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
                        double t = ds[p] / (ds[p] - ds[q]);
                        nt[3 * count] = vv[3 * p] + t * (vv[3 * q] - vv[3 * p]);
                        nt[3 * count + 1] = vv[3 * p + 1] + t * (vv[3 * q + 1] - vv[3 * p + 1]);
                        nt[3 * count + 2] = vv[3 * p + 2] + t * (vv[3 * q + 2] - vv[3 * p + 2]);
                        id = count++;
                        if (nCut == cIn.length) {
                            cIn = cutIn = Arrays.copyOf(cIn, 2 * nCut);
                            cNext = cutNext = Arrays.copyOf(cNext, 2 * nCut);
                            cId = cutId = Arrays.copyOf(cId, 2 * nCut);
                        }
                        cIn[nCut] = n;
                        cNext[nCut] = ch[o];
                        ch[o] = nCut;
                        cId[nCut++] = id;
                        oc[id] = true;
                        cp[capCount++] = id;
                    }
                    if (idxCount == faceBegin || out2[idxCount - 1] != id) {
                        out2[idxCount++] = id;
                    }
                }
            }
            if (idxCount - faceBegin >= 2 && out2[idxCount - 1] == out2[faceBegin]) {
                idxCount--;
            }
            if (idxCount - faceBegin >= 3 && !allOnCap(out2, faceBegin, idxCount, oc)) {
                nfsrcA[nfCount] = f;
                nfsA[nfCount++] = faceBegin;
            } else {
                idxCount = faceBegin;
            }
        }
        if (capCount >= 3) {
            ConvexPolytope.planeBasis(nx, ny, nz, basis);
            double ux = basis[0], uy = basis[1], uz = basis[2], wx = basis[3], wy = basis[4], wz = basis[5];
            double mx = 0, my = 0, mz = 0;
            for (int k = 0; k < capCount; k++) {
                int i = 3 * capPts[k];
                mx += nvtx[i];
                my += nvtx[i + 1];
                mz += nvtx[i + 2];
            }
            mx /= capCount;
            my /= capCount;
            mz /= capCount;
            sortCap(capCount, mx, my, mz, ux, uy, uz, wx, wy, wz);
            int faceBegin = idxCount;
            for (int k = 0; k < capCount; k++) {
                idxCount = appendDistinct(nfi, faceBegin, idxCount, capPts[k]);
            }
            if (idxCount - faceBegin >= 3) {
                nfsrc[nfCount] = -1;
                nfs[nfCount++] = faceBegin;
            } else {
                idxCount = faceBegin;
            }
        }
        if (nfCount < 4) {
            return -1;
        }
        // compact into the second buffer set: drop vertices no face uses
        int nu = count;
        if (capCount < 3 || !allUsed) {
            // with a cap every vertex is used when every vertex before the cut was: a vertex strictly inside keeps
            // every face it is on (three or more distinct points, not all on the cap), and the cap holds every point
            // on the plane and every cut point
            used = ensure(used, count);
            Arrays.fill(used, 0, count, -1);
            nu = 0;
            for (int k = 0; k < idxCount; k++) {
                if (used[nfi[k]] < 0) {
                    used[nfi[k]] = 0;
                    nu++;
                }
            }
        }
        if (nu == count) {
            // every vertex is used (the usual case): the numbering stays, the built arrays become the cell's
            double[] td = v2;
            v2 = nvtx;
            nvtx = td;
            int[] ti = fi2;
            fi2 = nfi;
            nfi = ti;
        } else {
            v2 = ensure(v2, 3 * count);
            nu = 0;
            for (int i = 0; i < count; i++) {
                if (used[i] == 0) {
                    used[i] = nu;
                    System.arraycopy(nvtx, 3 * i, v2, 3 * nu, 3);
                    nu++;
                }
            }
            fi2 = ensure(fi2, idxCount);
            for (int k = 0; k < idxCount; k++) {
                fi2[k] = used[nfi[k]];
            }
        }
        fs2 = ensure(fs2, nfCount + 1);
        System.arraycopy(nfs, 0, fs2, 0, nfCount);
        fs2[nfCount] = idxCount;
        pl2 = ensure(pl2, 4 * nfCount);
        nb2 = ensure(nb2, nfCount);
        for (int f = 0; f < nfCount; f++) {
            int src = nfsrc[f];
            if (src >= 0) {
                System.arraycopy(pl, 4 * src, pl2, 4 * f, 4);
                nb2[f] = nb[src];
            } else {
                pl2[4 * f] = nx;
                pl2[4 * f + 1] = ny;
                pl2[4 * f + 2] = nz;
                pl2[4 * f + 3] = d;
                nb2[f] = site;
            }
        }
        if (!volumeSurelyPositive(inset, reach, tol, idxCount) && !(volume(v2, fs2, fi2, nfCount) > 0)) {
            return -1;
        }
        double[] td = v;
        v = v2;
        v2 = td;
        int[] ti = fs;
        fs = fs2;
        fs2 = ti;
        ti = fi;
        fi = fi2;
        fi2 = ti;
        td = pl;
        pl = pl2;
        pl2 = td;
        ti = nb;
        nb = nb2;
        nb2 = ti;
        nv = nu;
        allUsed = true;
        nf = nfCount;
        ni = idxCount;
        changed = true;
        return 1;
    }

    /**
     * Orders the cap's points by {@code StrictMath.atan2(p·w, p·u)} of {@code p} = point − centroid, ties by
     * index, without calling it for most points: the pseudo-angle {@code q} (below) is a strictly increasing
     * function of the same angle on (−π, π] with the same cut (signed zeros included), so where two points'
     * {@code q} differ by more than {@link #Q_GAP} their angles differ by more than that minus a few ulps and
     * atan2 orders them the same way; only pairs closer than that compare the atan2 values themselves,
     * computed once per point when first needed. Same order, same bits as sorting by atan2.
     */
    private void sortCap(int capCount, double mx, double my, double mz, double ux, double uy, double uz,
            double wx, double wy, double wz) {
        ang = ensure(ang, 3 * capCount);
        final double[] q = ang, xy = nvtx;
        final int[] pts = capPts;
        boolean exact = false;
        for (int k = 0; k < capCount; k++) {
            int i = 3 * pts[k];
            double px = xy[i] - mx, py = xy[i + 1] - my, pz = xy[i + 2] - mz;
            double y = px * wx + py * wy + pz * wz, x = px * ux + py * uy + pz * uz;
            double qk = pseudoAngle(y, x);
            if (!(qk == qk)) {
                exact = true; // the centroid itself (or a NaN): atan2 for every point, as before
            }
            q[k] = qk;
            q[capCount + 2 * k] = y;
            q[capCount + 2 * k + 1] = x;
        }
        // atan2 per point, NaN until needed (a cached value is never NaN for finite input)
        ang2 = ensure(ang2, capCount);
        final double[] at = ang2;
        for (int k = 0; k < capCount; k++) {
            at[k] = exact ? StrictMath.atan2(q[capCount + 2 * k], q[capCount + 2 * k + 1]) : Double.NaN;
        }
        capOrder = ensure(capOrder, capCount);
        final int[] slot = capOrder;
        for (int k = 0; k < capCount; k++) {
            slot[k] = k;
        }
        for (int k = 1; k < capCount; k++) {
            int sk = slot[k];
            int j = k - 1;
            while (j >= 0 && capAfter(slot[j], sk, capCount, exact)) {
                slot[j + 1] = slot[j];
                j--;
            }
            slot[j + 1] = sk;
        }
        used = ensure(used, capCount);
        final int[] tmp = used;
        for (int k = 0; k < capCount; k++) {
            tmp[k] = pts[slot[k]];
        }
        System.arraycopy(tmp, 0, pts, 0, capCount);
    }

    /** Pseudo-angles closer than this are ordered by their atan2 values. */
    private static final double Q_GAP = 1e-9;

    /** True when cap point (slot) {@code a} sorts after {@code b}: by atan2 angle, then by vertex index. */
    private boolean capAfter(int a, int b, int capCount, boolean exact) {
        final double[] q = ang;
        if (!exact) {
            double d = q[a] - q[b];
            if (d > Q_GAP) {
                return true;
            }
            if (d < -Q_GAP) {
                return false;
            }
        }
        double ta = atanOf(a, capCount), tb = atanOf(b, capCount);
        return ta > tb || (ta == tb && capPts[a] > capPts[b]);
    }

    private double atanOf(int k, int capCount) {
        double t = ang2[k];
        if (t != t) {
            t = StrictMath.atan2(ang[capCount + 2 * k], ang[capCount + 2 * k + 1]);
            ang2[k] = t;
        }
        return t;
    }

    /**
     * A strictly increasing function of {@code atan2(y, x)} on (−π, π] into (−2, 2] with the same cut:
     * {@code y/(|x|+|y|)} for x ≥ 0 (including −0), {@code ±2 − y/(|x|+|y|)} for x &lt; 0 by the sign bit of
     * {@code y} (atan2(±0, x &lt; 0) = ±π); its slope in the angle is 1/(|sin|+|cos|)² ∈ [½, 1]. NaN at the
     * origin.
     */
    static double pseudoAngle(double y, double x) {
        double r = y / (Math.abs(x) + Math.abs(y));
        if (x < 0) {
            return (Double.doubleToRawLongBits(y) < 0 ? -2 : 2) - r;
        }
        return r;
    }

    /** The cell as an immutable polytope: the source itself when no clip changed it. */
    ConvexPolytope toPolytope() {
        if (!changed) {
            return origin;
        }
        return ConvexPolytope.wrap(Arrays.copyOf(v, 3 * nv), Arrays.copyOf(fs, nf + 1), Arrays.copyOf(fi, ni),
                Arrays.copyOf(pl, 4 * nf));
    }

    /** Number of faces of the current cell. */
    int faceCount() {
        return nf;
    }

    /** The site whose bisector made face {@code f}, or -1 for a face of the source. */
    int neighbour(int f) {
        return nb[f];
    }

    /** Area of face {@code f} (m²): the polygon's vector area projected on the face normal. */
    double faceArea(int f) {
        int s = fs[f], e = fs[f + 1];
        int i0 = 3 * fi[s];
        double sx = 0, sy = 0, sz = 0;
        for (int k = s + 1; k + 1 < e; k++) {
            int i1 = 3 * fi[k], i2 = 3 * fi[k + 1];
            double ax = v[i1] - v[i0], ay = v[i1 + 1] - v[i0 + 1], az = v[i1 + 2] - v[i0 + 2];
            double bx = v[i2] - v[i0], by = v[i2 + 1] - v[i0 + 1], bz = v[i2 + 2] - v[i0 + 2];
            sx += ay * bz - az * by;
            sy += az * bx - ax * bz;
            sz += ax * by - ay * bx;
        }
        return 0.5 * (sx * pl[4 * f] + sy * pl[4 * f + 1] + sz * pl[4 * f + 2]);
    }

    /**
     * True when a ball of radius {@code inset} inside a cell whose vertices lie within {@code reach}
     * of its centre makes the computed volume positive beyond doubt: 4/3·π·inset³ (kept as inset³)
     * exceeds a million tolerances times reach² (the snapping) plus T²·ε·(2·reach)³ with a margin of
     * 10 (T ≤ {@code indices} fan triangles, rounding of the signed-tetrahedron sum).
     */
    static boolean volumeSurelyPositive(double inset, double reach, double tol, int indices) {
        if (!(inset > 0) || !(reach > 0)) {
            return false;
        }
        double t = indices;
        double r3 = reach * reach * reach;
        return inset * inset * inset > 1e6 * reach * reach * tol + 1e-14 * t * t * r3 + 1e-9 * r3;
    }

    /** Volume exactly as {@code ConvexPolytope}'s mass pass sums it (signed tetrahedra from vertex 0). */
    private static double volume(double[] v, int[] faceStart, int[] faceIdx, int nf) {
        double rx = v[0], ry = v[1], rz = v[2];
        double vol = 0;
        for (int f = 0; f < nf; f++) {
            int s = faceStart[f], e = faceStart[f + 1];
            int i0 = 3 * faceIdx[s];
            double ax = v[i0] - rx, ay = v[i0 + 1] - ry, az = v[i0 + 2] - rz;
            for (int k = s + 1; k + 1 < e; k++) {
                int i1 = 3 * faceIdx[k], i2 = 3 * faceIdx[k + 1];
                double bx = v[i1] - rx, by = v[i1 + 1] - ry, bz = v[i1 + 2] - rz;
                double qx = v[i2] - rx, qy = v[i2 + 1] - ry, qz = v[i2 + 2] - rz;
                double det = ax * (by * qz - bz * qy) - ay * (bx * qz - bz * qx) + az * (bx * qy - by * qx);
                vol += det / 6.0;
            }
        }
        return vol;
    }

    private static boolean allOnCap(int[] idx, int a, int b, boolean[] onCap) {
        for (int k = a; k < b; k++) {
            if (!onCap[idx[k]]) {
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

    private static double[] ensure(double[] a, int n) {
        return a.length >= n ? a : new double[Math.max(n, 2 * a.length)];
    }

    private static int[] ensure(int[] a, int n) {
        return a.length >= n ? a : new int[Math.max(n, 2 * a.length)];
    }
}
