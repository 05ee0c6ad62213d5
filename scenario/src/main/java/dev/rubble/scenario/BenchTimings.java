package dev.rubble.scenario;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;

/**
 * Per-step wall-clock statistics of a benchmark run and the one-line report shared by
 * {@code rubble bench} and the peer-engine runners, so both print exactly the same format:
 * {@code scene=pyramid bodies=210 steps=600 median_ms=1.234 p10_ms=… p90_ms=… mean_ms=… threads=1}.
 *
 * <p>The measured window is steps {@value #FIRST_MEASURED_STEP}..N (1-based, inclusive), i.e. the
 * first 99 steps are JIT and cache warm-up; a run shorter than that is measured over all its steps.
 * Percentiles are nearest-rank ({@code sorted[ceil(p·n) - 1]}); the median of an even count is the
 * mean of the two middle values.
 *
 * @param medianMs median step time, milliseconds
 * @param p10Ms    10th percentile, milliseconds
 * @param p90Ms    90th percentile, milliseconds
 * @param meanMs   mean, milliseconds
 * @param samples  number of steps in the window
 */
public record BenchTimings(double medianMs, double p10Ms, double p90Ms, double meanMs, int samples) {
    /** First step (1-based) inside the measured window. */
    public static final int FIRST_MEASURED_STEP = 100;

    /**
     * Statistics of {@code stepNanos[i]} = wall-clock nanoseconds of step i + 1, over the window.
     *
     * @throws IllegalArgumentException if there are no steps or a time is negative
     */
    public static BenchTimings of(long[] stepNanos) {
        Objects.requireNonNull(stepNanos, "stepNanos is null");
        int n = stepNanos.length;
        if (n == 0) {
            throw new IllegalArgumentException("stepNanos is empty; allowed: at least one step");
        }
        int from = n >= FIRST_MEASURED_STEP ? FIRST_MEASURED_STEP - 1 : 0;
        long[] w = Arrays.copyOfRange(stepNanos, from, n);
        double sum = 0;
        for (long t : w) {
            if (t < 0) {
                throw new IllegalArgumentException("step time " + t + " ns is negative; allowed: >= 0");
            }
            sum += t;
        }
        Arrays.sort(w);
        int m = w.length;
        double median = (m % 2 == 1) ? w[m / 2] : (w[m / 2 - 1] + (double) w[m / 2]) / 2;
        return new BenchTimings(median / 1e6, rank(w, 0.10) / 1e6, rank(w, 0.90) / 1e6, sum / m / 1e6, m);
    }

    private static double rank(long[] sorted, double p) {
        int k = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, k))];
    }

    /** The report line: {@code scene=… bodies=… steps=… median_ms=… p10_ms=… p90_ms=… mean_ms=… threads=…}. */
    public String line(String scene, int bodies, int steps, int threads) {
        return String.format(Locale.ROOT,
                "scene=%s bodies=%d steps=%d median_ms=%.3f p10_ms=%.3f p90_ms=%.3f mean_ms=%.3f threads=%d",
                scene, bodies, steps, medianMs, p10Ms, p90Ms, meanMs, threads);
    }

    /**
     * The line for the stepping thread's CPU time (same window and statistics):
     * {@code cpu median_ms=… p10_ms=… p90_ms=… mean_ms=…}. On a machine shared with other work
     * this is the steadier figure: wall-clock time also counts the time the thread waited for a core.
     */
    public String cpuLine() {
        return String.format(Locale.ROOT, "cpu median_ms=%.3f p10_ms=%.3f p90_ms=%.3f mean_ms=%.3f",
                medianMs, p10Ms, p90Ms, meanMs);
    }
}
