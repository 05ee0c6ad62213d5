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

    @Test
    void whatIsLeftAroundTheAnchorTakesTheJointAsOneBody() {
        int[] c = new int[1], j = new int[1];
        World w = hungBar(c, j);
        Scenes.steps(w, 10);
        w.queue(new Command.ExternalStrain(c[0], 3, INF)); // leaf 3 breaks off; leaves 1 and 2 stay one cluster
        w.step();
        ConstraintStore st = w.context().constraints;
        int i = st.indexOf(j[0]);
        long cluster = w.destruction().holderBody(c[0], 1);
        assertThat(w.destruction().holderBody(c[0], 2)).isEqualTo(cluster);
        assertThat(w.destruction().holderBody(c[0], 3)).isNotEqualTo(cluster);
        assertThat(st.bodyA[i]).isEqualTo(cluster);
        // 2 leaves of 100 kg/m^3 x 0.25 m^3
        assertThat(1 / w.bodies().invMass[w.bodies().slot(cluster)]).isCloseTo(50, within(1e-9));
        Scenes.steps(w, 60);
        assertThat(anchorWorld(w, j[0])[1]).isCloseTo(5, within(0.02));
    }

    @Test
    void anAnchorAtTheFarEndGoesWithTheFarPiece() {
        World w = Scenes.world(9.81);
        int c = w.placeCollection(TestAssets.chain(3, 100), CollectionPlacement.at(0, 5, 0));
        w.step();
        int j = ball(w, w.destruction().holderBody(c, 0), 2.5, 5, 0);
        Scenes.steps(w, 5);
        w.queue(new Command.Crumble(c, 0));
        w.step();
        ConstraintStore st = w.context().constraints;
        assertThat(st.bodyA[st.indexOf(j)]).isEqualTo(w.destruction().holderBody(c, 3));
        Scenes.steps(w, 60);
        double[] a = anchorWorld(w, j);
        assertThat(a[0]).isCloseTo(2.5, within(0.02));
        assertThat(a[1]).isCloseTo(5, within(0.02));
        // the other two are free: a second later they are more than a metre below the hanging piece
        BodyStore b = w.bodies();
        assertThat(b.py[b.slot(w.destruction().holderBody(c, 1))]).isLessThan(4);
        assertThat(b.py[b.slot(w.destruction().holderBody(c, 2))]).isLessThan(4);
    }

    @Test
    void aPieceRemovedByItsTimerTakesItsJointAwayWithABreakEntry() {
        int[] c = new int[1], j = new int[1];
        World w = hungBar(c, j);
        w.destruction().setDebrisOptions(c[0], DebrisOptions.defaults().withRemoveOnBreak(0.2, 0.2, 0.1, 0.1).withSeed(3));
        w.queue(new Command.Crumble(c[0], 0));
        w.step();
        ConstraintStore st = w.context().constraints;
        long leaf1 = w.destruction().holderBody(c[0], 1);
        assertThat(st.bodyA[st.indexOf(j[0])]).isEqualTo(leaf1);
        long removedAt = -1;
        for (int k = 0; k < 60 && removedAt < 0; k++) {
            w.step();
            if (st.indexOf(j[0]) < 0) {
                removedAt = w.stepIndex() - 1;
            }
        }
        assertThat(removedAt).as("the joint went with its piece").isPositive();
        assertThat(w.bodies().isLive((int) leaf1) && w.bodies().handle((int) leaf1) == leaf1).isFalse();
        assertThat(w.context().constraintBreaks).hasSize(1);
        assertThat(w.context().constraintBreaks.get(0).id()).isEqualTo(j[0]);
        assertThat(w.context().constraintBreaks.get(0).bodyA()).isEqualTo(leaf1);
        assertThat(w.context().constraintBreaks.get(0).step()).isEqualTo(removedAt);
        // a new body in the freed slot is not constrained
        long fresh = w.createBody(dev.rubble.core.body.BodyDef.of(new dev.rubble.spi.shape.Box(0.1, 0.1, 0.1)).withPosition(9, 9, 9));
        w.step();
        assertThat(st.size()).isZero();
        assertThat(w.bodies().vy[w.bodies().slot(fresh)]).isLessThan(0);
    }

    @Test
    void aPieceThatGetsNoBodyTakesItsJointAwayInTheBreakStep() {
        int[] c = new int[1], j = new int[1];
        World w = hungBar(c, j);
        w.queue(new Command.SetReleaseThrottle(0, 0)); // every released piece is disabled at once: no body
        w.queue(new Command.Crumble(c[0], 0));
        w.step();
        assertThat(w.context().constraints.indexOf(j[0])).isNegative();
        assertThat(w.context().constraintBreaks).extracting(k -> k.id()).containsExactly(j[0]);
    }

    @Test
    void anchoringTheIntactBodyKeepsItsJoint() {
        World w = Scenes.world(9.81);
        int c = w.placeCollection(TestAssets.chain(3, 100), CollectionPlacement.at(0, 5, 0));
        w.step();
        long other = w.createBody(dev.rubble.core.body.BodyDef.of(new dev.rubble.spi.shape.Box(0.2, 0.2, 0.2))
                .withPosition(-0.7, 5, 0));
        int id = w.context().constraints.reserveId();
        double[] f = {-0.5, 5, 0, 0, 0, 0, 1};
        w.queue(new Command.AddConstraint(id, "fixed", w.destruction().holderBody(c, 0), other, true, f, f.clone(),
                new double[0], INF, INF));
        w.step();
        long before = w.destruction().holderBody(c, 0);
        w.queue(new Command.SetAnchor(c, 1, true)); // the bar becomes kinematic in place: the same body
        w.step();
        assertThat(w.destruction().holderBody(c, 0)).isEqualTo(before);
        ConstraintStore st = w.context().constraints;
        int i = st.indexOf(id);
        long bar = w.destruction().holderBody(c, 0);
        assertThat(st.bodyA[i]).isEqualTo(bar);
        Scenes.steps(w, 60);
        BodyStore b = w.bodies();
        // the box welded to the pinned bar hangs on it instead of falling
        assertThat(b.py[b.slot(other)]).isCloseTo(5, within(0.02));
    }

    @Test
    void aBarPinnedAndFreedAgainKeepsItsJointAndSwingsFromIt() {
        int[] c = new int[1], j = new int[1];
        World w = hungBar(c, j);
        w.step();
        long bar = w.destruction().holderBody(c[0], 0);
        w.queue(new Command.SetAnchor(c[0], 3, true)); // pinned by its far leaf: it stops, level
        Scenes.steps(w, 10);
        BodyStore b = w.bodies();
        int s = b.slot(bar);
        double pinnedY = b.py[s];
        assertThat(b.motion(s)).isEqualTo(dev.rubble.core.body.MotionType.KINEMATIC);
        w.queue(new Command.SetAnchor(c[0], 3, false));
        Scenes.steps(w, 60);
        ConstraintStore st = w.context().constraints;
        int i = st.indexOf(j[0]);
        assertThat(w.destruction().holderBody(c[0], 0)).as("the same body, dynamic again").isEqualTo(bar);
        assertThat(b.motion(s)).isEqualTo(dev.rubble.core.body.MotionType.DYNAMIC);
        assertThat(st.bodyA[i]).isEqualTo(bar);
        assertThat(w.context().constraintBreaks).isEmpty();
        double[] a = anchorWorld(w, j[0]);
        // it swings down about the hinge, which stays where it is (within the joint's softness)
        assertThat(a[0]).isCloseTo(-0.5, within(0.02));
        assertThat(a[1]).isCloseTo(5, within(0.02));
        assertThat(b.py[s]).isLessThan(pinnedY - 0.3);
    }

    @Test
    void aJointBreakingByForceInTheStepItsHolderBreaksIsReportedOnceInIdOrder() {
        int[] c = new int[1], j = new int[1];
        World w = hungBar(c, j);
        w.step();
        long bar = w.destruction().holderBody(c[0], 0);
        // a weak second joint at the bar's right end: it carries part of the weight and snaps in its first step
        int id = w.context().constraints.reserveId();
        double[] f = {2.5, 5, 0, 0, 0, 0, 1};
        w.queue(new Command.AddConstraint(id, "ball", bar, ConstraintStore.WORLD, true, f, f.clone(), new double[0], 1,
                INF));
        w.queue(new Command.Crumble(c[0], 0));
        w.step();
        ConstraintStore st = w.context().constraints;
        assertThat(w.context().constraintBreaks).extracting(k -> k.id()).containsExactly(id);
        assertThat(st.indexOf(id)).isNegative();
        assertThat(st.bodyA[st.indexOf(j[0])]).isEqualTo(w.destruction().holderBody(c[0], 1));
    }

    /** Two bars, hung and joined, breaking at steps 20 and 40; a free box tied to a far leaf. */
    private static World scene(int threads) {
        World w = World.create(dev.rubble.core.step.WorldSettings.defaults().withGravity(0, -9.81, 0)
                .withThreads(threads), Scenes.stages());
        Scenes.ground(w);
        int c0 = w.placeCollection(TestAssets.chain(3, 100), CollectionPlacement.at(0, 5, 0));
        int c1 = w.placeCollection(TestAssets.chain(3, 100), CollectionPlacement.at(0, 5, 2));
        long box = w.createBody(dev.rubble.core.body.BodyDef.of(new dev.rubble.spi.shape.Box(0.2, 0.2, 0.2))
                .withPosition(2, 4, 1));
        w.step();
        long b0 = w.destruction().holderBody(c0, 0), b1 = w.destruction().holderBody(c1, 0);
        ball(w, b0, -0.5, 5, 0);
        ball(w, b1, -0.5, 5, 2);
        int id = w.context().constraints.reserveId();
        double[] fa = {2, 5, 0.25, 0, 0, 0, 1}, fb = {2, 5, 1.75, 0, 0, 0, 1};
        w.queue(new Command.AddConstraint(id, "distance", b0, b1, true, fa, fb, new double[] {Double.NaN, 0, 0}, INF, INF));
        id = w.context().constraints.reserveId();
        double[] fc = {2, 4.75, 0, 0, 0, 0, 1}, fd = {2, 4, 1, 0, 0, 0, 1};
        w.queue(new Command.AddConstraint(id, "rope", b0, box, true, fc, fd, new double[] {Double.NaN}, INF, INF));
        return w;
    }

    private static void drive(World w, int c0, int c1) {
        long k = w.stepIndex();
        if (k == 20) {
            w.queue(new Command.ExternalStrain(c0, 3, INF));
        } else if (k == 40) {
            w.queue(new Command.Crumble(c0, 0));
            w.queue(new Command.Crumble(c1, 0));
        }
        w.step();
    }

    @Test
    void theSameHashesAtOneAndTwoThreadsAndFromASnapshotTakenAroundTheBreaks() throws Exception {
        World one = scene(1), two = scene(2);
        java.util.Map<Long, byte[]> saved = new java.util.TreeMap<>();
        long[] hashes = new long[100];
        for (int k = 0; k < 100; k++) {
            long at = one.stepIndex();
            if (at == 20 || at == 21 || at == 40 || at == 41) {
                saved.put(at, SnapshotOfCollectionsTest.save(one));
            }
            drive(one, 0, 1);
            drive(two, 0, 1);
            hashes[k] = one.stateHash();
            assertThat(two.stateHash()).as("step %d at two threads", at).isEqualTo(hashes[k]);
        }
        assertThat(one.context().constraints.size()).as("every joint followed a piece").isEqualTo(4);
        for (var e : saved.entrySet()) {
            World r = SnapshotOfCollectionsTest.restore(e.getValue());
            while (r.stepIndex() < 101) {
                long at = r.stepIndex();
                drive(r, 0, 1);
                assertThat(r.stateHash()).as("restored at %d, step %d", e.getKey(), at).isEqualTo(hashes[(int) at - 1]);
            }
        }
    }

    @Test
    void aJointFollowsPiecesThatTheImpactPassReleasesBeforeTheSolve() {
        World w = Scenes.world(9.81);
        int c = w.placeCollection(TestAssets.chain(3, 100), CollectionPlacement.at(0, 5, 0)
                .withOptions(Scenes.thresholds(150, 40).withImpactMode(ImpactMode.RESOLVE)));
        w.step();
        int j = ball(w, w.destruction().holderBody(c, 0), -0.5, 5, 0);
        w.step();
        // a 14 kg ball at 25 m/s into the far leaf
        w.createBody(dev.rubble.core.body.BodyDef.of(new dev.rubble.spi.shape.Sphere(0.15)).withPosition(2, 5, -0.6)
                .withLinearVelocity(0, 0, 25));
        ConstraintStore st = w.context().constraints;
        long broke = -1;
        for (int k = 0; k < 10 && broke < 0; k++) {
            w.step();
            if (w.profile().breaks() > 0) {
                broke = w.stepIndex() - 1;
            }
        }
        assertThat(broke).as("the ball broke the bar").isNotNegative();
        int i = st.indexOf(j);
        assertThat(st.bodyA[i]).isEqualTo(w.destruction().holderBody(c, 1));
        assertThat(st.live(w.bodies(), i)).isTrue();
        Scenes.steps(w, 30);
        double[] a = anchorWorld(w, j);
        assertThat(a[0]).isCloseTo(-0.5, within(0.02));
        assertThat(a[1]).isCloseTo(5, within(0.02));
    }

    /** Constraint cid's frame A in the world: anchor x, y, z, then orientation qx, qy, qz, qw. */
    private static double[] frameAWorld(World w, int cid) {
        ConstraintStore st = w.context().constraints;
        int i = st.indexOf(cid);
        BodyStore b = w.bodies();
        int s = b.slot(st.bodyA[i]);
        double[] out = new double[7];
        b.originPointToWorld(s, st.frameA[7 * i], st.frameA[7 * i + 1], st.frameA[7 * i + 2], out);
        double ax = b.qx[s], ay = b.qy[s], az = b.qz[s], aw = b.qw[s];
        double bx = st.frameA[7 * i + 3], by = st.frameA[7 * i + 4], bz = st.frameA[7 * i + 5], bw = st.frameA[7 * i + 6];
        out[3] = aw * bx + ax * bw + ay * bz - az * by;
        out[4] = aw * by - ax * bz + ay * bw + az * bx;
        out[5] = aw * bz + ax * by - ay * bx + az * bw;
        out[6] = aw * bw - ax * bx - ay * by - az * bz;
        return out;
    }

    @Test
    void aHingesFrameKeepsItsWorldPoseExactlyAcrossTheBreak() {
        World w = Scenes.world(0);
        // a door turned 30 degrees about y, at rest, hinged along its left edge (vertical axis)
        double c = Math.cos(Math.PI / 12), s = Math.sin(Math.PI / 12);
        int col = w.placeCollection(TestAssets.chain(3, 100), CollectionPlacement.at(0, 5, 0)
                .withOrientation(0, s, 0, c));
        w.step();
        long door = w.destruction().holderBody(col, 0);
        BodyStore b = w.bodies();
        double[] edge = new double[3];
        b.originPointToWorld(b.slot(door), -0.5, 0, 0, edge); // the hinge point is in the body frame here
        int id = w.context().constraints.reserveId();
        double h = Math.sqrt(0.5);
        double[] f = {edge[0], edge[1], edge[2], 0, 0, h, h}; // frame x axis along world y
        w.queue(new Command.AddConstraint(id, "hinge", door, ConstraintStore.WORLD, true, f, f.clone(),
                new double[] {-0.5, 0.5, 0, 0}, INF, INF));
        w.step();
        double[] before = frameAWorld(w, id);
        w.queue(new Command.Crumble(col, 0));
        w.step();
        ConstraintStore st = w.context().constraints;
        assertThat(st.bodyA[st.indexOf(id)]).isEqualTo(w.destruction().holderBody(col, 1));
        double[] after = frameAWorld(w, id);
        for (int k = 0; k < 7; k++) {
            assertThat(after[k]).as("component %d", k).isCloseTo(before[k], within(1e-12));
        }
    }

    @Test
    void aJointBetweenTwoPiecesOfOneCollectionFollowsEachSideAsItBreaksInTurn() {
        World w = Scenes.world(0);
        // root -> clusters 1 (leaves 3, 4 at x = 0, 1) and 2 (leaves 5, 6 at x = 2, 3); boxes 1 m across
        int c = w.placeCollection(TestAssets.threeLevels(), CollectionPlacement.at(0, 5, 0));
        w.queue(new Command.Crumble(c, 0));
        w.step();
        long c1 = w.destruction().holderBody(c, 3), c2 = w.destruction().holderBody(c, 5);
        assertThat(c1).isNotEqualTo(c2);
        int id = w.context().constraints.reserveId();
        double[] fa = {1.4, 5, 0, 0, 0, 0, 1}, fb = {1.6, 5, 0, 0, 0, 0, 1};
        w.queue(new Command.AddConstraint(id, "distance", c1, c2, true, fa, fb, new double[] {Double.NaN, 0, 0}, INF, INF));
        w.step();
        ConstraintStore st = w.context().constraints;
        w.queue(new Command.Crumble(c, 1));
        w.step();
        int i = st.indexOf(id);
        assertThat(st.bodyA[i]).as("side A on leaf 4").isEqualTo(w.destruction().holderBody(c, 4));
        assertThat(st.bodyB[i]).as("side B still on cluster 2").isEqualTo(c2);
        w.queue(new Command.Crumble(c, 2));
        w.step();
        i = st.indexOf(id);
        assertThat(st.bodyB[i]).as("side B on leaf 5").isEqualTo(w.destruction().holderBody(c, 5));
        BodyStore b = w.bodies();
        double[] pa = new double[3], pb = new double[3];
        b.originPointToWorld(b.slot(st.bodyA[i]), st.frameA[7 * i], st.frameA[7 * i + 1], st.frameA[7 * i + 2], pa);
        b.originPointToWorld(b.slot(st.bodyB[i]), st.frameB[7 * i], st.frameB[7 * i + 1], st.frameB[7 * i + 2], pb);
        assertThat(pa[0]).isCloseTo(1.4, within(1e-9));
        assertThat(pb[0]).isCloseTo(1.6, within(1e-9));
        assertThat(st.params[i][0]).as("the rest length set at creation").isCloseTo(0.2, within(1e-12));
    }
}
