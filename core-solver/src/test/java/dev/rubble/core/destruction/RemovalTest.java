package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.command.Command;
import dev.rubble.core.dynamics.DynamicsSettings;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Removal (SPEC §6): remove-on-break and remove-on-sleep timers follow the documented seeded draws,
 * the shrink scale follows {@code 1 - s / D}, the global multiplier speeds timers up, slow-moving
 * pieces count as resting, replays agree, and steady steps allocate nothing. Expected steps and
 * scales are recomputed here from the documented rules (docs/destruction.md "Debris and removal"),
 * with the draw written out again.
 */
final class RemovalTest {
    private static final long SEED = 42;

    /** The documented draw: SplitMix64's finaliser of seed + golden × (4 key + p + 1), 53 bits, scaled into [min, max]. */
    private static double draw(long seed, long key, int p, double min, double max) {
        long z = seed + 0x9E3779B97F4A7C15L * (4 * key + p + 1);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z = z ^ (z >>> 31);
        return min + (z >>> 11) / 9007199254740992.0 * (max - min);
    }

    /** Steps after which each removed node's REMOVED event arrived. */
    private static Map<Integer, Long> removals(World w) {
        Map<Integer, Long> out = new HashMap<>();
        w.addBreakListener(ev -> {
            for (int i = 0; i < ev.count(); i++) {
                if (ev.kind[i] == BreakEvents.REMOVED) {
                    out.put(ev.node[i], ev.step());
                }
            }
        });
        return out;
    }

    /** A three-leaf bar resting on the ground, every leaf released in step 0. */
    private static World bar(DebrisOptions o, double multiplier) {
        World w = Scenes.world(9.81);
        Scenes.ground(w);
        int c = w.placeCollection(TestAssets.chain(3, 100), CollectionPlacement.at(0, 0.25, 0));
        w.destruction().setDebrisOptions(c, o);
        w.queue(new Command.Crumble(c, 0));
        if (multiplier != 1) {
            w.queue(new Command.SetRemovalTimerMultiplier(multiplier));
        }
        return w;
    }

    @Test
    void removeOnBreakFollowsTheSeededDrawsAndTheShrinkCurve() {
        for (double mult : new double[] {1, 2.5}) {
            DebrisOptions o = DebrisOptions.defaults().withRemoveOnBreak(0.2, 1.2, 0.3, 0.6).withSeed(SEED);
            World w = bar(o, mult);
            Map<Integer, Long> removed = removals(w);
            double tau = w.destruction().dt * mult;
            // expected, per leaf: T = 0 after its release step (0), T += tau per step; from the first
            // step with T >= delay it shrinks with s = T - delay, then s += tau; scale 1 - s/D; removed when s >= D
            long[] removeStep = new long[4];
            List<Map<Long, Double>> scales = new ArrayList<>();
            scales.add(null);
            for (int node = 1; node <= 3; node++) {
                double delay = draw(SEED, node, 0, 0.2, 1.2), dur = draw(SEED, node, 1, 0.3, 0.6);
                assertThat(delay).isBetween(0.2, 1.2);
                assertThat(dur).isBetween(0.3, 0.6);
                Map<Long, Double> sc = new HashMap<>();
                double t = 0, s = 0;
                boolean shrinking = false;
                for (long step = 1; ; step++) {
                    if (shrinking) {
                        s += tau;
                    } else {
                        t += tau;
                        if (t >= delay) {
                            shrinking = true;
                            s = t - delay;
                        }
                    }
                    if (shrinking && s >= dur) {
                        removeStep[node] = step;
                        break;
                    }
                    sc.put(step, shrinking ? 1 - s / dur : 1.0);
                }
                scales.add(sc);
            }
            assertThat(new java.util.TreeSet<>(List.of(removeStep[1], removeStep[2], removeStep[3])))
                    .as("the draws differ per piece").hasSizeGreaterThan(1);
            long[] handle = new long[4];
            w.step();
            BodyStore b = w.bodies();
            for (int node = 1; node <= 3; node++) {
                handle[node] = w.destruction().holderBody(0, node);
                assertThat(b.scale[b.slot(handle[node])]).isEqualTo(1.0);
            }
            long last = Math.max(removeStep[1], Math.max(removeStep[2], removeStep[3]));
            for (long step = 1; step <= last + 5; step++) {
                w.step();
                int shrinkingNow = 0, removedNow = 0;
                for (int node = 1; node <= 3; node++) {
                    if (step < removeStep[node]) {
                        shrinkingNow += scales.get(node).get(step) < 1 ? 1 : 0;
                    } else if (step == removeStep[node]) {
                        removedNow++;
                    }
                }
                assertThat(w.destruction().stats().shrinking()).as("shrinking after step %d", step).isEqualTo(shrinkingNow);
                assertThat(w.destruction().stats().removed()).as("removed in step %d", step).isEqualTo(removedNow);
                for (int node = 1; node <= 3; node++) {
                    int slot = (int) handle[node];
                    boolean live = b.isLive(slot) && b.handle(slot) == handle[node];
                    if (step < removeStep[node]) {
                        assertThat(live).as("node %d alive after step %d (x%s)", node, step, mult).isTrue();
                        assertThat(b.scale[slot]).as("scale of node %d after step %d", node, step)
                                .isEqualTo(scales.get(node).get(step));
                    } else {
                        assertThat(live).as("node %d removed by step %d", node, step).isFalse();
                    }
                }
            }
            for (int node = 1; node <= 3; node++) {
                assertThat(removed.get(node)).as("REMOVED event step of node %d", node).isEqualTo(removeStep[node]);
            }
            assertThat(w.destruction().activeCount()).isZero(); // every released piece gone, the root was broken up
        }
    }

