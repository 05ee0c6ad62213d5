package dev.rubble.core.dynamics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.collision.ContactStage;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.collision.PairBuffer;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.spi.shape.Sphere;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** The step (pipeline, solver, islands) allocates nothing in steady state. */
final class AllocationTest {

    /** Sphere vs ground (slot 0, top y = 0) without allocation; carries impulses by manifold order. */
    private static final class SphereGround implements ContactStage {
        private final double[] carried = new double[3 * 256];
        private final int[] carriedB = new int[256];

        @Override
        public void generate(BodyStore bodies, PairBuffer pairs, ContactStore out, double dt) {
            int n = out.size();
            for (int m = 0; m < n; m++) {
                carriedB[m] = out.bodyB[m];
                carried[m * 3] = out.normalImpulse[m * 4];
                carried[m * 3 + 1] = out.tangentImpulse1[m * 4];
                carried[m * 3 + 2] = out.tangentImpulse2[m * 4];
            }
            out.clear();
            BodyStore b = bodies;
            for (int i = 0; i < pairs.size(); i++) {
                int a = pairs.first(i), c = pairs.second(i);
                if (a != 0) {
                    continue;
                }
                double r = ((Sphere) b.shape[c]).radius();
                double sep = b.py[c] - r;
                if (sep > 0.05) {
                    continue;
                }
                int m = out.add(0, c, 0);
                out.nx[m] = 0; out.ny[m] = 1; out.nz[m] = 0;
                out.pointCount[m] = 1;
                int p = m * 4;
                out.ax[p] = b.px[c] - b.px[0]; out.ay[p] = -b.py[0]; out.az[p] = b.pz[c] - b.pz[0];
                out.bx[p] = 0; out.by[p] = -r; out.bz[p] = 0;
                out.separation[p] = sep;
                out.feature[p] = 0;
                boolean same = m < n && carriedB[m] == c;
                out.normalImpulse[p] = same ? carried[m * 3] : 0;
                out.tangentImpulse1[p] = same ? carried[m * 3 + 1] : 0;
                out.tangentImpulse2[p] = same ? carried[m * 3 + 2] : 0;
            }
        }
    }

    @Test
    void steppingRestingAndRollingBodiesAllocatesNothing() {
        WorldSettings s = WorldSettings.defaults().withStep(1.0 / 60, 2);
        s = s.withDynamics(s.dynamics().withSleep(true, 0.05, 0.05, 1e9).withMotion(400, 100, true));
        SphereGround contacts = new SphereGround();
        World w = World.create(s, Worlds.stages(), binder -> binder.bind(ContactStage.class).toInstance(contacts));
        Worlds.ground(w, 0.5, 0);
        for (int i = 0; i < 20; i++) {
            w.createBody(dev.rubble.core.body.BodyDef.of(new Sphere(0.5)).withMass(1)
                    .withPosition(i * 2, 0.5 + (i % 3) * 0.3, 0).withLinearVelocity(i % 2, 0, 0));
        }
        for (int i = 0; i < 300; i++) {
            w.step();
        }
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        // three windows, the least counted (a one-off deoptimisation shows in one window at most)
        long allocated = Long.MAX_VALUE;
        for (int window = 0; window < 3; window++) {
            long before = mx.getThreadAllocatedBytes(id);
            for (int i = 0; i < 200; i++) {
                w.step();
            }
            allocated = Math.min(allocated, mx.getThreadAllocatedBytes(id) - before);
        }
        assertThat(w.profile().contactPoints()).isEqualTo(20);
        assertThat(allocated).isLessThan(1024);
    }

    /**
     * Issue 26: no allocation per step on a pool either, counting the stepping thread and every
     * pool worker. 120 spheres on the ground: the ground level has 120 manifolds, so it is coloured
     * and its colour is split into blocks of one manifold between the threads.
     */
    @org.junit.jupiter.api.Test
    @org.junit.jupiter.api.Timeout(value = 300, unit = java.util.concurrent.TimeUnit.SECONDS)
    void steppingOnAPoolAllocatesNothingOnAnyThread() {
        for (int threads : new int[] {2, 3, 4, 8}) { // 1 thread: the tests above (inline, the same stages)
            try (dev.rubble.core.parallel.WorkerPool pool = new dev.rubble.core.parallel.WorkerPool(threads, 1)) {
                WorldSettings s = WorldSettings.defaults().withStep(1.0 / 60, 2);
                s = s.withDynamics(s.dynamics().withSleep(true, 0.05, 0.05, 1e9).withMotion(400, 100, true));
                SphereGround contacts = new SphereGround();
                World w = World.create(s, Worlds.stages(), binder -> binder.bind(ContactStage.class).toInstance(contacts),
                        binder -> binder.bind(dev.rubble.core.parallel.StepExecutor.class).toInstance(pool));
                Worlds.ground(w, 0.5, 0);
                for (int i = 0; i < 120; i++) {
                    w.createBody(dev.rubble.core.body.BodyDef.of(new Sphere(0.5)).withMass(1)
                            .withPosition((i % 12) * 3 - 18, 0.5 + (i % 3) * 0.3, (i / 12) * 3 - 15)
                            .withLinearVelocity((i % 2) * 0.1, 0, 0));
                }
                for (int i = 0; i < 300; i++) {
                    w.step();
                }
                com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
                java.util.List<Long> idList = new java.util.ArrayList<>();
                idList.add(Thread.currentThread().getId());
                for (Thread t : Thread.getAllStackTraces().keySet()) {
                    if (t.getName().startsWith("rubble-step-")) {
                        idList.add(t.getId());
                    }
                }
                long[] ids = idList.stream().mapToLong(Long::longValue).toArray();
                assertThat(ids.length).as("the caller and the pool's workers").isGreaterThanOrEqualTo(threads);
                // three windows, the least counted: an allocation in the step shows in every window,
                // while a one-off of the JIT's (a deoptimisation materialising a scalar-replaced object
                // while the workers' code is still being compiled) shows in one at most
                long allocated = Long.MAX_VALUE;
                for (int window = 0; window < 3; window++) {
                    long[] before = mx.getThreadAllocatedBytes(ids);
                    for (int i = 0; i < 200; i++) {
                        w.step();
                    }
                    long[] after = mx.getThreadAllocatedBytes(ids);
                    long sum = 0;
                    for (int k = 0; k < ids.length; k++) {
                        sum += after[k] - before[k];
                    }
                    allocated = Math.min(allocated, sum);
                }
                assertThat(w.profile().contactPoints()).isEqualTo(120);
                assertThat(w.profile().colours()).as("the ground level is coloured").isPositive();
                assertThat(allocated).as("bytes allocated in 200 steps on %d threads", threads).isLessThan(1024);
            }
        }
    }
}
