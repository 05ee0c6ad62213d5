package dev.rubble.core.dynamics;

/**
 * LDLᵀ of a small symmetric positive-definite matrix (n ≤ 6: a joint's coupled block, a weld tree's
 * pivot), shared by {@link ConstraintSolver} and {@link WeldTrees}. The factors are packed by rows in a
 * lower triangle: entry (i, j), j &lt; i, holds L(i, j) at {@code i(i+1)/2 + j}, and the diagonal entry
 * holds 1/D(i). Allocation-free.
 */
final class SmallLdlt {
    private SmallLdlt() {
    }

    /**
     * Factors the n×n matrix whose entry (i, j), j ≤ i, is {@code a[a0 + stride i + j]} (the lower triangle
     * is read) into {@code out[o ..)}; {@code pivots} (length ≥ n) is scratch. False, with {@code out} partly
     * written, when a pivot is not above 1e-12 of its diagonal entry or not finite.
     */
    static boolean factor(double[] a, int a0, int stride, int n, double[] out, int o, double[] pivots) {
        for (int i = 0; i < n; i++) {
            int ti = o + i * (i + 1) / 2;
            for (int j = 0; j < i; j++) {
                int tj = o + j * (j + 1) / 2;
                double s = a[a0 + stride * i + j];
                for (int q = 0; q < j; q++) {
                    s -= out[ti + q] * out[tj + q] * pivots[q];
                }
                out[ti + j] = s * out[tj + j]; // L(i, j) = (.) / D(j), 1/D(j) already on j's diagonal
            }
            double dd = a[a0 + (stride + 1) * i];
            double diagonal = dd;
            for (int q = 0; q < i; q++) {
                dd -= out[ti + q] * out[ti + q] * pivots[q];
            }
            if (!(dd > 1e-12 * diagonal) || !Double.isFinite(dd)) {
                return false;
            }
            pivots[i] = dd;
            out[ti + i] = 1 / dd;
        }
        return true;
    }
}
