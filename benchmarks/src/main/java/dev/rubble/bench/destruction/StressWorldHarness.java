package dev.rubble.bench.destruction;

import dev.rubble.core.destruction.CollectionPlacement;
import dev.rubble.core.destruction.DestructionOptions;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.collection.CollectionAsset;
import java.util.Map;

/**
 * The stress pass in a world: a 64 × 32 wall of 0.1 m cubes ({@link DestructionHarness#slab} stood
 * up, 4 000 bonds), its bottom course anchored, with the {@code support-graph} model. The first step
 * builds the graph and solves it cold; afterwards nothing changes (a kinematic wall under constant
 * gravity), so each step only compares the six load numbers: the time of the
 * {@code destruction.stress} sub-slot per step is printed, cold and steady.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.rubble.bench.destruction.StressWorldHarness
 * </pre>
 */
public final class StressWorldHarness {
    private StressWorldHarness() {
    }

    public static void main(String[] args) {
        Stages stages = Stages.load();
        World w = World.create(WorldSettings.defaults(), stages);
        CollectionAsset wall = DestructionHarness.slab(64, 32);
        double s = Math.sqrt(0.5);
        // turn the slab up: its z axis becomes world y (90 degrees about x)
        CollectionPlacement pl = CollectionPlacement.at(0, 0.05, 0).withOrientation(-s, 0, 0, s)
                .withAnchors(null, new double[] {-1, -1, -0.01, 100, 1, 0.01})
                .withOptions(DestructionOptions.defaults().withDamageModel("user-defined",
                        StageConfig.of(Map.of("thresholds", "1e12"))));
        int c = w.placeCollection(wall, pl);
        w.setStressModel(c, "support-graph", StageConfig.of(Map.of("tolerance", 1e-3)));
        w.step();
        long cold = w.profile().nanos("destruction.stress");
        long[] counters = w.destruction().stress().stressCounters();
        System.out.printf("cold step: stress %.2f ms, solves %d, iterations %d, residual %.2e, bonds %d%n", cold / 1e6,
                counters[0], counters[1], w.destruction().stress().stressResidual(), wall.edgeCount());
        int steps = 2000, converging = 0;
        long[] t = new long[steps / 2];
        for (int i = 0; i < steps; i++) {
            w.step();
            if (w.destruction().stress().stressCounters()[0] > 0) {
                converging = i + 2; // the warm-started solve continues until it meets the tolerance
            }
            if (i >= steps / 2) {
                t[i - steps / 2] = w.profile().nanos("destruction.stress");
            }
        }
        java.util.Arrays.sort(t);
        System.out.printf("converged by step %d (residual %.2e); steady steps (no load change): stress sub-slot median %.2f us,"
                + " p90 %.2f us over %d steps%n", converging, w.destruction().stress().stressResidual(), t[t.length / 2] / 1e3,
                t[t.length * 9 / 10] / 1e3, t.length);
    }
}
