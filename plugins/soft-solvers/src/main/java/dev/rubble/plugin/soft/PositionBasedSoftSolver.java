package dev.rubble.plugin.soft;

import dev.rubble.spi.soft.SoftBodyState;
import dev.rubble.spi.soft.SoftContacts;
import dev.rubble.spi.soft.SoftSolver;

/**
 * Position-based dynamics of soft-body points (Müller et al. 2007, "Position Based Dynamics"), in
 * two flavours that differ only in how a constraint's correction is scaled:
 *
 * <pre>
 *  per step:      pinned points get v = (target - x) / dt
 *  per sub-step h = dt / subSteps:
 *      predict     prev = x;  v += g h (free points);  x += v h
 *      contacts    beginSubStep
 *      iterate     edges (distance), tets (volume), contacts.project       x iterations
 *      velocities  v = (x - prev) / h, damped by 1 / (1 + h c)
 *      contacts    endSubStep (friction)
 * </pre>
 *
 * <b>PBD</b> (the reference, pbd-spring-soft-body §2): each iteration moves a constraint a fixed
 * fraction {@code k} (the stiffness) of the way to satisfied: {@code Δλ = -k C / Σ w|∇C|²}. What
 * that fraction means physically depends on the iteration count and the step: more iterations or
 * smaller steps make the same {@code k} stiffer (the reference's item 5: "stiffness has no physical
 * meaning, tuning is by feel").
 *
 * <p><b>XPBD</b> (Macklin, Müller, Chentanez 2016, "XPBD: Position-Based Simulation of Compliant
 * Constrained Dynamics"): each constraint carries a Lagrange multiplier λ (reset every sub-step)
 * and a compliance α (inverse stiffness, m/N for distances), and each iteration solves
 * {@code Δλ = (-C - α̃ λ) / (Σ w|∇C|² + α̃)} with {@code α̃ = α / h²}. At convergence this is the
 * implicit-Euler solution of the elastic forces {@code -∇C C / α}, independent of iteration count
 * and step: a spring of compliance α under load F stretches F α.
 *
 * <p>Deterministic: fixed loop order (points, edges, tets by index), no transcendental functions
 * beyond {@code Math.sqrt} (correctly rounded). No allocation.
 */
final class PositionBasedSoftSolver implements SoftSolver {
    private final boolean xpbd;
    private final int subSteps;
    private final int iterations;
    private final double damping;

    /**
     * @param xpbd       compliance (XPBD) or per-iteration stiffness (PBD)
     * @param subSteps   sub-steps per step, >= 1
     * @param iterations iterations per sub-step, >= 1
     * @param damping    velocity damping, 1/s, >= 0
     */
    PositionBasedSoftSolver(boolean xpbd, int subSteps, int iterations, double damping) {
        this.xpbd = xpbd;
        this.subSteps = subSteps;
        this.iterations = iterations;
        this.damping = damping;
    }

    @Override
    public int subSteps() {
        return subSteps;
    }

    @Override
    public int iterations() {
        return iterations;
    }

    @Override
    public void step(SoftBodyState s, double dt, double gx, double gy, double gz, SoftContacts contacts) {
        if (!(dt > 0)) {
            throw new IllegalArgumentException("dt = " + dt + "; allowed: > 0 seconds");
        }
        final double[] x = s.x, prev = s.prev, v = s.v, w = s.invMass;
        final int n = s.points;
        for (int k = 0; k < s.pins; k++) {
            int p = 3 * s.pinPoint[k];
            v[p] = (s.pinTarget[3 * k] - x[p]) / dt;
            v[p + 1] = (s.pinTarget[3 * k + 1] - x[p + 1]) / dt;
            v[p + 2] = (s.pinTarget[3 * k + 2] - x[p + 2]) / dt;
        }
        final double h = dt / subSteps;
        final double damp = 1 / (1 + h * damping);
        for (int sub = 0; sub < subSteps; sub++) {
            for (int i = 0, o = 0; i < n; i++, o += 3) {
                prev[o] = x[o];
                prev[o + 1] = x[o + 1];
                prev[o + 2] = x[o + 2];
                if (w[i] > 0) {
                    v[o] += gx * h;
                    v[o + 1] += gy * h;
                    v[o + 2] += gz * h;
                }
                x[o] += v[o] * h;
                x[o + 1] += v[o + 1] * h;
                x[o + 2] += v[o + 2] * h;
            }
            if (sub == subSteps - 1) {
                snapPins(s);
            }
            contacts.beginSubStep(s, h);
            if (xpbd) {
                java.util.Arrays.fill(s.edgeLambda, 0, s.edges, 0.0);
                java.util.Arrays.fill(s.tetLambda, 0, s.tets, 0.0);
            }
            final double invH2 = 1 / (h * h);
            for (int it = 0; it < iterations; it++) {
                projectEdges(s, invH2);
                projectTets(s, invH2);
                contacts.project(s, h);
            }
            final double invH = 1 / h;
            for (int i = 0, o = 0; i < n; i++, o += 3) {
                if (w[i] > 0) {
                    v[o] = (x[o] - prev[o]) * invH * damp;
                    v[o + 1] = (x[o + 1] - prev[o + 1]) * invH * damp;
                    v[o + 2] = (x[o + 2] - prev[o + 2]) * invH * damp;
                }
            }
            contacts.endSubStep(s, h);
        }
    }

    /** The last sub-step ends exactly on the pin targets (no drift from summing v h). */
    private static void snapPins(SoftBodyState s) {
        for (int k = 0; k < s.pins; k++) {
            int p = 3 * s.pinPoint[k];
            s.x[p] = s.pinTarget[3 * k];
            s.x[p + 1] = s.pinTarget[3 * k + 1];
            s.x[p + 2] = s.pinTarget[3 * k + 2];
        }
    }

