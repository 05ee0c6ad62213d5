package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.strain.StrainModifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The break budget (SPEC §6, issue 13): at most B holders break per step; the rest wait in
 * first-strained order with their loads, and none is ever dropped. Worlds without gravity, holders
 * are two-box bars (a root holding two bonded leaves, threshold 100 N·s) placed 10 m apart, loaded
 * by commands.
 */
final class BreakBudgetTest {
    private static final double T = 100;

    private static World bars(int n) {
        World w = Scenes.world(0);
        for (int c = 0; c < n; c++) {
            w.placeCollection(TestAssets.chain(2, 1000), CollectionPlacement.at(10 * c, 5, 0)
                    .withOptions(Scenes.thresholds(T)));
        }
        return w;
    }

    /** The collections of this step's BREAK events, in event order, and their loads. */
    private static List<double[]> breaks(World w) {
        BreakEvents ev = w.destruction().events();
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < ev.count(); i++) {
            if (ev.kind[i] == BreakEvents.BREAK) {
                out.add(new double[] {ev.collection[i], ev.node[i], ev.load[i]});
            }
        }
        return out;
    }

    @Test
    void aBudgetOfOneBreaksThreeStrainedHoldersOverThreeStepsOldestFirstOnTheLoadsTheyHad() {
        World w = bars(3);
        w.queue(new Command.SetBreakBudget(1));
        // strained in the order 1, 2, 0 (not collection order), each with its own load
        w.queue(new Command.ExternalStrain(1, 1, 150));
        w.queue(new Command.ExternalStrain(2, 2, 170));
        w.queue(new Command.ExternalStrain(0, 1, 130));
        int[] expectedCollection = {1, 2, 0};
        int[] expectedNode = {1, 2, 1};
        double[] expectedLoad = {150, 170, 130};
        for (int s = 0; s < 3; s++) {
            w.step();
            List<double[]> b = breaks(w);
            assertThat(b).as("step %d", s).hasSize(1);
            assertThat(b.get(0)).as("step %d", s)
                    .containsExactly(expectedCollection[s], expectedNode[s], expectedLoad[s]);
            DestructionStats st = w.destruction().stats();
            assertThat(st.breaks()).isEqualTo(1);
            assertThat(st.deferred()).isEqualTo(2 - s);
            assertThat(st.oldestDeferral()).isEqualTo(s == 2 ? 0 : s + 1); // strained at step 0, waited s + 1 steps
            assertThat(w.profile().breaks()).isEqualTo(1);
            assertThat(w.profile().deferredBreaks()).isEqualTo(2 - s);
            assertThat(w.profile().oldestDeferral()).isEqualTo(st.oldestDeferral());
        }
        w.step();
        assertThat(w.destruction().events().count()).isZero();
        assertThat(w.destruction().stats().deferred()).isZero();
        assertThat(w.bodies().size()).isEqualTo(6); // every bar in two pieces: nothing was dropped
    }

    @Test
    void aWaitingHolderKeepsTheLargerOfItsOwnLoadAndOneArrivingWhileItWaits() {
        World w = bars(3);
        w.queue(new Command.SetBreakBudget(1));
        w.queue(new Command.ExternalStrain(0, 1, 400));
        w.queue(new Command.ExternalStrain(1, 1, 300));
        w.queue(new Command.ExternalStrain(2, 1, 120));
        w.step(); // 0 breaks; 1 and 2 wait
        w.queue(new Command.ExternalStrain(1, 1, 200)); // smaller than what 1 waits with
        w.queue(new Command.ExternalStrain(2, 1, 250)); // larger than what 2 waits with
        w.step();
        assertThat(breaks(w)).singleElement().satisfies(b -> assertThat(b).containsExactly(1, 1, 300));
        w.step();
        assertThat(breaks(w)).singleElement().satisfies(b -> assertThat(b).containsExactly(2, 1, 250));
    }

    @Test
    void aHolderThatDoesNotBreakUsesNoBudgetAndLosesItsLoadAsUsual() {
        World w = bars(2);
        w.queue(new Command.SetBreakBudget(1));
        w.queue(new Command.ExternalStrain(0, 1, 60)); // first strained, too weak
        w.queue(new Command.ExternalStrain(1, 1, 100));
        w.step();
        assertThat(breaks(w)).singleElement().satisfies(b -> assertThat(b).containsExactly(1, 1, 100));
        assertThat(w.destruction().stats().deferred()).isZero();
        assertThat(w.destruction().store().externalLoad[w.destruction().globalNode(0, 1)]).isZero();
    }

    @Test
    void aBudgetOfZeroPausesBreakingAndLiftingItBreaksEverythingThatWaited() {
        World w = bars(4);
        w.queue(new Command.SetBreakBudget(0));
        for (int c = 3; c >= 0; c--) {
            w.queue(new Command.ExternalStrain(c, 2, 100 + c));
        }
        Scenes.steps(w, 5);
        assertThat(w.bodies().size()).isEqualTo(4);
        assertThat(w.destruction().stats().deferred()).isEqualTo(4);
        assertThat(w.destruction().stats().oldestDeferral()).isEqualTo(5);
        w.queue(new Command.SetBreakBudget(Command.SetBreakBudget.UNLIMITED));
        w.step();
        List<double[]> b = breaks(w);
        assertThat(b).hasSize(4);
        for (double[] e : b) {
            assertThat(e[2]).isEqualTo(100 + e[0]);
        }
        assertThat(w.destruction().stats().breaks()).isEqualTo(4);
        assertThat(w.destruction().stats().deferred()).isZero();
    }

    @Test
    void aHolderThatWaitsAgainLaterCountsItsAgeFromItsNewWait() {
        World w = bars(3);
        w.queue(new Command.SetBreakBudget(1));
        w.queue(new Command.ExternalStrain(0, 1, 150));
        w.queue(new Command.ExternalStrain(1, 1, 60)); // waits (step 0), then is evaluated without breaking
        w.step();
        assertThat(w.destruction().stats().oldestDeferral()).isEqualTo(1);
        w.queue(new Command.SetBreakBudget(Command.SetBreakBudget.UNLIMITED));
        Scenes.steps(w, 4);
        assertThat(w.destruction().stats().deferred()).isZero();
        w.queue(new Command.SetBreakBudget(1));
        w.queue(new Command.ExternalStrain(2, 1, 150));
        w.queue(new Command.ExternalStrain(1, 1, 60)); // waits again, from step 5
        w.step();
        assertThat(w.destruction().stats().deferred()).isEqualTo(1);
        assertThat(w.destruction().stats().oldestDeferral()).isEqualTo(1);
    }

    @Test
    void aCollisionLoadWaitsWithItsHolderAndBreaksItLaterAtFullSize() {
        // probe: the impulse a 2 kg sphere at 10 m/s gives the bar's end box (unbreakable bar)
        CollisionStrainTest.Spy spy = new CollisionStrainTest.Spy();
        World p = sphereAndBar(Double.POSITIVE_INFINITY, spy);
        for (int i = 0; i < 60 && spy.hitStep < 0; i++) {
            p.step();
        }
        double j = spy.collision[1];
        assertThat(j).isPositive();
        // the same hit with threshold j, but breaking paused until three steps later
        World w = sphereAndBar(j, new CollisionStrainTest.Spy());
        w.queue(new Command.SetBreakBudget(0));
        for (long i = 0; i <= spy.hitStep + 2; i++) {
            w.step();
            assertThat(w.destruction().events().count()).isZero();
        }
        assertThat(w.destruction().stats().deferred()).isEqualTo(1);
        w.queue(new Command.SetBreakBudget(1));
        w.step();
        assertThat(breaks(w)).singleElement().satisfies(b -> assertThat(b).containsExactly(0, 1, j));
    }

    private static World sphereAndBar(double threshold, StrainModifier spy) {
        World w = Scenes.world(0);
        w.destruction().place(TestAssets.chain(2, 1000), CollectionPlacement.at(0, 0, 0),
                new CollisionStrainTest.Fixed(threshold), new StrainModifier[] {spy});
        w.createBody(BodyDef.of(new Sphere(0.2)).withMass(2).withPosition(-1.5, 0, 0).withLinearVelocity(10, 0, 0));
        return w;
    }

    @Test
    void badBudgetsAreRejectedWhenQueuedNamingFieldValueAndWhatIsAllowed() {
        World w = bars(1);
        assertThatThrownBy(() -> w.queue(new Command.SetBreakBudget(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("breaksPerStep = -1").hasMessageContaining("allowed: >= 0");
        assertThatThrownBy(() -> w.queue(new Command.SetReleaseThrottle(5, 3)))
                .hasMessageContaining("max = 3 is below min = 5").hasMessageContaining("allowed: max >= min");
        assertThatThrownBy(() -> w.queue(new Command.SetReleaseThrottle(-2, 4)))
                .hasMessageContaining("min = -2").hasMessageContaining("allowed: >= 0");
        assertThatThrownBy(() -> w.queue(new Command.SetLevels(0, 0, 3)))
                .hasMessageContaining("maxClusterLevel = 0").hasMessageContaining("allowed: >= 1");
        assertThatThrownBy(() -> w.queue(new Command.SetLevels(4, 2, 3)))
                .hasMessageContaining("collection = 4").hasMessageContaining("allowed: [0, 1)");
        assertThatThrownBy(() -> w.destruction().setBreakBudget(-7)).hasMessageContaining("breaksPerStep = -7");
        w.step();
        assertThat(w.destruction().breakBudget()).isEqualTo(Command.SetBreakBudget.UNLIMITED);
        assertThat(w.destruction().throttleMin()).isEqualTo(-1);
        assertThat(w.destruction().throttleMax()).isEqualTo(-1);
        assertThat(w.profile().commands()).isZero();
    }

    /**
     * Random stress against a reference model written here from the rule alone: holders strained in
     * order join a FIFO queue once; each step the queue is walked, holders are evaluated until the
     * budget's worth broke, the rest stay (with their loads, max-combined with later ones). Every
     * step must break the same holders, on the same loads, with the same waiting counts; and every
     * holder ever given a breaking load must end broken.
     */
    @Test
    void underARandomStressNoDeferralIsEverLost() {
        for (long seed = 1; seed <= 6; seed++) {
            stress(seed, 40);
        }
    }

    private static void stress(long seed, int n) {
        Random r = new Random(seed);
        World w = bars(n);
        double[][] load = new double[n][3];
        boolean[] broken = new boolean[n];
        boolean[] everBreaking = new boolean[n];
        long[] since = new long[n];
        java.util.Arrays.fill(since, -1);
        List<Integer> queue = new ArrayList<>();
        int budget = Integer.MAX_VALUE;
        for (int s = 0; s < 400; s++) {
            boolean loading = s < 60;
            if (loading || r.nextInt(4) == 0 || budget == Integer.MAX_VALUE) {
                budget = 1 + r.nextInt(3);
                w.queue(new Command.SetBreakBudget(budget));
            }
            int strains = loading ? r.nextInt(6) : 0;
            for (int k = 0; k < strains; k++) {
                int c = r.nextInt(n), node = 1 + r.nextInt(2);
                double l = new double[] {40, 99, 100, 150, 1000}[r.nextInt(5)] + r.nextInt(3);
                w.queue(new Command.ExternalStrain(c, node, l));
                if (broken[c]) {
                    continue; // its holder is gone: the load reaches nothing
                }
                load[c][node] = Math.max(load[c][node], l);
                everBreaking[c] |= l >= T;
                if (!queue.contains(c)) {
                    queue.add(c);
                }
            }
            // the model's step
            List<Integer> wait = new ArrayList<>();
            List<double[]> expected = new ArrayList<>();
            int breaks = 0;
            for (int c : queue) {
                if (breaks >= budget) {
                    if (since[c] < 0) {
                        since[c] = s;
                    }
                    wait.add(c);
                    continue;
                }
                since[c] = -1;
                boolean any = false;
                for (int node = 1; node <= 2; node++) {
                    if (load[c][node] >= T) {
                        expected.add(new double[] {c, node, load[c][node]});
                        any = true;
                    }
                    load[c][node] = 0;
                }
                if (any) {
                    broken[c] = true;
                    breaks++;
                }
            }
            queue = wait;
            long oldest = 0;
            for (int c : queue) {
                oldest = Math.max(oldest, s - since[c] + 1);
            }
            w.step();
            List<double[]> got = breaks(w);
            got.sort((a, b) -> Double.compare(a[0] * 4 + a[1], b[0] * 4 + b[1]));
            expected.sort((a, b) -> Double.compare(a[0] * 4 + a[1], b[0] * 4 + b[1]));
            assertThat(got).as("seed %d step %d", seed, s).hasSameSizeAs(expected);
            for (int i = 0; i < got.size(); i++) {
                assertThat(got.get(i)).as("seed %d step %d", seed, s).containsExactly(expected.get(i));
            }
            DestructionStats st = w.destruction().stats();
            assertThat(st.breaks()).as("seed %d step %d", seed, s).isEqualTo(breaks).isLessThanOrEqualTo(budget);
            assertThat(st.deferred()).as("seed %d step %d", seed, s).isEqualTo(queue.size());
            assertThat(st.oldestDeferral()).as("seed %d step %d", seed, s).isEqualTo((int) oldest);
            if (!loading && queue.isEmpty()) {
                break;
            }
        }
        assertThat(queue).as("seed %d: holders still waiting", seed).isEmpty();
        for (int c = 0; c < n; c++) {
            assertThat(broken[c]).as("seed %d collection %d", seed, c).isEqualTo(everBreaking[c]);
            // in the world: a broken bar's two leaves are two bodies
            boolean apart = w.destruction().holderBody(c, 1) != w.destruction().holderBody(c, 2);
            assertThat(apart).as("seed %d collection %d broken in the world", seed, c).isEqualTo(everBreaking[c]);
        }
    }
}
