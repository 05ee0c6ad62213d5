package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A long chain swinging under its own weight (docs/constraints.md, "The tension's geometric stiffness"): 1 kg spheres of
 * 5 cm radius, 0.2 m apart, on ball joints (or hinges about z) at the midpoints, the first to the world, released level
 * at 60 Hz — the links of the peers harness's {@code chain100}. Near the pivot the joints carry a few times the chain's
 * weight, and a link's turning is light ({@code I / r²} = 0.1 kg at its anchors). A rigid chain keeps each joint's
 * anchors together: they must be within 1 cm of each other over the last second, and never further apart than the
 * case's bound, which allows for the crack of the whip (its end moves most of a pitch in a 60 Hz step: 20 links open a
 * joint 3.4 cm for a step, 100 links at one sub-step 24 cm; Jolt, sampled each second, holds 20 links within 4.5 cm and
 * tears 100). With nothing but inelastic contacts between the links the energy (kinetic, rotational, potential) must
 * never rise above the start. The 100-link chains fold onto themselves, with their links colliding or let pass through
 * each other. Before the geometric stiffness, at one sub-step the links' turning alternated from link to link and step
 * to step and the chain tore near the pivot: 20 links 32 m apart after 10 s, 100 links 39 m; at four sub-steps 20 links
 * held and 100 tore. Until the thirty-sixth session a link in the contact solve (touching another, even speculatively)
 * kept its own inertia in both solves, and the 100-link chains with their contacts on still tore: 9.8 m at one
 * sub-step, 24 m at four (where the whip's end strikes the chain); the same inertia in both solves holds them within
 * 24 cm and 1.6 cm (docs/constraints.md, "The tension's geometric stiffness").
 */
final class SwingingChainTest {
    private static final double G = 9.81, R = 0.05, PITCH = 0.2, Y = 25, MASS = 1;

    @ParameterizedTest(name = "{0} links, hinges {1}, {2} sub-steps, links touching {3}: anchors within {4} m")
    @CsvSource({"20, false, 1, true, 0.05", "20, true, 1, true, 0.05", "40, true, 2, true, 0.05",
            "100, false, 1, false, 0.3", "100, false, 4, false, 0.1", "100, false, 1, true, 0.3", "100, false, 4, true, 0.1"})
    void theChainHoldsTogetherAndGainsNoEnergy(int links, boolean hinges, int subSteps, boolean touching, double bound) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withTimeStep(1.0 / 60, subSteps).withSleeping(false)
                .withGravity(new Vector3d(0, -G, 0)));
        List<BodyId> bodies = SphereChainEnergy.levelChain(w, links, MASS, R, PITCH, Y,
                (i, anchor) -> hinges ? ConstraintSpec.hinge(anchor, new Vector3d(0, 0, 1)) : ConstraintSpec.ball(anchor));
        if (!touching) { // the links pass through each other
            for (int i = 0; i < links; i++) {
                for (int j = i + 1; j < links; j++) {
                    w.setIgnoreCollision(bodies.get(i), bodies.get(j), true);
                }
            }
        }
        SphereChainEnergy.Swing sw = SphereChainEnergy.swing(w, bodies, PITCH, Y, 600, x -> SphereChainEnergy.of(x, bodies, MASS, R, G));
        double start = sw.start(), most = sw.most(), worstGap = sw.worstGap(), lastSecond = sw.lastSecond();
        int worstStep = sw.worstStep();
        System.out.printf("SWINGING %d links hinges %b %d sub-steps: worst %.4f m at step %d, last second %.5f m, energy %.2f -> at most %.2f J%n",
                links, hinges, subSteps, worstGap, worstStep, lastSecond, start, most);
        assertThat(worstGap).as("largest distance between a joint's anchors, m (step %d)", worstStep).isLessThan(bound);
        assertThat(lastSecond).as("largest distance between a joint's anchors in the last second, m").isLessThan(0.01);
        assertThat(most - start).as("energy above the start, J").isLessThanOrEqualTo(1e-9 * Math.abs(start));
    }
}
