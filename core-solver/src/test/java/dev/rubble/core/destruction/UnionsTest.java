package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.damage.BondState;
import dev.rubble.spi.damage.DamageModel;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.strain.StrainModifier;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Cluster unions (issue 29): two walls (collections of two 1 x 0.5 x 0.5 m boxes, 250 kg each)
 * 2 m apart along z and a 300 kg beam (1 x 0.5 x 2.5 m) lying across their tops, welded into one body.
 */
final class UnionsTest {

    /** Children break at {@code t} N·s; roots never. */
    record Fixed(double t) implements DamageModel {
        @Override
        public void thresholds(CollectionAsset asset, BondState bonds, double[] out) {
            for (int i = 0; i < out.length; i++) {
                out[i] = asset.level()[i] == 0 ? Double.POSITIVE_INFINITY : t;
            }
        }
    }

    static final class Scene {
        final World w;
        final long beam;
        final int wallA, wallB;

        Scene(double gravity, double threshold) {
            w = Scenes.world(gravity);
            wallA = w.destruction().place(TestAssets.chain(2, 1000), CollectionPlacement.at(0, 0, -1), new Fixed(threshold),
                    new StrainModifier[0]);
            wallB = w.destruction().place(TestAssets.chain(2, 1000), CollectionPlacement.at(0, 0, 1), new Fixed(threshold),
                    new StrainModifier[0]);
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

        Unions unions() {
            return w.destruction().unions();
        }
    }

    @Test
    void weldedWallsAndBeamAreOneBodyWithParallelAxisMassAndInertia() {
        Scene s = new Scene(0, 1e9);
        long a = s.holder(s.wallA), b = s.holder(s.wallB);
        s.weld();
        Unions u = s.unions();
        assertThat(u.ids()).containsExactly(0);
        assertThat(u.members(0)).containsExactly(a, s.beam, b);
        BodyStore bs = s.w.bodies();
        long h = u.body(0);
        int us = bs.slot(h);
        assertThat(s.w.profile().awakeBodies()).isEqualTo(1);
        assertThat(bs.state(bs.slot(a))).isEqualTo(BodyState.DISABLED);
        assertThat(bs.state(bs.slot(s.beam))).isEqualTo(BodyState.DISABLED);
        // by hand: walls 500 kg at (0.5, 0, -1) and (0.5, 0, 1), beam 300 kg at (0.5, 0.5, 0)
        double m = 1300, cy = 300 * 0.5 / m;
        assertThat(bs.mass[us]).isCloseTo(m, offset(1e-9));
        assertThat(bs.px[us]).isCloseTo(0.5, offset(1e-12));
        assertThat(bs.py[us]).isCloseTo(cy, offset(1e-12));
        assertThat(bs.pz[us]).isCloseTo(0, offset(1e-12));
        double wIxx = 500 * (0.25 + 0.25) / 12, wIyy = 500 * (4 + 0.25) / 12, wIzz = wIyy;
        double bIxx = 300 * (0.25 + 6.25) / 12, bIyy = 300 * (1 + 6.25) / 12, bIzz = 300 * (1 + 0.25) / 12;
        double dw = -cy, db = 0.5 - cy; // y offsets of the walls and the beam from the union's centre
        double ixx = 2 * (wIxx + 500 * (dw * dw + 1)) + bIxx + 300 * db * db;
        double iyy = 2 * (wIyy + 500 * 1) + bIyy;
        double izz = 2 * (wIzz + 500 * dw * dw) + bIzz + 300 * db * db;
        double[] expected = {ixx, iyy, izz};
        double[] got = {1 / bs.invIx[us], 1 / bs.invIy[us], 1 / bs.invIz[us]};
        Arrays.sort(expected);
        Arrays.sort(got);
        for (int i = 0; i < 3; i++) {
            assertThat(got[i]).isCloseTo(expected[i], offset(1e-6 * expected[i]));
        }
        // edges: each wall touches the beam; the walls do not touch each other
        assertThat(u.edges(0)).containsExactly(1L, (1L << 32) | 2);
    }

