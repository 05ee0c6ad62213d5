package dev.rubble.plugin.broadphase.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.broadphase.BroadphaseFactory;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The conformance suite every broadphase plugin runs: hand-computed cases of the
 * {@link Broadphase} contract, then randomised, seeded scenes (1 to 20 000 bodies, adds, removes,
 * teleports, fixed flips, huge, tiny and exactly touching boxes) in which the implementation must
 * report exactly the pair set of the brute-force reference, step after step, and answer queries as
 * it does. The reference is found by {@link ServiceLoader} under the name {@code bruteforce}; the
 * scene's own double loop double-checks the reference on the smaller scenes.
 *
 * <p>A plugin's test extends this class and implements {@link #create()}, usually as
 * {@code factory("sap").create(StageConfig.empty())}, which also proves the plugin is registered.
 */
public abstract class AbstractBroadphaseContract {

    /** A fresh instance of the implementation under test. */
    protected abstract Broadphase create();

    /** The factory called {@code name}, found among the {@link RubblePlugin}s on the class path. */
    protected static BroadphaseFactory factory(String name) {
        List<String> known = new ArrayList<>();
        for (RubblePlugin plugin : ServiceLoader.load(RubblePlugin.class)) {
            for (BroadphaseFactory f : plugin.broadphases()) {
                if (f.name().equals(name)) {
                    return f;
                }
                known.add(f.name());
            }
        }
        throw new IllegalStateException("no broadphase '" + name + "' registered with ServiceLoader; found " + known);
    }

    /**
     * The largest random scene this class runs (default 20 000 bodies). A second configuration of an
     * already fully tested plugin may lower it: the big scene mostly costs the O(N²) reference.
     */
    protected int maxSceneBodies() {
        return 20_000;
    }

    /** The brute-force reference. */
    protected static Broadphase reference() {
        return factory("bruteforce").create(StageConfig.empty());
    }

    // ------------------------------------------------------------------ hand-computed cases

    @Test
    void emptyBroadphaseReportsNothing() {
        Broadphase bp = create();
        assertThat(bp.size()).isZero();
        assertThat(PairRecorder.of(bp).size()).isZero();
        List<Integer> hits = new ArrayList<>();
        bp.query(-1e9, -1e9, -1e9, 1e9, 1e9, 1e9, hits::add);
        assertThat(hits).isEmpty();
    }

    @Test
    void boxesThatOnlyTouchOverlapAndAGapSeparates() {
        Broadphase bp = create();
        bp.add(0, 0, 0, 0, 1, 1, 1, false);
        bp.add(1, 1, 0, 0, 2, 1, 1, false);            // shares the face x = 1
        bp.add(2, 2, 1, 1, 3, 2, 2, false);            // touches 1 along an edge, 0 not at all
        bp.add(3, Math.nextUp(3.0), 0, 0, 4, 1, 1, false); // misses 2 by one ulp
        bp.add(4, -1, -1, -1, 0, 0, 0, false);         // touches 0 at the corner (0, 0, 0)
        assertThat(sortedPairs(bp)).containsExactly(
                PairRecorder.pack(0, 1), PairRecorder.pack(0, 4), PairRecorder.pack(1, 2));
    }

    @Test
    void pointBoxesPairWhenTheyCoincideOrLieOnAFace() {
        Broadphase bp = create();
        bp.add(7, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, false);
        bp.add(8, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, false);
        bp.add(9, 0, 0, 0, 1, 1, 0.5, true);           // 7 and 8 lie on its top face
        bp.add(10, 0.5, 0.5, 0.75, 0.5, 0.5, 0.75, false);
        assertThat(sortedPairs(bp)).containsExactly(
                PairRecorder.pack(7, 8), PairRecorder.pack(7, 9), PairRecorder.pack(8, 9));
    }

