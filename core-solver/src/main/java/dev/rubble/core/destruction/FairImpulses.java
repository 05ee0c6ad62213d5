package dev.rubble.core.destruction;

import dev.rubble.core.collision.ContactStore;

/**
 * Collision loads that do not depend on the solver's visiting order (issue 22 item 3; docs/destruction.md
 * "Collision strain"). Where two bodies touch at several points (one manifold of up to four points, or
 * several manifolds of one body pair, one per compound child), how the normal impulse is shared among
 * the points is not decided by rigid-body physics (the contact is statically indeterminate), and a
 * sequential-impulse solve shares it by the order it visits them in: two identical children landing
 * flat together took loads 5–6 % apart, and the body left the step spinning (the solve's own moment
 * is not reliable in a first-contact step). The collision strain therefore reads, for the points of one
 * body pair that carry impulse, the sharing with the least {@code Σ λ_i²} that applies the same net
 * impulse as the solve: {@code λ*_i = n_i · y} with {@code (Σ n_i n_iᵀ) y = Σ λ_i n_i}; for a flat
 * contact (parallel normals) every loaded point carries the same share. The moment is deliberately not
 * kept (it is the order-dependent part). Points the solve left unloaded (speculative, or lifting off) stay
 * at 0, so a body landing on one edge loads that edge's points only. Unique even when the normals do
 * not span space: the system is consistent and directions without a pivot are dropped. A share that
 * comes out negative is clamped to 0. Tangent (friction) impulses are kept per point. Allocation-free
 * once grown.
 */
final class FairImpulses {
    /** Fair normal impulse per contact point slot ({@code m * MAX_POINTS + k}), valid for the range last computed. */
    double[] fair = new double[64];
    private final double[] g = new double[36], y = new double[6], rhs = new double[6];

    /**
     * Computes {@link #fair} for the points of manifolds {@code [m0, m1)}, which join the same two
     * bodies; offsets are taken on body A's side.
     */
    void compute(ContactStore c, int m0, int m1) {
        int need = m1 * ContactStore.MAX_POINTS;
        if (fair.length < need) {
            fair = java.util.Arrays.copyOf(fair, Math.max(need, fair.length * 2));
        }
        java.util.Arrays.fill(g, 0);
        java.util.Arrays.fill(rhs, 0);
        int points = 0;
        for (int m = m0; m < m1; m++) {
            double nx = c.nx[m], ny = c.ny[m], nz = c.nz[m];
            for (int k = 0, p = m * ContactStore.MAX_POINTS; k < c.pointCount[m]; k++, p++) {
                double l = c.normalImpulse[p];
                fair[p] = l;
                double rx = c.ax[p], ry = c.ay[p], rz = c.az[p];
                if (l > 0) {
                    accumulate(nx, ny, nz, 0, 0, 0, l);
                    points++;
                }
            }
        }
        if (points <= 1) {
            return; // one point: its impulse is the only sharing there is
        }
        if (!solve()) {
            return;
        }
        for (int m = m0; m < m1; m++) {
            double nx = c.nx[m], ny = c.ny[m], nz = c.nz[m];
            for (int k = 0, p = m * ContactStore.MAX_POINTS; k < c.pointCount[m]; k++, p++) {
                if (fair[p] > 0) {
                    double l = nx * y[0] + ny * y[1] + nz * y[2];
                    fair[p] = l > 0 ? l : 0;
                }
            }
        }
    }

    private void accumulate(double a0, double a1, double a2, double a3, double a4, double a5, double l) {
        double[] a = av;
        a[0] = a0;
        a[1] = a1;
        a[2] = a2;
        a[3] = a3;
        a[4] = a4;
        a[5] = a5;
        for (int i = 0; i < 6; i++) {
            rhs[i] += a[i] * l;
            for (int j = 0; j < 6; j++) {
                g[6 * i + j] += a[i] * a[j];
            }
        }
    }

    /**
     * Solves {@code G y = rhs} by Gaussian elimination with full pivoting; directions whose pivot is
     * under 1e-12 of the largest diagonal are dropped (y = 0 there): G is singular when the points do
     * not span all six directions, and the system is consistent. False when G is all zero.
     */
    private boolean solve() {
        double scale = 0;
        for (int i = 0; i < 6; i++) {
            scale = Math.max(scale, Math.abs(g[7 * i]));
        }
        if (!(scale > 0) || !Double.isFinite(scale)) {
            return false;
        }
        double eps = 1e-12 * scale;
        int[] col = cols;
        for (int i = 0; i < 6; i++) {
            col[i] = i;
            y[i] = 0;
        }
        int rank = 0;
        for (; rank < 6; rank++) {
            // the largest remaining entry
            int pr = -1, pc = -1;
            double best = eps;
            for (int i = rank; i < 6; i++) {
                for (int j = rank; j < 6; j++) {
                    double v = Math.abs(g[6 * i + col[j]]);
                    if (v > best) {
                        best = v;
                        pr = i;
                        pc = j;
                    }
                }
            }
            if (pr < 0) {
                break;
            }
            if (pr != rank) {
                for (int j = 0; j < 6; j++) {
                    double t = g[6 * pr + j];
                    g[6 * pr + j] = g[6 * rank + j];
                    g[6 * rank + j] = t;
                }
                double t = rhs[pr];
                rhs[pr] = rhs[rank];
                rhs[rank] = t;
            }
            int tc = col[pc];
            col[pc] = col[rank];
            col[rank] = tc;
            double piv = g[6 * rank + col[rank]];
            for (int i = rank + 1; i < 6; i++) {
                double f = g[6 * i + col[rank]] / piv;
                if (f == 0) {
                    continue;
                }
                for (int j = rank; j < 6; j++) {
                    g[6 * i + col[j]] -= f * g[6 * rank + col[j]];
                }
                rhs[i] -= f * rhs[rank];
            }
        }
        // back substitution over the first `rank` pivots; the dropped directions stay 0
        for (int i = rank - 1; i >= 0; i--) {
            double s = rhs[i];
            for (int j = i + 1; j < rank; j++) {
                s -= g[6 * i + col[j]] * y[col[j]];
            }
            y[col[i]] = s / g[6 * i + col[i]];
        }
        return true;
    }

    private final int[] cols = new int[6];
    private final double[] av = new double[6];
}