    @Test
    void renderFramesCarryTheShrinkScale() {
        World w = bar(DebrisOptions.defaults().withRemoveOnBreak(0, 0, 1, 1), 1);
        Scenes.steps(w, 31); // released in step 0; shrinking from step 1 over 1 s: half size after step 30
        dev.rubble.spi.render.FrameBuffer f = new dev.rubble.spi.render.FrameBuffer();
        dev.rubble.core.render.FrameBuilder.fill(w, f);
        BodyStore b = w.bodies();
        int seen = 0;
        for (int i = 0; i < f.count(); i++) {
            int slot = f.piece(i);
            if (w.destruction().nodeOfSlot(slot) >= 0) {
                assertThat(f.removalScale(i)).isEqualTo(b.scale[slot]).isCloseTo(0.5, org.assertj.core.data.Offset.offset(1e-9));
                seen++;
            } else {
                assertThat(f.removalScale(i)).isEqualTo(1.0); // the ground
            }
        }
        assertThat(seen).isEqualTo(3);
    }

    @Test
    void removeOnSleepRemovesASleepingPieceAfterItsTimer() {
        DebrisOptions o = DebrisOptions.defaults().withRemoveOnSleep(0.5, 1.0, 0.25, 0.5).withSlowMoving(false, 0)
                .withSeed(SEED);
        World w = Scenes.world(9.81);
        Scenes.ground(w);
        int c = w.placeCollection(TestAssets.chain(1, 100), CollectionPlacement.at(0, 0.25, 0));
        w.destruction().setDebrisOptions(c, o);
        w.queue(new Command.Crumble(c, 0));
        Map<Integer, Long> removed = removals(w);
        w.step();
        long h = w.destruction().holderBody(c, 1);
        BodyStore b = w.bodies();
        double dt = w.destruction().dt;
        double time = draw(SEED, 1, 2, 0.5, 1.0), dur = draw(SEED, 1, 3, 0.25, 0.5);
        double rest = 0, s = 0;
        boolean shrinking = false, slept = false;
        long expected = -1;
        for (long step = 1; step < 2000 && expected < 0; step++) {
            w.step();
            int slot = (int) h;
            boolean asleep = b.isLive(slot) && b.handle(slot) == h && b.state(slot) == BodyState.SLEEPING;
            // the documented rule, applied to what we observe
            if (shrinking) {
                s += dt;
            } else {
                rest = asleep ? rest + dt : 0;
                if (rest >= time) {
                    shrinking = true;
                    s = rest - time;
                }
            }
            slept |= asleep;
            if (shrinking && s >= dur) {
                expected = step;
            } else {
                assertThat(b.handle(slot)).as("alive after step %d", step).isEqualTo(h);
                assertThat(b.scale[slot]).isEqualTo(shrinking ? 1 - s / dur : 1.0);
            }
        }
        assertThat(slept).isTrue();
        assertThat(expected).isPositive();
        assertThat(removed.get(1)).isEqualTo(expected);
        assertThat(b.isLive((int) h) && b.handle((int) h) == h).isFalse();
    }

