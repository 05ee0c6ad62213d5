package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.collision.ContactStage;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.collision.NarrowphaseStage;
import dev.rubble.core.collision.PairBuffer;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.StepSlot;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.scenario.BenchScenes;
import dev.rubble.scenario.Scenario;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.shape.Sphere;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Wake once, measured (docs/benchmarks.md "Wake once"): the bench pile (4 000 boxes) with sleeping
 * on, stepped until it is asleep, then a ball dropped on it; the step in which it wakes the pile,
 * with the parked manifolds restored (this engine) and with the woken island's pairs found by a
 * second broadphase + narrowphase (the engine before: from the hit on, the contact stage restores
 * nothing in the WAKE slot, so the pipeline re-runs). Both worlds are identical until the hit and
 * step alternately in one JVM, so they see the same machine load. Not a test: run with
 * {@code mvn -pl integration-tests -am verify -Dtest=WakeOnceBench -Drubble.bench.wake=true -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@EnabledIfSystemProperty(named = "rubble.bench.wake", matches = "true")
final class WakeOnceBench {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** The narrowphase stage; with {@code wakeOnce} off it restores nothing in the WAKE slot, so the pipeline re-runs. */
    private static final class Switch implements ContactStage {
        final NarrowphaseStage stage;
        boolean wakeOnce = true;

        Switch(NarrowphaseStage stage) {
            this.stage = stage;
        }

        @Override
        public void generate(BodyStore bodies, PairBuffer pairs, ContactStore out, double dt) {
            stage.generate(bodies, pairs, out, dt);
        }

        @Override
        public int pointsWarmStarted() {
            return stage.pointsWarmStarted();
        }

        @Override
        public int pairsCached() {
            return stage.pairsCached();
        }

        @Override
        public int restoreWoken(BodyStore bodies, ContactStore out) {
            return wakeOnce ? stage.restoreWoken(bodies, out) : -1;
        }
    }

    private static World world(Scenario sc, WorldSettings settings, Stages stages, Switch[] out) {
        NarrowphaseStage np = new NarrowphaseStage(stages.create(StageFamily.NARROWPHASE, "default", StageConfig.empty()));
        np.setMaxContacts(settings.maxContacts());
        Switch sw = new Switch(np);
        out[0] = sw;
        World w = World.create(settings, stages, binder -> {
            binder.bind(NarrowphaseStage.class).toInstance(np);
            binder.bind(ContactStage.class).toInstance(sw);
        });
        for (BodyDef d : sc.bodies()) {
            w.createBody(d);
        }
        return w;
    }

    @Test
    void hitOnASleepingPile() {
        Scenario sc = BenchScenes.build(BenchScenes.Scene.PILE);
        WorldSettings s = sc.settings();
        var dyn = s.dynamics();
        WorldSettings sleepy = s.withDynamics(dyn.withSleep(true, dyn.sleepLinearThreshold(), dyn.sleepAngularThreshold(),
                dyn.timeToSleep()));
        Stages stages = Stages.load();
        Switch[] sa = new Switch[1], sb = new Switch[1], sc2 = new Switch[1];
        World after = world(sc, sleepy, stages, sa);
        World rerun = world(sc, sleepy, stages, sb);
        World old = world(sc, sleepy, stages, sc2);
        World[] worlds = {after, rerun, old};
        int dynamic = BenchScenes.dynamicBodies(sc).size();
        // identical until the hit (same engine, same inputs): all fall asleep at the same step
        settle(worlds, dynamic);
        assertThat(rerun.stateHash()).isEqualTo(after.stateHash());
        assertThat(old.stateHash()).isEqualTo(after.stateHash());
        // rerun: the WAKE slot restores nothing, so the pipeline runs broadphase and narrowphase
        // again (the woken pairs' parked cache entries still replay there: a lower bound of the old cost)
        sb[0].wakeOnce = false;
        // old: as rerun, and with the body-pair cache emptied (the old engine had forgotten the
        // sleeping pairs' entries, so the second run collided every woken pair): the old hit step
        sc2[0].wakeOnce = false;
        old.narrowphaseStage().setContactCache(false);
        double topY = 0;
        BodyStore b = after.bodies();
        for (int i = 0; i < b.slotLimit(); i++) {
            if (b.isLive(i) && b.invMass[i] > 0) {
                topY = Math.max(topY, b.py[i]);
            }
        }
        // a 0.3 m, 100 kg/m^3 ball 1 m above the highest box, over the pile's centre
        BodyDef ball = BodyDef.of(new Sphere(0.3)).withDensity(100).withPosition(0, topY + 1, 0);
        for (World w : worlds) {
            w.createBody(ball);
        }
        String[] names = {"after (wake once)", "before (re-run, cache kept)", "before (re-run, old cache)"};
        long[] cpu = new long[3];
        boolean done = false;
        for (int i = 0; i < 300 && !done; i++) {
            for (int k = 0; k < 3; k++) {
                long c0 = cpu();
                worlds[k].step();
                cpu[k] = cpu() - c0;
            }
            assertThat(rerun.profile().woken()).isEqualTo(after.profile().woken());
            assertThat(old.profile().woken()).isEqualTo(after.profile().woken());
            if (after.profile().woken() > 0) {
                done = true;
                System.out.printf("WAKE-ONCE hit at step %d woke %d, manifolds %d (after: restored %d), load %s%n",
                        after.stepIndex(), after.profile().woken(), after.profile().manifolds(),
                        after.narrowphaseStage().manifoldsRestored,
                        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
                for (int k = 0; k < 3; k++) {
                    report(names[k], worlds[k], cpu[k]);
                }
                for (int n = 1; n <= 3; n++) {
                    long c0 = cpu();
                    after.step();
                    report("after (wake once) +" + n, after, cpu() - c0);
                }
            }
        }
        assertThat(done).as("the ball woke the pile").isTrue();
    }

    private static void settle(World[] worlds, int dynamic) {
        World a = worlds[0];
        for (int i = 0; i < 2400; i++) {
            for (World w : worlds) {
                w.step();
            }
            if (i % 100 == 0) {
                System.out.printf("settle step %d asleep %d / %d%n", a.stepIndex(), a.profile().sleepingBodies(), dynamic);
            }
            if (a.profile().awakeBodies() == 0) {
                break;
            }
        }
        for (World w : worlds) {
            w.step();
        }
        System.out.printf("asleep at step %d: %d bodies, %d manifolds and %d cache entries parked%n", a.stepIndex(),
                a.profile().sleepingBodies(), a.narrowphaseStage().manifoldsParked(),
                a.narrowphaseStage().cacheEntriesParked());
    }

    private static long cpu() {
        return THREADS.getCurrentThreadCpuTime();
    }

    private static void report(String label, World w, long cpuNanos) {
        var p = w.profile();
        System.out.printf("WAKE-ONCE %s: total %.2f ms wall, %.2f ms cpu; broadphase %.2f, narrowphase %.2f, wake %.2f, solve %.2f ms%n",
                label, p.totalNanos() / 1e6, cpuNanos / 1e6, p.nanos(StepSlot.BROADPHASE) / 1e6,
                p.nanos(StepSlot.NARROWPHASE) / 1e6, p.nanos(StepSlot.WAKE) / 1e6, p.nanos(StepSlot.SOLVE) / 1e6);
    }
}
