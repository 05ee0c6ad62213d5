package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.command.Command;
import dev.rubble.core.render.FrameBuilder;
import dev.rubble.core.world.World;
import dev.rubble.spi.render.FrameBuffer;
import dev.rubble.spi.shape.Box;
import org.junit.jupiter.api.Test;

/**
 * What renderers get for a cluster union (issue 29; docs/rendering.md): its body drawn member by member,
 * so a welded piece shrinking for removal is drawn shrinking, and {@code --color strain} and {@code stress}
 * show the welded members' load as they show an unwelded collection's. Each expectation is the same scene's
 * unwelded twin (or the removal timer's own arithmetic): welding changes what carries the pieces, not their
 * timers or loads.
 */
final class UnionFrameTest {
    private static final double INF = Double.POSITIVE_INFINITY;

    /** The drawables of body slot {@code slot} in {@code f}. */
    private static int[] drawn(FrameBuffer f, int slot) {
        return java.util.stream.IntStream.range(0, f.count()).filter(i -> f.piece(i) == slot).toArray();
    }

    /**
     * A 3-leaf bar crumbled at step 1 with remove-on-break (delay 0.1 s, shrinking over 0.5 s), its leaves 1 and 2
     * welded (or not) in the next step; the frame at step {@code at}.
     */
    private static World crumbled(boolean welded, int at) {
        World w = Scenes.world(0);
        int c = w.placeCollection(TestAssets.chain(3, 100), CollectionPlacement.at(0, 5, 0));
        w.destruction().setDebrisOptions(c, DebrisOptions.defaults().withRemoveOnBreak(0.1, 0.1, 0.5, 0.5).withSeed(1));
        w.step();
        w.queue(new Command.Crumble(c, 0));
        w.step();
        if (welded) {
            w.queue(new Command.UnionAdd(0, w.destruction().holderBody(c, 1), false));
            w.queue(new Command.UnionAdd(0, w.destruction().holderBody(c, 2), false));
        }
        while (w.stepIndex() < at) {
            w.step();
        }
        return w;
    }

    @Test
    void aWeldedPieceShrinkingForRemovalIsDrawnShrinking() {
        int at = 24; // 22 steps (0.37 s) after the break: shrinking since 0.1 s, about half way
        World w = crumbled(true, at), twin = crumbled(false, at);
        long leaf1 = w.destruction().holderBody(0, 1);
        assertThat(w.destruction().unions().unionOfMember(leaf1)).as("leaf 1 is welded").isZero();
        BodyStore b = w.bodies();
        double scale = b.scale[b.slot(leaf1)];
        // the timer's own arithmetic: 1 - (time since the break - delay) / duration, to a step either way
        double t = (at - 2) / 60.0;
        assertThat(scale).isCloseTo(1 - (t - 0.1) / 0.5, within(1 / 60.0 / 0.5 + 1e-9));
        FrameBuffer f = new FrameBuffer(), g = new FrameBuffer();
        FrameBuilder.fill(w, f);
        FrameBuilder.fill(twin, g);
        int[] mine = drawn(f, (int) leaf1);
        assertThat(mine).as("the welded piece is drawn once, as itself").hasSize(1);
        long twinLeaf = twin.destruction().holderBody(0, 1);
        int[] its = drawn(g, (int) twinLeaf);
        assertThat(f.removalScale(mine[0])).as("drawn at the size the unwelded piece is drawn")
                .isEqualTo(g.removalScale(its[0])).isEqualTo(scale).isLessThan(0.6).isGreaterThan(0.4);
        // the union's compound (both leaves at full size) is not drawn: its drawable is at scale 0
        int[] union = drawn(f, (int) w.destruction().unions().body(0));
        assertThat(union).hasSize(1);
        assertThat(f.removalScale(union[0])).isZero();
        // the member is drawn where the union carries it, as its own body (synced in the DESTRUCTION slot) is
        for (int k = 0; k < 3; k++) {
            double o = k == 0 ? b.originX((int) leaf1) : k == 1 ? b.originY((int) leaf1) : b.originZ((int) leaf1);
            assertThat(f.position(mine[0], k)).isCloseTo(o, within(1e-9));
        }
        assertThat(f.shape(mine[0])).isSameAs(b.shape[(int) leaf1]);
    }

