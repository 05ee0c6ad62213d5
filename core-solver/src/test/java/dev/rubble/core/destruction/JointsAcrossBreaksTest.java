package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.command.Command;
import dev.rubble.core.dynamics.ConstraintStore;
import dev.rubble.core.world.World;
import org.junit.jupiter.api.Test;

/**
 * Constraints on collection bodies across breaks (outsider's integration pass, constraints x
 * destruction): a joint on an intact collection's body follows the piece holding its anchor when
 * the collection breaks, keeping its anchor where it is in the world.
 */
final class JointsAcrossBreaksTest {
    private static final double INF = Double.POSITIVE_INFINITY;

    /** Queues a ball joint between body a and the world at world point (x, y, z); returns its id. */
    static int ball(World w, long a, double x, double y, double z) {
        int id = w.context().constraints.reserveId();
        double[] fa = {x, y, z, 0, 0, 0, 1};
        w.queue(new Command.AddConstraint(id, "ball", a, ConstraintStore.WORLD, true, fa, fa.clone(), new double[0], INF,
                INF));
        return id;
    }

    /** A 3-leaf bar (leaves 1..3 at x = 0, 1, 2, 1 m long) at height 5, hung by a ball joint at its left end (-0.5, 5, 0). */
    private static World hungBar(int[] collection, int[] joint) {
        World w = Scenes.world(9.81);
        int c = w.placeCollection(TestAssets.chain(3, 100), CollectionPlacement.at(0, 5, 0));
        w.step();
        long bar = w.destruction().holderBody(c, 0);
        joint[0] = ball(w, bar, -0.5, 5, 0);
        collection[0] = c;
        return w;
    }

    private static double[] anchorWorld(World w, int cid) {
        ConstraintStore st = w.context().constraints;
        int i = st.indexOf(cid);
        double[] out = new double[3];
        w.bodies().originPointToWorld((int) st.bodyA[i], st.frameA[7 * i], st.frameA[7 * i + 1], st.frameA[7 * i + 2], out);
        return out;
    }

    @Test
    void aJointOnTheIntactBodyFollowsThePieceHoldingItsAnchor() {
        int[] c = new int[1], j = new int[1];
        World w = hungBar(c, j);
        Scenes.steps(w, 30);
        ConstraintStore st = w.context().constraints;
        assertThat(st.indexOf(j[0])).isGreaterThanOrEqualTo(0);
        double[] before = anchorWorld(w, j[0]);
        w.queue(new Command.Crumble(c[0], 0)); // every leaf released in this step
        w.step();
        long leaf1 = w.destruction().holderBody(c[0], 1);
        assertThat(leaf1).as("leaf 1 has a body").isNotEqualTo(ClusterStore.NONE);
        int i = st.indexOf(j[0]);
        assertThat(i).as("the joint still exists after the break").isGreaterThanOrEqualTo(0);
        assertThat(st.bodyA[i]).as("the joint holds leaf 1's body").isEqualTo(leaf1);
        assertThat(st.live(w.bodies(), i)).isTrue();
        double[] after = anchorWorld(w, j[0]);
        // the anchor stays at the hinge point: within the joint's softness over one step
        assertThat(after[0]).isCloseTo(-0.5, within(0.01));
        assertThat(after[1]).isCloseTo(5, within(0.01));
        Scenes.steps(w, 120);
        BodyStore b = w.bodies();
        int s = b.slot(leaf1);
        double[] held = anchorWorld(w, j[0]);
        assertThat(held[1]).as("leaf 1 still hangs from the joint").isCloseTo(5, within(0.02));
        assertThat(b.py[s]).as("leaf 1 hangs below the joint").isLessThan(5);
        assertThat(before[1]).isCloseTo(5, within(0.02));
    }
}
