package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * Kinematic members of cluster unions (Chaos's {@code UpdateKinematicProperties}: a cluster, or a union,
 * with an anchored or kinematic child is kinematic; reference chaos-clusters-strain-runtime §3.4, §8.2).
 * The scene of {@link UnionsTest}: two walls (two 1 x 0.5 x 0.5 m boxes each) 2 m apart and a 300 kg beam
 * across their tops, in gravity with nothing under them; wall A is anchored by its first leaf. Before,
 * the anchored (kinematic) holder was left out of the union, so the beam and wall B fell at once.
 */
final class UnionKinematicMemberTest {
    private static final double G = 9.81, DT = 1.0 / 60;

    static final class Scene extends WorldProbe {
        final long beam;
        final int wallA, wallB;

        Scene() {
            super(Scenes.world(G));
            // user-defined thresholds (a plugin, so snapshots restore them): nothing breaks unless told to
            wallA = w.placeCollection(TestAssets.chain(2, 1000), CollectionPlacement.at(0, 0, -1)
                    .withAnchors(new int[] {1}, new double[0]).withOptions(Scenes.thresholds(1e9)));
            wallB = w.placeCollection(TestAssets.chain(2, 1000), CollectionPlacement.at(0, 0, 1)
                    .withOptions(Scenes.thresholds(1e9)));
            beam = w.createBody(BodyDef.of(new Box(0.5, 0.25, 1.25)).withMass(300).withPosition(0.5, 0.5, 0));
        }

        long holder(int c) {
            return w.destruction().holderBody(c, 0);
        }

        void weld() {
            w.queue(new Command.UnionAddCollection(0, wallA, false, false));
            w.queue(new Command.UnionAdd(0, beam, false));
            w.queue(new Command.UnionAddCollection(0, wallB, false, false));
            w.step();
        }
    }

    @Test
    void anAnchoredWallHoldsWhatIsWeldedToIt() {
        Scene s = new Scene();
        long a = s.holder(s.wallA), b = s.holder(s.wallB);
        assertThat(s.motion(a)).isEqualTo(MotionType.KINEMATIC); // anchored: its holder is kinematic
        double beamY = s.y(s.beam), wallBY = s.y(b);
        s.weld();
        Unions u = s.w.destruction().unions();
        assertThat(u.members(0)).containsExactly(a, s.beam, b);
        assertThat(s.motion(u.body(0))).isEqualTo(MotionType.KINEMATIC);
        Scenes.steps(s.w, 60);
        // a kinematic body at rest stays where it is: the beam and wall B hang from the anchored wall
        assertThat(s.y(s.beam)).isCloseTo(beamY, offset(1e-12));
        assertThat(s.y(b)).isCloseTo(wallBY, offset(1e-12));
        assertThat(u.ids()).containsExactly(0);
    }

    @Test
    void whenTheAnchoredWallBreaksTheRestFallsAsOne() {
        Scene s = new Scene();
        s.weld();
        Scenes.steps(s.w, 10);
        double beamY = s.y(s.beam);
        s.w.queue(new Command.Crumble(s.wallA, 0)); // both leaves of A break off (a broken leaf is dynamic, anchored or not)
        s.w.step();
        Unions u = s.w.destruction().unions();
        assertThat(u.ids()).containsExactly(0);
        long ub = u.body(0);
        assertThat(s.motion(ub)).isEqualTo(MotionType.DYNAMIC);
        // wall A's leaves touch the beam: they stay welded as auxiliary members of the now dynamic union
        assertThat(u.members(0)).hasSize(4).contains(s.beam, s.holder(s.wallB));
        BodyStore bs = s.bodies();
        int us = bs.slot(ub);
        double v0 = bs.vy[us];
        Scenes.steps(s.w, 20);
        assertThat(s.w.destruction().unions().body(0)).isEqualTo(ub);
        assertThat(bs.vy[us] - v0).isCloseTo(-G * 20 * DT, offset(1e-9)); // free fall, as one body
        assertThat(s.y(s.beam)).isLessThan(beamY - 0.5 * G * (20 * DT) * (20 * DT) + 1e-9);
    }

    @Test
    void anAnchorClearedOnAWeldedWallLetsTheUnionFallAtOnce() {
        Scene s = new Scene();
        s.weld();
        Scenes.steps(s.w, 5);
        Unions u = s.w.destruction().unions();
        assertThat(s.motion(u.body(0))).isEqualTo(MotionType.KINEMATIC);
        double beamY = s.y(s.beam);
        // Chaos updates a cluster's kinematic state when its anchors change; before, the union stayed kinematic
        // (hanging in the air) until some member joined or left
        s.w.queue(new Command.SetAnchor(s.wallA, 1, false));
        s.w.step();
        long ub = u.body(0);
        assertThat(s.motion(ub)).isEqualTo(MotionType.DYNAMIC);
        assertThat(u.members(0)).containsExactly(s.holder(s.wallA), s.beam, s.holder(s.wallB));
        Scenes.steps(s.w, 29);
        // the whole welded structure falls freely from rest from the step the anchor went: g dt² (30 · 31 / 2)
        double fall = G * DT * DT * 30 * 31 / 2;
        assertThat(beamY - s.y(s.beam)).isCloseTo(fall, offset(fall * 1e-9));
        // anchored again: it is held at once where it is (an anchored holder does not move)
        s.w.queue(new Command.SetAnchor(s.wallA, 1, true));
        s.w.step();
        assertThat(s.motion(u.body(0))).isEqualTo(MotionType.KINEMATIC);
        double heldY = s.y(s.beam);
        Scenes.steps(s.w, 30);
        assertThat(s.y(s.beam)).isEqualTo(heldY);
    }

