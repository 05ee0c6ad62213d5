package dev.rubble.bench.parallel;

import dev.rubble.core.parallel.StepExecutor;
import dev.rubble.core.parallel.WorkerPool;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.BenchScenes;
import dev.rubble.scenario.ScenarioWorld;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * What a dispatch of the step's executor costs at 2 threads, and how many a step makes (issue 26,
 * docs/parallel.md "Executor"; helper ppile).
 *
 * <p>Part 1, the round trip: a {@link WorkerPool} of 2 threads runs {@code blocks} blocks of about
 * {@code work} nanoseconds each, back to back, after a serial gap of {@code gap} microseconds on the
 * calling thread (0: dispatch follows dispatch, as in the solver's colours; 300: the worker has
 * parked, as after the serial state hash). Printed per case: the median wall time of a dispatch
 * (gap excluded), what the same blocks cost inline, the overhead (the dispatch's time less the
 * inline time of the larger thread's share of blocks, i.e. what a perfect split would take), the
 * worker's CPU per dispatch and its parks per dispatch.
 *
 * <p>Part 2, the step: for each scene, a world stepped on 2 threads ({@code settle} steps, then
 * {@code steps} measured): dispatches and worker parks per step, the median wall time of a step,
 * and the median CPU time of the calling thread and of the worker per step. A fourth argument
 * {@code steps} skips part 1.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.rubble.bench.parallel.DispatchHarness pile,pyramid 100 200
 * </pre>
 */
public final class DispatchHarness {
    private DispatchHarness() {
    }

    private static volatile long sinkValue;

    public static void main(String[] args) {
        String[] scenes = (args.length > 0 ? args[0] : "pile,pyramid").split(",");
        int settle = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        int steps = args.length > 2 ? Integer.parseInt(args[2]) : 200;
        boolean roundTrip = !(args.length > 3 && args[3].equals("steps"));
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        if (roundTrip) {
            roundTrips(mx);
        }
        for (String name : scenes) {
            step(name.trim(), settle, steps, mx);
        }
    }

    private static void roundTrips(ThreadMXBean mx) {
        System.out.println("# dispatch round trip at 2 threads");
        try (WorkerPool pool = new WorkerPool(2)) {
            long[] workers = workerIds("rubble-step-");
            for (int pass = 0; pass < 2; pass++) { // warm-up, then measured
                for (int gap : new int[] {0, 20, 300}) {
                    for (int blocks : new int[] {2, 8}) {
                        for (int work : new int[] {200, 2_000}) {
                            roundTrip(pool, mx, workers, blocks, work, gap, pass == 1);
                        }
                    }
                }
            }
        }
    }

    /** Busy work of about {@code ns} nanoseconds whose result cannot be dropped. */
    private static long spin(long ns) {
        long end = System.nanoTime() + ns, x = 0;
        while (System.nanoTime() < end) {
            x += 17;
        }
        return x;
    }

    private static void roundTrip(WorkerPool pool, ThreadMXBean mx, long[] workers, int blocks, int work, int gapUs,
                                  boolean print) {
        final int reps = gapUs >= 100 ? 600 : 4_000;
        long[] par = new long[reps], inl = new long[reps];
        long parks0 = parks(pool);
        long[] acc = new long[blocks * 16];
        dev.rubble.core.parallel.RangeTask task = (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                acc[i * 16] += spin(work);
            }
        };
        long w0 = cpu(mx, workers);
        for (int r = 0; r < reps; r++) {
            if (gapUs > 0) {
                spin(gapUs * 1_000L);
            }
            long t0 = System.nanoTime();
            pool.run(blocks, 1, task);
            long t1 = System.nanoTime();
            task.run(0, blocks); // the same blocks inline, for the difference
            long t2 = System.nanoTime();
            par[r] = t1 - t0;
            inl[r] = t2 - t1;
        }
        long w1 = cpu(mx, workers);
        long parks = parks(pool) - parks0;
        sinkValue += acc[0];
        if (print) {
            double p = median(par) / 1e3, i = median(inl) / 1e3;
            System.out.printf(Locale.ROOT,
                    "roundtrip gap_us=%d blocks=%d block_ns=%d par_us=%.2f inline_us=%.2f overhead_us=%.2f "
                            + "worker_cpu_us=%.2f parks_per_dispatch=%.3f%n",
                    gapUs, blocks, work, p, i, p - i * Math.ceil(blocks / 2.0) / blocks,
                    (w1 - w0) / 1e3 / reps, parks / (double) reps);
        }
    }

    private static void step(String name, int settle, int steps, ThreadMXBean mx) {
        BenchScenes.Scene sc = BenchScenes.Scene.byLabel(name);
        ScenarioWorld sw = ScenarioWorld.create(BenchScenes.build(sc), Stages.load(), Map.of(), 2);
        StepExecutor ex = sw.world().executor();
        if (!(ex instanceof WorkerPool pool)) {
            throw new IllegalStateException("the world's executor is " + ex + "; expected a WorkerPool");
        }
        for (int i = 0; i < settle; i++) {
            sw.step();
        }
        long[] workers = workerIds("rubble-step-");
        long[] wall = new long[steps], own = new long[steps], other = new long[steps];
        long d0 = dispatches(pool), p0 = parks(pool);
        for (int i = 0; i < steps; i++) {
            long c0 = mx.getCurrentThreadCpuTime(), w0 = cpu(mx, workers), t0 = System.nanoTime();
            sw.step();
            wall[i] = System.nanoTime() - t0;
            own[i] = mx.getCurrentThreadCpuTime() - c0;
            other[i] = cpu(mx, workers) - w0;
        }
        double dispatches = (dispatches(pool) - d0) / (double) steps, parks = (parks(pool) - p0) / (double) steps;
        System.out.printf(Locale.ROOT,
                "step scene=%s threads=2 dispatches_per_step=%.1f parks_per_step=%.2f wall_median_ms=%.3f "
                        + "caller_cpu_median_ms=%.3f worker_cpu_median_ms=%.3f state_hash=%016x%n",
                name, dispatches, parks, median(wall) / 1e6, median(own) / 1e6, median(other) / 1e6,
                sw.world().profile().stateHash());
    }

    // a build whose pool has no counters (an older WorkerPool first on the class path, for A/B runs) prints 0
    private static long parks(WorkerPool pool) {
        try {
            return pool.parks();
        } catch (NoSuchMethodError e) {
            return 0;
        }
    }

    private static long dispatches(WorkerPool pool) {
        try {
            return pool.dispatches();
        } catch (NoSuchMethodError e) {
            return 0;
        }
    }

    private static long[] workerIds(String prefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith(prefix) && t.isAlive()).mapToLong(Thread::getId).toArray();
    }

    private static long cpu(ThreadMXBean mx, long[] ids) {
        long s = 0;
        for (long id : ids) {
            long c = mx.getThreadCpuTime(id);
            if (c > 0) {
                s += c;
            }
        }
        return s;
    }

    private static double median(long[] v) {
        long[] c = v.clone();
        Arrays.sort(c);
        return c.length % 2 == 1 ? c[c.length / 2] : (c[c.length / 2 - 1] + c[c.length / 2]) / 2.0;
    }
}
