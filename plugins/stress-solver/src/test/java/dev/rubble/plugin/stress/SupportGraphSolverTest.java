package dev.rubble.plugin.stress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.spi.StageConfig;
import dev.rubble.spi.stress.StressGraph;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bond forces against statics worked by hand: a horizontal cantilever is statically determinate,
 * so its root bond carries the weight of everything beyond it, (n−1)·m·g, and the moment of those
 * weights about the bond centroid (halfway between nodes 0 and 1), m·g·L·Σ_{i=1..n−1}(i − ½).
 */
final class SupportGraphSolverTest {
    static final double G = 9.81, M = 3.5, L = 0.4, AREA = 0.04;

    /** n nodes along +x at spacing L, node 0 a support, weights m·g down y. */
    static StressGraph cantilever(int n, double g) {
        StressGraph s = new StressGraph();
        s.reset(n, n - 1);
        for (int i = 0; i < n; i++) {
            s.node(i, M, i * L, 2.0, -1.0, i == 0);
            s.force[3 * i + 1] = -M * g;
        }
        for (int k = 0; k < n - 1; k++) {
            s.bond(k, k, k + 1, AREA);
        }
        return s;
    }

    static SupportGraphModel model(Map<String, ?> options) {
        return new SupportGraphModel.Factory().create(StageConfig.of(options));
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 6, 50})
    void cantileverRootBondDirect(int n) {
        checkCantilever(n, model(Map.of()), 1e-9);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 6, 50})
    void cantileverRootBondIterative(int n) {
        // conjugate gradients only (directMax 0), to the accuracy rounding allows: a 50-node beam's
        // stiffness has a condition number near 1e8, so 1e-6 here (the direct solve is the exact one,
        // and the default for islands of up to 100 free nodes)
        checkCantilever(n, model(Map.of("directMax", 0, "tolerance", 1e-12, "maxIterations", 20000)), 1e-6);
    }

    private static void checkCantilever(int n, SupportGraphModel m, double rel) {
        StressGraph s = cantilever(n, G);
        m.solve(s);
        double shear = (n - 1) * M * G;
        double sum = 0;
        for (int i = 1; i <= n - 1; i++) {
            sum += i - 0.5;
        }
        double moment = M * G * L * sum;
        // what node 0 exerts on node 1: up, and a moment about +z
        assertThat(s.bondForce[1]).isCloseTo(shear, org.assertj.core.data.Offset.offset(rel * shear));
        assertThat(Math.abs(s.bondForce[0]) + Math.abs(s.bondForce[2])).isLessThan(rel * shear);
        assertThat(s.bondMoment[2]).isCloseTo(moment, org.assertj.core.data.Offset.offset(rel * moment));
        assertThat(Math.abs(s.bondMoment[0]) + Math.abs(s.bondMoment[1])).isLessThan(rel * moment);
        // every bond k carries the nodes beyond it: (n-1-k) m g and m g L Σ_{i=1..n-1-k}(i - ½)
        for (int k = 0; k < n - 1; k++) {
            int beyond = n - 1 - k;
            double mk = 0;
            for (int i = 1; i <= beyond; i++) {
                mk += i - 0.5;
            }
            mk *= M * G * L;
            assertThat(s.bondForce[3 * k + 1]).isCloseTo(beyond * M * G, org.assertj.core.data.Offset.offset(rel * shear));
            assertThat(s.bondMoment[3 * k + 2]).isCloseTo(mk, org.assertj.core.data.Offset.offset(rel * moment));
        }
        // the equilibrium residual over all nodes, relative to the whole load: a bond force is the
        // difference of two node displacements, so rounding leaves ~eps × cond at the tip's bonds
        assertThat(s.residual).isLessThan(Math.max(rel, 1e-8));
    }

    @Test
    void risingGravityBreaksTheRootBondFirst() {
        // limits such that bending reaches them at a few g; gravity rises by 0.1 % per step
        for (int n : new int[] {2, 6, 50}) {
            for (String solver : new String[] {"direct", "iterative"}) {
                SupportGraphModel m = model(Map.of("tensionElastic", 1e5, "tensionFatal", 2e5, "compressionElastic", 1e5,
                        "compressionFatal", 2e5, "shearElastic", 1e5, "shearFatal", 2e5, "damageTime", 0.5,
                        "directMax", solver.equals("direct") ? 600 : 0, "tolerance", 1e-10, "maxIterations", 5000));
                StressGraph s = cantilever(n, 0);
                double g = 0.01;
                int first = -1;
                for (int step = 0; step < 200_000 && first < 0; step++) {
                    g *= 1.001;
                    for (int i = 0; i < n; i++) {
                        s.force[3 * i + 1] = -M * g;
                    }
                    m.solve(s);
                    if (m.evaluate(s, 1.0 / 60) > 0) {
                        for (int k = 0; k < n - 1; k++) {
                            if (s.broken[k]) {
                                assertThat(first).as("n = %d, %s: only one bond breaks first", n, solver).isEqualTo(-1);
                                first = k;
                            }
                        }
                    }
                }
                assertThat(first).as("n = %d, %s", n, solver).isEqualTo(0);
            }
        }
    }

    @Test
    void columnFailsInCompressionAtItsLimit() {
        // an upright column of n blocks on a static base: the base bond carries (n-1) m g in compression,
        // no bending; it breaks at (n-1) m g / A >= compressionFatal, i.e. at g* = fatal A / ((n-1) m)
        int n = 12;
        double fatal = 5e4;
        double gStar = fatal * AREA / ((n - 1) * M);
        SupportGraphModel m = model(Map.of("compressionElastic", fatal, "compressionFatal", fatal,
                "tensionElastic", 1e12, "tensionFatal", 1e12, "shearElastic", 1e12, "shearFatal", 1e12));
        for (double factor : new double[] {0.999, 1.001}) {
            StressGraph s = column(n, gStar * factor);
            m.solve(s);
            int broke = m.evaluate(s, 1.0 / 60);
            double[] p = new double[3];
            SupportGraphModel.pressures(s, 0, p);
            assertThat(p[0]).isCloseTo((n - 1) * M * gStar * factor / AREA, org.assertj.core.data.Offset.offset(1e-6));
            assertThat(p[1]).isLessThan(1e-6); // no tension: the weight pushes, nothing bends
            if (factor < 1) {
                assertThat(broke).isZero();
                assertThat(s.ratio[0]).isCloseTo(0.999, org.assertj.core.data.Offset.offset(1e-9));
            } else {
                assertThat(broke).isEqualTo(1);
                assertThat(s.broken[0]).isTrue();
                for (int k = 1; k < n - 1; k++) {
                    assertThat(s.broken[k]).isFalse();
                }
            }
        }
    }

    static StressGraph column(int n, double g) {
        StressGraph s = new StressGraph();
        s.reset(n, n - 1);
        for (int i = 0; i < n; i++) {
            s.node(i, M, 0.5, i * L, 0.25, i == 0);
            s.force[3 * i + 1] = -M * g;
        }
        for (int k = 0; k < n - 1; k++) {
            s.bond(k, k, k + 1, AREA);
        }
        return s;
    }

    @Test
    void indeterminateGridIsInEquilibriumAndSolversAgree() {
        // a 12 x 8 grid wall standing on its bottom row, random loads: bond forces must balance every
        // free node (checked here from the outputs, not from the solver's own residual), and the
        // direct and warm-started iterative solves must agree
        int w = 12, h = 8;
        Random rnd = new Random(5);
        StressGraph a = grid(w, h, rnd.nextLong());
        StressGraph b = grid(w, h, 0);
        System.arraycopy(a.force, 0, b.force, 0, a.force.length);
        System.arraycopy(a.torque, 0, b.torque, 0, a.torque.length);
        model(Map.of()).solve(a);
        SupportGraphModel it = model(Map.of("directMax", 0, "tolerance", 1e-12, "maxIterations", 10000));
        it.solve(b);
        assertThat(equilibriumError(a)).isLessThan(1e-9);
        assertThat(equilibriumError(b)).isLessThan(1e-9);
        for (int k = 0; k < a.bondCount * 3; k++) {
            assertThat(b.bondForce[k]).isCloseTo(a.bondForce[k], org.assertj.core.data.Offset.offset(1e-6));
        }
        // warm start: the same loads again cost no iteration
        it.solve(b);
        assertThat(b.iterations).isZero();
    }

    /**
     * The residual PCG reports is its recurrence's (r = b − K y, what it stopped on), not recomputed
     * from the bond forces: on the grid at tolerance 1e-3 it is within the tolerance and the true
     * equilibrium error of the bond forces (from the outputs) agrees with it to well under the tolerance.
     */
    @Test
    void theReportedIterativeResidualIsTheTrueOne() {
        StressGraph b = grid(12, 8, 11);
        SupportGraphModel it = model(Map.of("directMax", 0, "tolerance", 1e-3, "maxIterations", 10000));
        it.solve(b);
        assertThat(b.iterations).isPositive();
        assertThat(b.residual).isLessThanOrEqualTo(1e-3);
        double truth = relativeResidual(b);
        assertThat(truth).isLessThanOrEqualTo(1e-3 * (1 + 1e-6));
        assertThat(Math.abs(truth - b.residual)).isLessThan(1e-9);
    }

    /** ||A x + l|| / ||l|| over free nodes from the outputs, moment rows over the mean bond length (the documented norm). */
    static double relativeResidual(StressGraph s) {
        double len = 0;
        for (int k = 0; k < s.bondCount; k++) {
            double dx = s.pos[3 * s.bondB[k]] - s.pos[3 * s.bondA[k]], dy = s.pos[3 * s.bondB[k] + 1] - s.pos[3 * s.bondA[k] + 1],
                    dz = s.pos[3 * s.bondB[k] + 2] - s.pos[3 * s.bondA[k] + 2];
            len += Math.sqrt(dx * dx + dy * dy + dz * dz);
        }
        len /= s.bondCount;
        double[] e = new double[6 * s.nodeCount];
        double ll = 0;
        for (int i = 0; i < s.nodeCount; i++) {
            for (int j = 0; j < 3; j++) {
                e[6 * i + j] = s.force[3 * i + j];
                e[6 * i + 3 + j] = s.torque[3 * i + j];
                if (!s.support[i]) {
                    ll += s.force[3 * i + j] * s.force[3 * i + j] + s.torque[3 * i + j] * s.torque[3 * i + j] / (len * len);
                }
            }
        }
        for (int k = 0; k < s.bondCount; k++) {
            int[] ends = {s.bondB[k], s.bondA[k]};
            for (int q = 0; q < 2; q++) {
                int i = ends[q];
                double sign = q == 0 ? 1 : -1;
                double rx = s.centroid[3 * k] - s.pos[3 * i], ry = s.centroid[3 * k + 1] - s.pos[3 * i + 1],
                        rz = s.centroid[3 * k + 2] - s.pos[3 * i + 2];
                double fx = s.bondForce[3 * k], fy = s.bondForce[3 * k + 1], fz = s.bondForce[3 * k + 2];
                e[6 * i] += sign * fx;
                e[6 * i + 1] += sign * fy;
                e[6 * i + 2] += sign * fz;
                e[6 * i + 3] += sign * (s.bondMoment[3 * k] + ry * fz - rz * fy);
                e[6 * i + 4] += sign * (s.bondMoment[3 * k + 1] + rz * fx - rx * fz);
                e[6 * i + 5] += sign * (s.bondMoment[3 * k + 2] + rx * fy - ry * fx);
            }
        }
        double ee = 0;
        for (int i = 0; i < s.nodeCount; i++) {
            if (!s.support[i]) {
                for (int j = 0; j < 3; j++) {
                    ee += e[6 * i + j] * e[6 * i + j] + e[6 * i + 3 + j] * e[6 * i + 3 + j] / (len * len);
                }
            }
        }
        return Math.sqrt(ee / ll);
    }

    static StressGraph grid(int w, int h, long seed) {
        StressGraph s = new StressGraph();
        int bonds = (w - 1) * h + w * (h - 1);
        s.reset(w * h, bonds);
        Random rnd = new Random(seed);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int i = y * w + x;
                s.node(i, 1 + rnd.nextDouble(), x * 0.5, y * 0.25, 0, y == 0);
                for (int j = 0; j < 3; j++) {
                    s.force[3 * i + j] = rnd.nextGaussian() * 10;
                    s.torque[3 * i + j] = rnd.nextGaussian();
                }
            }
        }
        int k = 0;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int i = y * w + x;
                if (x + 1 < w) {
                    s.bond(k++, i, i + 1, 0.05);
                }
                if (y + 1 < h) {
                    s.bond(k++, i, i + w, 0.1);
                }
            }
        }
        return s;
    }

    /** max over free nodes of |Σ forces| + |Σ moments| / L, relative to the largest load. */
    static double equilibriumError(StressGraph s) {
        double[] sum = new double[6 * s.nodeCount];
        double scale = 0;
        for (int i = 0; i < s.nodeCount; i++) {
            for (int j = 0; j < 3; j++) {
                sum[6 * i + j] = s.force[3 * i + j];
                sum[6 * i + 3 + j] = s.torque[3 * i + j];
                scale = Math.max(scale, Math.abs(s.force[3 * i + j]));
            }
        }
        for (int k = 0; k < s.bondCount; k++) {
            int[] ends = {s.bondB[k], s.bondA[k]};
            for (int e = 0; e < 2; e++) {
                int i = ends[e];
                double sign = e == 0 ? 1 : -1;
                double rx = s.centroid[3 * k] - s.pos[3 * i], ry = s.centroid[3 * k + 1] - s.pos[3 * i + 1],
                        rz = s.centroid[3 * k + 2] - s.pos[3 * i + 2];
                double fx = s.bondForce[3 * k], fy = s.bondForce[3 * k + 1], fz = s.bondForce[3 * k + 2];
                sum[6 * i] += sign * fx;
                sum[6 * i + 1] += sign * fy;
                sum[6 * i + 2] += sign * fz;
                sum[6 * i + 3] += sign * (s.bondMoment[3 * k] + ry * fz - rz * fy);
                sum[6 * i + 4] += sign * (s.bondMoment[3 * k + 1] + rz * fx - rx * fz);
                sum[6 * i + 5] += sign * (s.bondMoment[3 * k + 2] + rx * fy - ry * fx);
            }
        }
        double worst = 0;
        for (int i = 0; i < s.nodeCount; i++) {
            if (s.support[i]) {
                continue;
            }
            double e = 0;
            for (int j = 0; j < 6; j++) {
                e += Math.abs(sum[6 * i + j]) / (j < 3 ? 1 : 0.5);
            }
            worst = Math.max(worst, e);
        }
        return worst / scale;
    }

    @Test
    void freeFallingHolderCarriesNothingAndASpinningOneIsPulledApart() {
        // no support: gravity alone accelerates every node alike, so no bond carries anything
        StressGraph s = cantilever(6, G);
        s.support[0] = false;
        s.topology++;
        model(Map.of()).solve(s);
        for (int k = 0; k < 3 * s.bondCount; k++) {
            assertThat(Math.abs(s.bondForce[k])).isLessThan(1e-9);
            assertThat(Math.abs(s.bondMoment[k])).isLessThan(1e-9);
        }
        // a free rod of 2 nodes spinning at ω about its centre: each node needs m ω² r inward, so the
        // bond is in tension m ω² L/2 (the centrifugal loads, outward, are what the kernel applies)
        StressGraph r = new StressGraph();
        r.reset(2, 1);
        r.node(0, M, 0, 0, 0, false);
        r.node(1, M, L, 0, 0, false);
        r.bond(0, 0, 1, AREA);
        double w = 3;
        r.force[0] = -M * w * w * L / 2;
        r.force[3] = M * w * w * L / 2;
        model(Map.of()).solve(r);
        // a exerts on b a pull toward a: -x, magnitude m ω² L / 2
        assertThat(r.bondForce[0]).isCloseTo(-M * w * w * L / 2, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void badOptionsNameTheField() {
        assertThatThrownBy(() -> model(Map.of("tensionElastic", 5, "tensionFatal", 4)))
                .hasMessageContaining("tensionFatal").hasMessageContaining("4");
        assertThatThrownBy(() -> model(Map.of("colour", 1))).hasMessageContaining("unknown option 'colour'");
        assertThatThrownBy(() -> model(Map.of("tolerance", -1))).hasMessageContaining("tolerance");
    }

    /**
     * The inertia relief's 3 × 3 solve: a matrix that is not finite (a graph node of infinite mass, as a
     * retired kinematic holder's slot gave UnionStress, seed 9349 of the determinism fuzz) gives 0 instead
     * of regularising without end (a StackOverflowError before); a finite system is solved as before
     * (diag(2, 4, 8) α = (2, 4, 8) gives α = (1, 1, 1) exactly), and a singular finite one (a single node at
     * the centre: the zero matrix) still gets its regularised 0.
     */
    @Test
    void theReliefSolveOfANonFiniteMatrixGivesZeroInsteadOfRecursing() {
        assertThat(SupportGraphSolver.solve3(Double.NaN, 0, 0, 1, 0, 1, 1, 1, 1)).containsExactly(0, 0, 0);
        assertThat(SupportGraphSolver.solve3(Double.POSITIVE_INFINITY, 0, 0, 1, 0, 1, 1, 1, 1)).containsExactly(0, 0, 0);
        assertThat(SupportGraphSolver.solve3(1, Double.NaN, 0, 1, 0, 1, 1, 1, 1)).containsExactly(0, 0, 0);
        assertThat(SupportGraphSolver.solve3(2, 0, 0, 4, 0, 8, 2, 4, 8)).containsExactly(1, 1, 1);
        assertThat(SupportGraphSolver.solve3(0, 0, 0, 0, 0, 0, 0, 0, 0)).containsExactly(0, 0, 0);
    }
}