    /** The 3-leaf bar (thresholds 150 N·s) welded as it is (or not) to a box; leaf 1 strained to 75 N·s in the last step. */
    private static World strained(boolean welded) {
        World w = Scenes.world(0);
        int c = w.placeCollection(TestAssets.chain(3, 100), CollectionPlacement.at(0, 5, 0)
                .withOptions(Scenes.thresholds(150)));
        long box = w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(10).withPosition(3, 5, 0));
        if (welded) {
            w.queue(new Command.UnionAddCollection(0, c, false, false));
            w.queue(new Command.UnionAdd(0, box, false));
        }
        w.step();
        w.queue(new Command.ExternalStrain(c, 1, 75));
        w.step();
        return w;
    }

    @Test
    void aWeldedWallShowsItsStrain() {
        World w = strained(true), twin = strained(false);
        long bar = w.destruction().holderBody(0, 0);
        assertThat(w.destruction().unions().unionOfMember(bar)).isZero();
        FrameBuffer f = new FrameBuffer(), g = new FrameBuffer();
        FrameBuilder.fill(w, f);
        FrameBuilder.fill(twin, g);
        int[] mine = drawn(f, (int) bar);
        int[] its = drawn(g, (int) twin.destruction().holderBody(0, 0));
        assertThat(mine).hasSize(1);
        // 75 / 150: the largest external strain over the bar's children over their threshold
        assertThat(g.strain(its[0])).isCloseTo(0.5, within(1e-12));
        assertThat(f.strain(mine[0])).as("the welded bar is drawn with its strain").isEqualTo(g.strain(its[0]));
        assertThat(f.level(mine[0])).as("a union is one body: level 0").isZero();
    }

    @Test
    void aWeldedBeamIsDrawnPieceByPieceWithItsStress() {
        int n = 4;
        World w = UnionStressTest.twoBeams(n, false, true);
        double y = 5 - UnionStressTest.L / 2 - 0.5;
        double far = (2 * n - 1) * UnionStressTest.L + UnionStressTest.GAP;
        w.createBody(BodyDef.of(new Box(UnionStressTest.L / 4, 0.5, 1)).withMotion(MotionType.STATIC).withPosition(0, y, 0));
        w.createBody(BodyDef.of(new Box(UnionStressTest.L / 4, 0.5, 1)).withMotion(MotionType.STATIC).withPosition(far, y, 0));
        Scenes.steps(w, 30); // resting on its ends, awake: its graph is solved from the contacts
        DestructionRuntime d = w.destruction();
        assertThat(d.stressPass().unionStress.graph(0).solved).isTrue();
        FrameBuffer f = new FrameBuffer();
        FrameBuilder.fill(w, f);
        int before = f.count();
        FrameBuilder.stress(w, f);
        assertThat(f.count()).as("both welded beams drawn block by block").isEqualTo(before + 2 * n);
        BodyStore b = w.bodies();
        // each block drawn where its leaf is in its beam, with the stress its bonds carry in the union's graph
        for (int c = 0; c < 2; c++) {
            int holder = d.nodeOfBody(d.holderBody(c, 0));
            for (int k = 1; k <= n; k++) {
                int i = before + c * n + k - 1;
                int leaf = d.store().firstChild[holder];
                for (int q = 1; q < k; q++) {
                    leaf = d.store().nextSibling[leaf];
                }
                assertThat(f.stress(i)).as("beam %d block %d", c, k).isEqualTo(d.stress().pieceStress(leaf));
            }
        }
        // A's last block, next to the weld, carries B's weight across it (hand statics in UnionStressTest)
        assertThat(f.stress(before + n - 1)).isGreaterThan(0);
        int drawnA = drawn(f, b.slot(d.holderBody(0, 0)))[0];
        assertThat(f.removalScale(drawnA)).as("the holder itself is drawn piece by piece").isZero();
    }
}
