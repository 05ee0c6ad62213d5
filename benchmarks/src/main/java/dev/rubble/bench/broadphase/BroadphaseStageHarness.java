package dev.rubble.bench.broadphase;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.StateHash;
import dev.rubble.core.collision.PairBuffer;
import dev.rubble.core.parallel.ExecutorBlockRunner;
import dev.rubble.core.parallel.StepExecutor;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.world.World;
import dev.rubble.scenario.BenchScenes;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.spi.broadphase.Broadphase;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * The step's broadphase stage alone on a frozen bench scene, at 1 and 2 threads, interleaved
 * (issue 26, docs/parallel.md "The broadphase"): the scene is stepped {@code settle} times on one
 * thread, then round after round the stage's work — every awake body's bounds into the broadphase,
 * the pairs found and sorted — on the world's grid broadphase with an executor of 1, then 2, then 1
 * ... threads (the bodies never move, so every round rebuilds the same hash and finds the same
 * pairs). Prints per thread count the median wall time of a round (and of its parts: the updates,
 * {@code findPairs}, the sort), the median CPU time of the
 * calling thread and of the calling thread plus the pool's worker ({@code rubble-step-*}) in a round
 * (what the second thread costs), a digest of the sorted pairs (equal for both counts,
 * or the harness fails), and the one-thread time of the state hash ({@code StateHash.of}) for scale.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.rubble.bench.broadphase.BroadphaseStageHarness pile 200 300
 * </pre>
 * Arguments: scene (pile, large-pyramid, pyramid, spheres), settle steps, measured rounds per count,
 * and optionally {@code 1} to measure one thread only (no pool: for comparing one-thread builds).
 */
public final class BroadphaseStageHarness {
    private BroadphaseStageHarness() {
    }

    public static void main(String[] args) {
        String scene = args.length > 0 ? args[0] : "pile";
        int settle = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 300;
        int countsRun = args.length > 3 && args[3].equals("1") ? 1 : 2;
        BenchScenes.Scene sc = BenchScenes.Scene.byLabel(scene);
        ScenarioWorld sw = ScenarioWorld.create(BenchScenes.build(sc), Stages.load(), Map.of(), 1);
        for (int i = 0; i < settle; i++) {
            sw.step();
        }
        World world = sw.world();
        BodyStore b = world.bodies();
        Broadphase bp = world.broadphase();
        PairBuffer pairs = new PairBuffer();
        java.lang.management.ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        int[] counts = {1, 2};
        StepExecutor[] ex = {StepExecutor.of(1), StepExecutor.of(countsRun)};
        long[] workerIds = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("rubble-step-")).mapToLong(Thread::getId).toArray();
        ExecutorBlockRunner[] runners = {new ExecutorBlockRunner(ex[0]), new ExecutorBlockRunner(ex[1])};
        long[][] wall = new long[2][rounds], cpu = new long[2][rounds], own = new long[2][rounds];
        long[][] upd = new long[2][rounds], find = new long[2][rounds], sort = new long[2][rounds];
        long[] digest = new long[2];
        long[] hashNs = new long[rounds];
        for (int pass = 0; pass < 2; pass++) { // warm-up, then measured
            for (int k = 0; k < rounds; k++) {
                for (int c = 0; c < countsRun; c++) {
                    bp.setBlockRunner(runners[c]);
                    long w0 = workersCpu(mx, workerIds), c0 = mx.getCurrentThreadCpuTime(), t0 = System.nanoTime();
                    double[] bo = b.bounds;
                    for (int i = 0, awake = b.awakeCount(); i < awake; i++) {
                        int s = b.order[i], o = s * 6;
                        bp.update(s, bo[o], bo[o + 1], bo[o + 2], bo[o + 3], bo[o + 4], bo[o + 5]);
                    }
                    long ta = System.nanoTime();
                    pairs.clear();
                    bp.findPairs(pairs);
                    long tb = System.nanoTime();
                    pairs.sort();
                    long t1 = System.nanoTime(), c1 = mx.getCurrentThreadCpuTime(), w1 = workersCpu(mx, workerIds);
                    wall[c][k] = t1 - t0;
                    upd[c][k] = ta - t0;
                    find[c][k] = tb - ta;
                    sort[c][k] = t1 - tb;
                    own[c][k] = c1 - c0;
                    cpu[c][k] = c1 - c0 + w1 - w0;
                    long d = pairs.size();
                    for (int i = 0; i < pairs.size(); i++) {
                        d = d * 31 + pairs.packed(i);
                    }
                    digest[c] = d;
                }
                if (countsRun == 2 && digest[0] != digest[1]) {
                    throw new IllegalStateException("1 and 2 threads found different pairs");
                }
                long h0 = System.nanoTime();
                long h = StateHash.of(b);
                hashNs[k] = System.nanoTime() - h0 + (h == 42 ? 1 : 0);
            }
        }
        for (int c = 0; c < countsRun; c++) {
            System.out.printf(Locale.ROOT,
                    "scene=%s threads=%d bodies=%d awake=%d pairs=%d round_wall_ms=%.3f (update %.3f, findPairs %.3f, sort %.3f) caller_cpu_ms=%.3f all_cpu_ms=%.3f digest=%016x%n",
                    sc.name().toLowerCase(Locale.ROOT), counts[c], b.count(dev.rubble.core.body.BodyState.AWAKE)
                            + b.count(dev.rubble.core.body.BodyState.SLEEPING) + b.count(dev.rubble.core.body.BodyState.STATIC),
                    b.awakeCount(), pairs.size(), median(wall[c]), median(upd[c]), median(find[c]), median(sort[c]), median(own[c]), median(cpu[c]), digest[c]);
        }
        System.out.printf(Locale.ROOT, "scene=%s state_hash_ms=%.3f (one thread, for scale)%n",
                sc.name().toLowerCase(Locale.ROOT), median(hashNs));
        ex[1].close();
    }

    /** CPU time of the pool's worker threads so far (they never end while the pool is open). */
    private static long workersCpu(java.lang.management.ThreadMXBean mx, long[] ids) {
        long sum = 0;
        for (long id : ids) {
            sum += Math.max(0, mx.getThreadCpuTime(id));
        }
        return sum;
    }

    private static double median(long[] ns) {
        long[] c = ns.clone();
        Arrays.sort(c);
        return c[c.length / 2] / 1e6;
    }
}
