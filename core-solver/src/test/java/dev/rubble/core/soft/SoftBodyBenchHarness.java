package dev.rubble.core.soft;

import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.CageBuilder;
import dev.rubble.core.soft.cage.CageSource;
import dev.rubble.spi.shape.Box;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Soft-body step cost (docs/benchmarks.md, "Soft bodies"): a soft block of about 1 000 and about
 * 10 000 tetrahedra resting on a static ground box, default xpbd solver (8 sub-steps x 4
 * iterations), single thread; 200 warm-up steps, then 300 timed steps (median and mean ms per
 * step) and the bytes those 300 steps allocate. Run with
 * {@code mvn -q test -pl core-solver -Dtest=SoftBodyBenchHarness -Drubble.harness=true
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@EnabledIfSystemProperty(named = "rubble.harness", matches = "true")
final class SoftBodyBenchHarness {

    public static void main(String[] args) {
        new SoftBodyBenchHarness().run();
    }

    @Test
    void run() {
        Stages stages = Stages.load();
        for (int target : new int[] {1000, 10000}) {
            Cage cage = null;
            for (double spacing = 0.3; spacing > 0.01; spacing *= 0.97) {
                CageSource src = CageSource.box(0.5, 0.25, 0.5);
                cage = CageBuilder.build(src.vertices(), src.indices(), 500, spacing, 1);
                if (cage.tetCount() >= target) {
                    System.out.printf("spacing %.4f m%n", spacing);
                    break;
                }
            }
            World w = World.create(WorldSettings.defaults(), stages);
            w.createBody(BodyDef.of(new Box(10, 0.5, 10)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0));
            w.softBodies().store().add(cage, SoftMaterial.rubber().withYoungsModulus(2e5), 0, 0.3, 0, 0, 0, 0, 1, 0, 0, 0,
                    "block");
            for (int i = 0; i < 200; i++) {
                w.step();
            }
            var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long tid = Thread.currentThread().getId();
            double[] ms = new double[300];
            long before = mx.getThreadAllocatedBytes(tid);
            long cpu0 = mx.getCurrentThreadCpuTime();
            long soft = 0;
            for (int i = 0; i < ms.length; i++) {
                long t0 = System.nanoTime();
                w.step();
                ms[i] = (System.nanoTime() - t0) / 1e6;
                soft += w.softBodies().nanos;
            }
            double cpuMs = (mx.getCurrentThreadCpuTime() - cpu0) / 1e6 / ms.length;
            // the store holds the whole cage it was given (a sanity check on what was measured)
            org.assertj.core.api.Assertions.assertThat(w.softBodies().store().state.tets).isEqualTo(cage.tetCount());
            long bytes = mx.getThreadAllocatedBytes(tid) - before;
            // the solver alone (no contact hooks) on the same state, CPU time
            var solver = w.softBodies().solver();
            long c0 = mx.getCurrentThreadCpuTime();
            for (int i = 0; i < 100; i++) {
                solver.step(w.softBodies().store().state, 1.0 / 60, 0, 0, 0, dev.rubble.spi.soft.SoftContacts.NONE);
            }
            double solverCpuMs = (mx.getCurrentThreadCpuTime() - c0) / 1e6 / 100;
            System.out.printf("  thread CPU %.3f ms/step (soft pass wall %.3f ms/step); solver alone, no contacts: %.3f ms/step CPU%n",
                    cpuMs, soft / 1e6 / ms.length, solverCpuMs);
            double mean = Arrays.stream(ms).average().orElse(0);
            Arrays.sort(ms);
            System.out.printf("soft block: %d tets, %d points, %d edges, %d surface triangles: median %.3f ms/step,"
                            + " mean %.3f, p90 %.3f; %d bytes allocated in %d steps; inverted tets %d%n",
                    cage.tetCount(), cage.pointCount(), cage.edgeCount(), cage.surfaceCount(), ms[ms.length / 2], mean,
                    ms[(int) (ms.length * 0.9)], bytes, ms.length, w.softBodies().store().invertedTets());
        }
    }
}
