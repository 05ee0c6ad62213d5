package dev.rubble.geometry.polytope;

/**
 * Sutherland–Hodgman clipping of one convex polygon by another in a plane, shared by the bond areas of
 * authoring ({@code Proximity}) and the stress model's bond faces ({@link HullInterface}): both measure the
 * overlap of two hulls' coplanar opposite faces. Allocation-free: the caller owns the buffers.
 */
public final class PolygonClip {
    private PolygonClip() {
    }

    /**
     * The buffers of one overlap measure, reused from call to call (grown, never shrunk; one per thread): the
     * plane basis, the two polygons and the clip's scratch.
     */
    public static class Buffers {
        /** The face plane's in-plane axes u and w (six values), as {@code ConvexPolytope.planeBasis} writes them. */
        public final double[] basis = new double[6];
        /** The first polygon, replaced by the overlap. */
        public double[] ax = new double[16], ay = new double[16];
        /** The clipping polygon (counter-clockwise). */
        public double[] bx = new double[16], by = new double[16];
        /** The clip's scratch. */
        public double[] tx = new double[32], ty = new double[32];

        /** Makes room for polygons of up to {@code size} vertices together. */
        public void ensure(int size) {
            int cap = 2 * size + 8;
            if (ax.length < cap || tx.length < cap) {
                ax = new double[cap];
                ay = new double[cap];
                bx = new double[cap];
                by = new double[cap];
                tx = new double[cap];
                ty = new double[cap];
            }
        }

        /** {@link PolygonClip#clip} of {@code (ax, ay)[0..na)} by {@code (bx, by)[0..nb)}; the overlap is left in ax, ay. */
        public int clip(int na, int nb) {
            return PolygonClip.clip(ax, ay, na, bx, by, nb, tx, ty);
        }
    }

    /**
     * Clips polygon {@code (ax, ay)[0..na)} by the counter-clockwise convex polygon {@code (bx, by)[0..nb)}, one
     * edge of it after another, keeping what lies on the left of each edge (on it included).
     * @param ax the first polygon's x, replaced by the result's
     * @param ay the first polygon's y, replaced by the result's
     * @param na its vertex count
     * @param bx the clipping polygon's x (counter-clockwise)
     * @param by the clipping polygon's y
     * @param nb its vertex count
     * @param tx scratch, as long as {@code ax} ({@code na + nb} at least)
     * @param ty scratch, as long as {@code ay}
     * @return the result's vertex count (0: no overlap), its vertices in {@code ax, ay}
     */
    public static int clip(double[] ax, double[] ay, int na, double[] bx, double[] by, int nb, double[] tx, double[] ty) {
        int cnt = na;
        double[] cx = ax, cy = ay, ox = tx, oy = ty;
        for (int e = 0; e < nb && cnt > 0; e++) {
            double x0 = bx[e], y0 = by[e];
            double x1 = bx[(e + 1) % nb], y1 = by[(e + 1) % nb];
            double ex = x1 - x0, ey = y1 - y0;
            int out = 0;
            for (int k = 0; k < cnt; k++) {
                int k1 = (k + 1) % cnt;
                double sa = ex * (cy[k] - y0) - ey * (cx[k] - x0);
                double sb = ex * (cy[k1] - y0) - ey * (cx[k1] - x0);
                if (sa >= 0) {
                    ox[out] = cx[k];
                    oy[out] = cy[k];
                    out++;
                }
                if ((sa >= 0) != (sb >= 0)) {
                    double t = sa / (sa - sb);
                    ox[out] = cx[k] + t * (cx[k1] - cx[k]);
                    oy[out] = cy[k] + t * (cy[k1] - cy[k]);
                    out++;
                }
            }
            double[] sx = cx, sy = cy;
            cx = ox;
            cy = oy;
            ox = sx;
            oy = sy;
            cnt = out;
        }
        if (cx != ax) {
            System.arraycopy(cx, 0, ax, 0, cnt);
            System.arraycopy(cy, 0, ay, 0, cnt);
        }
        return cnt;
    }
}
