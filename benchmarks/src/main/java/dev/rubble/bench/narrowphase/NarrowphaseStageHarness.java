package dev.rubble.bench.narrowphase;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.collision.NarrowphaseStage;
import dev.rubble.core.collision.PairBuffer;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.StepSlot;
import dev.rubble.core.world.World;
import dev.rubble.scenario.BenchScenes;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.spi.broadphase.Broadphase;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * Times the NARROWPHASE stage alone (and, for comparison, the broadphase and the state hash) on a
 * settled bench scene (issue 11 follow-up): the scene is stepped {@code settle} times, then
 * {@link NarrowphaseStage#run} is called again and again on that state (each call reads what the
 * previous one wrote, so every call does the same work as a settled step's). Prints best-of and
 * mean per call and a checksum of the contact store it wrote (equal before/after a change that
 * must not change results), then steps {@code more} times more, printing the stages' min and median
 * per-step time inside the pipeline (the step profile) and the world's state hash after them.
 *
 * <pre>
 * java -cp tui-console/target/rubble-tui-console.jar:tui-console/target/lib/*:benchmarks/target/classes \
 *     dev.rubble.bench.narrowphase.NarrowphaseStageHarness [pyramid|pile|large-pyramid] [settle] [rounds] [callsPerRound] [more] [nocache]
 * </pre>
 *
 * {@code -Drubble.bench.evictMb=N} writes N MB elsewhere before each timed call (the caches as cold as in a step).
 * {@code -Drubble.bench.threads=N} steps the world (and so runs the stage) on N threads (issue 26;
 * default: the scene's count, 1). The store checksum is the same for every N.
 */
public final class NarrowphaseStageHarness {
    private NarrowphaseStageHarness() {
    }

    public static void main(String[] args) {
        BenchScenes.Scene scene = BenchScenes.Scene.byLabel(args.length > 0 ? args[0] : "pyramid");
        int settle = args.length > 1 ? Integer.parseInt(args[1]) : 400;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 30;
        int calls = args.length > 3 ? Integer.parseInt(args[3]) : 200;
        int more = args.length > 4 ? Integer.parseInt(args[4]) : 200;
        boolean noCache = args.length > 5 && args[5].equals("nocache"); // every pair collides (cache off)
        int threads = Integer.getInteger("rubble.bench.threads", 0);
        ScenarioWorld sw = ScenarioWorld.create(BenchScenes.build(scene), Stages.load(), Map.of(), threads);
        World w = sw.world();
        for (int i = 0; i < settle; i++) {
            sw.step();
        }
        BodyStore b = w.bodies();
        PairBuffer pairs = w.pairs();
        ContactStore cs = w.contacts();
        NarrowphaseStage np = w.narrowphaseStage();
        double dt = w.settings().dt();
        long settledHash = w.stateHash();
        if (noCache) {
            np.setContactCache(false);
        }

        np.run(b, pairs, cs, dt);
        System.out.printf(Locale.ROOT, "threads=%d ", w.settings().threads());
        System.out.printf(Locale.ROOT, "%s settled %d steps: %d pairs, %d tested, %d cached, %d manifolds, %d points,"
                        + " %d warm-started; store checksum %016x%n", scene.label(), settle, pairs.size(), np.pairsTested,
                np.pairsCached, cs.size(), np.pointsKept, np.pointsWarmStarted, checksum(cs));

        long[] npBest = new long[rounds], bpBest = new long[rounds], hBest = new long[rounds];
        // CPU per call: the calling thread's, and the whole process's (every thread: the pool's workers
        // included, their idle spinning too): on a busy machine CPU time says what wall time cannot
        double[] npThreadCpu = new double[rounds], npProcessCpu = new double[rounds];
        java.lang.management.ThreadMXBean tmx = java.lang.management.ManagementFactory.getThreadMXBean();
        com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        double[] npMean = new double[rounds], bpMean = new double[rounds], hMean = new double[rounds];
        long sink = 0;
        // -Drubble.bench.evictMb=N: before each timed call, write N MB elsewhere (untimed), so the call
        // starts with the caches as cold as a step's (the solver streams ~9 MB between two narrowphases)
        int evictMb = Integer.getInteger("rubble.bench.evictMb", 0);
        long[] evict = evictMb > 0 ? new long[evictMb * 131072] : null;
        for (int r = 0; r < rounds; r++) {
            long best = Long.MAX_VALUE, sum = 0;
            long c0 = tmx.getCurrentThreadCpuTime(), p0 = os.getProcessCpuTime();
            for (int k = 0; k < calls; k++) {
                if (evict != null) {
                    sink += evict(evict, k);
                }
                long t0 = System.nanoTime();
                np.run(b, pairs, cs, dt);
                long t = System.nanoTime() - t0;
                best = Math.min(best, t);
                sum += t;
            }
            npThreadCpu[r] = (tmx.getCurrentThreadCpuTime() - c0) / (double) calls;
            npProcessCpu[r] = (os.getProcessCpuTime() - p0) / (double) calls;
            npBest[r] = best;
            npMean[r] = sum / (double) calls;
            best = Long.MAX_VALUE;
            sum = 0;
            for (int k = 0; k < calls; k++) {
                long t0 = System.nanoTime();
                broadphase(w.broadphase(), b, pairs);
                long t = System.nanoTime() - t0;
                best = Math.min(best, t);
                sum += t;
            }
            bpBest[r] = best;
            bpMean[r] = sum / (double) calls;
            best = Long.MAX_VALUE;
            sum = 0;
            for (int k = 0; k < calls; k++) {
                long t0 = System.nanoTime();
                sink += w.stateHash();
                long t = System.nanoTime() - t0;
                best = Math.min(best, t);
                sum += t;
            }
            hBest[r] = best;
            hMean[r] = sum / (double) calls;
        }
        int warm = rounds / 3; // the first rounds include compilation
        System.out.printf(Locale.ROOT, "narrowphase stage: best %.1f us, median round mean %.1f us, min round mean %.1f us%n",
                min(npBest, warm) / 1e3, median(npMean, warm) / 1e3, minD(npMean, warm) / 1e3);
        System.out.printf(Locale.ROOT, "narrowphase stage CPU per call: calling thread median round %.1f us, process median round %.1f us%n",
                median(npThreadCpu, warm) / 1e3, median(npProcessCpu, warm) / 1e3);
        System.out.printf(Locale.ROOT, "broadphase:        best %.1f us, median round mean %.1f us, min round mean %.1f us%n",
                min(bpBest, warm) / 1e3, median(bpMean, warm) / 1e3, minD(bpMean, warm) / 1e3);
        System.out.printf(Locale.ROOT, "state hash:        best %.1f us, median round mean %.1f us, min round mean %.1f us%n",
                min(hBest, warm) / 1e3, median(hMean, warm) / 1e3, minD(hMean, warm) / 1e3);
        System.out.printf(Locale.ROOT, "store checksum after timing %016x (settled state hash %016x, %d)%n", checksum(cs),
                settledHash, sink == 42 ? 1 : 0);
        // the same stages inside the pipeline (colder caches: the solver ran in between), per step
        long[] npStep = new long[more], bpStep = new long[more], totalStep = new long[more];
        for (int i = 0; i < more; i++) {
            sw.step();
            npStep[i] = w.profile().nanos(StepSlot.NARROWPHASE);
            bpStep[i] = w.profile().nanos(StepSlot.BROADPHASE);
            totalStep[i] = w.profile().totalNanos();
        }
        if (more > 0) {
            System.out.printf(Locale.ROOT, "in the pipeline, %d steps: narrowphase min %.1f us, median %.1f us;"
                            + " broadphase min %.1f us, median %.1f us; step min %.1f us, median %.1f us%n", more,
                    min(npStep, 0) / 1e3, medianL(npStep) / 1e3, min(bpStep, 0) / 1e3, medianL(bpStep) / 1e3,
                    min(totalStep, 0) / 1e3, medianL(totalStep) / 1e3);
        }
        System.out.printf(Locale.ROOT, "state hash after %d more steps: %016x%n", more, w.stateHash());
    }

    /** What the pipeline's BROADPHASE slot does (proxies of awake bodies updated, pairs found and sorted). */
    private static long evict(long[] a, int salt) {
        long s = 0;
        for (int i = 0; i < a.length; i += 8) {
            a[i] += salt;
            s += a[i];
        }
        return s;
    }

    private static void broadphase(Broadphase bp, BodyStore b, PairBuffer pairs) {
        double[] bo = b.bounds;
        for (int i = 0, awake = b.awakeCount(); i < awake; i++) {
            int s = b.order[i];
            int o = s * 6;
            bp.update(s, bo[o], bo[o + 1], bo[o + 2], bo[o + 3], bo[o + 4], bo[o + 5]);
        }
        pairs.clear();
        bp.findPairs(pairs);
        pairs.sort();
    }

    /** Every field of every manifold and point the store holds (bit patterns). */
    static long checksum(ContactStore s) {
        long h = 1125899906842597L;
        for (int m = 0; m < s.size(); m++) {
            h = mix(h, s.bodyA[m]);
            h = mix(h, s.bodyB[m]);
            h = mix(h, s.key[m]);
            h = mix(h, s.pointCount[m]);
            h = mixD(h, s.nx[m]);
            h = mixD(h, s.ny[m]);
            h = mixD(h, s.nz[m]);
            h = mixD(h, s.friction[m]);
            h = mixD(h, s.restitution[m]);
            for (int k = 0; k < s.pointCount[m]; k++) {
                int p = m * ContactStore.MAX_POINTS + k;
                h = mixD(h, s.ax[p]);
                h = mixD(h, s.ay[p]);
                h = mixD(h, s.az[p]);
                h = mixD(h, s.bx[p]);
                h = mixD(h, s.by[p]);
                h = mixD(h, s.bz[p]);
                h = mixD(h, s.separation[p]);
                h = mix(h, s.feature[p]);
                h = mixD(h, s.normalImpulse[p]);
                h = mixD(h, s.tangentImpulse1[p]);
                h = mixD(h, s.tangentImpulse2[p]);
                h = mixD(h, s.relativeNormalVelocity[p]);
            }
        }
        return h;
    }

    private static long mix(long h, long v) {
        return 31 * h + (v ^ (v >>> 29)) * 0x9E3779B97F4A7C15L;
    }

    private static long mixD(long h, double v) {
        return mix(h, Double.doubleToRawLongBits(v));
    }

    private static long min(long[] a, int from) {
        long m = Long.MAX_VALUE;
        for (int i = from; i < a.length; i++) {
            m = Math.min(m, a[i]);
        }
        return m;
    }

    private static double minD(double[] a, int from) {
        double m = Double.MAX_VALUE;
        for (int i = from; i < a.length; i++) {
            m = Math.min(m, a[i]);
        }
        return m;
    }

    private static double medianL(long[] a) {
        long[] c = a.clone();
        Arrays.sort(c);
        return c[c.length / 2];
    }

    private static double median(double[] a, int from) {
        double[] c = Arrays.copyOfRange(a, from, a.length);
        Arrays.sort(c);
        return c[c.length / 2];
    }
}
