package dev.rubble.bench.solver;

import dev.rubble.core.dynamics.ContactSolver;
import dev.rubble.core.dynamics.DynamicsSettings;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.scenario.BenchScenes;
import dev.rubble.scenario.ScenarioWorld;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * The contact solver's work of one step, alone, on a frozen bench scene (issue 27 item 2): the scene
 * is stepped {@code settle} times, then a fresh {@link ContactSolver} repeats, round after round, what
 * the step does with it at one sub-step and the default iterations — prepare, load velocities, warm
 * start, {@code velocityIterations} biased iterations, {@code positionIterations} relax iterations —
 * without moving a body (the body store is never written), so every round does the same work.
 * Prints the median stepping-thread CPU time per round and of its parts (prepare; the biased
 * iterations; the relax iterations), with the manifold and point counts so that runs of two builds
 * can be compared. Thread CPU time, not wall time, because the machine is shared.
 *
 * <pre>
 * java -cp "benchmarks/target/benchmarks.jar" dev.rubble.bench.solver.SolverRowsHarness pile 300 200
 * </pre>
 * Arguments: scene (pyramid, pile, spheres, large-pyramid), settle steps, measured rounds (after as
 * many warm-up rounds).
 */
public final class SolverRowsHarness {
    private SolverRowsHarness() {
    }

    public static void main(String[] args) {
        String scene = args.length > 0 ? args[0] : "pile";
        int settle = args.length > 1 ? Integer.parseInt(args[1]) : 300;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 200;
        BenchScenes.Scene sc = BenchScenes.Scene.byLabel(scene);
        ScenarioWorld sw = ScenarioWorld.create(BenchScenes.build(sc), Stages.load(), Map.of(), 1);
        for (int i = 0; i < settle; i++) {
            sw.step();
        }
        World world = sw.world();
        WorldSettings s = world.settings();
        DynamicsSettings dyn = s.dynamics();
        ContactSolver solver = new ContactSolver();
        solver.setGravity(s.gravityX(), s.gravityY(), s.gravityZ());
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long[] prep = new long[rounds], biased = new long[rounds], relax = new long[rounds], all = new long[rounds];
        for (int pass = 0; pass < 2; pass++) { // warm-up, then measured
            for (int k = 0; k < rounds; k++) {
                long t0 = mx.getCurrentThreadCpuTime();
                solver.prepare(world.bodies(), world.contacts(), dyn, s.dt(), 1);
                solver.loadVelocities();
                solver.warmStart();
                solver.updateSeparations();
                long t1 = mx.getCurrentThreadCpuTime();
                for (int it = 0; it < s.velocityIterations(); it++) {
                    solver.solve(true);
                }
                long t2 = mx.getCurrentThreadCpuTime();
                for (int it = 0; it < s.positionIterations(); it++) {
                    solver.solve(false);
                }
                long t3 = mx.getCurrentThreadCpuTime();
                prep[k] = t1 - t0;
                biased[k] = t2 - t1;
                relax[k] = t3 - t2;
                all[k] = t3 - t0;
            }
        }
        System.out.printf(Locale.ROOT,
                "scene=%s settle=%d rounds=%d manifolds=%d points=%d round_ms=%.3f prepare_ms=%.3f biased_ms=%.3f relax_ms=%.3f%n",
                sc.name().toLowerCase(Locale.ROOT), settle, rounds, world.contacts().size(), solver.pointsPrepared(),
                median(all), median(prep), median(biased), median(relax));
    }

    private static double median(long[] ns) {
        long[] c = ns.clone();
        Arrays.sort(c);
        return c[c.length / 2] / 1e6;
    }
}
