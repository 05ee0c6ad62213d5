package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.command.Command;
import dev.rubble.core.dynamics.ConstraintStore;
import dev.rubble.core.event.EventBuffer;
import dev.rubble.core.event.EventKinds;
import dev.rubble.core.world.World;
import org.junit.jupiter.api.Test;

/**
 * The {@code constraint-break} event kind switched on for one body (not globally) on a collection's
 * intact body that carries a joint (docs/constraints.md "Joints on collections"): the user asked to hear
 * about that joint's breaks, and the joint's body is retired when the collection breaks. A 3-leaf bar
 * (leaves 1..3 at x = 0, 1, 2) at height 5 hangs by a ball joint at its left end (-0.5, 5, 0), which
 * leaf 1 holds after the bar crumbles.
 */
final class JointEventSwitchAcrossBreaksTest {
    private static final double INF = Double.POSITIVE_INFINITY;
    private static final int SWITCH = 1 << EventKinds.CONSTRAINT_BREAK;

    private static World bar(int[] collection, int[] joint) {
        World w = Scenes.world(9.81);
        int c = w.placeCollection(TestAssets.chain(3, 100), CollectionPlacement.at(0, 5, 0));
        w.step();
        long bar = w.destruction().holderBody(c, 0);
        joint[0] = JointsAcrossBreaksTest.ball(w, bar, -0.5, 5, 0);
        w.queue(new Command.SetBodyEvents(bar, SWITCH)); // this body's joints only: the kind is not on globally
        w.step();
        collection[0] = c;
        return w;
    }

    /** The constraint ids the step's {@code constraint-break} events name, in order. */
    private static long[] heard(World w) {
        EventBuffer e = w.context().events.buffer(EventKinds.CONSTRAINT_BREAK);
        long[] ids = new long[e.count()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = e.ids[EventBuffer.SUB][i];
        }
        return ids;
    }

    @Test
    void theJointsPieceKeepsTheSwitchSoItsLaterRemovalIsHeard() {
        int[] c = new int[1], j = new int[1];
        World w = bar(c, j);
        w.destruction().setDebrisOptions(c[0], DebrisOptions.defaults().withRemoveOnBreak(0.2, 0.2, 0.1, 0.1).withSeed(3));
        w.queue(new Command.Crumble(c[0], 0));
        w.step();
        ConstraintStore st = w.context().constraints;
        long leaf1 = w.destruction().holderBody(c[0], 1);
        assertThat(st.bodyA[st.indexOf(j[0])]).as("the joint follows leaf 1").isEqualTo(leaf1);
        // leaf 1's removal timer runs out 0.2 s + 0.1 s after the break: the joint goes with it, reported as a break
        int reports = 0;
        long heardAt = -1, removedAt = -1;
        for (int k = 0; k < 60 && removedAt < 0; k++) {
            w.step();
            if (st.indexOf(j[0]) < 0) {
                removedAt = w.stepIndex() - 1;
            }
            long[] ids = heard(w);
            reports += ids.length;
            if (ids.length == 1 && ids[0] == j[0]) {
                heardAt = w.stepIndex() - 1;
            }
        }
        assertThat(removedAt).as("the joint went with its piece").isPositive();
        assertThat(heardAt).as("the break of the joint whose body asked for it was heard in its step").isEqualTo(removedAt);
        assertThat(reports).isOne();
    }

    @Test
    void aJointWhosePieceGetsNoBodyIsHeardInTheBreakStep() {
        int[] c = new int[1], j = new int[1];
        World w = bar(c, j);
        w.queue(new Command.SetReleaseThrottle(0, 0)); // every released piece is disabled at once: no body
        w.queue(new Command.Crumble(c[0], 0));
        w.step();
        assertThat(w.context().constraintBreaks).extracting(k -> k.id()).containsExactly(j[0]);
        assertThat(heard(w)).containsExactly(j[0]);
    }

    @Test
    void aJointBreakingByForceInTheStepItsHolderBreaksIsHeard() {
        int[] c = new int[1], j = new int[1];
        World w = bar(c, j);
        long bar = w.destruction().holderBody(c[0], 0);
        // a weak second joint at the bar's right end: it carries part of the weight and snaps in its first step,
        // the step the bar crumbles (its body is retired before the EVENTS slot)
        int id = w.context().constraints.reserveId();
        double[] f = {2.5, 5, 0, 0, 0, 0, 1};
        w.queue(new Command.AddConstraint(id, "ball", bar, ConstraintStore.WORLD, true, f, f.clone(), new double[0], 1, INF));
        w.queue(new Command.Crumble(c[0], 0));
        w.step();
        assertThat(w.context().constraintBreaks).extracting(k -> k.id()).containsExactly(id);
        assertThat(heard(w)).containsExactly(id);
    }

    @Test
    void withoutTheSwitchNothingIsHeard() {
        World w = Scenes.world(9.81);
        int c = w.placeCollection(TestAssets.chain(3, 100), CollectionPlacement.at(0, 5, 0));
        w.step();
        JointsAcrossBreaksTest.ball(w, w.destruction().holderBody(c, 0), -0.5, 5, 0);
        w.queue(new Command.SetReleaseThrottle(0, 0));
        w.queue(new Command.Crumble(c, 0));
        w.step();
        assertThat(w.context().constraintBreaks).hasSize(1);
        assertThat(heard(w)).isEmpty();
    }
}
