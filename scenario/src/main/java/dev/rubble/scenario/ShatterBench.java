package dev.rubble.scenario;

import dev.rubble.core.destruction.BreakEvents;
import dev.rubble.core.destruction.BreakListener;
import dev.rubble.core.destruction.DestructionOptions;
import dev.rubble.core.world.World;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;

/**
 * Runs the shatter scene ({@link ShatterScene}) for {@code rubble bench shatter}: per-step wall-clock
 * and stepping-thread CPU time and bytes allocated, and what the destruction did — the first and last
 * step with a break, the peak number of active pieces and of live bodies (and the step of the peak),
 * breaks, releases, and the deferred holders still waiting at the end (budgets on: 0 means every
 * deferred break happened).
 *
 * <p>Step statistics are over the steps from the first break on (the intact first step is one body
 * and tells nothing): median, p99 and max, wall clock and CPU; allocation as the median and mean bytes
 * per step over the same steps. {@code max_after_break_ms} is the largest step after the break step
 * (issue 27's budgets-on goal: every step after the break step ≤ 16 ms).
 *
 * <p>Budgets on ({@link #budgetsOn}, {@link #applyBudgets}): the level limit of the wall bench
 * ({@link WallBench#BUDGET_MAX_CLUSTER_LEVEL}: the finest debris is the level-2 chunks) and a break
 * budget of {@link #BUDGET_BREAKS_PER_STEP} holders per step whose overflow waits (never dropped); no
 * release throttling, which would leave pieces without bodies ("nothing lost").
 */
public final class ShatterBench {
    /**
     * Budgets-on break budget: holders that may break per step; the rest wait, their loads kept. Four
     * level-1 holders a step release 80 level-2 chunks (2 000 leaf hulls) a step, so the first contacts of
     * the wall's 400 chunks, the costliest steps of the scene (every chunk pair collided from scratch),
     * spread over five steps instead of one. At 32 (every level-1 holder in the explosion's next step)
     * that one step took 16.4–17.2 ms of stepping-thread CPU on the idle machine, at 8 15.9–16.0 ms
     * spread over two, at 4 at most 14.0 ms (docs/benchmarks.md, "The shatter bench's budget").
     */
    public static final int BUDGET_BREAKS_PER_STEP = 4;

    private ShatterBench() {
    }

    /** The destruction options of the budgets-on run. */
    public static DestructionOptions budgetsOn() {
        return WallScene.options().withLevels(WallBench.BUDGET_MAX_CLUSTER_LEVEL, Integer.MAX_VALUE);
    }

    /** The budget values of the budgets-on run, for the report line. */
    public static String budgetsLabel() {
        return "maxClusterLevel=" + WallBench.BUDGET_MAX_CLUSTER_LEVEL + ",breaksPerStep=" + BUDGET_BREAKS_PER_STEP
                + ",releaseThrottle=off";
    }

    /** Switches on the budgets-on run's break budget, after the world is built and before its first step. */
    public static void applyBudgets(World world) {
        world.destruction().setBreakBudget(BUDGET_BREAKS_PER_STEP);
    }

    /** Percentile statistics of a set of per-step samples, ms (or bytes for allocation). */
    public record Stats(double median, double p99, double max, double mean, int samples) {
        static Stats of(long[] x, int from, int to, double scale) {
            if (to <= from) {
                return new Stats(0, 0, 0, 0, 0);
            }
            long[] s = Arrays.copyOfRange(x, from, to);
            Arrays.sort(s);
            int n = s.length;
            double sum = 0;
            for (long v : s) {
                sum += v;
            }
            // nearest-rank percentiles
            double med = n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
            double p99 = s[Math.max(0, (int) Math.ceil(0.99 * n) - 1)];
            return new Stats(med * scale, p99 * scale, s[n - 1] * scale, sum / n * scale, n);
        }
    }

