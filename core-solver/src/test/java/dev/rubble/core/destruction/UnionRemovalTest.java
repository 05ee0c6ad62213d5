package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import org.junit.jupiter.api.Test;

/**
 * A welded piece taken by its removal timer (docs/destruction.md "Debris and removal", "Cluster unions")
 * is gone from the union's body when its body is: from the next step on nothing collides with it, as for
 * an unwelded piece (the REMOVAL slot runs after the solve, so in the removal step itself both were solved
 * with full-size shapes, as documented; the next step's COMMANDS flush lets the welded piece leave its
 * union before the narrowphase). Scene (g = 9.81): a 3-leaf bar on the ground crumbled at step 1,
 * remove-on-break after 0.2 s (shrinking over 0.1 s); its leaf 1 (x = 0) welded to a plain box beside it
 * (x = -1), or not (the twin); a small probe box resting on leaf 1 alone.
 */
final class UnionRemovalTest {
    private static final double G = 9.81, DT = 1 / 60.0;

    @Test
    void aWeldedPieceRemovedByItsTimerNoLongerCollidesInTheNextStep() {
        assertProbeFallsRightAfterTheRemoval(true);
    }

    @Test
    void theUnweldedTwinBehavesTheSame() {
        assertProbeFallsRightAfterTheRemoval(false);
    }

    private static void assertProbeFallsRightAfterTheRemoval(boolean welded) {
        World w = Scenes.world(G);
        Scenes.ground(w);
        int c = w.placeCollection(TestAssets.chain(3, 100), CollectionPlacement.at(0, 0.25, 0));
        w.destruction().setDebrisOptions(c, DebrisOptions.defaults().withRemoveOnBreak(0.2, 0.2, 0.1, 0.1).withSeed(1));
        long box = w.createBody(BodyDef.of(new Box(0.5, 0.25, 0.25)).withMass(25).withPosition(-1, 0.25, 0));
        long probe = w.createBody(BodyDef.of(new Box(0.1, 0.1, 0.1)).withMass(1).withPosition(0, 0.6, 0));
        w.step();
        w.queue(new Command.Crumble(c, 0));
        w.step();
        long leaf = w.destruction().holderBody(c, 1);
        if (welded) {
            w.queue(new Command.UnionAdd(0, leaf, false));
            w.queue(new Command.UnionAdd(0, box, false));
        }
        BodyStore b = w.bodies();
        int ps = b.slot(probe);
        int removedAt = -1;
        for (int k = 0; k < 60 && removedAt < 0; k++) {
            w.step();
            if (welded && k == 0) {
                assertThat(w.destruction().unions().unionOfMember(leaf)).as("leaf 1 is welded").isZero();
            }
            if (!(b.isLive((int) leaf) && b.handle((int) leaf) == leaf)) {
                removedAt = k;
            }
        }
        // removed 0.2 + 0.1 s after the break, to a step
        assertThat(removedAt).as("the step leaf 1 was removed").isBetween(15, 20);
        assertThat(b.vy[ps]).as("the probe rested on leaf 1 until then").isCloseTo(0, within(0.05));
        double before = b.vy[ps];
        w.step();
        // nothing under the probe any more (the ground is 0.4 m below it, the box 0.4 m to the side): it falls freely
        assertThat(b.vy[ps] - before).as("the probe's speed change in the step after the removal").isCloseTo(-G * DT, within(1e-9));
        ContactStore cs = w.contacts();
        for (int m = 0; m < cs.size(); m++) {
            boolean probeSide = cs.bodyA[m] == ps || cs.bodyB[m] == ps;
            assertThat(probeSide && cs.pointCount[m] > 0).as("manifold %d touches the probe", m).isFalse();
        }
    }
}
