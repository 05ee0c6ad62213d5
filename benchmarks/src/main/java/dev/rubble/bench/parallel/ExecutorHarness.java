package dev.rubble.bench.parallel;

import com.sun.management.OperatingSystemMXBean;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.parallel.RangeTask;
import dev.rubble.core.parallel.StepExecutor;
import dev.rubble.core.parallel.WorkerPool;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.scenario.BenchScenes;
import dev.rubble.scenario.Scenario;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * The executor choice of issue 26 measured (docs/parallel.md, "Why not ForkJoinPool"): the whole step
 * of a bench scene at {@code threads} threads with the engine's {@link WorkerPool} (spin, yield, park;
 * the caller claims blocks too) against a {@link ForkJoinPool} of the same parallelism driven the
 * way an embedder would plug one in through the {@link StepExecutor} binding (each dispatch one
 * {@code invoke} of a {@link RecursiveAction} that splits the block range in halves; the caller waits).
 * Both are bound through the world's Guice override, the public way to supply an executor. Rounds
 * alternate the two executors, each round a fresh world of the scene stepped {@code steps} times;
 * printed per executor: the median wall time of a step over the second half of the run, and the
 * process CPU (every thread: the caller, the workers, the JIT and GC) per step over the same steps.
 * The final state hash must be the same for both (the executor cannot change a bit), or the harness
 * fails.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.rubble.bench.parallel.ExecutorHarness pile 300 3 2
 * </pre>
 * Arguments: scene (pile, pyramid, large-pyramid, spheres), steps, rounds, threads (2 or more).
 */
public final class ExecutorHarness {
    private ExecutorHarness() {
    }

    /** A fork/join executor: one {@code invoke} per dispatch, the range split in halves down to a block. */
    static final class ForkJoinExecutor implements StepExecutor {
        private final ForkJoinPool pool;
        private final int threads;

        ForkJoinExecutor(int threads) {
            this.threads = threads;
            this.pool = new ForkJoinPool(threads);
        }

        @Override
        public int threads() {
            return threads;
        }

        @Override
        public void run(int n, int block, RangeTask task) {
            if (n <= 0) {
                return;
            }
            int blocks = (n + block - 1) / block;
            if (blocks == 1) {
                task.run(0, n);
                return;
            }
            pool.invoke(new Split(task, n, block, 0, blocks));
        }

        @Override
        public void close() {
            pool.shutdown();
        }

        private static final class Split extends RecursiveAction {
            private static final long serialVersionUID = 1L;
            private final transient RangeTask task;
            private final int n, block, from, to;

            Split(RangeTask task, int n, int block, int from, int to) {
                this.task = task;
                this.n = n;
                this.block = block;
                this.from = from;
                this.to = to;
            }

            @Override
            protected void compute() {
                if (to - from == 1) {
                    int begin = from * block;
                    task.run(begin, Math.min(n, begin + block));
                    return;
                }
                int mid = (from + to) >>> 1;
                invokeAll(new Split(task, n, block, from, mid), new Split(task, n, block, mid, to));
            }
        }
    }

    public static void main(String[] args) {
        String scene = args.length > 0 ? args[0] : "pile";
        int steps = args.length > 1 ? Integer.parseInt(args[1]) : 300;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        int threads = args.length > 3 ? Integer.parseInt(args[3]) : 2;
        if (steps < 2 || rounds < 1 || threads < 2) {
            System.err.println("ExecutorHarness: steps " + steps + ", rounds " + rounds + ", threads " + threads
                    + "; allowed: steps >= 2, rounds >= 1, threads >= 2");
            System.exit(2);
        }
        Scenario sc = BenchScenes.build(BenchScenes.Scene.byLabel(scene));
        WorldSettings settings = sc.settings().withThreads(threads);
        Stages stages = Stages.load();
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        String[] names = {"WorkerPool", "ForkJoinPool"};
        long[] hash = new long[2];
        System.out.printf(Locale.ROOT, "# scene=%s steps=%d rounds=%d threads=%d cores=%d%n", scene, steps, rounds,
                threads, Runtime.getRuntime().availableProcessors());
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < 2; k++) {
                StepExecutor ex = k == 0 ? new WorkerPool(threads) : new ForkJoinExecutor(threads);
                World w = World.create(settings, stages, binder -> binder.bind(StepExecutor.class).toInstance(ex));
                for (BodyDef d : sc.bodies()) {
                    w.createBody(d);
                }
                long[] wall = new long[steps - steps / 2];
                long cpu0 = 0;
                for (int s = 0; s < steps; s++) {
                    if (s == steps / 2) {
                        cpu0 = os.getProcessCpuTime();
                    }
                    long t0 = System.nanoTime();
                    w.step();
                    long t1 = System.nanoTime();
                    if (s >= steps / 2) {
                        wall[s - steps / 2] = t1 - t0;
                    }
                }
                long cpu = os.getProcessCpuTime() - cpu0;
                long h = w.stateHash();
                ex.close();
                if (r == 0) {
                    hash[k] = h;
                } else if (hash[k] != h) {
                    throw new AssertionError(names[k] + ": state hash " + Long.toHexString(h) + " differs between rounds");
                }
                Arrays.sort(wall);
                System.out.printf(Locale.ROOT, "round=%d executor=%s median_step_ms=%.3f process_cpu_ms_per_step=%.3f hash=%016x%n",
                        r + 1, names[k], wall[wall.length / 2] / 1e6, cpu / 1e6 / wall.length, h);
            }
            if (hash[0] != hash[1]) {
                throw new AssertionError("the executors gave different state hashes: " + Long.toHexString(hash[0])
                        + " and " + Long.toHexString(hash[1]));
            }
        }
    }
}
