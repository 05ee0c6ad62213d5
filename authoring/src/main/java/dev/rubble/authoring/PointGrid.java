package dev.rubble.authoring;

/**
 * Nearest-point queries over a fixed point set with a uniform grid (about one point per cell),
 * searching rings of cells outwards until the ring is farther than the best distance found.
 * Ties go to the smaller index. Immutable after construction.
 */
final class PointGrid {
    private final double[] p;
    private final int n;
    private final double[] lo = new double[3];
    private final double[] cs = new double[3];
    private final int[] g = new int[3];
    private final int[] start;
    private final int[] items;

    PointGrid(double[] points, int n) {
        this.p = points;
        this.n = n;
        double[] hi = new double[3];
        for (int k = 0; k < 3; k++) {
            lo[k] = Double.POSITIVE_INFINITY;
            hi[k] = Double.NEGATIVE_INFINITY;
        }
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                lo[k] = Math.min(lo[k], p[3 * i + k]);
                hi[k] = Math.max(hi[k], p[3 * i + k]);
            }
        }
        double vol = 1;
        int dims = 0;
        for (int k = 0; k < 3; k++) {
            if (hi[k] > lo[k]) {
                vol *= hi[k] - lo[k];
                dims++;
            }
        }
        double h = dims == 0 ? 1 : StrictMath.pow(vol / Math.max(1, n), 1.0 / dims);
        int total = 1;
        for (int k = 0; k < 3; k++) {
            g[k] = (int) Math.max(1, Math.min(64, Math.ceil((hi[k] - lo[k]) / h)));
            cs[k] = Math.max((hi[k] - lo[k]) / g[k], Double.MIN_NORMAL);
            total *= g[k];
        }
        start = new int[total + 1];
        int[] cellOf = new int[n];
        for (int i = 0; i < n; i++) {
            cellOf[i] = cell(p[3 * i], p[3 * i + 1], p[3 * i + 2]);
            start[cellOf[i] + 1]++;
        }
        for (int c = 0; c < total; c++) {
            start[c + 1] += start[c];
        }
        int[] fill = start.clone();
        items = new int[n];
        for (int i = 0; i < n; i++) {
            items[fill[cellOf[i]]++] = i;
        }
    }

    private int axisCell(double v, int k) {
        int c = (int) ((v - lo[k]) / cs[k]);
        return c < 0 ? 0 : c >= g[k] ? g[k] - 1 : c;
    }

    private int cell(double x, double y, double z) {
        return axisCell(x, 0) + g[0] * (axisCell(y, 1) + g[1] * axisCell(z, 2));
    }

    /** Index of the nearest point to (x, y, z). */
    int nearest(double x, double y, double z) {
        int cx = axisCell(x, 0), cy = axisCell(y, 1), cz = axisCell(z, 2);
        int best = -1;
        double bd = Double.POSITIVE_INFINITY;
        double hmin = Math.min(cs[0], Math.min(cs[1], cs[2]));
        int maxRing = Math.max(g[0], Math.max(g[1], g[2]));
        // the query may lie outside the grid: distance to the grid box bounds the first ring
        double outside = 0;
        double[] q = {x, y, z};
        for (int k = 0; k < 3; k++) {
            double hiK = lo[k] + cs[k] * g[k];
            double d = q[k] < lo[k] ? lo[k] - q[k] : q[k] > hiK ? q[k] - hiK : 0;
            outside = Math.max(outside, d);
        }
        for (int ring = 0; ring <= maxRing; ring++) {
            if (best >= 0) {
                double minD = Math.max(outside, (ring - 1) * hmin);
                if (minD > 0 && minD * minD > bd) {
                    break;
                }
            }
            for (int z0 = cz - ring; z0 <= cz + ring; z0++) {
                if (z0 < 0 || z0 >= g[2]) {
                    continue;
                }
                for (int y0 = cy - ring; y0 <= cy + ring; y0++) {
                    if (y0 < 0 || y0 >= g[1]) {
                        continue;
                    }
                    boolean shell = z0 == cz - ring || z0 == cz + ring || y0 == cy - ring || y0 == cy + ring;
                    for (int x0 = cx - ring; x0 <= cx + ring; x0 += shell ? 1 : Math.max(1, 2 * ring)) {
                        if (x0 < 0 || x0 >= g[0]) {
                            continue;
                        }
                        int c = x0 + g[0] * (y0 + g[1] * z0);
                        for (int q2 = start[c]; q2 < start[c + 1]; q2++) {
                            int i = items[q2];
                            double dx = p[3 * i] - x, dy = p[3 * i + 1] - y, dz = p[3 * i + 2] - z;
                            double d = dx * dx + dy * dy + dz * dz;
                            if (d < bd || (d == bd && i < best)) {
                                bd = d;
                                best = i;
                            }
                        }
                    }
                }
            }
        }
        return best;
    }
}