    @Test
    void fixedProxiesNeverPairWithEachOther() {
        Broadphase bp = create();
        bp.add(0, 0, 0, 0, 2, 2, 2, true);
        bp.add(1, 1, 1, 1, 3, 3, 3, true);
        assertThat(PairRecorder.of(bp).size()).isZero();
        bp.setFixed(1, false);
        assertThat(sortedPairs(bp)).containsExactly(PairRecorder.pack(0, 1));
        bp.setFixed(0, false);
        assertThat(sortedPairs(bp)).containsExactly(PairRecorder.pack(0, 1));
        bp.setFixed(0, true);
        bp.setFixed(1, true);
        assertThat(PairRecorder.of(bp).size()).isZero();
        // a fixed proxy the user moves still counts against moving ones, never against fixed ones
        bp.add(2, 10, 10, 10, 11, 11, 11, false);
        bp.update(1, 10.5, 10.5, 10.5, 12, 12, 12);
        assertThat(sortedPairs(bp)).containsExactly(PairRecorder.pack(1, 2));
    }

    @Test
    void updatesMoveBoxesInAndOutOfOverlap() {
        Broadphase bp = create();
        bp.add(5, 0, 0, 0, 1, 1, 1, false);
        bp.add(6, 5, 0, 0, 6, 1, 1, false);
        assertThat(PairRecorder.of(bp).size()).isZero();
        bp.update(6, 0.5, 0.5, 0.5, 1.5, 1.5, 1.5);
        assertThat(sortedPairs(bp)).containsExactly(PairRecorder.pack(5, 6));
        bp.update(6, -1e6, -1e6, -1e6, -1e6 + 1, -1e6 + 1, -1e6 + 1); // teleport far away
        assertThat(PairRecorder.of(bp).size()).isZero();
        bp.update(5, -1e7, -1e7, -1e7, 1e7, 1e7, 1e7);                 // grows to cover everything
        assertThat(sortedPairs(bp)).containsExactly(PairRecorder.pack(5, 6));
    }

    @Test
    void removedProxiesDisappearAndTheirIdsCanBeReused() {
        Broadphase bp = create();
        bp.add(0, 0, 0, 0, 1, 1, 1, false);
        bp.add(1, 0, 0, 0, 1, 1, 1, false);
        bp.add(2, 0, 0, 0, 1, 1, 1, false);
        assertThat(PairRecorder.of(bp).size()).isEqualTo(3);
        bp.remove(1);
        assertThat(bp.contains(1)).isFalse();
        assertThat(bp.size()).isEqualTo(2);
        assertThat(sortedPairs(bp)).containsExactly(PairRecorder.pack(0, 2));
        bp.add(1, 5, 5, 5, 6, 6, 6, false);
        bp.remove(0);
        bp.add(0, 5.5, 5.5, 5.5, 7, 7, 7, true);
        assertThat(bp.contains(0)).isTrue();
        assertThat(bp.size()).isEqualTo(3);
        assertThat(sortedPairs(bp)).containsExactly(PairRecorder.pack(0, 1));
        List<Integer> hits = new ArrayList<>();
        bp.query(0.9, 0.9, 0.9, 5.2, 5.2, 5.2, hits::add);
        assertThat(hits).containsExactlyInAnyOrder(1, 2);
    }

