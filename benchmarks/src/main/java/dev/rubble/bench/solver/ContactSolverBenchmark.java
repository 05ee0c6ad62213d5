package dev.rubble.bench.solver;

import dev.rubble.core.dynamics.ContactSolver;
import dev.rubble.core.dynamics.DynamicsSettings;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.scenario.BenchScenes;
import dev.rubble.scenario.ScenarioWorld;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The contact solver's parts on the settled bench pyramid (210 boxes, 400 manifolds, 1 600 points
 * after 400 steps; issue 11): one biased iteration ({@code solve(true)}: a full pass and the
 * normal-only pass), one relax iteration ({@code solve(false)}: a full pass without bias), and the
 * per-step row preparation. The default step runs 7 biased and 2 relax iterations plus one prepare.
 * Repeated iterations on one state converge to its solution, as the last iterations of a step do.
 *
 * <pre>
 * mvn -q -Pbench package -pl benchmarks -am -DskipTests
 * java -jar benchmarks/target/benchmarks.jar ContactSolver -f 1 -wi 3 -i 5 -w 1 -r 1
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ContactSolverBenchmark {
    private World world;
    private DynamicsSettings dynamics;
    private ContactSolver solver;

    @Setup
    public void settle() {
        ScenarioWorld sw = ScenarioWorld.create(BenchScenes.build(BenchScenes.Scene.PYRAMID), Stages.load(), Map.of());
        for (int i = 0; i < 400; i++) {
            sw.step();
        }
        world = sw.world();
        WorldSettings s = world.settings();
        dynamics = s.dynamics();
        solver = new ContactSolver();
        solver.setGravity(s.gravityX(), s.gravityY(), s.gravityZ());
        prepare();
        solver.loadVelocities();
        solver.warmStart();
        solver.updateSeparations();
    }

    @Benchmark
    public void prepare() {
        solver.prepare(world.bodies(), world.contacts(), dynamics, world.settings().dt(), 1);
    }

    @Benchmark
    public void biasedIteration() {
        solver.solve(true);
    }

    @Benchmark
    public void relaxIteration() {
        solver.solve(false);
    }
}
