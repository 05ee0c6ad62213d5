package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A hinge or slider whose lower and upper limits are equal is locked: it holds as a weld does (docs/constraints.md,
 * "Locked joints"). Expected from statics by hand, as for welded beams (WeldLoadTest): a cantilever of links on locked
 * hinges does not bend and its root carries the weight and the moment of everything beyond it; a chain of links on
 * locked sliders hangs at its length and its top joint carries the whole weight. Before (fuzz8) the free axis was held
 * by two one-sided limit rows solved one after the other beside the joint tree: the ten-link beam of 1 kg links hung
 * its tip 0.84 m (0.1 kg links with a 10 kg tip: 44 m, thrown about), and the slider chain of 0.1 kg links under a
 * 10 kg load blew up (its top joint read 2e12 times the weight).
 */
final class LockedJointTest {
    private static final double G = 9.81;

    @ParameterizedTest(name = "links of {0} kg, a {1} kg tip")
    @CsvSource({"1, 1", "0.1, 10"})
    void aCantileverOfLockedHingesHoldsAsAWeldedBeam(double linkMass, double tipMass) {
        LevelArm.assertHolds(linkMass, tipMass, ConstraintSpec.hinge(new Vector3d(), new Vector3d(0, 0, 1)).limits(0, 0),
                300, 1e-3, "before: 0.84 m for 1 kg links");
    }

    @ParameterizedTest(name = "links of {0} kg, a {1} kg load")
    @CsvSource({"0.1, 10", "1, 1", "0.001, 1000"})
    void aChainOfLockedSlidersHangsAtItsLengthAndTheTopJointCarriesAll(double linkMass, double load) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d(0, -G, 0)));
        int links = 20;
        double pitch = HangingChain.PITCH, top = HangingChain.TOP;
        HangingChain chain = HangingChain.hang(w, links, linkMass, load,
                y -> ConstraintSpec.slider(new Vector3d(0, y, 0), new Vector3d(0, 1, 0)).limits(0, 0));
        BodyId last = chain.last();
        ConstraintId first = chain.first();
        double length = (links - 0.5) * pitch;
        double worst = 0;
        Vector3d p = new Vector3d();
        for (int s = 0; s < 300; s++) {
            w.step();
            w.position(last, p);
            worst = Math.max(worst, Math.max(Math.abs(top - 0.05 - p.y - length), Math.abs(p.x) + Math.abs(p.z)));
        }
        assertThat(worst / length).as("stretch or sway of the chain (before: it blew up)").isLessThan(1e-3);
        double weight = ((links - 1) * linkMass + load) * G;
        assertThat(w.constraintForce(first)).as("top joint's force").isCloseTo(weight, within(1e-3 * weight));
    }
}
