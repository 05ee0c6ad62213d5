package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Light links joined far outside their own radius (docs/constraints.md, "A chain of light bodies on long levers"): 0.5 kg
 * spheres of 2 cm radius, 0.1 m apart, on ball joints (or hinges about z) at the midpoints, the first to the world,
 * released level, no contacts between them. A rigid chain keeps each joint's anchors together, so each link's centre
 * stays 0.1 m from the next (0.05 m from the world anchor for the first): the gaps must stay within 1 cm of that, and
 * with no damping, no motors and nothing to hit, the energy (kinetic, rotational, potential) must never rise above the
 * start. Found by fuzz11: at one sub-step the gaps grew to 15 m in 10 s (4 links) and 35 m (6), as a linearised step
 * leaves the anchors of a link spinning at ω about an anchor l off its centre {@code h² l ω² / 2} apart each step.
 */
final class LongLeverChainTest {
    private static final double G = 9.81, R = 0.02, PITCH = 0.1, Y = 5, MASS = 0.5;

    @ParameterizedTest(name = "{0} links, hinges {1}, {2} sub-steps")
    @CsvSource({"4, false, 1", "4, false, 2", "4, false, 4", "6, false, 1", "6, true, 1", "4, true, 1"})
    void theLinksStayTogetherAndGainNoEnergy(int links, boolean hinges, int subSteps) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withTimeStep(1.0 / 60, subSteps)
                .withGravity(new Vector3d(0, -G, 0)));
        List<BodyId> bodies = SphereChainEnergy.levelChain(w, links, MASS, R, PITCH, Y,
                (i, anchor) -> hinges && i % 2 == 0 ? ConstraintSpec.hinge(anchor, new Vector3d(0, 0, 1)) : ConstraintSpec.ball(anchor));
        double start = SphereChainEnergy.of(w, bodies, MASS, R, G), most = start, worstGap = 0;
        for (int s = 0; s < 600; s++) {
            w.step();
            worstGap = Math.max(worstGap, SphereChainEnergy.worstJointGap(w, bodies, PITCH, Y));
            most = Math.max(most, SphereChainEnergy.of(w, bodies, MASS, R, G));
        }
        assertThat(worstGap).as("largest distance between a joint's anchors, m").isLessThan(0.01);
        assertThat(most - start).as("energy above the start, J").isLessThanOrEqualTo(1e-9 * Math.abs(start));
    }
}
