package dev.rubble.cache.journal;

import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.BenchScenes;
import dev.rubble.scenario.ScenarioWorld;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Benchmark harness (not a test) for docs/benchmarks.md, issue 14: the all-awake 4 000-box bench
 * pile stepped N times with or without a journal, in its own JVM. Prints wall and thread-CPU ms per
 * step (steps 20..N), the journal's own write time per step, bytes per step and the peak resident
 * set (VmHWM). Usage: {@code JournalCostMain on|sync|off STEPS [DIR] [pile|wall]} (wall: the demo wall;
 * on: the command line's write-behind journal, issue 27; sync: appended on the stepping thread).
 */
public final class JournalCostMain {
    private JournalCostMain() {
    }

    public static void main(String[] args) throws Exception {
        // phases of the whole process (issue 27 item 6, fifth session): JVM start -> main -> scene built -> journal
        // created -> steps done -> closed, each as wall since the JVM started and process CPU (user + sys) at that point;
        // the exit after the last line is what /usr/bin/time adds
        var rt = ManagementFactory.getRuntimeMXBean();
        var os0 = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long[] phaseWall = new long[5], phaseCpu = new long[5];
        phaseWall[0] = rt.getUptime();
        phaseCpu[0] = os0.getProcessCpuTime() / 1_000_000;
        boolean sync = args[0].equals("sync");
        boolean on = args[0].equals("on") || sync;
        int steps = Integer.parseInt(args[1]);
        Path dir = args.length > 2 ? Path.of(args[2]) : Files.createTempDirectory("rubble-journal-cost");
        // optional 4th argument "wall": the demo's 2 000-leaf wall (WallScene.DEMO_COUNTS), authored here
        boolean wallScene = args.length > 3 && args[3].equals("wall");
        if (on) {
            ChronicleStart.prewarm(); // as rubble run/demo/console --journal do: Chronicle loads while the scene is built
        }
        ScenarioWorld sw;
        String json = "";
        if (wallScene) {
            var w = dev.rubble.scenario.WallScene.author(dev.rubble.scenario.WallScene.DEMO_COUNTS,
                    dev.rubble.scenario.WallScene.SEED, Stages.load());
            json = dev.rubble.scenario.WallScene.recipeJson("demo", w, steps);
            sw = ScenarioWorld.create(dev.rubble.scenario.ScenarioLoader.parse(json), Stages.load());
        } else {
            sw = ScenarioWorld.create(BenchScenes.build(BenchScenes.Scene.PILE), Stages.load());
        }
        phaseWall[1] = rt.getUptime();
        phaseCpu[1] = os0.getProcessCpuTime() / 1_000_000;
        var bean = ManagementFactory.getThreadMXBean();
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        // issue 27: the whole recording, start (Chronicle's first use) and close included, on the stepping thread
        long runCpu0 = bean.getCurrentThreadCpuTime(), runProc0 = os.getProcessCpuTime(), runWall0 = System.nanoTime();
        long runDelay0 = runDelay();
        JournalWriter jw = !on ? null : sync ? JournalWriter.create(dir.resolve("j"), sw, wallScene ? "demo" : "pile", json)
                : JournalWriter.createWriteBehind(dir.resolve("j"), sw, wallScene ? "demo" : "pile", json);
        long createCpu = bean.getCurrentThreadCpuTime() - runCpu0;
        phaseWall[2] = rt.getUptime();
        phaseCpu[2] = os0.getProcessCpuTime() / 1_000_000;
        long[] writeCpu = new long[1];
        int[] stepNo = new int[1];
        if (jw != null) {
            sw.world().addObserver((w, p) -> { // the journal's own CPU time (user + system: page faults count)
                long c = bean.getCurrentThreadCpuTime();
                jw.afterStep(w, p);
                if (stepNo[0]++ >= 20) {
                    writeCpu[0] += bean.getCurrentThreadCpuTime() - c;
                }
            });
        }
        long[] wall = new long[steps], cpu = new long[steps];
        long write0 = 0, writer0 = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < steps; i++) {
            long w = System.nanoTime(), c = bean.getCurrentThreadCpuTime();
            sw.step();
            wall[i] = System.nanoTime() - w;
            cpu[i] = bean.getCurrentThreadCpuTime() - c;
            if (i == 19 && jw != null) {
                write0 = jw.writeNanos();
                writer0 = taskCpuMs("rubble-journal-");
            }
        }
        long total = System.nanoTime() - t0;
        phaseWall[3] = rt.getUptime();
        phaseCpu[3] = os0.getProcessCpuTime() / 1_000_000;
        double writeMs = jw == null ? 0 : (jw.writeNanos() - write0) / 1e6 / (steps - 20);
        String threads = threadCpu(); // before close: the writer thread is still alive
        double writerPerStep = jw == null ? 0 : (taskCpuMs("rubble-journal-") - writer0) / (double) (steps - 20);
        long waits = -1, waitNanos = -1, grown = -1, openNanos = -1;
        try {
            openNanos = jw == null ? 0 : jw.sinkOpenNanos();
            waits = jw == null ? 0 : jw.sinkWaits();
            waitNanos = jw == null ? 0 : jw.sinkWaitNanos();
            grown = jw == null ? 0 : jw.sinkGrown();
        } catch (LinkageError e) {
            // an older build's journal classes (benchmarks/journal/handoff-ab.sh runs this harness against them): no counters
        }
        long closeCpu0 = bean.getCurrentThreadCpuTime(), closeWall0 = System.nanoTime();
        if (jw != null) {
            jw.close(); // write-behind: waits for the writer thread to append what is queued
        }
        long closeCpu = bean.getCurrentThreadCpuTime() - closeCpu0, closeWall = System.nanoTime() - closeWall0;
        double bytes = jw == null ? 0 : jw.bytesPerStep(); // after close: the writer thread encoded the last steps' bodies
        phaseWall[4] = rt.getUptime();
        phaseCpu[4] = os0.getProcessCpuTime() / 1_000_000;
        long runCpu = bean.getCurrentThreadCpuTime() - runCpu0, runProc = os.getProcessCpuTime() - runProc0;
        long runWall = System.nanoTime() - runWall0;
        long runDelay = runDelay() - runDelay0;
        String hwm = Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("VmHWM"))
                .findFirst().orElse("VmHWM ?").replaceAll("\\s+", " ");
        System.out.printf("journal %s: %d steps, total wall %.0f ms; steps 20..: wall mean %.2f median %.2f ms,"
                        + " cpu mean %.2f ms; journal write %.3f ms/step wall, %.3f ms/step cpu, %.0f bytes/step; %s%n",
                args[0], steps, total / 1e6, mean(wall, 20) / 1e6, median(wall, 20) / 1e6,
                mean(cpu, 20) / 1e6, writeMs, writeCpu[0] / 1e6 / (steps - 20), bytes, hwm);
        System.out.printf("journal %s whole run (create, %d steps, close): stepping thread cpu %.0f ms (create %.0f ms),"
                + " process cpu %.0f ms, wall %.0f ms; close: thread cpu %.0f ms, wall %.0f ms%n", args[0], steps, runCpu / 1e6, createCpu / 1e6,
                runProc / 1e6, runWall / 1e6, closeCpu / 1e6, closeWall / 1e6);
        // the stepping thread's wall less the time it was ready to run but had no core (other processes on a shared
        // machine; schedstat's run_delay): what the run takes on an idle machine's critical path, waits for the writer included
        System.out.printf("journal %s stepping thread: wall %.0f ms, of it %.0f ms waiting for a core, the rest %.0f ms%n", args[0],
                runWall / 1e6, runDelay / 1e6, (runWall - runDelay) / 1e6);
        String[] phase = {"JVM start to main", "scene", "journal create", "steps", "close"};
        StringBuilder ph = new StringBuilder("journal " + args[0] + " phases (wall ms, process cpu ms):");
        for (int i = 0; i < 5; i++) {
            ph.append(' ').append(phase[i]).append(' ').append(phaseWall[i] - (i == 0 ? 0 : phaseWall[i - 1]))
                    .append(" (cpu ").append(phaseCpu[i] - (i == 0 ? 0 : phaseCpu[i - 1])).append(')').append(i < 4 ? ',' : ';');
        }
        ph.append(" at close: wall ").append(phaseWall[4]).append(" ms since the JVM started, cpu ").append(phaseCpu[4]).append(" ms");
        ph.append("; writer thread cpu steps 20..: ").append(String.format("%.3f", writerPerStep)).append(" ms/step (10 ms ticks)");
        System.out.println(ph);
        System.out.println("journal " + args[0] + " stepper waited for a free buffer " + waits + " times, "
                + String.format("%.1f", waitNanos / 1e6) + " ms; " + grown + " steps waited in memory while the writer opened the queue in "
                + String.format("%.1f", openNanos / 1e6) + " ms; threads before close (cpu ms, user+sys): " + threads);
    }

    /** CPU ms (user + sys, 10 ms ticks) of the live thread whose name starts with {@code prefix}; 0 if none. */
    private static long taskCpuMs(String prefix) throws java.io.IOException {
        try (var tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path t : (Iterable<Path>) tasks::iterator) {
                try {
                    String stat = Files.readString(t.resolve("stat"));
                    int open = stat.indexOf('('), close = stat.lastIndexOf(')');
                    if (stat.substring(open + 1, close).startsWith(prefix)) {
                        String[] f = stat.substring(close + 2).split(" ");
                        return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10;
                    }
                } catch (java.io.IOException e) {
                    // ended meanwhile
                }
            }
        }
        return 0;
    }

    /** Nanoseconds this thread has spent runnable but waiting for a core (/proc/thread-self/schedstat, field 2); 0 if unknown. */
    private static long runDelay() {
        try {
            String[] f = Files.readString(Path.of("/proc/thread-self/schedstat")).trim().split(" ");
            return Long.parseLong(f[1]);
        } catch (java.io.IOException | RuntimeException e) {
            return 0;
        }
    }

    /**
     * CPU of every thread still alive, from /proc/self/task/N/stat (utime + stime, clock ticks of
     * 10 ms): the JIT compiler and collector threads that the JVM's thread bean does not list,
     * grouped by name ("C2 CompilerThre", "GC Thread#0" ...); threads that ended are missing.
     */
    private static String threadCpu() throws java.io.IOException {
        java.util.TreeMap<String, Long> byName = new java.util.TreeMap<>(), bySys = new java.util.TreeMap<>();
        try (var tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path t : (Iterable<Path>) tasks::iterator) {
                String stat;
                try {
                    stat = Files.readString(t.resolve("stat"));
                } catch (java.io.IOException e) {
                    continue; // ended meanwhile
                }
                int open = stat.indexOf('('), close = stat.lastIndexOf(')');
                String name = stat.substring(open + 1, close).replaceAll("#?[0-9]+$", "");
                String[] f = stat.substring(close + 2).split(" ");
                long user = Long.parseLong(f[11]), sys = Long.parseLong(f[12]); // utime, stime (fields 14, 15)
                byName.merge(name, user * 10, Long::sum);
                bySys.merge(name, sys * 10, Long::sum);
            }
        }
        StringBuilder sb = new StringBuilder();
        for (var e : byName.entrySet()) {
            long sys = bySys.get(e.getKey());
            if (e.getValue() + sys > 0) {
                sb.append(e.getKey()).append(' ').append(e.getValue() + sys).append(" (sys ").append(sys).append("), ");
            }
        }
        return sb.length() == 0 ? "-" : sb.substring(0, sb.length() - 2);
    }

    private static double mean(long[] a, int from) {
        double s = 0;
        for (int i = from; i < a.length; i++) {
            s += a[i];
        }
        return s / (a.length - from);
    }

    private static double median(long[] a, int from) {
        long[] c = Arrays.copyOfRange(a, from, a.length);
        Arrays.sort(c);
        return c[c.length / 2];
    }
}
