package dev.rubble.bench.parallel;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.parallel.RangeTask;
import dev.rubble.core.parallel.StepExecutor;
import dev.rubble.core.parallel.WorkerPool;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.StepProfile;
import dev.rubble.core.step.StepSlot;
import dev.rubble.core.world.World;
import dev.rubble.scenario.BenchScenes;
import dev.rubble.scenario.Scenario;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where the parallel stages of a step lose their speed-up (issue 26; docs/benchmarks.md, "Issue 26,
 * 2026-12-03 fifth session: why the pile's stages reach 1.45× at 2 threads"). Steps a bench scene on
 * an executor that wraps every dispatch and every block with {@link System#nanoTime()}: per dispatch
 * site (the solver's stage task, the narrowphase's phases, the broadphase's blocks) it prints the
 * dispatches a step, their wall time, each thread's busy time inside blocks, and splits the wall time
 * into what a perfect split of the busy time would take ({@code ideal}), the wait for the slower
 * thread ({@code imbalance}) and the rest ({@code overhead}: publishing, claiming, the wake-up and the
 * hand-back). Mode {@code serial} runs the same dispatches with the same blocks one after another on
 * the calling thread (the executor says 2 threads, so every stage takes its parallel path): the work
 * the blocks are, without a second thread; its busy time against the 2-thread busy time is what
 * running beside another thread costs each block (shared caches, coherence misses, false sharing).
 *
 * <pre>
 * java -cp ... dev.rubble.bench.parallel.StageBalanceHarness pile 2|serial settle steps [rounds]
 * </pre>
 */
public final class StageBalanceHarness {
    private StageBalanceHarness() {
    }

    public static void main(String[] args) throws Exception {
        String scene = args.length > 0 ? args[0] : "pile";
        String mode = args.length > 1 ? args[1] : "2";
        int settle = args.length > 2 ? Integer.parseInt(args[2]) : 100;
        int steps = args.length > 3 ? Integer.parseInt(args[3]) : 200;
        int rounds = args.length > 4 ? Integer.parseInt(args[4]) : 2;
        boolean serial = mode.equals("serial");
        int threads = serial ? 2 : Integer.parseInt(mode);
        for (int r = 0; r < rounds; r++) {
            Probe probe = new Probe(threads, serial);
            Scenario sc = BenchScenes.build(BenchScenes.Scene.byLabel(scene));
            World w = World.create(sc.settings().withThreads(threads), Stages.load(),
                    binder -> binder.bind(StepExecutor.class).toInstance(probe));
            for (BodyDef b : sc.bodies()) {
                w.createBody(b);
            }
            for (int i = 0; i < settle; i++) {
                w.step();
            }
            long[] stage = new long[StepSlot.values().length];
            long wall = 0;
            probe.recording = true;
            for (int i = 0; i < steps; i++) {
                long t0 = System.nanoTime();
                w.step();
                wall += System.nanoTime() - t0;
                StepProfile p = w.profile();
                for (StepSlot s : StepSlot.values()) {
                    stage[s.ordinal()] += p.nanos(s);
                }
            }
            probe.recording = false;
            System.out.printf(Locale.ROOT, "# round %d scene=%s mode=%s steps=%d step_mean_ms=%.3f state_hash=%016x%n",
                    r, scene, mode, steps, wall / 1e6 / steps, w.profile().stateHash());
            StringBuilder sb = new StringBuilder("stages_mean_ms");
            for (StepSlot s : StepSlot.values()) {
                if (stage[s.ordinal()] > steps * 20_000L) {
                    sb.append(String.format(Locale.ROOT, " %s=%.3f", s.label(), stage[s.ordinal()] / 1e6 / steps));
                }
            }
            System.out.println(sb);
            if (r == rounds - 1) {
                probe.report(steps);
            }
            probe.close();
        }
    }

    /** Per site: sums over the recorded dispatches. */
    private static final class Site {
        final String name;
        long count, items, blocks, wall, ideal, imbalance, overhead, busyCaller, busyOthers, startLatency;
        long blocksCaller, blocksOthers, maxBlockSum, parksBefore, gapBefore;
        final long[] sizes = new long[8]; // dispatches by items: <64, <128, <256, <512, <1024, <2048, <4096, more

        Site(String name) {
            this.name = name;
        }
    }

    /** The executor that times every dispatch and block. */
    static final class Probe implements StepExecutor {
        private final WorkerPool pool;
        private final int threads;
        private final boolean serial;
        volatile boolean recording;
        private long lastEnd, lastParks;
        private Thread caller;
        private RangeTask inner;
        // per thread (index 0 the caller), 16 longs apart: busy ns, blocks, first block start, last block end, max block
        private final long[] acc;
        private final Map<String, Site> sites = new TreeMap<>();
        private final IdentityHashMap<Object, String> names = new IdentityHashMap<>();
        private final List<Thread> workerThreads = new ArrayList<>();

        private final RangeTask wrap;

        private void timed(int lo, int hi) {
            int t = slot();
            long t0 = System.nanoTime();
            inner.run(lo, hi);
            long t1 = System.nanoTime();
            int o = t * 16;
            long[] a = acc;
            a[o] += t1 - t0;
            a[o + 1]++;
            if (a[o + 2] == 0) {
                a[o + 2] = t0;
            }
            a[o + 3] = t1;
            if (t1 - t0 > a[o + 4]) {
                a[o + 4] = t1 - t0;
            }
        }

        Probe(int threads, boolean serial) {
            this.threads = threads;
            this.serial = serial;
            this.pool = serial ? null : new WorkerPool(threads);
            this.acc = new long[(threads + 1) * 16];
            this.wrap = this::timed;
        }

        private int slot() {
            Thread c = Thread.currentThread();
            if (c == caller) {
                return 0;
            }
            String n = c.getName(); // rubble-step-k
            return Integer.parseInt(n.substring(n.lastIndexOf('-') + 1));
        }

        @Override
        public int threads() {
            return threads;
        }

        @Override
        public void run(int n, int block, RangeTask task) {
            if (!recording) {
                if (serial) {
                    for (int b = 0; b < n; b += block) {
                        task.run(b, Math.min(n, b + block));
                    }
                } else {
                    pool.run(n, block, task);
                }
                return;
            }
            caller = Thread.currentThread();
            inner = task;
            java.util.Arrays.fill(acc, 0);
            long parks = pool == null ? 0 : pool.parks();
            long t0 = System.nanoTime();
            long gap = lastEnd == 0 ? 0 : t0 - lastEnd;
            if (serial) {
                for (int b = 0; b < n; b += block) {
                    wrap.run(b, Math.min(n, b + block));
                }
            } else {
                pool.run(n, block, wrap);
            }
            long t1 = System.nanoTime();
            lastEnd = t1;
            Site s = sites.computeIfAbsent(name(task), Site::new);
            s.parksBefore += parks - lastParks;
            lastParks = parks;
            if (gap < 5_000_000) {
                s.gapBefore += gap;
            }
            s.count++;
            s.items += n;
            s.blocks += (n + block - 1) / block;
            long wall = t1 - t0;
            long busyC = acc[0], busyO = 0, maxBusy = acc[0], sum = acc[0], latency = Long.MAX_VALUE, maxBlock = 0;
            for (int t = 1; t < threads; t++) {
                long b = acc[t * 16];
                busyO += b;
                sum += b;
                maxBusy = Math.max(maxBusy, b);
                if (acc[t * 16 + 2] != 0) {
                    latency = Math.min(latency, acc[t * 16 + 2] - t0);
                }
                s.blocksOthers += acc[t * 16 + 1];
            }
            for (int t = 0; t < threads; t++) {
                maxBlock = Math.max(maxBlock, acc[t * 16 + 4]);
            }
            s.blocksCaller += acc[1];
            long ideal = serial ? sum : sum / threads;
            s.wall += wall;
            s.ideal += ideal;
            s.imbalance += serial ? 0 : maxBusy - ideal;
            s.overhead += wall - (serial ? sum : maxBusy);
            s.busyCaller += busyC;
            s.busyOthers += busyO;
            s.maxBlockSum += maxBlock;
            if (latency != Long.MAX_VALUE) {
                s.startLatency += latency;
            }
            int k = 0;
            for (int lim = 64; k < 7 && n >= lim; lim *= 2) {
                k++;
            }
            s.sizes[k]++;
        }

        /** A site's name: the task's class, and for the solver and the block runner the task they forward. */
        private String name(RangeTask task) {
            Object key = task;
            Object fwd = forwarded(task);
            if (fwd != null) {
                key = fwd;
            }
            String n = names.get(key);
            if (n == null) {
                n = describe(task, fwd);
                names.put(key, n);
            }
            return n;
        }

        private final Map<Class<?>, Field> capture = new java.util.HashMap<>();
        private final IdentityHashMap<Object, String> solverTasks = new IdentityHashMap<>();

        /** The task the solver's {@code offset} or the block runner's {@code forward} forwards to now, else null. */
        private Object forwarded(RangeTask task) {
            try {
                Field f = capture.computeIfAbsent(task.getClass(), c -> {
                    Field[] fs = c.getDeclaredFields();
                    if (fs.length != 1) {
                        return null;
                    }
                    fs[0].setAccessible(true);
                    return fs[0];
                });
                if (f == null) {
                    return null;
                }
                Object owner = f.get(task);
                if (owner == null) {
                    return null;
                }
                String cn = owner.getClass().getSimpleName();
                if (!cn.equals("ContactSolver") && !cn.equals("ExecutorBlockRunner")) {
                    return null;
                }
                Field cur = owner.getClass().getDeclaredField("current");
                cur.setAccessible(true);
                Object c = cur.get(owner);
                if (cn.equals("ContactSolver") && solverTasks.isEmpty()) {
                    for (Field g : owner.getClass().getDeclaredFields()) {
                        if (RangeTask.class.isAssignableFrom(g.getType()) && !g.getName().equals("current")) {
                            g.setAccessible(true);
                            Object v = g.get(owner);
                            if (v != null) {
                                solverTasks.put(v, g.getName());
                            }
                        }
                    }
                }
                return c;
            } catch (ReflectiveOperationException | RuntimeException e) {
                return null;
            }
        }

        private String describe(RangeTask task, Object fwd) {
            if (fwd != null) {
                String st = solverTasks.get(fwd);
                if (st != null) {
                    return "solver." + st;
                }
                return "runner." + shortName(fwd.getClass().getName());
            }
            // a task kept in a field of the object it captured: Owner.field
            try {
                Field f = capture.get(task.getClass());
                Object owner = f == null ? null : f.get(task);
                if (owner != null) {
                    for (Class<?> c = owner.getClass(); c != null; c = c.getSuperclass()) {
                        for (Field g : c.getDeclaredFields()) {
                            if (RangeTask.class.isAssignableFrom(g.getType())) {
                                g.setAccessible(true);
                                if (g.get(owner) == task) {
                                    return owner.getClass().getSimpleName() + "." + g.getName();
                                }
                            }
                        }
                    }
                }
            } catch (ReflectiveOperationException | RuntimeException e) {
                // fall through to the class name
            }
            return shortName(task.getClass().getName());
        }

        private static String shortName(String cn) {
            return cn.substring(cn.lastIndexOf('.') + 1).replaceAll("/0x[0-9a-f]+", "");
        }

        void report(int steps) {
            System.out.printf(Locale.ROOT, "%-46s %8s %8s %7s %8s %8s %8s %8s %9s %9s %8s %8s %6s %7s %s%n",
                    "site (per step)", "disp", "items/d", "blk/d", "wall_ms", "ideal", "imbal", "ovhd", "busyC_ms",
                    "busyW_ms", "lat_us", "maxblk", "parks", "gap_ms", "sizes<64,128,..,4096,more");
            long tw = 0, ti = 0, tb = 0, to = 0, tc = 0, n = 0;
            for (Site s : sites.values()) {
                double d = steps;
                System.out.printf(Locale.ROOT, "%-46s %8.1f %8.0f %7.1f %8.3f %8.3f %8.3f %8.3f %9.3f %9.3f %8.2f %8.3f %6.2f %7.3f %s%n",
                        s.name, s.count / d, s.items / (double) s.count, s.blocks / (double) s.count, s.wall / 1e6 / d,
                        s.ideal / 1e6 / d, s.imbalance / 1e6 / d, s.overhead / 1e6 / d, s.busyCaller / 1e6 / d,
                        s.busyOthers / 1e6 / d, s.startLatency / 1e3 / Math.max(1, s.count), s.maxBlockSum / 1e6 / d, s.parksBefore / d, s.gapBefore / 1e6 / d,
                        java.util.Arrays.toString(s.sizes));
                tw += s.wall;
                ti += s.ideal;
                tb += s.imbalance;
                to += s.overhead;
                tc += s.busyCaller + s.busyOthers;
                n += s.count;
            }
            System.out.printf(Locale.ROOT, "%-46s %8.1f %8s %7s %8.3f %8.3f %8.3f %8.3f %9.3f%n", "all dispatches", n / (double) steps,
                    "", "", tw / 1e6 / steps, ti / 1e6 / steps, tb / 1e6 / steps, to / 1e6 / steps, tc / 1e6 / steps);
        }

        @Override
        public void close() {
            if (pool != null) {
                pool.close();
            }
        }
    }
}