    private void projectEdges(SoftBodyState s, double invH2) {
        final double[] x = s.x, w = s.invMass, rest = s.restLength, lambda = s.edgeLambda;
        final double[] compliance = s.edgeCompliance, stiffness = s.edgeStiffness;
        final int[] e = s.edge;
        for (int c = 0, m = s.edges; c < m; c++) {
            int a = e[2 * c], b = e[2 * c + 1];
            double wa = w[a], wb = w[b];
            double wsum = wa + wb;
            if (wsum == 0) {
                continue;
            }
            int oa = 3 * a, ob = 3 * b;
            double dx = x[ob] - x[oa], dy = x[ob + 1] - x[oa + 1], dz = x[ob + 2] - x[oa + 2];
            double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (len < 1e-12) {
                continue; // no direction: the volume constraints separate coincident points
            }
            double cval = len - rest[c];
            double dl;
            if (xpbd) {
                double at = compliance[c] * invH2;
                dl = (-cval - at * lambda[c]) / (wsum + at);
                lambda[c] += dl;
            } else {
                dl = -stiffness[c] * cval / wsum;
            }
            double f = dl / len; // ∇_b C = (xb - xa)/len, ∇_a C = -∇_b C
            x[oa] -= wa * f * dx;
            x[oa + 1] -= wa * f * dy;
            x[oa + 2] -= wa * f * dz;
            x[ob] += wb * f * dx;
            x[ob + 1] += wb * f * dy;
            x[ob + 2] += wb * f * dz;
        }
    }

    private void projectTets(SoftBodyState s, double invH2) {
        final double[] x = s.x, w = s.invMass, rest = s.restVolume, lambda = s.tetLambda;
        final double[] compliance = s.tetCompliance, stiffness = s.tetStiffness, scale = s.tetScale;
        final int[] t = s.tet;
        final double sixth = 1.0 / 6.0;
        for (int c = 0, m = s.tets; c < m; c++) {
            int i0 = 3 * t[4 * c], i1 = 3 * t[4 * c + 1], i2 = 3 * t[4 * c + 2], i3 = 3 * t[4 * c + 3];
            double w0 = w[i0 / 3], w1 = w[i1 / 3], w2 = w[i2 / 3], w3 = w[i3 / 3];
            double ax = x[i1] - x[i0], ay = x[i1 + 1] - x[i0 + 1], az = x[i1 + 2] - x[i0 + 2];
            double bx = x[i2] - x[i0], by = x[i2 + 1] - x[i0 + 1], bz = x[i2 + 2] - x[i0 + 2];
            double cx = x[i3] - x[i0], cy = x[i3 + 1] - x[i0 + 1], cz = x[i3 + 2] - x[i0 + 2];
            // gradients of V = a·(b×c)/6
            double g1x = (by * cz - bz * cy) * sixth, g1y = (bz * cx - bx * cz) * sixth, g1z = (bx * cy - by * cx) * sixth;
            double g2x = (cy * az - cz * ay) * sixth, g2y = (cz * ax - cx * az) * sixth, g2z = (cx * ay - cy * ax) * sixth;
            double g3x = (ay * bz - az * by) * sixth, g3y = (az * bx - ax * bz) * sixth, g3z = (ax * by - ay * bx) * sixth;
            double g0x = -g1x - g2x - g3x, g0y = -g1y - g2y - g3y, g0z = -g1z - g2z - g3z;
            double wsum = w0 * (g0x * g0x + g0y * g0y + g0z * g0z) + w1 * (g1x * g1x + g1y * g1y + g1z * g1z)
                    + w2 * (g2x * g2x + g2y * g2y + g2z * g2z) + w3 * (g3x * g3x + g3y * g3y + g3z * g3z);
            if (wsum < 1e-300) {
                continue;
            }
            double vol = (ax * g1x + ay * g1y + az * g1z);
            double cval = vol - rest[c];
            double dl;
            double at = compliance[c] * invH2;
            if (xpbd) {
                dl = (-cval - at * lambda[c]) / (wsum + at);
            } else {
                dl = -stiffness[c] * cval / wsum;
            }
            // a collapsed tet (all corners near a line or a point) has vanishing gradients, and the
            // step -C/Σw|∇C|² towards V0 grows without bound: move no corner farther than a quarter
            // of the tet's size per iteration (it takes several iterations to reopen instead of
            // exploding)
            double g2 = Math.max(Math.max(w0 * w0 * (g0x * g0x + g0y * g0y + g0z * g0z),
                    w1 * w1 * (g1x * g1x + g1y * g1y + g1z * g1z)), Math.max(w2 * w2 * (g2x * g2x + g2y * g2y + g2z * g2z),
                    w3 * w3 * (g3x * g3x + g3y * g3y + g3z * g3z)));
            double limit = 0.25 * scale[c];
            if (dl * dl * g2 > limit * limit) {
                dl = Math.copySign(limit / Math.sqrt(g2), dl);
            }
            if (xpbd) {
                lambda[c] += dl;
            }
            double f0 = w0 * dl, f1 = w1 * dl, f2 = w2 * dl, f3 = w3 * dl;
            x[i0] += f0 * g0x;
            x[i0 + 1] += f0 * g0y;
            x[i0 + 2] += f0 * g0z;
            x[i1] += f1 * g1x;
            x[i1 + 1] += f1 * g1y;
            x[i1 + 2] += f1 * g1z;
            x[i2] += f2 * g2x;
            x[i2 + 1] += f2 * g2y;
            x[i2 + 2] += f2 * g2z;
            x[i3] += f3 * g3x;
            x[i3 + 1] += f3 * g3y;
            x[i3 + 2] += f3 * g3z;
        }
    }
}