    @Test
    void theWeldedStructureFallsAsOne() {
        Scene s = new Scene(9.81, 1e9);
        s.w.createBody(BodyDef.of(new Box(20, 0.5, 20)).withMotion(dev.rubble.core.body.MotionType.STATIC)
                .withPosition(0.5, -3, 0));
        s.weld();
        int us = s.w.bodies().slot(s.unions().body(0));
        double y0 = s.w.bodies().py[us];
        for (int i = 0; i < 30; i++) {
            s.w.step();
            assertThat(s.w.profile().awakeBodies()).isEqualTo(1);
        }
        BodyStore bs = s.w.bodies();
        assertThat(bs.vy[us]).isCloseTo(-9.81 * 31 / 60.0, offset(1e-6));
        assertThat(bs.wx[us]).isZero();
        assertThat(bs.py[us]).isLessThan(y0 - 0.5 * 9.81 * 0.25 + 0.05);
        // it lands as one and comes to rest on the ground, still one body
        for (int i = 0; i < 240; i++) {
            s.w.step();
        }
        assertThat(s.unions().ids()).containsExactly(0);
        // resting: the walls' bottoms (0.25 m below the walls' centres) on the ground's top at y = -2.5
        assertThat(bs.py[us]).isCloseTo(-2.5 + 0.25 + 300 * 0.5 / 1300.0, offset(0.01));
    }

    @Test
    void aHitOnOneWallBreaksOnlyThatWall() {
        Scene s = new Scene(0, 200);
        long b = s.holder(s.wallB);
        s.weld();
        // a 20 kg ball at 20 m/s strikes wall A's first box from -x
        s.w.createBody(BodyDef.of(new Sphere(0.2)).withMass(20).withPosition(-1.5, 0, -1).withLinearVelocity(20, 0, 0));
        long[] before = s.unions().members(0);
        int steps = 0;
        while (s.unions().members(0).length == before.length && steps++ < 60) {
            s.w.step();
        }
        assertThat(steps).isLessThan(60);
        DestructionRuntime d = s.w.destruction();
        // wall A is in pieces (its root's body is gone); wall B is whole and still welded to the beam
        assertThat(d.holderBody(s.wallA, 1)).isNotEqualTo(before[0]);
        assertThat(s.w.bodies().isLive((int) before[0]) && s.w.bodies().handle((int) before[0]) == before[0]).isFalse();
        assertThat(d.holderBody(s.wallB, 1)).isEqualTo(b);
        assertThat(d.holderBody(s.wallB, 2)).isEqualTo(b);
        // wall A's pieces (boxes x in [-0.5, 0.5] and [0.5, 1.5], tops at y = 0.25) both touch the beam's
        // underside (x in [0, 1], y = 0.25): they stay welded as auxiliary members (reference §8.3)
        long p1 = d.holderBody(s.wallA, 1), p2 = d.holderBody(s.wallA, 2);
        assertThat(s.unions().members(0)).contains(s.beam, b, p1).contains(p2).doesNotContain(before[0]);
        assertThat(s.w.bodies().state(s.w.bodies().slot(p1))).isEqualTo(BodyState.DISABLED);
    }

