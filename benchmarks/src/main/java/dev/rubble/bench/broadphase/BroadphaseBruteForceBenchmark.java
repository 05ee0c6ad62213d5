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
 * The brute-force reference on the same scene as {@link BroadphaseBenchmark}, at 1k and 10k bodies
 * only: it is O(N²), so 100k bodies would be 5·10⁹ box tests (seconds) per operation, which says
 * nothing new and would dominate the benchmark run.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class BroadphaseBruteForceBenchmark {
    @Param({"1000", "10000"})
    public int bodies;

    private MovingBoxes scene;

    @Setup
    public void setUp() {
        scene = new MovingBoxes("bruteforce", bodies, 42);
        scene.step();
    }

    /** Returns the pair count so the work cannot be eliminated. */
    @Benchmark
    public long updateAndFindPairs() {
        return scene.step();
    }
}
