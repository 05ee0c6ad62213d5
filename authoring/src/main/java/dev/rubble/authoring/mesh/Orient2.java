package dev.rubble.authoring.mesh;

import java.math.BigDecimal;

/**
 * Exact 2-D orientation: a double evaluation with a forward error bound (Shewchuk's filter, with
 * a conservative constant), falling back to exact {@link BigDecimal} arithmetic when the filter
 * cannot decide, so the sign is exact for all finite inputs. Points are packed x, y.
 */
final class Orient2 {
    private static final double BOUND = 1e-15;

    private Orient2() {
    }

    /** Sign of the cross product {@code (b-a)×(c-a)}: +1 counter-clockwise, -1 clockwise, 0 collinear. */
    static int orient(double ax, double ay, double bx, double by, double cx, double cy) {
        double l = (bx - ax) * (cy - ay), r = (by - ay) * (cx - ax);
        double det = l - r;
        double bound = BOUND * (Math.abs(l) + Math.abs(r));
        if (det > bound) {
            return 1;
        }
        if (-det > bound) {
            return -1;
        }
        return exact(ax, ay, bx, by, cx, cy);
    }

    /**
     * Exact sign by floating-point expansions (Shewchuk 1997): the determinant expanded into six
     * products {@code bx cy - bx ay - ax cy - by cx + by ax + ay cx} (the {@code ax ay} terms
     * cancel), each split exactly into a head and a tail with {@code Math.fma}, summed by
     * Grow-Expansion; the sign of an expansion is the sign of its largest nonzero component.
     * Exact for all finite inputs without overflow or underflow in the products; BigDecimal
     * otherwise.
     */
    static int exact(double ax, double ay, double bx, double by, double cx, double cy) {
        double[] h = new double[12];
        int n = 0;
        double[][] terms = {{bx, cy}, {-bx, ay}, {-ax, cy}, {-by, cx}, {by, ax}, {ay, cx}};
        for (double[] t : terms) {
            double p = t[0] * t[1];
            double e = Math.fma(t[0], t[1], -p);
            if (!Double.isFinite(p) || (p != 0 && Math.abs(p) < 0x1.0p-900)) {
                return big(ax, ay, bx, by, cx, cy);
            }
            n = grow(h, n, e);
            n = grow(h, n, p);
        }
        for (int i = n - 1; i >= 0; i--) {
            if (h[i] != 0) {
                return h[i] > 0 ? 1 : -1;
            }
        }
        return 0;
    }

    /** Grow-Expansion: adds b to the nonoverlapping expansion h[0..n) (increasing magnitude). */
    private static int grow(double[] h, int n, double b) {
        double q = b;
        for (int i = 0; i < n; i++) {
            double x = q + h[i];
            double bv = x - q;
            double av = x - bv;
            double err = (q - av) + (h[i] - bv);
            h[i] = err;
            q = x;
        }
        h[n] = q;
        return n + 1;
    }

    private static int big(double ax, double ay, double bx, double by, double cx, double cy) {
        BigDecimal axd = new BigDecimal(ax), ayd = new BigDecimal(ay);
        BigDecimal ux = new BigDecimal(bx).subtract(axd), uy = new BigDecimal(by).subtract(ayd);
        BigDecimal vx = new BigDecimal(cx).subtract(axd), vy = new BigDecimal(cy).subtract(ayd);
        return ux.multiply(vy).subtract(uy.multiply(vx)).signum();
    }

    static int orient(double[] p, int a, int b, int c) {
        return orient(p[2 * a], p[2 * a + 1], p[2 * b], p[2 * b + 1], p[2 * c], p[2 * c + 1]);
    }

    /** Closed segments p[i]p[j] and q[k]q[l] (points of two packed arrays) have a common point. */
    static boolean segmentsMeet(double[] p, int i, int j, double[] q, int k, int l) {
        double ax = p[2 * i], ay = p[2 * i + 1], bx = p[2 * j], by = p[2 * j + 1];
        double cx = q[2 * k], cy = q[2 * k + 1], dx = q[2 * l], dy = q[2 * l + 1];
        int o1 = orient(ax, ay, bx, by, cx, cy), o2 = orient(ax, ay, bx, by, dx, dy);
        int o3 = orient(cx, cy, dx, dy, ax, ay), o4 = orient(cx, cy, dx, dy, bx, by);
        if (o1 * o2 < 0 && o3 * o4 < 0) {
            return true;
        }
        return (o1 == 0 && onSegment(ax, ay, bx, by, cx, cy)) || (o2 == 0 && onSegment(ax, ay, bx, by, dx, dy))
                || (o3 == 0 && onSegment(cx, cy, dx, dy, ax, ay)) || (o4 == 0 && onSegment(cx, cy, dx, dy, bx, by));
    }

    private static boolean onSegment(double ax, double ay, double bx, double by, double px, double py) {
        return Math.min(ax, bx) <= px && px <= Math.max(ax, bx) && Math.min(ay, by) <= py && py <= Math.max(ay, by);
    }

    /** Point {@code k} of {@code q} lies in the closed triangle of the three points of {@code t}. */
    static boolean inTriangle(double[] t, double[] q, int k) {
        double px = q[2 * k], py = q[2 * k + 1];
        int o1 = orient(t[0], t[1], t[2], t[3], px, py), o2 = orient(t[2], t[3], t[4], t[5], px, py),
                o3 = orient(t[4], t[5], t[0], t[1], px, py);
        return (o1 >= 0 && o2 >= 0 && o3 >= 0) || (o1 <= 0 && o2 <= 0 && o3 <= 0);
    }
}
