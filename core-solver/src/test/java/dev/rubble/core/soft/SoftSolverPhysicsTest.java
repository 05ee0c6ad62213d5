package dev.rubble.core.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.CageBuilder;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.soft.SoftBodyState;
import dev.rubble.spi.soft.SoftContacts;
import dev.rubble.spi.soft.SoftSolver;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The soft solvers on cages, against continuum mechanics and geometry. */
final class SoftSolverPhysicsTest {
    private static Stages stages;

    static synchronized SoftSolver solver(String name, int subSteps, int iterations, double damping) {
        if (stages == null) {
            stages = Stages.load();
        }
        return stages.create(StageFamily.SOFT_SOLVER, name,
                StageConfig.of(Map.of("subSteps", subSteps, "iterations", iterations, "damping", damping)));
    }

    private static SoftBodyState tet(double tetCompliance, boolean withVolume) {
        SoftBodyState s = new SoftBodyState();
        s.addPoint(0, 0, 0, 1);
        s.addPoint(1, 0, 0, 1);
        s.addPoint(0, 1, 0, 1);
        s.addPoint(0, 0, 1, 1);
        for (int a = 0; a < 4; a++) {
            for (int b = a + 1; b < 4; b++) {
                s.addEdge(a, b, 1e-3, 1);
            }
        }
        if (withVolume) {
            s.addTet(0, 1, 2, 3, tetCompliance, 1);
        }
        return s;
    }

    @Test
    void aTetrahedronSquashedFlatRecoversItsRestVolume() {
        SoftBodyState s = tet(0, true);
        double rest = s.restVolume[0];
        assertThat(rest).isCloseTo(1.0 / 6, within(1e-15));
        s.x[3 * 3 + 2] = 0; // the apex onto the base plane: volume 0
        assertThat(s.tetVolume(0)).isEqualTo(0);
        SoftSolver solver = solver("xpbd", 8, 4, 2);
        for (int i = 0; i < 120; i++) {
            solver.step(s, 1.0 / 60, 0, 0, 0, SoftContacts.NONE);
        }
        assertThat(s.tetVolume(0)).isCloseTo(rest, within(0.01 * rest));
    }

    @Test
    void anInvertedTetrahedronComesBackWithTheVolumeConstraintAndStaysInvertedWithSpringsAlone() {
        // the reference's permanent dent (pbd-spring-soft-body §3 item 3): six springs are satisfied
        // by the mirror image, so a tet pushed through itself stays inside out
        SoftBodyState springs = tet(0, false);
        SoftBodyState volume = tet(0, true);
        for (SoftBodyState s : new SoftBodyState[] {springs, volume}) {
            s.x[3 * 3 + 2] = -1; // the apex mirrored through the base: every edge at rest length
        }
        assertThat(springs.volume(0, 1, 2, 3)).isCloseTo(-1.0 / 6, within(1e-15));
        SoftSolver solver = solver("xpbd", 8, 4, 2);
        for (int i = 0; i < 240; i++) {
            solver.step(springs, 1.0 / 60, 0, 0, 0, SoftContacts.NONE);
            solver.step(volume, 1.0 / 60, 0, 0, 0, SoftContacts.NONE);
        }
        assertThat(springs.volume(0, 1, 2, 3)).isCloseTo(-1.0 / 6, within(1e-6));
        assertThat(volume.tetVolume(0)).isCloseTo(1.0 / 6, within(0.01 / 6));
    }

    @Test
    void aCantileveredBeamSagsDownByTheOrderEulerBernoulliPredicts() {
        double len = 1, half = 0.05, density = 1000, e = 2e7;
        double[] model = {
            -len / 2, -half, -half, len / 2, -half, -half, -len / 2, half, -half, len / 2, half, -half,
            -len / 2, -half, half, len / 2, -half, half, -len / 2, half, half, len / 2, half, half};
        Cage cage = CageBuilder.build(model, new int[0], density, 0.05, 1);
        SoftBodyStore store = new SoftBodyStore();
        store.add(cage, SoftMaterial.rubber().withYoungsModulus(e).withPoissonRatio(0.3), 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, "beam");
        SoftBodyState s = store.state;
        double tipRest = 0;
        int tips = 0;
        for (int i = 0; i < s.points; i++) {
            if (s.x[3 * i] < -len / 2 + 1e-9) {
                store.pin(0, i); // the clamped end face
            } else if (s.x[3 * i] > len / 2 - 1e-9) {
                tipRest += s.x[3 * i + 1];
                tips++;
            }
        }
        assertThat(tips).isGreaterThan(3);
        SoftSolver solver = solver("xpbd", 16, 8, 8);
        for (int i = 0; i < 240; i++) {
            solver.step(s, 1.0 / 60, 0, -9.81, 0, SoftContacts.NONE);
        }
        double tip = 0;
        for (int i = 0; i < s.points; i++) {
            if (s.x[3 * i] > len / 2 - 0.05 && cage.points()[3 * i] > len / 2 - 1e-9) {
                tip += s.x[3 * i + 1];
            }
        }
        double sag = (tipRest - tip) / tips;
        // Euler-Bernoulli cantilever under its own weight: tip deflection q L^4 / (8 E I)
        double q = density * 9.81 * (2 * half) * (2 * half);
        double inertia = Math.pow(2 * half, 4) / 12;
        double expected = q * Math.pow(len, 4) / (8 * e * inertia);
        System.out.printf("beam sag %.5f m, Euler-Bernoulli %.5f m (ratio %.2f)%n", sag, expected, sag / expected);
        assertThat(sag).as("sags downward").isPositive();
        assertThat(sag).as("order of magnitude").isBetween(expected / 3, expected * 3);
    }
}