    /** A leaf resting on the ground in a world where nothing sleeps: removed only when slow pieces count as resting. */
    private static boolean removedWithoutSleep(boolean slowAsSleeping) {
        World w = World.create(WorldSettings.defaults().withGravity(0, -9.81, 0)
                .withDynamics(DynamicsSettings.defaults().withSleep(false, 0.05, 0.05, 0.5)), Scenes.stages());
        Scenes.ground(w);
        int c = w.placeCollection(TestAssets.chain(1, 100), CollectionPlacement.at(0, 0.25, 0));
        w.destruction().setDebrisOptions(c, DebrisOptions.defaults().withRemoveOnSleep(0.5, 0.5, 0.5, 0.5)
                .withSlowMoving(slowAsSleeping, 0.05));
        w.queue(new Command.Crumble(c, 0));
        Map<Integer, Long> removed = removals(w);
        Scenes.steps(w, 180);
        assertThat(w.bodies().count(BodyState.SLEEPING)).isZero();
        return removed.containsKey(1);
    }

    @Test
    void slowMovingPiecesCountAsSleeping() {
        assertThat(removedWithoutSleep(true)).isTrue();
        assertThat(removedWithoutSleep(false)).isFalse();
    }

    @Test
    void replaysAgreeStepByStep() {
        DebrisOptions o = DebrisOptions.defaults().withRemoveOnBreak(0.1, 0.9, 0.2, 0.7)
                .withRemoveOnSleep(0.2, 0.4, 0.1, 0.3).withSeed(7);
        World a = bar(o, 1.5), b = bar(o, 1.5), other = bar(o.withSeed(8), 1.5);
        long[] ha = new long[120], hb = new long[120], ho = new long[120];
        a.addObserver((w, p) -> ha[(int) p.step()] = p.stateHash());
        b.addObserver((w, p) -> hb[(int) p.step()] = p.stateHash());
        other.addObserver((w, p) -> ho[(int) p.step()] = p.stateHash());
        Scenes.steps(a, 120);
        Scenes.steps(b, 120);
        Scenes.steps(other, 120);
        assertThat(hb).isEqualTo(ha);
        assertThat(ho).as("another seed draws other timers").isNotEqualTo(ha);
    }

    @Test
    void steadyStepsWithRemovalAllocateNothing() {
        var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        World w = Scenes.world(9.81);
        Scenes.ground(w);
        int c = w.placeCollection(TestAssets.chain(12, 100), CollectionPlacement.at(0, 0.25, 0));
        // timers that run through the measured window: some pieces start shrinking in it, none is removed
        w.destruction().setDebrisOptions(c, DebrisOptions.defaults().withRemoveOnBreak(4, 14, 1000, 2000)
                .withRemoveOnSleep(1000, 2000, 1000, 2000));
        w.queue(new Command.Crumble(c, 0));
        Scenes.steps(w, 240);
        long tid = Thread.currentThread().getId();
        long quietest = Long.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long before = mx.getThreadAllocatedBytes(tid);
            Scenes.steps(w, 100);
            quietest = Math.min(quietest, mx.getThreadAllocatedBytes(tid) - before);
        }
        assertThat(quietest).as("bytes allocated by 100 steps, quietest of 5 rounds").isZero();
        int shrinking = 0;
        for (int i = 0; i < w.destruction().activeCount(); i++) {
            int g = w.destruction().active(i);
            if (w.bodies().scale[w.bodies().slot(w.destruction().store().body[g])] < 1) {
                shrinking++;
            }
        }
        assertThat(w.destruction().activeCount()).isEqualTo(12);
        assertThat(shrinking).as("pieces shrinking while measured").isPositive();
    }
}