    @Test
    void membersLeavingAKinematicUnionKeepTheirOwnMotion() {
        Scene s = new Scene();
        long a = s.holder(s.wallA), b = s.holder(s.wallB);
        s.weld();
        Scenes.steps(s.w, 5);
        double wallBY = s.y(b);
        s.w.queue(new Command.UnionRemove(0, s.beam));
        s.w.step();
        // the walls do not touch each other: without the beam the union dissolves
        assertThat(s.w.destruction().unions().ids()).isEmpty();
        assertThat(s.motion(s.beam)).isEqualTo(MotionType.DYNAMIC);
        assertThat(s.motion(b)).isEqualTo(MotionType.DYNAMIC);
        assertThat(s.motion(a)).isEqualTo(MotionType.KINEMATIC);
        Scenes.steps(s.w, 30);
        // wall B falls (nothing under it; the beam, tipping off wall A, can only push it down faster): at least
        // the free fall of its 31 steps, g dt^2 (31 32 / 2) with semi-implicit Euler; wall A stays
        double fall = G * DT * DT * 31 * 32 / 2;
        assertThat(wallBY - s.y(b)).isGreaterThan(fall - 1e-9);
        assertThat(s.y(a)).isCloseTo(0, offset(1e-12));
    }

    @Test
    void aMovingKinematicBodyCarriesWhatIsWeldedToIt() {
        World w = Scenes.world(G);
        long platform = w.createBody(BodyDef.of(new Box(1, 0.1, 1)).withMotion(MotionType.KINEMATIC)
                .withPosition(0, 0, 0).withLinearVelocity(1, 0, 0));
        long box = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(10).withPosition(0.3, 0.35, 0.2));
        w.queue(new Command.UnionAdd(7, platform, false));
        w.queue(new Command.UnionAdd(7, box, false));
        w.step();
        BodyStore bs = w.bodies();
        int sb = bs.slot(box);
        double x0 = bs.px[sb], y0 = bs.py[sb];
        Unions u = w.destruction().unions();
        assertThat(bs.motion(bs.slot(u.body(7)))).isEqualTo(MotionType.KINEMATIC);
        Scenes.steps(w, 60);
        // carried at the platform's 1 m/s, not falling
        assertThat(bs.px[sb] - x0).isCloseTo(1.0, offset(1e-9));
        assertThat(bs.py[sb]).isCloseTo(y0, offset(1e-12));
        assertThat(bs.px[bs.slot(platform)] - bs.px[sb]).isCloseTo(-0.3, offset(1e-9));
    }

    /** One step; before step 20 wall A crumbles (the union turns dynamic and falls). */
    private static void advance(World w, int wallA) {
        if (w.stepIndex() == 20) {
            w.queue(new Command.Crumble(wallA, 0));
        }
        w.step();
    }

    @Test
    void aSnapshotOfAKinematicUnionContinuesBitForBit() throws IOException {
        Scene original = new Scene();
        original.weld();
        SnapshotOfCollectionsTest.assertRestoresContinue(original.w, 40, w -> advance(w, original.wallA), 5, 20, 21);
        assertThat(original.motion(original.w.destruction().unions().body(0))).isEqualTo(MotionType.DYNAMIC);
    }

    /**
     * A kinematic target set on a kinematic body welded into a union drives the union: the member's origin reaches the
     * target at the end of the step (a kinematic body arrives exactly where it is aimed, {@code Kinematics}), and what is
     * welded to it moves with it, rigidly; then it stops there. Before (fuzz10) the target was written to the member's
     * own disabled body and lost: the welded platform and beam did not move at all. A target on a kinematic member of a
     * static union is ignored (a static body never moves).
     */
    @Test
    void aKinematicTargetOnAWeldedKinematicMemberDrivesItsUnion() {
        World w = Scenes.world(G);
        long platform = w.createBody(BodyDef.of(new Box(0.5, 0.1, 0.5)).withMotion(MotionType.KINEMATIC)
                .withPosition(0, 1, 0));
        long beam = w.createBody(BodyDef.of(new Box(0.5, 0.1, 0.25)).withMass(10).withPosition(1.0, 1, 0));
        w.queue(new Command.UnionAdd(1, platform, false));
        w.queue(new Command.UnionAdd(1, beam, false));
        w.step();
        BodyStore b = w.bodies();
        for (int i = 1; i <= 3; i++) {
            w.queue(new Command.SetKinematicTarget(platform, 0.1 * i, 1, 0, 0, 0, 0, 1));
            w.step();
            assertThat(b.originX(b.slot(platform))).isCloseTo(0.1 * i, offset(1e-12));
            assertThat(b.originX(b.slot(beam))).isCloseTo(1.0 + 0.1 * i, offset(1e-12));
            assertThat(b.py[b.slot(beam)]).isCloseTo(1.0, offset(1e-12));
        }
        Scenes.steps(w, 10);
        assertThat(b.originX(b.slot(beam))).isCloseTo(1.3, offset(1e-12)); // arrived, it stops

        World ws = Scenes.world(G);
        long post = ws.createBody(BodyDef.of(new Box(0.25, 1, 0.25)).withMotion(MotionType.STATIC).withPosition(0, 1, 0));
        long plat = ws.createBody(BodyDef.of(new Box(0.5, 0.1, 0.5)).withMotion(MotionType.KINEMATIC)
                .withPosition(-0.75, 1, 0));
        ws.queue(new Command.UnionAdd(2, post, false));
        ws.queue(new Command.UnionAdd(2, plat, false));
        ws.step();
        ws.queue(new Command.SetKinematicTarget(plat, 0, 1, 0, 0, 0, 0, 1));
        Scenes.steps(ws, 5);
        assertThat(ws.bodies().originX(ws.bodies().slot(plat))).isEqualTo(-0.75);
    }
}
