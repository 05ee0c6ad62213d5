package dev.rubble.bench.broadphase;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One broadphase step (update every moving box + find all pairs) for the fast broadphases at 1k,
 * 10k and 100k bodies. Run: {@code java -jar benchmarks/target/benchmarks.jar Broadphase}.
 * The brute-force reference is in {@link BroadphaseBruteForceBenchmark}, without 100k.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class BroadphaseBenchmark {
    @Param({"sap", "bvh", "grid"})
    public String broadphase;

    @Param({"1000", "10000", "100000"})
    public int bodies;

    private MovingBoxes scene;

    @Setup
    public void setUp() {
        scene = new MovingBoxes(broadphase, bodies, 42);
        for (int i = 0; i < 5; i++) {
            scene.step(); // first sorts / tree build / table growth are not steady state
        }
    }

    /** Returns the pair count so the work cannot be eliminated. */
    @Benchmark
    public long updateAndFindPairs() {
        return scene.step();
    }
}
