package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import org.junit.jupiter.api.Test;

/** A collection's first steps when it is placed moving: analytic expectations (Newton's first law). */
final class FirstStepEdgesTest {

    /**
     * An intact collection (one body, a compound of its root's hull) placed spinning at the speed limit,
     * 100 rad/s, beside the ground it cannot reach: the 4-box bar (4 × 0.5 × 0.5 m) turns about its short
     * horizontal axis through its centre 2.3 m up, so no point comes nearer the ground than
     * 2.3 - sqrt(2² + 0.25² + 0.25²) = 0.27 m, and with no gravity nothing may change. Before, the
     * speculative contact at an end's linearised motion (200 m/s down, 3.3 m a step against a 2.05 m gap)
     * was kept for compounds and spinning bodies alike: the ground's push (about 50 m/s upward on the
     * whole bar) broke the bar, whose children hold 10 N·s, in its first step.
     */
    @Test
    void aCollectionPlacedSpinningBesideTheGroundItCannotReachKeepsItsSpinAndPlace() {
        World w = Scenes.world(0);
        w.createBody(BodyDef.of(new Box(50, 0.05, 50)).withMotion(MotionType.STATIC).withPosition(0, -0.05, 0));
        // the bar's centre of mass is at x = 1.5 in the collection frame
        w.placeCollection(TestAssets.chain(4, 1000), CollectionPlacement.at(-1.5, 2.3, 0)
                .withVelocity(0, 0, 0, 0, 0, 100).withOptions(Scenes.thresholds(10)));
        long bar = w.destruction().holderBody(0, 1);
        BodyStore b = w.bodies();
        for (int i = 0; i < 10; i++) {
            w.step();
            assertThat(w.destruction().events().count()).as("breaks in step %d: nothing touches the bar", i).isZero();
            int s = b.slot(bar);
            assertThat(b.vy[s]).as("step %d", i).isZero();
            assertThat(b.wz[s]).as("step %d", i).isEqualTo(100);
            assertThat(b.py[s]).as("step %d", i).isCloseTo(2.3, offset(1e-12));
        }
    }
}
