package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Chains of ball joints solved directly (docs/constraints.md, "Joint trees"): 20 links 10 cm apart hang from the
 * world and hold a 10 kg sphere. Statics by hand: a rigid chain is its links' length from the pivot to the load
 * (1.95 m), and each joint carries the weight below it (the top one all of it). Solved joint by joint
 * (Gauss–Seidel, four passes an iteration) the soft rows gave way by the mass ratio: 0.1 kg links stretched
 * 15.7 %, 1 kg links 2.6 %, 10 kg links 1.4 % at one 60 Hz sub-step (0.91 % at four); 20 links of 1 kg with
 * no heavier load 0.69 %.
 */
class HeavyChainTest {
    private static final double G = 9.81;

    @ParameterizedTest(name = "links of {0} kg, a {1} kg load, {2} sub-steps")
    @CsvSource({"0.1, 10, 1", "1, 10, 1", "10, 10, 1", "0.1, 10, 4", "0.01, 10, 1", "1, 1, 1"})
    void aLoadOnLinksHangsAtTheChainsLengthAndTheTopJointCarriesAll(double linkMass, double load, int subSteps) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d(0, -G, 0))
                .withTimeStep(1.0 / 60, subSteps));
        int links = 20;
        double pitch = HangingChain.PITCH, top = HangingChain.TOP;
        HangingChain chain = HangingChain.hang(w, links, linkMass, load,
                y -> ConstraintSpec.ball(new Vector3d(0, y, 0)));
        BodyId last = chain.last();
        ConstraintId first = chain.first();
        double length = (links - 0.5) * pitch;
        Vector3d p = new Vector3d();
        double worst = 0;
        for (int s = 0; s < 300; s++) {
            w.step();
            worst = Math.max(worst, top - 0.05 - w.position(last, p).y);
        }
        assertThat((worst - length) / length).as("stretch of the chain, from the first step").isLessThan(1e-3);
        double weight = ((links - 1) * linkMass + load) * G;
        assertThat(w.constraintForce(first)).as("top joint's force").isCloseTo(weight, within(1e-3 * weight));
    }
}
