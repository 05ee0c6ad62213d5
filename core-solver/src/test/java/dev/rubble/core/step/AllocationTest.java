package dev.rubble.core.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** A step allocates nothing in steady state (SPEC §1): measured with the JVM's per-thread allocation counter. */
final class AllocationTest {

    @Test
    void steadyStateStepsAllocateNothing() {
        World w = World.create(WorldSettings.defaults().withStep(1.0 / 60, 2), Stages.load());
        w.createBody(BodyDef.of(new Box(50, 0.5, 50)).withMotion(dev.rubble.core.body.MotionType.STATIC)
                .withPosition(0, -0.5, 0));
        for (int i = 0; i < 500; i++) {
            w.createBody(BodyDef.of(i % 2 == 0 ? new Sphere(0.3) : new Box(0.2, 0.3, 0.4))
                    .withPosition(i % 10, 1 + i / 10, 0).withAngularVelocity(0.1 * i, 1, 0));
        }
        long[] seen = new long[1];
        w.addObserver((world, p) -> seen[0] ^= p.stateHash());
        for (int i = 0; i < 300; i++) { // warm up: JIT, array growth
            w.step();
        }
        // the quietest of five rounds: a step that allocates does so in every round, while the
        // JIT's one-off deoptimisations on a loaded machine (interpreted frames allocate what
        // compiled code scalar-replaces) land in one round or another
        assertThat(StepAllocation.quietest(w)).as("bytes allocated by 100 steps, quietest of 5 rounds").isZero();
        assertThat(seen[0]).isNotZero();
    }

    /**
     * Issue 26: the parallel narrowphase (blocks of one pair on a pool: workers with their own plugin
     * instances and call records) allocates nothing per step either, counting the stepping thread
     * and every worker; the same scene as above, split between 2, 3, 4 and 8 threads.
     */
    @Test
    @org.junit.jupiter.api.Timeout(value = 300, unit = java.util.concurrent.TimeUnit.SECONDS)
    void theParallelNarrowphaseAllocatesNothingOnAnyThread() {
        var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (int threads : new int[] {2, 3, 4, 8}) {
            try (dev.rubble.core.parallel.WorkerPool pool = new dev.rubble.core.parallel.WorkerPool(threads, 1)) {
                World w = World.create(WorldSettings.defaults().withStep(1.0 / 60, 2), Stages.load(),
                        binder -> binder.bind(dev.rubble.core.parallel.StepExecutor.class).toInstance(pool));
                w.createBody(BodyDef.of(new Box(50, 0.5, 50)).withMotion(dev.rubble.core.body.MotionType.STATIC)
                        .withPosition(0, -0.5, 0));
                for (int i = 0; i < 500; i++) {
                    w.createBody(BodyDef.of(i % 2 == 0 ? new Sphere(0.3) : new Box(0.2, 0.3, 0.4))
                            .withPosition(i % 10, 1 + i / 10, 0).withAngularVelocity(0.1 * i, 1, 0));
                }
                for (int i = 0; i < 300; i++) {
                    w.step();
                }
                java.util.List<Long> idList = new java.util.ArrayList<>();
                idList.add(Thread.currentThread().getId());
                for (Thread t : Thread.getAllStackTraces().keySet()) {
                    if (t.getName().startsWith("rubble-step-")) {
                        idList.add(t.getId());
                    }
                }
                long[] ids = idList.stream().mapToLong(Long::longValue).toArray();
                long quietest = Long.MAX_VALUE;
                long runs = w.narrowphaseStage().runsInParallel;
                // the quietest of five rounds, as above: the scene is still settling after 300 steps (the
                // stores grow to their high-water marks in rounds 1-2 since the solver's phases, issue 26)
                for (int round = 0; round < 5; round++) {
                    long[] before = mx.getThreadAllocatedBytes(ids);
                    for (int i = 0; i < 100; i++) {
                        w.step();
                    }
                    long[] after = mx.getThreadAllocatedBytes(ids);
                    long sum = 0;
                    for (int k = 0; k < ids.length; k++) {
                        sum += after[k] - before[k];
                    }
                    quietest = Math.min(quietest, sum);
                }
                assertThat(w.narrowphaseStage().runsInParallel - runs).as("narrowphase runs on the workers")
                        .isEqualTo(500); // once a step (not per sub-step)
                assertThat(quietest).as("bytes allocated by 100 steps on %d threads", threads).isLessThan(1024);
            }
        }
    }
}