    /**
     * Issue 29, reference §8.3: when a member breaks, its pieces join the union as auxiliary members;
     * the connectivity check keeps those joined by an edge to a main member and lets the rest go
     * (only edges touching a main member hold). A three-box wall under a beam that covers only its
     * first two boxes: struck at the third, the two boxes under the beam stay welded, the third (which
     * touches only the second, an auxiliary piece) leaves as a free body.
     */
    @Test
    void piecesOfABrokenMemberStayWhenJoinedToAMainMemberTheRestLeave() {
        World w = Scenes.world(0);
        int wall = w.destruction().place(TestAssets.chain(3, 1000), CollectionPlacement.at(0, 0, -1), new Fixed(200),
                new StrainModifier[0]);
        long beam = w.createBody(BodyDef.of(new Box(0.5, 0.25, 1.25)).withMass(300).withPosition(0.5, 0.5, 0));
        long root = w.destruction().holderBody(wall, 0);
        w.queue(new Command.UnionAddCollection(0, wall, false, false));
        w.queue(new Command.UnionAdd(0, beam, false));
        w.step();
        Unions u = w.destruction().unions();
        assertThat(u.members(0)).containsExactly(root, beam);
        // a 20 kg ball at 20 m/s strikes the third box (x in [1.5, 2.5]) from +x
        w.createBody(BodyDef.of(new Sphere(0.2)).withMass(20).withPosition(3.5, 0, -1).withLinearVelocity(-20, 0, 0));
        int steps = 0;
        while (w.bodies().isLive((int) root) && w.bodies().handle((int) root) == root && steps++ < 60) {
            w.step();
        }
        assertThat(steps).isLessThan(60);
        DestructionRuntime d = w.destruction();
        long p1 = d.holderBody(wall, 1), p2 = d.holderBody(wall, 2), p3 = d.holderBody(wall, 3);
        assertThat(p3).isNotEqualTo(p2);
        assertThat(u.members(0)).contains(beam, p1, p2).doesNotContain(p3, root);
        BodyStore bs = w.bodies();
        assertThat(bs.state(bs.slot(p3))).isEqualTo(BodyState.AWAKE);
        assertThat(bs.state(bs.slot(p1))).isEqualTo(BodyState.DISABLED);
        assertThat(u.unionOfMember(p3)).isEqualTo(-1);
        // the struck box flies off with the ball's push; the union (beam and the two boxes) is one body
        for (int i = 0; i < 20; i++) {
            w.step();
        }
        assertThat(bs.vx[bs.slot(p3)]).isNegative();
        assertThat(u.ids()).containsExactly(0);
    }

    @Test
    void removingTheBridgeLeavesTwoBodies() {
        Scene s = new Scene(0, 1e9);
        long a = s.holder(s.wallA), b = s.holder(s.wallB);
        s.weld();
        int us = s.w.bodies().slot(s.unions().body(0));
        s.w.bodies().vx[us] = 1; // moving: the parts leave with the union's motion
        s.w.queue(new Command.UnionRemove(0, s.beam));
        s.w.step();
        assertThat(s.unions().ids()).isEmpty();
        BodyStore bs = s.w.bodies();
        for (long h : new long[] {a, b, s.beam}) {
            int sl = bs.slot(h);
            assertThat(bs.state(sl)).isEqualTo(BodyState.AWAKE);
            assertThat(bs.vx[sl]).isCloseTo(1, offset(1e-9));
        }
        assertThat(s.w.profile().awakeBodies()).isEqualTo(3);
        // the walls are where they were, moved on by one step at 1 m/s
        assertThat(bs.px[bs.slot(a)]).isCloseTo(0.5 + 1 / 60.0, offset(1e-9));
        assertThat(bs.pz[bs.slot(b)]).isCloseTo(1, offset(1e-9));
    }

    @Test
    void auxiliaryIslandsLeave() {
        Scene s = new Scene(0, 1e9);
        long a = s.holder(s.wallA), b = s.holder(s.wallB);
        s.w.queue(new Command.UnionAddCollection(0, s.wallA, false, false));
        s.w.queue(new Command.UnionAdd(0, s.beam, false));
        s.w.queue(new Command.UnionAddCollection(0, s.wallB, false, true)); // auxiliary
        s.w.step();
        s.w.queue(new Command.UnionRemove(0, a));
        s.w.step();
        // beam (main) and wall B (auxiliary) stay connected: the union holds on
        assertThat(s.unions().members(0)).containsExactly(s.beam, b);
        s.w.queue(new Command.UnionRemove(0, s.beam));
        s.w.step();
        assertThat(s.unions().ids()).isEmpty();
    }

