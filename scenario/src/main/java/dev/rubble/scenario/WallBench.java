package dev.rubble.scenario;

import dev.rubble.core.destruction.BreakEvents;
import dev.rubble.core.destruction.BreakListener;
import dev.rubble.core.destruction.DestructionOptions;
import dev.rubble.core.world.World;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

/**
 * Runs the wall scene ({@link WallScene}) for {@code rubble bench wall}: per-step wall-clock and
 * CPU times, and what the destruction did: breaks (children whose load reached their threshold),
 * releases (every new body of a piece or internal cluster), the peak number of active pieces
 * (collection nodes with a body: the intact wall, released pieces, internal clusters), the peak
 * number of live bodies and the step with the most releases.
 *
 * <p>Two configurations: budgets off ({@link WallScene#options()}) and budgets on
 * ({@link #budgetsOn()}, {@link #applyBudgets}).
 */
public final class WallBench {
    /**
     * Budgets-on level limit: children at level {@value} or deeper never break, so the finest
     * debris is the level-2 chunks of the bench wall (400 of about 25 leaves each) instead of its
     * 10 000 leaves.
     */
    public static final int BUDGET_MAX_CLUSTER_LEVEL = 3;

    /** Budgets-on break budget: holders that may break per step; the rest wait, loads kept. */
    public static final int BUDGET_BREAKS_PER_STEP = 8;

    /** Budgets-on release throttling: active pieces where thinning starts and where it is total. */
    public static final int BUDGET_THROTTLE_MIN = 200, BUDGET_THROTTLE_MAX = 1000;

    private WallBench() {
    }

    /** The destruction options of the budgets-on run. */
    public static DestructionOptions budgetsOn() {
        return WallScene.options().withLevels(BUDGET_MAX_CLUSTER_LEVEL, Integer.MAX_VALUE);
    }

    /** The budget values of the budgets-on run, for the report line. */
    public static String budgetsLabel() {
        return "maxClusterLevel=" + BUDGET_MAX_CLUSTER_LEVEL + ",breaksPerStep=" + BUDGET_BREAKS_PER_STEP
                + ",releaseThrottle=" + BUDGET_THROTTLE_MIN + ".." + BUDGET_THROTTLE_MAX;
    }

    /**
     * Switches on the world-wide destruction budgets of the budgets-on run (docs/destruction.md,
     * "Budgets"), after the world is built and before its first step: the break budget and release
     * throttling. The level limit is per collection ({@link #budgetsOn()}).
     */
    public static void applyBudgets(World world) {
        world.destruction().setBreakBudget(BUDGET_BREAKS_PER_STEP);
        world.destruction().setReleaseThrottle(BUDGET_THROTTLE_MIN, BUDGET_THROTTLE_MAX);
    }

    /**
     * One run's figures.
     *
     * @param wall        wall-clock step statistics
     * @param cpu         stepping-thread CPU statistics, or null when not supported
     * @param steps       steps run
     * @param breaks      BREAK events
     * @param releases    all events (each is a new body: broken child, lone release, internal cluster)
     * @param peakActive  most collection nodes with a body at once
     * @param peakBodies  most live bodies at once
     * @param peakStep    the step (1-based count of steps run) with the most releases, 0 if none
     * @param peakStepReleases releases in that step
     * @param stateHash   the state hash after the last step
     */
    public record Result(BenchTimings wall, BenchTimings cpu, int steps, long breaks, long releases, int peakActive,
                         int peakBodies, long peakStep, int peakStepReleases, long stateHash) {
        /**
         * The bench line: {@link BenchTimings#line} for scene {@code wall} with {@code bodies} =
         * live bodies at the start and the step's {@code threads}, then {@code breaks=… releases=… peak_active_pieces=…
         * peak_bodies=… peak_release_step=… budgets=… state_hash=…}.
         */
        public String line(int startBodies, String budgets, int threads) {
            return wall.line("wall", startBodies, steps, threads) + String.format(Locale.ROOT,
                    " breaks=%d releases=%d peak_active_pieces=%d peak_bodies=%d peak_release_step=%d budgets=%s"
                            + " state_hash=%016x",
                    breaks, releases, peakActive, peakBodies, peakStep, budgets, stateHash);
        }
    }

    /** Counts events per step. */
    private static final class Counter implements BreakListener {
        long breaks;
        long releases;
        int stepReleases;

        @Override
        public void onBreaks(BreakEvents ev) {
            stepReleases += ev.count();
            releases += ev.count();
            for (int i = 0; i < ev.count(); i++) {
                if (ev.kind[i] == BreakEvents.BREAK) {
                    breaks++;
                }
            }
        }
    }

    /**
     * Steps {@code sw} {@code steps} times (or until {@code capSeconds} of stepping, 0 = no cap)
     * and returns the figures; statistics over steps 100..N as {@link BenchTimings}.
     */
    public static Result run(ScenarioWorld sw, int steps, double capSeconds) {
        if (steps < 1) {
            throw new IllegalArgumentException("steps = " + steps + "; allowed: >= 1");
        }
        World w = sw.world();
        Counter c = new Counter();
        w.addBreakListener(c);
        long[] nanos = new long[steps];
        long[] cpu = new long[steps];
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        boolean cpuTimed = mx.isCurrentThreadCpuTimeSupported();
        long cap = capSeconds > 0 ? (long) (capSeconds * 1e9) : Long.MAX_VALUE;
        long total = 0;
        int done = 0;
        int peakActive = w.destruction().activeCount();
        int peakBodies = w.bodies().size();
        long peakStep = 0;
        int peakReleases = 0;
        while (done < steps && total <= cap) {
            c.stepReleases = 0;
            long c0 = cpuTimed ? mx.getCurrentThreadCpuTime() : 0;
            long t0 = System.nanoTime();
            sw.step();
            long dt = System.nanoTime() - t0;
            cpu[done] = cpuTimed ? mx.getCurrentThreadCpuTime() - c0 : 0;
            nanos[done++] = dt;
            total += dt;
            peakActive = Math.max(peakActive, w.destruction().activeCount());
            peakBodies = Math.max(peakBodies, w.bodies().size());
            if (c.stepReleases > peakReleases) {
                peakReleases = c.stepReleases;
                peakStep = done;
            }
        }
        w.removeBreakListener(c);
        return new Result(BenchTimings.of(Arrays.copyOf(nanos, done)),
                cpuTimed ? BenchTimings.of(Arrays.copyOf(cpu, done)) : null, done, c.breaks, c.releases, peakActive,
                peakBodies, peakStep, peakReleases, w.stateHash());
    }
}
