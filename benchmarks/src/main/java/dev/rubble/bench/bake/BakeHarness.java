package dev.rubble.bench.bake;

import dev.rubble.bake.LocalBake;
import dev.rubble.bake.Manifest;
import dev.rubble.bake.Sweep;
import dev.rubble.bake.SweepLoader;
import dev.rubble.bake.VariantResult;
import dev.rubble.core.plugin.Stages;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The bake's throughput at 1 and 2 workers in one warmed JVM (docs/benchmarks.md, "Bake"): the
 * question issue 32 asks — do independent variants scale with the workers? — without the JVM's
 * own fixed cost in the answer. {@code benchmarks/bake/run.sh} times whole {@code rubble bake}
 * processes, where compiling the engine (the C2 thread fills a core for the first ~10 s) is part
 * of every run; here whole bakes on 1 worker warm the JIT first (until a pass spends under 3 % of
 * its wall time compiling, at most eight passes: the steady state of a long bake, where a
 * thousand-variant sweep spends most of its time), then the same sweep is baked
 * into fresh directories at 1 and 2 workers in interleaved rounds. Each run prints its wall time,
 * variants per second, the process's CPU time and the cores it got, and the JIT and GC time spent
 * inside the run (a warmed run compiles little: the number shows it); every run's
 * {@code hashes.tsv} must equal the warm-up's (the same journals however the work was split).
 * A second line per run gives the evidence of what else the run paid for (issue 32): the bytes the
 * workers allocated per variant, and from a JFR recording of the run ({@link Evidence}) the JIT's
 * compilations and deoptimisations (the most deoptimised methods named), the GC's pauses, and the
 * contended monitor enters and parks of the workers ({@code -Drubble.bake.jfr=false} leaves JFR off).
 *
 * <pre>
 * java [Chronicle's JVM flags] -cp ... dev.rubble.bench.bake.BakeHarness SWEEP [ROUNDS]
 * </pre>
 * (run by {@code WARM=1 benchmarks/bake/run.sh ROUNDS}, which sets the flags and the class path).
 */
public final class BakeHarness {
    /** Most warm-up passes before the measured rounds start, JIT quiet or not. */
    private static final int MAX_WARMUP_PASSES = 8;

    /**
     * The JIT's share of a warm-up pass's wall time under which the JVM counts as warm (issue 32:
     * with both cores baking, what the JIT still compiles is taken from the workers;
     * {@code -Drubble.bake.quietJit=0.1} is the criterion of the measurements before 2026-12-02
     * 18:00 UTC, which stopped at five passes).
     */
    private static final double QUIET_JIT = Double.parseDouble(System.getProperty("rubble.bake.quietJit", "0.03"));

    private BakeHarness() {
    }

    public static void main(String[] args) throws IOException, java.security.NoSuchAlgorithmException {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: BakeHarness SWEEP [ROUNDS]");
            System.exit(2);
        }
        Sweep sweep = SweepLoader.load(Path.of(args[0]));
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int n = sweep.variants().size();
        Path work = Files.createTempDirectory("rubble-bake-harness");
        try {
            System.out.printf(Locale.ROOT, "sweep '%s': %d variants, %d steps each; %d cores; %s%n", sweep.name(), n,
                    sweep.variants().get(0).steps(), Runtime.getRuntime().availableProcessors(), load());
            // the collector and the heap and JIT flags this JVM runs with (what `rubble bake` adds, or HARNESS_OPTS)
            System.out.println("collectors " + String.join(", ", ManagementFactory.getGarbageCollectorMXBeans().stream()
                    .map(GarbageCollectorMXBean::getName).toList()) + "; flags " + String.join(" ",
                    ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                            .filter(a -> a.startsWith("-X") && !a.startsWith("-XX:Flight")).toList()));
            // warm up on one worker (the JIT keeps the other core) until a whole pass compiles for under
            // QUIET_JIT of its wall time: with both cores baking, the compile queue backs up and the JIT would
            // still be catching up inside the first measured runs
            String reference = null;
            // -Drubble.bake.warmups=N: exactly N passes (runs compared across a change then warm up alike)
            int fixed = Integer.getInteger("rubble.bake.warmups", 0);
            for (int pass = 1; pass <= (fixed > 0 ? fixed : MAX_WARMUP_PASSES); pass++) {
                Path dir = work.resolve("warm" + pass);
                Run warm = bake(sweep, dir, 1);
                String hashes = Files.readString(dir.resolve(Manifest.HASHES));
                if (reference != null && !hashes.equals(reference)) {
                    throw new IllegalStateException("hashes.tsv of warm-up pass " + pass + " differs from the first");
                }
                if (reference == null) { // a fingerprint of the 200 journals: compare it across a change of the engine
                    System.out.println("hashes.tsv sha-256 " + java.util.HexFormat.of().formatHex(
                            java.security.MessageDigest.getInstance("SHA-256").digest(hashes.getBytes(
                                    java.nio.charset.StandardCharsets.UTF_8))));
                }
                reference = hashes;
                delete(dir);
                System.out.println(warm.line("warm-up " + pass + ", 1 worker", n));
                if (fixed == 0 && warm.jitSeconds < QUIET_JIT * warm.wallSeconds) {
                    break;
                }
            }
            List<Double> ratios = new ArrayList<>();
            List<Double> cpuRatios = new ArrayList<>();
            for (int r = 1; r <= rounds; r++) {
                double[] wall = new double[3];
                Run[] runs = new Run[3];
                for (int w = 1; w <= 2; w++) {
                    Path out = work.resolve("r" + r + "w" + w);
                    Run run = bake(sweep, out, w);
                    if (!Files.readString(out.resolve(Manifest.HASHES)).equals(reference)) {
                        throw new IllegalStateException("hashes.tsv of round " + r + " at " + w
                                + " workers differs from the warm-up's");
                    }
                    System.out.println(run.line("round " + r + ", " + w + " worker" + (w == 1 ? " " : "s"), n));
                    wall[w] = run.wallSeconds;
                    runs[w] = run;
                    delete(out);
                }
                ratios.add(wall[1] / wall[2]);
                cpuRatios.add(runs[1].cpuBoundSeconds(1) / runs[2].cpuBoundSeconds(2));
                System.out.printf(Locale.ROOT, "round %d: 2 workers / 1 worker throughput %.2fx (from CPU times: %.2fx)%n", r,
                        wall[1] / wall[2], runs[1].cpuBoundSeconds(1) / runs[2].cpuBoundSeconds(2));
            }
            double[] sorted = ratios.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            if (sorted.length == 0) {
                return; // ROUNDS 0: the warm-up passes only (for a profile of a warmed bake)
            }
            double[] fromCpu = cpuRatios.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            System.out.printf(Locale.ROOT, "median of %d interleaved pairs: %.2fx (min %.2fx, max %.2fx); from CPU times"
                            + " %.2fx (min %.2fx, max %.2fx); %s%n", sorted.length, sorted[sorted.length / 2], sorted[0],
                    sorted[sorted.length - 1], fromCpu[fromCpu.length / 2], fromCpu[0], fromCpu[fromCpu.length - 1], load());
        } finally {
            delete(work);
        }
    }

    /** One bake's figures. */
    private record Run(double wallSeconds, double processCpuSeconds, double jitSeconds, double gcSeconds,
                       double variantCpuSeconds, int failed, long workerBytes, Evidence evidence, double[] others,
                       double workerCpuSeconds, double tailSeconds) {
        /**
         * The wall time this run would take on two otherwise idle cores, from its CPU times (issue
         * 32: a reading of the throughput ratio that the machine's other load disturbs less). One
         * worker: its thread's CPU, the stop-the-world pauses it waited in and the end of the bake
         * after its last variant (the JIT and the GC's concurrent work run on the other core). Two
         * workers: everything the process did, shared over the two cores, plus the core-seconds
         * left idle — by a single-threaded pause (the serial collector's) and at the end of the
         * bake. A pause is taken as its GC threads' CPU over the threads it runs on (one for the
         * serial collector, else two; G1's concurrent work is counted as pause here, which overstates
         * a G1 run's one-worker time a little): the pauses' wall time follows the load. Waits for
         * I/O are left out on both sides.
         */
        double cpuBoundSeconds(int workers) {
            double gcCpu = others[1];
            if (workers == 1) {
                return workerCpuSeconds + gcCpu / (SERIAL_GC ? 1 : 2) + tailSeconds;
            }
            return (processCpuSeconds + (SERIAL_GC ? gcCpu : 0) + tailSeconds) / 2;
        }

        String line(String label, int n) {
            return String.format(Locale.ROOT,
                    "%-22s wall %6.2f s  %6.2f variants/s  process cpu %6.2f s (%.2f cores)  jit %5.2f s  gc %5.2f s"
                            + "  variants cpu %6.2f s (%.3f s/variant)%s%n%-22s   alloc %.1f MB/variant;"
                            + " workers' cpu %.2f s, idle at the end %.2f s; other threads' cpu: JIT %.2f s, GC %.2f s,"
                            + " rest %.2f s; %s",
                    label, wallSeconds, n / wallSeconds, processCpuSeconds, processCpuSeconds / wallSeconds, jitSeconds,
                    gcSeconds, variantCpuSeconds, variantCpuSeconds / n, failed == 0 ? "" : "  " + failed + " FAILED",
                    "", workerBytes / 1e6 / n, workerCpuSeconds, tailSeconds, others[0], others[1], others[2], evidence == null ? "JFR off" : evidence);
        }
    }

    private static Run bake(Sweep sweep, Path out, int workers) {
        Evidence.Recorder rec = Evidence.start();
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        long jit0 = jit.getTotalCompilationTime(), gc0 = gcMillis(), cpu0 = processCpuNanos();
        Map<String, Long> threads0 = threadTicks();
        // bytes allocated by each worker thread (a fresh pool per bake: counted from the thread's start)
        Map<Thread, Long> allocated = new ConcurrentHashMap<>();
        Map<Thread, Long> lastDone = new ConcurrentHashMap<>(); // each worker's last finish, for the idle tail
        // each worker's CPU time at its last finish (a fresh pool per bake: counted from the thread's start;
        // the pool's threads have ended, and left /proc, by the time the bake returns)
        Map<Thread, Long> workerCpuNanos = new ConcurrentHashMap<>();
        long t0 = System.nanoTime();
        LocalBake.Summary s = LocalBake.run(sweep, out, workers, Stages::load, new LocalBake.Listener() {
            @Override
            public void started(int total, int w) {
            }

            @Override
            public void finished(VariantResult r, boolean reused) {
                allocated.put(Thread.currentThread(), THREADS.getCurrentThreadAllocatedBytes());
                lastDone.put(Thread.currentThread(), System.nanoTime());
                workerCpuNanos.put(Thread.currentThread(), THREADS.getCurrentThreadCpuTime());
            }
        }, () -> false);
        long t1 = System.nanoTime();
        double vcpu = 0;
        for (VariantResult r : s.results()) {
            vcpu += r.cpuMillis() / 1000.0;
        }
        long bytes = allocated.values().stream().mapToLong(Long::longValue).sum();
        Map<String, Long> threads1 = threadTicks();
        // core-seconds the workers sat idle at the end: waiting for the other worker's last variant, and
        // for the manifest (written on the main thread once every variant has a row)
        double tail = 0;
        for (long done : lastDone.values()) {
            tail += (t1 - done) / 1e9;
        }
        double workerCpu = workerCpuNanos.values().stream().mapToLong(Long::longValue).sum() / 1e9;
        double[] others = new double[3]; // JIT, GC, the rest (main, Chronicle, JFR, ...): CPU beside the workers
        for (Map.Entry<String, Long> e : threads1.entrySet()) {
            String name = e.getKey().substring(e.getKey().indexOf(' ') + 1);
            double sec = (e.getValue() - threads0.getOrDefault(e.getKey(), 0L)) / 100.0;
            if (name.startsWith("bake-worker")) {
                continue; // the variants' own CPU and the loop around them: workerCpu
            }
            others[name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler") ? 0
                    : name.startsWith("GC Thread") || name.startsWith("G1 ") || name.equals("VM Thread") ? 1 : 2] += sec;
        }
        return new Run((t1 - t0) / 1e9, (processCpuNanos() - cpu0) / 1e9, (jit.getTotalCompilationTime() - jit0) / 1e3,
                (gcMillis() - gc0) / 1e3, vcpu, s.failed(), bytes, rec.stop(), others, workerCpu, tail);
    }

    /**
     * CPU clock ticks (user + system, 1/100 s on Linux) of each thread of this JVM, keyed
     * {@code "TID NAME"}, from {@code /proc/self/task}: the JIT's compiler threads and the GC's
     * threads are not Java threads, so only the kernel can say what they cost (issue 32: what
     * competes with the workers for the cores). Empty where there is no {@code /proc}.
     */
    private static Map<String, Long> threadTicks() {
        Map<String, Long> m = new java.util.HashMap<>();
        try (var tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
            for (Path t : tasks) {
                try {
                    String stat = Files.readString(t.resolve("stat"));
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    m.put(t.getFileName() + " " + name, Long.parseLong(f[11]) + Long.parseLong(f[12]));
                } catch (IOException | RuntimeException e) {
                    // the thread ended while being read
                }
            }
        } catch (IOException | RuntimeException e) {
            return m;
        }
        return m;
    }

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** The serial collector: its pauses run on one thread, leaving the other core idle. */
    private static final boolean SERIAL_GC = ManagementFactory.getGarbageCollectorMXBeans().stream()
            .anyMatch(gc -> gc.getName().equals("Copy") || gc.getName().equals("MarkSweepCompact"));

    private static long gcMillis() {
        long t = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            t += Math.max(0, gc.getCollectionTime());
        }
        return t;
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static String load() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
            return "load average " + String.join(" ", Arrays.copyOf(f, 3));
        } catch (IOException | RuntimeException e) {
            return "load average unknown";
        }
    }

    /**
     * Deletes {@code dir} depth first without sorting paths: a sort of {@code Path[]} here would feed
     * the JDK's TimSort another element type between runs and show up as deoptimisations in the next
     * run's evidence.
     */
    private static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try {
            Files.walkFileTree(dir, new java.nio.file.SimpleFileVisitor<>() {
                @Override
                public java.nio.file.FileVisitResult visitFile(Path f, java.nio.file.attribute.BasicFileAttributes a)
                        throws IOException {
                    Files.delete(f);
                    return java.nio.file.FileVisitResult.CONTINUE;
                }

                @Override
                public java.nio.file.FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    if (e != null) {
                        throw e;
                    }
                    Files.delete(d);
                    return java.nio.file.FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
