package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.world.World;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.damage.BondState;
import dev.rubble.spi.damage.DamageModel;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.strain.StrainModifier;
import org.junit.jupiter.api.Test;

/**
 * SPEC §5 collision load: with damage propagation off, a contact's impulse goes in full (no
 * splitting) to every child whose bounds meet the box of half-size {@code clusterDistanceThreshold}
 * around the contact point; with it on, to the nearest child only. A 2 kg sphere at 10 m/s, no
 * gravity, hits the -x face (x = -0.5) of a floating bar of four 1 m boxes centred at x = 0, 1, 2, 3.
 */
final class CollisionBoxTest {

    /** A force-based damage model (material strength's kind): every child unbreakable. */
    record Forces() implements DamageModel {
        @Override
        public void thresholds(CollectionAsset asset, BondState bonds, double[] out) {
            java.util.Arrays.fill(out, Double.POSITIVE_INFINITY);
        }

        @Override
        public boolean loadsAreForces() {
            return true;
        }
    }

    /** The largest collision load per node up to and including the step the sphere first loads the bar. */
    private static double[] loads(boolean propagation, double half) {
        return loads(propagation, half, new CollisionStrainTest.Fixed(Double.POSITIVE_INFINITY));
    }

    private static double[] loads(boolean propagation, double half, DamageModel model) {
        World w = Scenes.world(0);
        CollisionStrainTest.Spy spy = new CollisionStrainTest.Spy();
        w.destruction().place(TestAssets.chain(4, 1000), CollectionPlacement.at(0, 0, 0)
                        .withOptions(DestructionOptions.defaults().withPropagation(propagation, 1, 0)
                                .withClusterDistanceThreshold(half)),
                model, new StrainModifier[] {spy});
        w.createBody(BodyDef.of(new Sphere(0.2)).withMass(2).withPosition(-1.5, 0, 0).withLinearVelocity(10, 0, 0));
        for (int i = 0; i < 60 && spy.hitStep < 0; i++) {
            w.step();
        }
        assertThat(spy.hitStep).isPositive();
        return spy.collision;
    }

    @Test
    void withoutPropagationEveryChildInTheBoxTakesTheWholeImpulseAndNoneOutsideIt() {
        double j = loads(true, 1)[1]; // the nearest child only: the impulse of the contact
        assertThat(j).isPositive();
        // box x in [-1.7, 0.7] (half 1.2, the contact at x ≈ -0.5): nodes 1 [-0.5, 0.5] and 2 [0.5, 1.5]
        double[] wide = loads(false, 1.2);
        assertThat(wide[1]).isEqualTo(j);
        assertThat(wide[2]).isEqualTo(j); // in full, not split
        assertThat(wide[3]).isZero();
        assertThat(wide[4]).isZero();
        // half 0.8: x in [-1.3, 0.3], node 1 only
        double[] narrow = loads(false, 0.8);
        assertThat(narrow[1]).isEqualTo(j);
        assertThat(narrow[2]).isZero();
        // half 3.6: every child
        double[] all = loads(false, 3.6);
        assertThat(all[1]).isEqualTo(j);
        assertThat(all[4]).isEqualTo(j);
    }

    @Test
    void withPropagationOnlyTheNearestChildIsLoadedWhateverTheBoxSize() {
        double j = loads(true, 1)[1];
        double[] big = loads(true, 3.6);
        assertThat(big[1]).isEqualTo(j);
        assertThat(big[2]).isZero();
        assertThat(big[3]).isZero();
        assertThat(big[4]).isZero();
    }

    @Test
    void aForceBasedDamageModelSeesTheImpulseDividedByTheStep() {
        // SPEC §5 material strength: "collision impulses are divided by dt to compare forces"
        double j = loads(true, 1)[1];
        double f = loads(true, 1, new Forces())[1];
        assertThat(f).isEqualTo(j / Scenes.world(0).destruction().dt);
        assertThat(Scenes.world(0).destruction().dt).isEqualTo(1.0 / 60); // the default step, so f = 60 j
    }

    /** The largest collision load a kinematic box pushing the bar's -x face at {@code speed} gives node 1 in 30 steps. */
    private static double pushedAt(double speed) {
        World w = Scenes.world(0);
        CollisionStrainTest.Spy spy = new CollisionStrainTest.Spy();
        w.destruction().place(TestAssets.chain(2, 1000), CollectionPlacement.at(0, 0, 0),
                new CollisionStrainTest.Fixed(Double.POSITIVE_INFINITY), new StrainModifier[] {spy});
        // the pusher's +x face 1 mm short of the bar's -x face (x = -0.5)
        w.createBody(BodyDef.of(new dev.rubble.spi.shape.Box(0.25, 0.25, 0.25))
                .withMotion(dev.rubble.core.body.MotionType.KINEMATIC).withPosition(-0.751, 0, 0)
                .withLinearVelocity(speed, 0, 0));
        for (int i = 0; i < 30; i++) {
            w.step();
        }
        return spy.collision[1];
    }

    @Test
    void contactsApproachingAtOneCentimetrePerSecondLoadAndSlowerOnesDoNot() {
        // SPEC §5: "contacts whose approach speed is below 1 cm/s are ignored"
        assertThat(pushedAt(0.01)).isPositive();
        assertThat(pushedAt(0.02)).isPositive();
        assertThat(pushedAt(Math.nextDown(0.01))).isZero();
        assertThat(pushedAt(0.005)).isZero();
    }
}
