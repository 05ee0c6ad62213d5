package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyStore;
import dev.rubble.spi.strain.StrainModifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 22 item 3: loads do not depend on the solver's visiting order. A bar of two identical boxes
 * (1 × 0.5 × 0.5 m each, bonded) lands flat on the ground: by symmetry each box carries half of the
 * landing impulse, so the collision loads the two children receive in the landing step must be equal
 * (within 5 %) and sum to about the momentum the bar loses, m v (1 + small gravity share). The bar is
 * dropped from several heights and orientations about y (the order in which the solver meets the
 * points changes with them).
 */
final class EqualLoadTest {

    @ParameterizedTest(name = "drop {0} m, yaw {1} rad")
    @CsvSource({"0.5, 0", "0.5, 3.14159265358979", "1.0, 1.5707963267949", "2.0, 0.3", "0.2, 2.0", "3.0, 0.7",
        "0.05, 0", "1.5, 1.2"})
    void twoIdenticalChildrenLandingFlatTakeEqualLoads(double drop, double yaw) {
        var w = Scenes.world(9.81);
        Scenes.ground(w);
        CollisionStrainTest.Spy spy = new CollisionStrainTest.Spy();
        double qy = Math.sin(yaw / 2), qw = Math.cos(yaw / 2);
        int c = w.destruction().place(TestAssets.chain(2, 1000), CollectionPlacement.at(0, 0.25 + drop, 0)
                .withOrientation(0, qy, 0, qw).withOptions(DestructionOptions.defaults().withRestoreMomentum(0)),
                new CollisionStrainTest.Fixed(Double.POSITIVE_INFINITY), new StrainModifier[] {spy});
        BodyStore b = w.bodies();
        long body = w.destruction().holderBody(c, 0);
        double mass = b.mass[b.slot(body)];
        double vBefore = 0;
        for (int i = 0; i < 400 && spy.hitStep < 0; i++) {
            vBefore = b.vy[b.slot(body)];
            w.step();
        }
        assertThat(spy.hitStep).as("the bar landed").isGreaterThanOrEqualTo(0);
        double l1 = spy.collision[1], l2 = spy.collision[2];
        assertThat(l1).as("load of child 1").isGreaterThan(0);
        assertThat(Math.abs(l1 - l2) / Math.max(l1, l2)).as("child loads %s and %s differ", l1, l2).isLessThan(0.05);
        // together they carry what stopped the bar: m |v| plus at most one step of its weight
        double stop = mass * Math.abs(vBefore);
        assertThat(l1 + l2).isBetween(0.9 * stop, 1.1 * stop + mass * 9.81 / 60);
    }

    /**
     * A point on the seam between two children is split between them (it is no longer given to
     * whichever distance rounding makes smaller): a ball dropped onto the top face exactly over the
     * shared face of the two boxes of a resting bar loads both equally.
     */
    @ParameterizedTest(name = "ball at x = {0}")
    @CsvSource({"0.5", "0.5000000001", "0.4999999999"})
    void aPointOnTheSeamIsSplitBetweenTheTwoChildren(double x) {
        var w = Scenes.world(0);
        CollisionStrainTest.Spy spy = new CollisionStrainTest.Spy();
        w.destruction().place(TestAssets.chain(2, 1000), CollectionPlacement.at(0, 0, 0)
                .withOptions(DestructionOptions.defaults().withRestoreMomentum(0)),
                new CollisionStrainTest.Fixed(Double.POSITIVE_INFINITY), new StrainModifier[] {spy});
        w.createBody(dev.rubble.core.body.BodyDef.of(new dev.rubble.spi.shape.Sphere(0.1)).withMass(2)
                .withPosition(x, 0.6, 0).withLinearVelocity(0, -5, 0));
        for (int i = 0; i < 60 && spy.hitStep < 0; i++) {
            w.step();
        }
        double l1 = spy.collision[1], l2 = spy.collision[2];
        assertThat(l1 + l2).as("the ball's impulse reached the bar").isGreaterThan(5);
        assertThat(Math.abs(l1 - l2) / Math.max(l1, l2)).as("seam loads %s and %s", l1, l2).isLessThan(0.05);
    }
}
