package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Stops hold loads in joint trees (docs/constraints.md, "Loads on stops"), but they must never give energy: a chain of
 * hinges without motors or damping, released level, swings under gravity and lands on its stops (inelastic), so its
 * energy (kinetic, rotational and potential) never rises above where it started. Found by fuzz10: once a sub-step's
 * re-solves ({@code ConstraintSolver.MAX_RESOLVES}) were spent, every stop pulling in a tree left it at once and the
 * trees were not solved again, so the joints that stayed kept impulses taken with the leavers'. Six 1 kg hinges on
 * stops at ±3 rad gained 875 J in 10 s (±2 rad: 146 J), twenty 0.1 kg hinges on stops at [-0.2, 0.1] rad blew up
 * (4e20 J); five joints or fewer never ran out of re-solves, and before the stops were solved in the trees neither case
 * gained energy.
 */
final class StopEnergyTest {
    private static final double G = 9.81, R = 0.02, PITCH = 0.1, Y = 5;

    @ParameterizedTest(name = "{0} links of {1} kg, stops at [{2}, {3}] rad, {4} sub-steps")
    @CsvSource({"6, 1, -3, 3, 1", "6, 1, -2, 2, 1", "6, 1, -3.141592653589793, 3.141592653589793, 1",
            "20, 0.1, -0.2, 0.1, 1", "20, 0.1, -0.2, 0.1, 2", "20, 0.1, -0.2, 0.1, 4"})
    void aChainOnStopsNeverGainsEnergy(int links, double mass, double lower, double upper, int subSteps) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withTimeStep(1.0 / 60, subSteps)
                .withGravity(new Vector3d(0, -G, 0)));
        List<BodyId> bodies = SphereChainEnergy.levelHingeChain(w, links, mass, R, PITCH, Y, j -> j.limits(lower, upper));
        double start = energy(w, bodies, mass), most = start;
        for (int s = 0; s < 600; s++) {
            w.step();
            double e = energy(w, bodies, mass);
            assertThat(Double.isFinite(e)).as("energy at step %d", s).isTrue();
            most = Math.max(most, e);
        }
        assertThat(most - start).as("the largest energy above the start, J (before: up to 4e20)").isLessThan(1e-6 * start);
    }

    /** Kinetic (a sphere's inertia 2/5 m r^2) and potential energy of the links, J. */
    private static double energy(PhysicsWorld w, List<BodyId> bodies, double m) {
        return SphereChainEnergy.of(w, bodies, m, R, G);
    }
}
