package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.command.Command;
import dev.rubble.core.dynamics.ConstraintStore;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import org.junit.jupiter.api.Test;

/**
 * A joint on a body welded into a cluster union (constraints x destruction): the member is disabled and
 * the union's body moves for it, so the joint must act on the union's body at the member's anchor. Box a
 * (1 kg, 0.5 m) hangs by a ball joint at its top (0, 5.25, 0); box b (3 kg) 2 m along x is welded to it.
 */
final class JointsOnUnionsTest {

    private static double[] anchor(World w, int id) {
        ConstraintStore st = w.context().constraints;
        int i = st.indexOf(id);
        double[] out = new double[3];
        w.bodies().originPointToWorld((int) st.bodyA[i], st.frameA[7 * i], st.frameA[7 * i + 1], st.frameA[7 * i + 2], out);
        return out;
    }

    @Test
    void aUnionSwingsFromItsMembersJointAndTheMemberTakesItBackWhenTheUnionDissolves() {
        World w = Scenes.world(9.81);
        long a = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(1).withPosition(0, 5, 0));
        long b = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(3).withPosition(2, 5, 0));
        int j = JointsAcrossBreaksTest.ball(w, a, 0, 5.25, 0);
        w.step();
        w.queue(new Command.UnionAdd(0, a, false));
        w.queue(new Command.UnionAdd(0, b, false));
        w.step();
        long u = w.destruction().unions().body(0);
        assertThat(u).isNotNegative();
        BodyStore s = w.bodies();
        // the union's centre of mass, 1.5 m along x from a's centre, stays on a circle about the pivot
        double r = Math.hypot(1.5, 0.25);
        double minY = 5;
        for (int k = 0; k < 60; k++) {
            w.step();
            int us = s.slot(u);
            assertThat(Math.hypot(s.px[us] - 0, s.py[us] - 5.25)).as("step %d", k).isCloseTo(r, within(0.02));
            double[] p = anchor(w, j);
            assertThat(p[0]).isCloseTo(0, within(0.02));
            assertThat(p[1]).isCloseTo(5.25, within(0.02));
            minY = Math.min(minY, s.py[us]);
        }
        assertThat(minY).as("it swung down (free fall would have taken it 4.9 m down)").isLessThan(4.5).isGreaterThan(3.7);
        // b leaves: the union dissolves, a is free again and still hangs from the joint; b falls
        w.queue(new Command.UnionRemove(0, b));
        w.step();
        assertThat(w.destruction().unions().body(0)).isNegative();
        for (int k = 0; k < 60; k++) {
            w.step();
        }
        double[] p = anchor(w, j);
        assertThat(p[1]).isCloseTo(5.25, within(0.02));
        assertThat(s.py[s.slot(b)]).isLessThan(3);
    }

    /**
     * A 1 kg tetrahedral hull, its origin at its corner (0, 5, 0) and its centre of mass 0.22 m away at (0.125,
     * 5.125, 0.125), hangs by a ball joint at that corner and is welded to a 3 kg box: the union swings about the
     * pivot, and the hull's anchor stays on it, as it does unwelded (within 2 mm over this second). Before
     * (2026-12-06), the member's frame was moved into the union's from its centre of mass instead of its origin,
     * and the joint held a point 0.22 m from the anchor: the anchor was 0.13 m from the pivot after one step, 0.22 m later.
     */
    @Test
    void aJointOnAWeldedHullWhoseCentreOfMassIsOffItsOriginHoldsItsAnchor() {
        World w = Scenes.world(9.81);
        var hull = dev.rubble.geometry.hull.QuickHull.of(new double[] {0, 0, 0, 0.5, 0, 0, 0, 0.5, 0, 0, 0, 0.5});
        long a = w.createBody(BodyDef.of(hull).withMass(1).withPosition(0, 5, 0));
        long b = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(3).withPosition(1.5, 5, 0));
        BodyStore s = w.bodies();
        assertThat(Math.sqrt(3) * s.lcx[s.slot(a)]).as("the hull's centre of mass from its origin, m").isCloseTo(0.2165, within(1e-4));
        int j = JointsAcrossBreaksTest.ball(w, a, 0, 5, 0);
        w.queue(new Command.UnionAdd(0, a, false));
        w.queue(new Command.UnionAdd(0, b, false));
        double minY = 5;
        for (int k = 0; k < 60; k++) {
            w.step();
            double[] p = anchor(w, j);
            assertThat(Math.sqrt(p[0] * p[0] + (p[1] - 5) * (p[1] - 5) + p[2] * p[2])).as("anchor from the pivot, step %d", k)
                    .isLessThan(0.01);
            minY = Math.min(minY, s.py[s.slot(w.destruction().unions().body(0))]);
        }
        assertThat(minY).as("the union swung down").isLessThan(4.5);
    }

    @Test
    void aJointBetweenTwoMembersOfOneUnionIsInsideTheBodyAndCostsNothing() {
        World w = Scenes.world(0);
        long a = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(1).withPosition(0, 5, 0));
        long b = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(3).withPosition(2, 5, 0));
        int id = w.context().constraints.reserveId();
        double[] f = {1, 5, 0, 0, 0, 0, 1};
        w.queue(new Command.AddConstraint(id, "fixed", a, b, true, f, f.clone(), new double[0], 1e-3, 1e-3));
        w.queue(new Command.UnionAdd(0, a, false));
        w.queue(new Command.UnionAdd(0, b, false));
        for (int k = 0; k < 10; k++) {
            w.step();
        }
        // a weld of 1 mN between two welded members carries nothing: it does not break
        assertThat(w.context().constraints.indexOf(id)).isNotNegative();
        assertThat(w.context().constraintBreaks).isEmpty();
    }

    private static World swing(int threads) {
        World w = World.create(dev.rubble.core.step.WorldSettings.defaults().withGravity(0, -9.81, 0)
                .withThreads(threads), Scenes.stages());
        long a = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(1).withPosition(0, 5, 0));
        long b = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(3).withPosition(2, 5, 0));
        JointsAcrossBreaksTest.ball(w, a, 0, 5.25, 0);
        w.queue(new Command.UnionAdd(0, a, false));
        w.queue(new Command.UnionAdd(0, b, false));
        return w;
    }

    @Test
    void theSameHashesAtOneAndTwoThreadsAndFromASnapshotMidSwing() throws Exception {
        World one = swing(1), two = swing(2);
        long[] hashes = new long[90];
        byte[] saved = null;
        for (int k = 0; k < 90; k++) {
            if (k == 30) {
                saved = SnapshotOfCollectionsTest.save(one);
            }
            one.step();
            two.step();
            hashes[k] = one.stateHash();
            assertThat(two.stateHash()).as("step %d", k).isEqualTo(hashes[k]);
        }
        World r = SnapshotOfCollectionsTest.restore(saved);
        for (int k = 30; k < 90; k++) {
            r.step();
            assertThat(r.stateHash()).as("restored, step %d", k).isEqualTo(hashes[k]);
        }
    }

    @Test
    void aJointToADisabledBodyIsOutOfTheSimulationWithItAndComesBackWithIt() {
        World w = Scenes.world(9.81);
        long hook = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(1).withPosition(0, 5, 0));
        long load = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(1).withPosition(0, 4, 0));
        JointsAcrossBreaksTest.ball(w, hook, 0, 5.25, 0);
        int id = w.context().constraints.reserveId();
        double[] f = {0, 4.5, 0, 0, 0, 0, 1};
        w.queue(new Command.AddConstraint(id, "ball", load, hook, true, f, f.clone(), new double[0], Double.POSITIVE_INFINITY,
                Double.POSITIVE_INFINITY));
        for (int k = 0; k < 30; k++) {
            w.step();
        }
        BodyStore s = w.bodies();
        assertThat(s.py[s.slot(load)]).as("the load hangs from the hook").isCloseTo(4, within(0.02));
        // the hook is disabled (what a kill field does): the load is not held by a frozen, invisible hook
        w.setState(hook, dev.rubble.core.body.BodyState.DISABLED);
        double y0 = s.py[s.slot(load)];
        for (int k = 0; k < 10; k++) {
            w.step();
        }
        double dt = 1.0 / 60;
        assertThat(s.py[s.slot(load)]).as("free fall for 10 steps").isCloseTo(y0 - 9.81 * dt * dt * 55, within(0.01));
        assertThat(w.context().constraints.indexOf(id)).as("kept for when the hook comes back").isNotNegative();
    }

    @Test
    void aJointQueuedOnTheKernelOnAUnionsOwnBodyIsRefusedNamingAMemberAsTheWay() {
        World w = Scenes.world(0);
        long a = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(1).withPosition(0, 5, 0));
        long b = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(3).withPosition(0.5, 5, 0));
        long other = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(1).withPosition(3, 5, 0));
        w.queue(new Command.UnionAdd(0, a, false));
        w.queue(new Command.UnionAdd(0, b, false));
        w.step();
        long u = w.destruction().unions().body(0);
        String shown = "BodyId[" + BodyStore.handleString(u) + "]";
        double[] f = {0.25, 5, 0, 0, 0, 0, 1};
        int id = w.context().constraints.reserveId();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> w.queue(new Command.AddConstraint(id, "ball", u,
                        ConstraintStore.WORLD, true, f, f.clone(), new double[0], Double.POSITIVE_INFINITY,
                        Double.POSITIVE_INFINITY)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("constraint body a = " + shown + " is cluster union 0's body, which is made again whenever its"
                        + " members change; allowed: a member of the union (its constraints act on the union's body while"
                        + " it is welded)");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> w.queue(new Command.AddConstraint(id, "ball", other, u,
                        true, f, f.clone(), new double[0], Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("constraint body b = " + shown + " is cluster union 0's body");
        // nothing was queued: the next rebuild (b leaves) leaves no joint on a dead body behind
        w.queue(new Command.UnionRemove(0, b));
        w.step();
        assertThat(w.context().constraints.size()).isZero();
        // a member is the way: accepted
        w.queue(new Command.UnionAdd(0, b, false));
        w.step();
        w.queue(new Command.AddConstraint(id, "ball", a, ConstraintStore.WORLD, true, f, f.clone(), new double[0],
                Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY));
        w.step();
        assertThat(w.context().constraints.indexOf(id)).isNotNegative();
    }

    @Test
    void aSleepingUnionWakesWhenAWorldJointIsAddedToAMemberAndHangsFromIt() {
        World w = Scenes.world(9.81);
        Scenes.ground(w);
        // two 1 kg boxes side by side on the ground, welded: the union's centre is at (0.25, 0.25, 0), under a's
        // top right edge (0.25, 0.5, 0)
        long a = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(1).withPosition(0, 0.25, 0));
        long b = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(1).withPosition(0.5, 0.25, 0));
        w.queue(new Command.UnionAdd(0, a, false));
        w.queue(new Command.UnionAdd(0, b, false));
        w.step();
        BodyStore s = w.bodies();
        long u = w.destruction().unions().body(0);
        for (int k = 0; k < 600 && s.state(s.slot(u)) != dev.rubble.core.body.BodyState.SLEEPING; k++) {
            w.step();
        }
        assertThat(s.state(s.slot(u))).as("the union rests on the ground").isEqualTo(dev.rubble.core.body.BodyState.SLEEPING);
        // a rod of length 0 from a's top right edge to the world point 1 m above it: the union is lifted and
        // hangs from the point, its centre 0.25 m straight below
        int id = w.context().constraints.reserveId();
        double[] fa = {0.25, 0.5, 0, 0, 0, 0, 1}, fb = {0.25, 1.5, 0, 0, 0, 0, 1};
        w.queue(new Command.AddConstraint(id, "distance", a, ConstraintStore.WORLD, true, fa, fb, new double[] {0, 0, 0},
                Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY));
        w.step();
        assertThat(s.state(s.slot(u))).as("woken by the joint on its member").isEqualTo(dev.rubble.core.body.BodyState.AWAKE);
        for (int k = 0; k < 240; k++) {
            w.step();
        }
        int us = s.slot(u);
        assertThat(s.px[us]).isCloseTo(0.25, within(0.02));
        assertThat(s.py[us]).as("hanging 0.25 m below the point").isCloseTo(1.25, within(0.02));
        double[] p = anchor(w, id);
        assertThat(p[1]).isCloseTo(1.5, within(0.02));
    }

    @Test
    void aWeldedMembersJointBreakingByForceIsReportedWhereItsUnionCarriesTheAnchor() {
        World w = Scenes.world(0);
        // two 1 kg boxes welded, moving at 3 m/s along x; a 1 N spring from a's top to the world snaps in its second step
        long a = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(1).withPosition(0, 5, 0)
                .withLinearVelocity(3, 0, 0));
        long b = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(1).withPosition(0.5, 5, 0)
                .withLinearVelocity(3, 0, 0));
        w.queue(new Command.UnionAdd(0, a, false));
        w.queue(new Command.UnionAdd(0, b, false));
        w.step();
        w.step();
        BodyStore s = w.bodies();
        int id = w.context().constraints.reserveId();
        double[] f = {s.originX(s.slot(a)), 5.25, 0, 0, 0, 0, 1}, hook = {f[0], 6.25, 0, 0, 0, 0, 1};
        // a spring of 1 000 N/m at its rest length: no force in its first step, 3 m/s x 1/60 s x 1 000 N/m > 1 N in the next
        w.queue(new Command.AddConstraint(id, "distance", a, ConstraintStore.WORLD, true, f, hook,
                new double[] {Double.NaN, 1e-3, 0}, 1, Double.POSITIVE_INFINITY));
        w.step();
        assertThat(w.context().constraintBreaks).isEmpty();
        w.step();
        assertThat(w.context().constraintBreaks).extracting(k -> k.id()).containsExactly(id);
        var k = w.context().constraintBreaks.get(0);
        // the anchor, 0.25 m above a's origin, where the union has carried a by the end of the step (a's own body
        // takes that pose in the DESTRUCTION slot; before, the point was where a was a step earlier, 5 cm behind)
        double[] now = new double[3];
        s.originPointToWorld(s.slot(a), 0, 0.25, 0, now);
        assertThat(k.px()).isCloseTo(now[0], within(1e-9));
        assertThat(k.py()).isCloseTo(now[1], within(1e-9));
        assertThat(k.pz()).isCloseTo(now[2], within(1e-9));
        assertThat(now[0] - f[0]).as("the union moved on over the two steps").isGreaterThan(0.08);
    }

    @Test
    void aJointAddedToAMemberInTheStepItsUnionIsMovedHoldsItWhereItWasMoved() {
        World w = Scenes.world(0);
        long a = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(1).withPosition(0, 2, 0));
        long b = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(1).withPosition(0.5, 2, 0));
        w.queue(new Command.UnionAdd(0, a, false));
        w.queue(new Command.UnionAdd(0, b, false));
        w.step();
        w.step();
        // a pose set on a moves the whole union 5 m along x; in the same step a ball joint pins a's top where it now is
        w.queue(new Command.SetPose(a, 5, 2, 0, 0, 0, 0, 1));
        int id = w.context().constraints.reserveId();
        double[] f = {5, 2.25, 0, 0, 0, 0, 1};
        w.queue(new Command.AddConstraint(id, "ball", a, ConstraintStore.WORLD, true, f, f.clone(), new double[0],
                Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY));
        for (int k = 0; k < 30; k++) {
            w.step();
        }
        // nothing pulls: in zero gravity, at rest, the union stays where it was put, its centre 0.25 m right of a's
        // (before, the joint took a's frame from where a had been, 5 m back, and dragged the union there)
        BodyStore s = w.bodies();
        int us = s.slot(w.destruction().unions().body(0));
        assertThat(s.px[us]).isCloseTo(5.25, within(1e-6));
        assertThat(s.py[us]).isCloseTo(2, within(1e-6));
        double[] p = anchor(w, id);
        assertThat(p[0]).isCloseTo(5, within(1e-6));
        assertThat(p[1]).isCloseTo(2.25, within(1e-6));
    }
}
