package dev.rubble.core.collision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The body-pair cache's bulk prefix copy (what the narrowphase stage builds the next cache with when a
 * run stops replaying the old entries in order) and the stage's handling of a run that departs from
 * the old cache part-way.
 */
final class PairCacheTest {

    /** Entries with several, one, no manifold, a manifold with no point; 150 of them to make the arrays grow. */
    private static PairCache sample() {
        PairCache c = new PairCache();
        for (int e = 0; e < 150; e++) {
            c.addPair(e, e + 1, 1, 2, e * 0.5, 0.25, -e, 0, 0, 0, 1, 0.02 + e * 1e-4);
            int manifolds = e % 4; // 0: no contact
            for (int m = 0; m < manifolds; m++) {
                int mi = c.addManifold(1000L * e + m, 0, 1, 0);
                int points = (e + m) % 5; // 0..4
                for (int p = 0; p < points; p++) {
                    c.addPoint(mi, e, m, p, -e, -m, -p, 10_000L * e + 10L * m + p);
                }
            }
        }
        return c;
    }

    private static void assertSameEntries(PairCache x, PairCache y) {
        assertThat(x.pairs).isEqualTo(y.pairs);
        assertThat(x.manifolds).isEqualTo(y.manifolds);
        assertThat(x.points).isEqualTo(y.points);
        assertThat(Arrays.copyOf(x.pairI, x.pairs * PairCache.PI)).isEqualTo(Arrays.copyOf(y.pairI, y.pairs * PairCache.PI));
        assertThat(Arrays.copyOf(x.pairD, x.pairs * PairCache.PD)).isEqualTo(Arrays.copyOf(y.pairD, y.pairs * PairCache.PD));
        assertThat(Arrays.copyOf(x.key, x.manifolds)).isEqualTo(Arrays.copyOf(y.key, y.manifolds));
        assertThat(Arrays.copyOf(x.manI, x.manifolds * PairCache.MI)).isEqualTo(Arrays.copyOf(y.manI, y.manifolds * PairCache.MI));
        assertThat(Arrays.copyOf(x.manD, x.manifolds * PairCache.MD)).isEqualTo(Arrays.copyOf(y.manD, y.manifolds * PairCache.MD));
        assertThat(Arrays.copyOf(x.ptD, x.points * PairCache.TD)).isEqualTo(Arrays.copyOf(y.ptD, y.points * PairCache.TD));
        assertThat(Arrays.copyOf(x.feature, x.points)).isEqualTo(Arrays.copyOf(y.feature, y.points));
    }

    @Test
    void aPrefixCopyHoldsWhatCopyingItsEntriesOneByOneHolds() {
        PairCache src = sample();
        for (int k : new int[] {0, 1, 2, 3, 4, 5, 63, 64, 65, 149, 150}) {
            PairCache bulk = new PairCache();
            bulk.copyPrefix(src, k);
            PairCache oneByOne = new PairCache();
            for (int e = 0; e < k; e++) {
                oneByOne.copyPair(src, e);
            }
            assertSameEntries(bulk, oneByOne);
            // and it goes on like the other: a later entry appended after the prefix
            if (k < 150) {
                bulk.copyPair(src, 149);
                oneByOne.copyPair(src, 149);
                assertSameEntries(bulk, oneByOne);
            }
        }
    }

    @Test
    void aPrefixCopyReplacesWhatTheCacheHeld() {
        PairCache src = sample();
        PairCache target = sample(); // full of other entries
        target.copyPrefix(src, 7);
        PairCache expected = new PairCache();
        for (int e = 0; e < 7; e++) {
            expected.copyPair(src, e);
        }
        assertSameEntries(target, expected);
    }

    @Test
    void removingOneRestingBoxLeavesTheOthersReplayingTheirCachedManifolds() {
        WorldSettings s = WorldSettings.defaults();
        World w = World.create(s, Stages.load());
        w.createBody(BodyDef.of(new Box(10, 0.5, 10)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0));
        long[] boxes = new long[5];
        for (int i = 0; i < boxes.length; i++) { // far apart: each touches only the ground
            boxes[i] = w.createBody(BodyDef.of(new Box(0.5, 0.5, 0.5)).withPosition(-6 + 3 * i, 0.5, 0));
        }
        NarrowphaseStage np = w.narrowphaseStage();
        for (int i = 0; i < 120 && np.pairsCached < boxes.length; i++) {
            w.step();
        }
        // resting on the ground: every pair replays, each with one four-point manifold
        assertThat(np.pairsCached).isEqualTo(boxes.length);
        assertThat(w.contacts().size()).isEqualTo(boxes.length);
        ContactStore c = w.contacts();
        double[] impulseBefore = new double[boxes.length];
        for (int m = 0; m < c.size(); m++) {
            assertThat(c.pointCount[m]).isEqualTo(4);
            impulseBefore[m] = c.totalNormalImpulse(m);
        }

        // the second box goes: the cache entries before it were replayed in order, then one is
        // skipped, so the next cache has to be built from the old one part-way through the run
        w.removeBody(boxes[1]);
        w.step();
        w.step();
        assertThat(np.pairsCached).isEqualTo(boxes.length - 1);
        assertThat(c.size()).isEqualTo(boxes.length - 1);
        for (int m = 0; m < c.size(); m++) {
            // warm started from the same manifold: a resting 1 m box of 1000 kg needs m g dt per step
            assertThat(c.pointCount[m]).isEqualTo(4);
            assertThat(c.totalNormalImpulse(m)).isCloseTo(1000 * 9.81 / 60, org.assertj.core.api.Assertions.within(1.0));
        }
        assertThat(impulseBefore[0]).isCloseTo(1000 * 9.81 / 60, org.assertj.core.api.Assertions.within(1.0));
        // and it stays so
        for (int i = 0; i < 10; i++) {
            w.step();
            assertThat(np.pairsCached).isEqualTo(boxes.length - 1);
        }
    }
}