    @Test
    void addReleasedBreaksTheCollectionFirst() {
        Scene s = new Scene(0, 1e9);
        long a = s.holder(s.wallA);
        s.w.queue(new Command.UnionAddCollection(3, s.wallA, true, false));
        s.w.step();
        DestructionRuntime d = s.w.destruction();
        long p1 = d.holderBody(s.wallA, 1), p2 = d.holderBody(s.wallA, 2);
        assertThat(p1).isNotEqualTo(a).isNotEqualTo(p2);
        assertThat(s.unions().members(3)).containsExactlyInAnyOrder(p1, p2);
        assertThat(s.unions().edges(3)).containsExactly(1L);
    }

    @Test
    void aSteadyUnionStepAllocatesNothing() {
        Scene s = new Scene(9.81, 1e9);
        s.w.createBody(BodyDef.of(new Box(20, 0.5, 20)).withMotion(dev.rubble.core.body.MotionType.STATIC)
                .withPosition(0.5, -0.75, 0));
        s.weld();
        // keep it awake and sliding so contacts with the union are gathered every step
        int us = s.w.bodies().slot(s.unions().body(0));
        s.w.bodies().sleepThreshold[us] = 0;
        Scenes.steps(s.w, 30);
        var mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        long quietest = Long.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long before = mx.getThreadAllocatedBytes(tid);
            Scenes.steps(s.w, 40);
            quietest = Math.min(quietest, mx.getThreadAllocatedBytes(tid) - before);
        }
        assertThat(s.unions().ids()).containsExactly(0);
        assertThat(quietest).as("bytes allocated by 40 steps of a welded union on the ground, quietest of 5 rounds").isZero();
    }

    @Test
    void removingAMemberOrTheUnionsBodyByCommandIsHandled() {
        Scene s = new Scene(0, 1e9);
        long a = s.holder(s.wallA), b = s.holder(s.wallB);
        s.weld();
        s.w.queue(new Command.Remove(s.beam)); // a member's body removed outright: the union loses it and splits
        s.w.step();
        assertThat(s.unions().ids()).isEmpty();
        assertThat(s.w.bodies().state(s.w.bodies().slot(a))).isEqualTo(BodyState.AWAKE);
        assertThat(s.w.bodies().state(s.w.bodies().slot(b))).isEqualTo(BodyState.AWAKE);

        Scene t = new Scene(0, 1e9);
        long ta = t.holder(t.wallA);
        t.weld();
        t.w.queue(new Command.Remove(t.unions().body(0))); // the union's body removed: its members come back
        t.w.step();
        assertThat(t.unions().ids()).isEmpty();
        assertThat(t.w.bodies().state(t.w.bodies().slot(ta))).isEqualTo(BodyState.AWAKE);
        assertThat(t.w.bodies().state(t.w.bodies().slot(t.beam))).isEqualTo(BodyState.AWAKE);
        assertThat(t.w.profile().awakeBodies()).isEqualTo(3);
    }

    @Test
    void badInputIsRefusedWhenQueued() {
        Scene s = new Scene(0, 1e9);
        assertThatThrownBy(() -> s.w.queue(new Command.UnionAdd(0, 12345L << 32, false)))
                .hasMessageContaining("body = ").hasMessageContaining("not a live body");
        assertThatThrownBy(() -> new Command.UnionAdd(-1, s.beam, false)).hasMessageContaining("union = -1; allowed: >= 0");
        assertThatThrownBy(() -> s.w.queue(new Command.UnionAddCollection(0, 7, false, false)))
                .hasMessageContaining("collection = 7");
        // a static body is not bad input: it holds its union static (UnionStaticMemberTest)
    }
}
