package dev.rubble.bench.stress;

import dev.rubble.spi.stress.StressGraph;
import dev.rubble.spi.stress.StressModel;
import java.util.Map;

/**
 * Iterations, residual and time per warm-started solve of the 64 × 32 brick wall ({@link StressBench};
 * wall and stepping-thread CPU time: on a busy machine the CPU time is the less disturbed figure),
 * and of a cold solve (a new graph: preconditioner or factorisation built), printed for
 * docs/benchmarks.md; a direct (skyline Cholesky) solve of the same wall for comparison.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.rubble.bench.stress.StressHarness
 * </pre>
 */
public final class StressHarness {
    private StressHarness() {
    }

    public static void main(String[] args) {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        for (String kind : new String[] {"pcg 1e-3", "pcg 1e-4", "direct"}) {
            StressModel m = StressBench.model(kind.equals("direct") ? Map.of("directMax", 1_000_000)
                    : Map.of("tolerance", kind.endsWith("1e-3") ? 1e-3 : 1e-4, "maxIterations", 200));
            StressGraph g = StressBench.wall();
            StressBench.gravity(g, 0);
            long t0 = System.nanoTime();
            m.solve(g);
            long cold = System.nanoTime() - t0;
            System.out.printf("%s: %d bricks, %d bonds; cold solve %.1f ms, %d iterations, residual %.2e%n", kind,
                    g.nodeCount, g.bondCount, cold / 1e6, g.iterations, g.residual);
            int steps = kind.equals("direct") ? 200 : 3000;
            long total = 0, cpu = 0, its = 0;
            double worst = 0;
            for (int s = 0; s < steps; s++) {
                StressBench.gravity(g, 1e-3 * StrictMath.sin(s * 0.1));
                long ca = mx.getCurrentThreadCpuTime(), a = System.nanoTime();
                m.solve(g);
                long b = System.nanoTime(), cb = mx.getCurrentThreadCpuTime();
                if (s >= steps / 2) { // the second half: warmed up
                    total += b - a;
                    cpu += cb - ca;
                    its += g.iterations;
                    worst = Math.max(worst, g.residual);
                }
            }
            int n = steps - steps / 2;
            System.out.printf("%s: warm solve %.3f ms mean (thread CPU %.3f ms) over %d steps, %.2f iterations mean,"
                    + " worst residual %.2e%n", kind, total / 1e6 / n, cpu / 1e6 / n, n, (double) its / n, worst);
        }
    }
}
