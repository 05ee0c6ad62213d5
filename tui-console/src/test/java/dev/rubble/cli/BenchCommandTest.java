package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 600, unit = TimeUnit.SECONDS) // --threads 2 starts a pool: a broken barrier fails instead of hanging
final class BenchCommandTest extends CliHarness {

    @Test
    void pyramidPrintsTheResultLineThenCpuSanityAndInfo() {
        assertThat(run("bench", "pyramid", "--steps", "3")).isZero();
        String[] lines = out.toString().split("\\R");
        assertThat(lines).hasSize(4);
        assertThat(lines[0]).matches("scene=pyramid bodies=210 steps=3 median_ms=\\d+\\.\\d{3} p10_ms=\\d+\\.\\d{3} "
                + "p90_ms=\\d+\\.\\d{3} mean_ms=\\d+\\.\\d{3} threads=1");
        assertThat(lines[1]).matches("cpu median_ms=\\d+\\.\\d{3} p10_ms=\\d+\\.\\d{3} p90_ms=\\d+\\.\\d{3} mean_ms=\\d+\\.\\d{3}");
        // after 3 steps of 1/60 s every box has moved at most g t²/2 ≈ 0.0123 m, far below 0.1 m
        assertThat(lines[2]).startsWith("sanity top_y=19.").contains("moved_gt_0.1m=0");
        assertThat(lines[3]).startsWith("info engine=rubble broadphase=").contains("velocity_iterations=7");
    }

    @Test
    void aTinyCapStopsAfterTheFirstStepAndSaysSo() {
        // the first step alone takes more than a nanosecond of wall clock, so the cap stops after it
        assertThat(run("bench", "pyramid", "--steps", "50", "--cap-seconds", "1e-9")).isZero();
        String[] lines = out.toString().split("\\R");
        assertThat(lines[0]).startsWith("scene=pyramid bodies=210 steps=1 ");
        assertThat(lines[lines.length - 1])
                .matches("note engine=rubble scene=pyramid capped after 1 of 50 steps \\(\\d+ s of stepping\\)");
    }

    @Test
    void negativeCapIsBadInput() {
        assertThat(run("bench", "pyramid", "--cap-seconds", "-1")).isEqualTo(2);
        assertThat(err.toString()).contains("--cap-seconds -1.0").contains("allowed: finite, >= 0");
    }

    @Test
    void unknownSceneExitsTwoListingTheKnownOnes() {
        assertThat(run("bench", "tower")).isEqualTo(2);
        assertThat(err.toString()).contains("unknown scene 'tower'").contains("pyramid, pile, spheres, large-pyramid, all");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void aThreadListRunsTheSceneOncePerCountWithTheSameSanity() {
        assertThat(run("bench", "pyramid", "--steps", "3", "--threads", "1,2")).isZero();
        String[] lines = out.toString().split("\\R");
        assertThat(lines).hasSize(8);
        assertThat(lines[0]).startsWith("scene=pyramid bodies=210 steps=3 ").endsWith(" threads=1");
        assertThat(lines[4]).startsWith("scene=pyramid bodies=210 steps=3 ").endsWith(" threads=2");
        // the same bits on two threads: the sanity line (positions after 3 steps) is identical
        assertThat(lines[6]).isEqualTo(lines[2]);
    }

    /** Warm-up runs are discarded: the measured run prints what it prints without them, and says how many ran. */
    @Test
    void warmUpRunsAreDiscardedAndTheMeasuredRunIsTheSame() {
        assertThat(run("bench", "pyramid", "--steps", "3", "--threads", "1,2")).isZero();
        String[] cold = out.toString().split("\\R");
        assertThat(run("bench", "pyramid", "--steps", "3", "--threads", "1,2", "--warmup", "2")).isZero();
        String[] warm = out.toString().split("\\R");
        assertThat(warm).hasSize(8);
        assertThat(warm[0]).startsWith("scene=pyramid bodies=210 steps=3 ").endsWith(" threads=1");
        assertThat(warm[4]).startsWith("scene=pyramid bodies=210 steps=3 ").endsWith(" threads=2");
        assertThat(warm[2]).isEqualTo(cold[2]);
        assertThat(warm[6]).isEqualTo(cold[6]);
        assertThat(cold[3]).endsWith(" warmup=0 jit_warmup_ms=0");
        assertThat(warm[3]).isEqualTo(cold[3].replace(" warmup=0 ", " warmup=2 "));
    }

    @Test
    void aBadThreadCountIsBadInput() {
        assertThat(run("bench", "pyramid", "--threads", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("--threads 0").contains("allowed: an integer 1..256");
    }

    @Test
    void unknownStageImplementationIsBadInput() {
        assertThat(run("bench", "pyramid", "--steps", "1", "--set", "broadphase=nope")).isEqualTo(2);
        assertThat(err.toString()).contains("nope");
    }
}
