package dev.rubble.bench.stress;

import dev.rubble.plugin.stress.StressSolverPlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.stress.StressGraph;
import dev.rubble.spi.stress.StressModel;
import dev.rubble.spi.stress.StressModelFactory;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The support-graph solver on a 64 × 32 running-bond brick wall (2 048 bricks of 0.2 × 0.1 ×
 * 0.1 m, 5 984 bonds: two neighbours in a course, two bricks above and below; the bottom course is
 * the support), warm-started as in a running world: every invocation tilts gravity by a small
 * amount (a new load, as when a step's contact loads change) and solves to the default tolerance
 * 1e-4 (residual ≤ 1e-3 asked), one core. {@code evaluate} adds the pressures and damage.
 *
 * <pre>
 * mvn -q -Pbench package -pl benchmarks -am -DskipTests
 * java -jar benchmarks/target/benchmarks.jar StressBench -f 1
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class StressBench {
    static final int W = 64, H = 32;
    StressGraph graph;
    StressModel model;
    long tick;
    double lastResidual;
    int lastIterations;

    /** The wall as a graph (public for the harness). */
    public static StressGraph wall() {
        StressGraph g = new StressGraph();
        int bonds = (W - 1) * H + 2 * (W - 1) * (H - 1) + (H - 1); // courses, and each brick to two above (one at the ends)
        int n = W * H;
        int[][] list = new int[bonds][];
        int k = 0;
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                int i = y * W + x;
                if (x + 1 < W) {
                    list[k++] = new int[] {i, i + 1, 1};
                }
                if (y + 1 < H) {
                    // running bond: odd courses shifted by half a brick; brick x touches x and x±1 above
                    int up = (y + 1) * W + x;
                    list[k++] = new int[] {i, up, 0};
                    int other = y % 2 == 0 ? x - 1 : x + 1;
                    if (other >= 0 && other < W) {
                        list[k++] = new int[] {i, (y + 1) * W + other, 0};
                    }
                }
            }
        }
        g.reset(n, k);
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                double off = y % 2 == 0 ? 0 : 0.1;
                g.node(y * W + x, 4.0, x * 0.2 + off, y * 0.1 + 0.05, 0, y == 0);
            }
        }
        for (int b = 0; b < k; b++) {
            g.bond(b, list[b][0], list[b][1], list[b][2] == 1 ? 0.01 : 0.01);
        }
        return g;
    }

    public static StressModel model(Map<String, ?> options) {
        for (StressModelFactory f : new StressSolverPlugin().stressModels()) {
            if (f.name().equals("support-graph")) {
                return f.create(StageConfig.of(options));
            }
        }
        throw new IllegalStateException("support-graph not found");
    }

    static void gravity(StressGraph g, double tilt) {
        for (int i = 0; i < g.nodeCount; i++) {
            g.force[3 * i] = g.mass[i] * 9.81 * tilt;
            g.force[3 * i + 1] = -g.mass[i] * 9.81;
        }
    }

    @Setup
    public void setup() {
        graph = wall();
        model = model(Map.of());
        gravity(graph, 0);
        model.solve(graph); // cold: preconditioner and first solve
    }

    @Benchmark
    public double warmSolve() {
        tick++;
        gravity(graph, 1e-3 * StrictMath.sin(tick * 0.1)); // a small change each step
        model.solve(graph);
        lastResidual = graph.residual;
        lastIterations = graph.iterations;
        return graph.residual;
    }

    @Benchmark
    public int warmSolveAndEvaluate() {
        tick++;
        gravity(graph, 1e-3 * StrictMath.sin(tick * 0.1));
        model.solve(graph);
        return model.evaluate(graph, 1.0 / 60);
    }
}
