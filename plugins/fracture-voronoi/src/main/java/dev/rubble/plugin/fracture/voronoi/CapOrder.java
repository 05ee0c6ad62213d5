package dev.rubble.plugin.fracture.voronoi;

/**
 * The order of a cut's cap: its points by {@code StrictMath.atan2(p·w, p·u)} of {@code p} = point − centroid in
 * the plane's basis {@code (u, w)}, ties by vertex id — {@code PolytopeClipper}'s order — either read off the links
 * the cut faces made ({@link #byLinks}, checked) or sorted ({@link #sort}). Split out of {@link CellClipper}.
 *
 * <p>Not thread-safe: one instance per clipper.
 */
final class CapOrder {
    private double[] ang = new double[256];
    private double[] ang2 = new double[64];
    private int[] slots = new int[64];
    private int[] tmp = new int[64];
    /** The points being sorted (for the tie-break by id). */
    private int[] pts;

    /**
     * Orders the cap's points by {@code StrictMath.atan2(p·w, p·u)} of {@code p} = point − centroid, ties by
     * index, without calling it for most points: the pseudo-angle {@code q} (below) is a strictly increasing
     * function of the same angle on (−π, π] with the same cut (signed zeros included), so where two points'
     * {@code q} differ by more than {@link #Q_GAP} their angles differ by more than that minus a few ulps and
     * atan2 orders them the same way; only pairs closer than that compare the atan2 values themselves,
     * computed once per point when first needed. Same order, same bits as sorting by atan2.
     */
    void sort(int[] pts, int capCount, double[] xy, double mx, double my, double mz, double ux, double uy, double uz,
            double wx, double wy, double wz) {
        this.pts = pts;
        ang = ensure(ang, 3 * capCount);
        final double[] q = ang;
        boolean exact = false;
        for (int k = 0; k < capCount; k++) {
            int i = 3 * pts[k];
            double px = xy[i] - mx, py = xy[i + 1] - my, pz = xy[i + 2] - mz;
            double y = px * wx + py * wy + pz * wz, x = px * ux + py * uy + pz * uz;
            // pseudoAngle(y, x), written out (C1 does not inline it)
            double qk = y / (Math.abs(x) + Math.abs(y));
            if (x < 0) {
                qk = (Double.doubleToRawLongBits(y) < 0 ? -2 : 2) - qk;
            }
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
        slots = ensure(slots, capCount);
        final int[] slot = slots;
        for (int k = 0; k < capCount; k++) {
            slot[k] = k;
        }
        for (int k = 1; k < capCount; k++) {
            int sk = slot[k];
            int j = k - 1;
            double qk = q[sk];
            while (j >= 0) {
                int sj = slot[j];
                // capAfter's pseudo-angle test here, capAfter itself only for close pairs (C1 does not inline it)
                double dq = exact ? 0 : q[sj] - qk;
                if (dq > Q_GAP ? false : dq < -Q_GAP || !capAfter(sj, sk, capCount, exact)) {
                    break;
                }
                slot[j + 1] = sj;
                j--;
            }
            slot[j + 1] = sk;
        }
        tmp = ensure(tmp, capCount);
        final int[] t = tmp;
        for (int k = 0; k < capCount; k++) {
            t[k] = pts[slot[k]];
        }
        System.arraycopy(t, 0, pts, 0, capCount);
    }

    /**
     * The cap's points (exactly this cut's cut points, ids {@code firstCut ..}) in the order {@link #sort} gives,
     * read off the links the cut faces made instead of sorted: around the centroid, inside a convex polygon, the
     * angle increases along the boundary from its smallest one, so the order is the cycle walked from the point of
     * least pseudo-angle towards its neighbour of smaller pseudo-angle. Taken only when checked: every point visited
     * once, and each pseudo-angle above the one before by more than {@link #Q_GAP} (then every pair differs by more,
     * {@link #capAfter} decides every comparison by the pseudo-angles alone, and the sort has this one result).
     * {@code capNx}/{@code capPv} hold, per point {@code id - firstCut}, its two neighbours' ids as the cut faces
     * linked them (one per direction, unknown which). Returns false, leaving {@code pts} as it was, when the check
     * fails.
     */
    boolean byLinks(int[] pts, int capCount, int firstCut, int[] capNx, int[] capPv, double[] xy, double mx,
            double my, double mz, double ux, double uy, double uz, double wx, double wy, double wz) {
        ang = ensure(ang, capCount);
        final double[] q = ang;
        int start = -1;
        double qMin = Double.POSITIVE_INFINITY;
        for (int k = 0; k < capCount; k++) {
            int i = 3 * (firstCut + k);
            double px = xy[i] - mx, py = xy[i + 1] - my, pz = xy[i + 2] - mz;
            double y = px * wx + py * wy + pz * wz, x = px * ux + py * uy + pz * uz;
            // pseudoAngle(y, x), written out (C1 does not inline it)
            double qk = y / (Math.abs(x) + Math.abs(y));
            if (x < 0) {
                qk = (Double.doubleToRawLongBits(y) < 0 ? -2 : 2) - qk;
            }
            if (!(qk == qk)) {
                return false;
            }
            q[k] = qk;
            if (qk < qMin) {
                qMin = qk;
                start = k;
            }
        }
        int toNext = capNx[start] - firstCut, toPrev = capPv[start] - firstCut;
        if (toNext < 0 || toPrev < 0 || q[toNext] == q[toPrev]) {
            return false;
        }
        final int[] dir = q[toNext] < q[toPrev] ? capNx : capPv;
        tmp = ensure(tmp, capCount);
        final int[] order = tmp;
        int cur = start;
        for (int k = 0; k < capCount; k++) {
            order[k] = firstCut + cur;
            int nk = dir[cur] - firstCut;
            if (nk < 0) {
                return false;
            }
            if (k + 1 < capCount) {
                if (!(q[nk] - q[cur] > Q_GAP)) {
                    return false;
                }
                cur = nk;
            } else if (nk != start) {
                return false;
            }
        }
        System.arraycopy(order, 0, pts, 0, capCount);
        return true;
    }

    /** Pseudo-angles closer than this are ordered by their atan2 values. */
    static final double Q_GAP = 1e-9;

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
        return ta > tb || (ta == tb && pts[a] > pts[b]);
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
     * origin. Written out in {@link #sort} and {@link #byLinks} (C1 does not inline it): keep the three the same.
     */
    static double pseudoAngle(double y, double x) {
        double r = y / (Math.abs(x) + Math.abs(y));
        if (x < 0) {
            return (Double.doubleToRawLongBits(y) < 0 ? -2 : 2) - r;
        }
        return r;
    }

    private static double[] ensure(double[] a, int n) {
        return a.length >= n ? a : new double[Math.max(n, 2 * a.length)];
    }

    private static int[] ensure(int[] a, int n) {
        return a.length >= n ? a : new int[Math.max(n, 2 * a.length)];
    }
}