    @Test
    void rejectsDuplicateNegativeAndAbsentIds() {
        Broadphase bp = create();
        bp.add(3, 0, 0, 0, 1, 1, 1, false);
        assertThatThrownBy(() -> bp.add(3, 0, 0, 0, 1, 1, 1, false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("3");
        assertThatThrownBy(() -> bp.add(-1, 0, 0, 0, 1, 1, 1, false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1");
        assertThatThrownBy(() -> bp.remove(4))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("4");
        assertThatThrownBy(() -> bp.update(40, 0, 0, 0, 1, 1, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("40");
        assertThatThrownBy(() -> bp.setFixed(400, true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("400");
        assertThat(bp.contains(-5)).isFalse();
        assertThat(bp.size()).isEqualTo(1);
    }

    @Test
    void aHugeBoxPairsWithEveryTinyOneInside() {
        Broadphase bp = create();
        bp.add(0, -1000, -1000, -1000, 1000, 1000, 1000, false);
        List<Long> expected = new ArrayList<>();
        for (int i = 1; i <= 50; i++) {
            double c = i * 37.0 - 900;
            bp.add(i, c, -c, c, c, -c, c, i % 2 == 0); // point boxes, half of them fixed
            expected.add(PairRecorder.pack(0, i));
        }
        bp.add(51, 2000, 2000, 2000, 2001, 2001, 2001, false);
        assertThat(sortedPairs(bp)).containsExactly(expected.stream().mapToLong(Long::longValue).toArray());
    }

    // ------------------------------------------------------------------ randomised scenes

    /** Scenes: name, bodies, steps, quantized, seed. Sizes span 1 to 20 000 bodies. */
    static Stream<Arguments> scenes() {
        return Stream.of(
                Arguments.of("single body", 1, 200, false, 11L),
                Arguments.of("two bodies", 2, 300, true, 12L),
                Arguments.of("a dozen", 12, 400, false, 13L),
                Arguments.of("300 bodies", 300, 1000, false, 14L),
                Arguments.of("300 bodies on a 1/4 grid (exact touches)", 300, 1000, true, 15L),
                Arguments.of("2000 bodies", 2000, 40, false, 16L),
                Arguments.of("20000 bodies", 20_000, 2, false, 17L));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenes")
    void reportsExactlyTheReferencePairsStepAfterStep(String name, int bodies, int steps, boolean quantized, long seed) {
        assumeTrue(bodies <= maxSceneBodies(), "scene larger than this configuration runs");
        Broadphase bp = create();
        Broadphase ref = reference();
        RandomScene scene = new RandomScene(bodies, quantized, seed);
        scene.populate(bp, ref);
        PairRecorder got = new PairRecorder();
        PairRecorder want = new PairRecorder();
        for (int step = 0; step <= steps; step++) {
            if (step > 0) {
                scene.step(bp, ref);
            }
            assertThat(bp.size()).as("size at step %d", step).isEqualTo(scene.size());
            got.clear();
            want.clear();
            bp.findPairs(got);
            ref.findPairs(want);
            assertThat(got.selfPairs()).as("self pairs at step %d", step).isZero();
            long[] expected = want.sorted();
            if (bodies <= 2000) {
                assertSamePairs(name + ", reference vs scene model, step " + step, scene.expectedPairs(), expected);
            }
            assertSamePairs(name + ", step " + step, expected, got.sorted());
            if (step % 10 == 0) {
                for (int k = 0; k < 4; k++) {
                    double[] q = scene.randomQueryBox();
                    int[] exp = queryIds(ref, q);
                    if (bodies <= 2000) {
                        assertThat(exp).as("reference query vs model").containsExactly(scene.expectedQuery(q));
                    }
                    assertThat(queryIds(bp, q)).as("%s, step %d, query %s", name, step, Arrays.toString(q))
                            .containsExactly(exp);
                }
            }
        }
        assertThat(scene.operations()).isGreaterThan((long) bodies * Math.min(steps, 3) / 2);
    }

    @Test
    void sameOperationsGiveTheSamePairsInTheSameOrder() {
        Broadphase a = create();
        Broadphase b = create();
        RandomScene scene = new RandomScene(300, false, 99);
        scene.populate(a, b);
        for (int step = 0; step < 100; step++) {
            scene.step(a, b);
            assertThat(PairRecorder.of(b).raw()).as("step %d", step).containsExactly(PairRecorder.of(a).raw());
        }
    }

    @Test
    void updateAndFindPairsDoNotAllocateInSteadyState() {
        java.lang.management.ThreadMXBean plain = ManagementFactory.getThreadMXBean();
        assumeTrue(plain instanceof com.sun.management.ThreadMXBean, "no per-thread allocation counter");
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) plain;
        assumeTrue(mx.isThreadAllocatedMemorySupported() && mx.isThreadAllocatedMemoryEnabled(),
                "per-thread allocation counting disabled");
        int n = 500;
        double[] base = new double[n * 3];
        double[] vel = new double[n * 3];
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(5);
        Broadphase bp = create();
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                base[i * 3 + k] = rnd.nextDouble(-8, 8);
                vel[i * 3 + k] = rnd.nextDouble(-0.05, 0.05);
            }
            bp.add(i, base[i * 3], base[i * 3 + 1], base[i * 3 + 2],
                    base[i * 3] + 0.6, base[i * 3 + 1] + 0.6, base[i * 3 + 2] + 0.6, i % 5 == 0);
        }
        long[] counter = new long[1];
        Broadphase.PairCollector count = (x, y) -> counter[0]++;
        long id = Thread.currentThread().getId();
        // 400 warm-up steps, then three windows of 200, the least counted: an allocation in the step shows in
        // every window, while a one-off (a deoptimisation materialising a scalar-replaced object, a work stack
        // reaching a new depth) shows in one window only. CI once counted 1 280 bytes in a single window.
        long allocated = Long.MAX_VALUE;
        long before = 0;
        for (int step = 0; step < 1000; step++) {
            if (step >= 400 && (step - 400) % 200 == 0) {
                before = mx.getThreadAllocatedBytes(id);
            }
            // periodic motion (period 40 steps) so the measured steps revisit warmed-up states
            int phase = step % 40;
            double t = phase < 20 ? phase : 40 - phase;
            for (int i = 0; i < n; i++) {
                if (i % 5 == 0) {
                    continue;
                }
                double x = base[i * 3] + vel[i * 3] * t, y = base[i * 3 + 1] + vel[i * 3 + 1] * t;
                double z = base[i * 3 + 2] + vel[i * 3 + 2] * t;
                bp.update(i, x, y, z, x + 0.6, y + 0.6, z + 0.6);
            }
            bp.findPairs(count);
            if (step >= 400 && (step - 400) % 200 == 199) {
                allocated = Math.min(allocated, mx.getThreadAllocatedBytes(id) - before);
            }
        }
        assertThat(counter[0]).isPositive();
        assertThat(allocated).as("bytes allocated by 200 steps of update + findPairs (least of three windows)").isLessThan(1024);
    }

    // ------------------------------------------------------------------ helpers

    /** The pairs of {@code bp}, packed and sorted; fails on self pairs. */
    protected static long[] sortedPairs(Broadphase bp) {
        PairRecorder r = PairRecorder.of(bp);
        assertThat(r.selfPairs()).as("pairs of a proxy with itself").isZero();
        return r.sorted();
    }

    /** The ids a query reports, sorted (duplicates kept so that a double report fails comparisons). */
    protected static int[] queryIds(Broadphase bp, double[] q) {
        int[][] box = {new int[16]};
        int[] n = {0};
        bp.query(q[0], q[1], q[2], q[3], q[4], q[5], id -> {
            if (n[0] == box[0].length) {
                box[0] = Arrays.copyOf(box[0], n[0] * 2);
            }
            box[0][n[0]++] = id;
        });
        int[] r = Arrays.copyOf(box[0], n[0]);
        Arrays.sort(r);
        return r;
    }

    /** Fails listing a few missing and extra pairs when the sorted pair arrays differ. */
    protected static void assertSamePairs(String context, long[] expected, long[] actual) {
        if (Arrays.equals(expected, actual)) {
            return;
        }
        StringBuilder missing = new StringBuilder(), extra = new StringBuilder();
        int nm = 0, ne = 0, i = 0, j = 0;
        while (i < expected.length || j < actual.length) {
            if (j == actual.length || (i < expected.length && expected[i] < actual[j])) {
                if (nm++ < 10) {
                    missing.append(' ').append(PairRecorder.format(expected[i]));
                }
                i++;
            } else if (i == expected.length || actual[j] < expected[i]) {
                if (ne++ < 10) {
                    extra.append(' ').append(PairRecorder.format(actual[j]));
                }
                j++;
            } else {
                i++;
                j++;
            }
        }
        fail(context + ": expected " + expected.length + " pairs, got " + actual.length + "; missing " + nm
                + ":" + missing + "; extra or duplicated " + ne + ":" + extra);
    }
}