    /**
     * One run's figures.
     *
     * @param wall        wall-clock ms per step from the first break on
     * @param cpu         stepping-thread CPU ms per step from the first break on (null: not supported)
     * @param alloc       bytes allocated by the stepping thread per step from the first break on (null: not supported)
     * @param steps       steps run
     * @param firstBreakStep the first step (1-based count of steps run) with a break, 0 if none
     * @param lastBreakStep  the last step with a break, 0 if none
     * @param breaks      BREAK events
     * @param releases    all events (each a new body)
     * @param peakActive  most collection nodes with a body at once
     * @param peakActiveStep the first step at which that peak was reached
     * @param peakBodies  most live bodies at once
     * @param deferredLeft holders whose break still waited for the budget after the last step
     * @param throttled   pieces the release throttle left without a body, summed over the steps
     * @param stateHash   the state hash after the last step
     * @param cpuNanos    stepping-thread CPU ns of every step run (index = step - 1; zeros when not measured)
     * @param wallNanos   wall-clock ns of every step run
     * @param allocBytes  bytes the stepping thread allocated in every step run (zeros when not measured)
     */
    public record Result(Stats wall, Stats cpu, Stats alloc, int steps, int firstBreakStep, int lastBreakStep,
                         long breaks, long releases, int peakActive, int peakActiveStep, int peakBodies,
                         int deferredLeft, long throttled, long stateHash, long[] cpuNanos, long[] wallNanos,
                         long[] allocBytes) {
        /** Largest per-step time ({@code ns}) after the first break step: the budgets' goal (≤ 16 ms), ms. */
        static double maxAfterBreak(long[] ns, int firstBreakStep) {
            long m = 0;
            for (int i = Math.max(firstBreakStep, 0); i < ns.length; i++) {
                m = Math.max(m, ns[i]);
            }
            return m * 1e-6;
        }

        /** Largest wall-clock ms of a step after the break step (0 if no step followed it). */
        public double wallMaxAfterBreak() {
            return maxAfterBreak(wallNanos, firstBreakStep);
        }

        /** Largest stepping-thread CPU ms of a step after the break step (0 if not measured or none followed). */
        public double cpuMaxAfterBreak() {
            return maxAfterBreak(cpuNanos, firstBreakStep);
        }

        /** The report line ({@code scene=shatter … threads=N}) of a run on {@code threads} threads. */
        public String line(String budgets, int threads) {
            return String.format(Locale.ROOT, "scene=shatter steps=%d break_step=%d last_break_step=%d"
                            + " peak_active_pieces=%d peak_step=%d peak_bodies=%d breaks=%d releases=%d"
                            + " deferred_left=%d throttled=%d median_ms=%.3f p99_ms=%.3f max_ms=%.3f"
                            + " max_after_break_ms=%.3f budgets=%s state_hash=%016x threads=%d",
                    steps, firstBreakStep, lastBreakStep, peakActive, peakActiveStep, peakBodies, breaks, releases,
                    deferredLeft, throttled, wall.median(), wall.p99(), wall.max(), wallMaxAfterBreak(), budgets,
                    stateHash, threads);
        }

        /** The CPU and allocation line, or null when the JVM measures neither. */
        public String cpuLine() {
            if (cpu == null && alloc == null) {
                return null;
            }
            StringBuilder sb = new StringBuilder("cpu");
            if (cpu != null) {
                sb.append(String.format(Locale.ROOT, " median_ms=%.3f p99_ms=%.3f max_ms=%.3f max_after_break_ms=%.3f"
                        + " mean_ms=%.3f", cpu.median(), cpu.p99(), cpu.max(), cpuMaxAfterBreak(), cpu.mean()));
            }
            if (alloc != null) {
                sb.append(String.format(Locale.ROOT, " alloc_median_bytes=%.0f alloc_mean_bytes=%.0f alloc_max_bytes=%.0f",
                        alloc.median(), alloc.mean(), alloc.max()));
            }
            return sb.append(" from_step=").append(firstBreakStep).toString();
        }
    }

    /** Counts events per step. */
    private static final class Counter implements BreakListener {
        long breaks;
        long releases;
        int stepBreaks;

        @Override
        public void onBreaks(BreakEvents ev) {
            releases += ev.count();
            for (int i = 0; i < ev.count(); i++) {
                if (ev.kind[i] == BreakEvents.BREAK) {
                    breaks++;
                    stepBreaks++;
                }
            }
        }
    }

    /** Steps {@code sw} {@code steps} times (or until {@code capSeconds} of stepping, 0 = no cap). */
    public static Result run(ScenarioWorld sw, int steps, double capSeconds) {
        return run(sw, steps, capSeconds, null);
    }

    /**
     * As {@link #run(ScenarioWorld, int, double)}; {@code perStep}, when not null, is called after every
     * step with the 1-based step count (outside the timed region).
     */
    public static Result run(ScenarioWorld sw, int steps, double capSeconds, java.util.function.IntConsumer perStep) {
        if (steps < 1) {
            throw new IllegalArgumentException("steps = " + steps + "; allowed: >= 1");
        }
        World w = sw.world();
        Counter c = new Counter();
        w.addBreakListener(c);
        long[] nanos = new long[steps];
        long[] cpu = new long[steps];
        long[] alloc = new long[steps];
        java.lang.management.ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        boolean cpuTimed = mx.isCurrentThreadCpuTimeSupported();
        com.sun.management.ThreadMXBean amx = mx instanceof com.sun.management.ThreadMXBean m
                && m.isThreadAllocatedMemorySupported() && m.isThreadAllocatedMemoryEnabled() ? m : null;
        long tid = Thread.currentThread().getId();
        long cap = capSeconds > 0 ? (long) (capSeconds * 1e9) : Long.MAX_VALUE;
        long total = 0;
        int done = 0;
        int first = 0, last = 0;
        int peakActive = w.destruction().activeCount();
        int peakStep = 0;
        int peakBodies = w.bodies().size();
        long throttled = 0;
        while (done < steps && total <= cap) {
            c.stepBreaks = 0;
            long a0 = amx != null ? amx.getThreadAllocatedBytes(tid) : 0;
            long c0 = cpuTimed ? mx.getCurrentThreadCpuTime() : 0;
            long t0 = System.nanoTime();
            sw.step();
            long dt = System.nanoTime() - t0;
            cpu[done] = cpuTimed ? mx.getCurrentThreadCpuTime() - c0 : 0;
            alloc[done] = amx != null ? amx.getThreadAllocatedBytes(tid) - a0 : 0;
            nanos[done++] = dt;
            total += dt;
            if (c.stepBreaks > 0) {
                if (first == 0) {
                    first = done;
                }
                last = done;
            }
            int active = w.destruction().activeCount();
            if (active > peakActive) {
                peakActive = active;
                peakStep = done;
            }
            peakBodies = Math.max(peakBodies, w.bodies().size());
            throttled += w.destruction().stats().throttled();
            if (perStep != null) {
                perStep.accept(done);
            }
        }
        w.removeBreakListener(c);
        int from = first > 0 ? first - 1 : 0;
        return new Result(Stats.of(nanos, from, done, 1e-6), cpuTimed ? Stats.of(cpu, from, done, 1e-6) : null,
                amx != null ? Stats.of(alloc, from, done, 1) : null, done, first, last, c.breaks, c.releases,
                peakActive, peakStep, peakBodies, w.destruction().stats().deferred(), throttled, w.stateHash(),
                Arrays.copyOf(cpu, done), Arrays.copyOf(nanos, done), Arrays.copyOf(alloc, done));
    }
}
