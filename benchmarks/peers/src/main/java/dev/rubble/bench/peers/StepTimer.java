package dev.rubble.bench.peers;

import dev.rubble.scenario.BenchTimings;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * What every run of the peers harness shares: the {@code --steps N} option, and stepping an engine
 * on the calling thread while timing each step by the wall clock and by the thread's CPU clock (the
 * figure the comparisons use: it ignores time the thread waited for a core), then printing the bench
 * line and the cpu line.
 */
final class StepTimer {
    private StepTimer() {
    }

    /**
     * The value of {@code --steps N} in {@code args} from index {@code from} on (the only option these
     * runs take), or {@code dflt}; a value below {@code min} or another option is refused naming it.
     */
    static int steps(String[] args, int from, int dflt, int min) {
        return option(args, from, "--steps", dflt, min, "--steps");
    }

    /**
     * The integer option {@code name} among the {@code --option value} pairs of {@code args} from
     * {@code from} (the last one given wins), {@code dflt} if absent; any option not in {@code allowed},
     * one without a value, or a value below {@code min} is refused naming it.
     */
    static int option(String[] args, int from, String name, int dflt, int min, String... allowed) {
        int value = dflt;
        for (int i = from; i < args.length; i += 2) {
            if (!java.util.Arrays.asList(allowed).contains(args[i]) || i + 1 >= args.length) {
                throw new IllegalArgumentException("option " + args[i] + " is unknown or has no value; allowed: "
                        + String.join(" N, ", allowed) + " N");
            }
            int v;
            try {
                v = Integer.parseInt(args[i + 1]);
            } catch (NumberFormatException e) {
                v = Integer.MIN_VALUE;
            }
            if (v < min) {
                throw new IllegalArgumentException(args[i] + " = '" + args[i + 1] + "'; allowed: an integer >= " + min);
            }
            if (args[i].equals(name)) {
                value = v;
            }
        }
        return value;
    }

    /**
     * Runs {@code step} up to {@code steps} times, stopping early once the steps' wall time passes
     * {@code capNanos}; prints the bench line (scene {@code label}, {@code bodies} dynamic bodies,
     * {@code threads}) and, where the JVM measures thread CPU time, the cpu line.
     *
     * @return the steps taken and their total wall time: {@code [done, nanos]}
     */
    static long[] run(Runnable step, int steps, long capNanos, String label, int bodies, int threads) {
        long[] nanos = new long[steps];
        long[] cpu = new long[steps];
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        boolean cpuTimed = mx.isCurrentThreadCpuTimeSupported();
        long total = 0;
        int done = 0;
        while (done < steps && total <= capNanos) {
            long c0 = cpuTimed ? mx.getCurrentThreadCpuTime() : 0;
            long t0 = System.nanoTime();
            step.run();
            long dt = System.nanoTime() - t0;
            cpu[done] = cpuTimed ? mx.getCurrentThreadCpuTime() - c0 : 0;
            nanos[done++] = dt;
            total += dt;
        }
        System.out.println(BenchTimings.of(Arrays.copyOf(nanos, done)).line(label, bodies, done, threads));
        if (cpuTimed) {
            System.out.println(BenchTimings.of(Arrays.copyOf(cpu, done)).cpuLine());
        }
        return new long[] {done, total};
    }
}
