package dev.rubble.cli;

import dev.rubble.scenario.ScenarioLoader;

/**
 * Step counts given on the command line, checked alike by every command: {@code --steps 2147483647} ran a
 * scene for days (run, console, demo), held every frame in memory until the heap ran out (view), or failed
 * at once with a raw OutOfMemoryError and its stack trace, exit 1 (bench, which keeps per-step times).
 */
final class StepCounts {
    /**
     * A scenario's {@code "steps"} range: what run, console, demo, bench and replay's {@code --hold} accept
     * ({@link ScenarioLoader#MAX_STEPS}: a run of 100 000 000 steps was accepted and ran for days).
     */
    static final long MAX_RUN = ScenarioLoader.MAX_STEPS;
    /** Frames {@code rubble view} simulates from a scenario before its page opens (frames and statistics go to temporary files). */
    static final long MAX_VIEW = 100_000;
    /** Steps a bench scene times (it keeps each step's wall, CPU and allocation figures): the same range. */
    static final long MAX_BENCH = MAX_RUN;

    private StepCounts() {
    }

    /**
     * Fails with exit 2 unless {@code min <= n <= max}, naming {@code option} and saying why the bound is there
     * ({@code why}, e.g. "a scenario's \"steps\" range").
     */
    static void check(String option, long n, long min, long max, String why) {
        if (n < min || n > max) {
            throw new BadInputException(option + " " + n + " is out of range; allowed: " + min + " to " + max + " (" + why + ")");
        }
    }

    /** {@link #check} with run's range: 0 to {@link #MAX_RUN}. */
    static void run(String option, Number n) {
        if (n != null) {
            check(option, n.longValue(), 0, MAX_RUN, "a scenario's \"steps\" range");
        }
    }
}
