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
        int steps = dflt;
        for (int i = from; i < args.length; i += 2) {
            if (!"--steps".equals(args[i]) || i + 1 >= args.length) {
                throw new IllegalArgumentException("option " + args[i] + " is unknown or has no value; allowed: --steps N");
            }
            try {
                steps = Integer.parseInt(args[i + 1]);
            } catch (NumberFormatException e) {
                steps = Integer.MIN_VALUE;
            }
            if (steps < min) {
                throw new IllegalArgumentException("--steps = '" + args[i + 1] + "'; allowed: an integer >= " + min);
            }
        }
        return steps;
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
