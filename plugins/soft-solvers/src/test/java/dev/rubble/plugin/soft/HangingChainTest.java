package dev.rubble.plugin.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.StageConfig;
import dev.rubble.spi.soft.SoftBodyState;
import dev.rubble.spi.soft.SoftContacts;
import dev.rubble.spi.soft.SoftSolver;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A chain of N point masses m hanging from a pinned point by springs of compliance α. Statics
 * (independent of any solver): segment j from the top carries the weight of the N - j + 1
 * masses below it, so it stretches by {@code (N - j + 1) m g α}.
 */
final class HangingChainTest {
    private static final int N = 10;
    private static final double M = 0.1, G = 9.81, ALPHA = 1e-3, L0 = 0.1;

    private static SoftBodyState chain(double stiffness) {
        SoftBodyState s = new SoftBodyState();
        s.addPoint(0, 0, 0, 0);
        for (int i = 1; i <= N; i++) {
            s.addPoint(0, -i * L0, 0, 1 / M);
            s.addEdge(i - 1, i, ALPHA, stiffness);
        }
        s.addPin(0);
        return s;
    }

    static SoftSolver solver(String name, int subSteps, int iterations) {
        for (var f : new SoftSolversPlugin().softSolvers()) {
            if (f.name().equals(name)) {
                return f.create(StageConfig.of(Map.of("subSteps", subSteps, "iterations", iterations, "damping", 3.0)));
            }
        }
        throw new AssertionError("no soft solver " + name);
    }

    private static double[] settle(SoftSolver solver, double dt, double stiffness) {
        SoftBodyState s = chain(stiffness);
        int steps = (int) Math.round(30 / dt);
        for (int i = 0; i < steps; i++) {
            solver.step(s, dt, 0, -G, 0, SoftContacts.NONE);
        }
        double[] stretch = new double[N + 1];
        for (int j = 1; j <= N; j++) {
            stretch[j] = s.dist(j - 1, j) - L0;
        }
        return stretch;
    }

    @Test
    void xpbdChainStretchesByWeightTimesComplianceAtAnyIterationCountAndStep() {
        // {dt, subSteps, iterations}: sub-steps from 1/30 to 1/1920 s, 1 to 32 iterations. XPBD converges to
        // the static solution once the sub-step is small against the material (w h² / α << 1) or the
        // iterations converge; docs/soft-bodies.md tabulates where it does not (e.g. 1 iteration of 1/60 s)
        double[][] runs = {
            {1.0 / 30, 8, 4}, {1.0 / 60, 4, 4}, {1.0 / 60, 8, 2}, {1.0 / 120, 4, 2}, {1.0 / 120, 16, 1}, {1.0 / 60, 1, 32}};
        for (double[] r : runs) {
            double[] stretch = settle(solver("xpbd", (int) r[1], (int) r[2]), r[0], 1);
            for (int j = 1; j <= N; j++) {
                double expected = (N - j + 1) * M * G * ALPHA;
                assertThat(stretch[j]).as("segment %d, dt %s, subSteps %s, iterations %s", j, r[0], r[1], r[2])
                        .isCloseTo(expected, within(0.01 * expected));
            }
        }
    }

    @Test
    void pbdStretchDependsOnIterationCountAndStep() {
        // the same per-iteration stiffness (0.5) gives a different material at each setting
        double expected = N * M * G * ALPHA;
        double few = settle(solver("pbd", 4, 2), 1.0 / 60, 0.5)[1];
        double many = settle(solver("pbd", 4, 8), 1.0 / 60, 0.5)[1];
        double smallSteps = settle(solver("pbd", 16, 2), 1.0 / 60, 0.5)[1];
        assertThat(few).as("4 times the iterations").isGreaterThan(3 * many);
        assertThat(few).as("4 times the sub-steps").isGreaterThan(3 * smallSteps);
        // and XPBD at the same settings gives the statics' answer
        for (double xs : new double[] {settle(solver("xpbd", 4, 2), 1.0 / 60, 1)[1],
            settle(solver("xpbd", 4, 8), 1.0 / 60, 1)[1], settle(solver("xpbd", 16, 2), 1.0 / 60, 1)[1]}) {
            assertThat(xs).isCloseTo(expected, within(0.02 * expected));
        }
    }
}
