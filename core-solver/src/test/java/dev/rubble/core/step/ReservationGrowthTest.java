package dev.rubble.core.step;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The release reservation's growth (StepPipeline.grow): kept while it holds the need, else the larger
 * of an eighth more than needed and twice what it held, never above the cap — so a budgeted break's
 * release steps, each asking a little more, do not grow the stores every step.
 */
final class ReservationGrowthTest {
    @Test
    void keepsDoublesOrAddsAnEighthAndStopsAtTheCap() {
        assertThat(StepPipeline.grow(1000, 1000, 1 << 20)).as("held: unchanged").isEqualTo(1000);
        assertThat(StepPipeline.grow(1000, 1001, 1 << 20)).as("a little more: doubles").isEqualTo(2000);
        assertThat(StepPipeline.grow(1000, 4000, 1 << 20)).as("much more: an eighth over the need").isEqualTo(4500);
        assertThat(StepPipeline.grow(1000, 4000, 3000)).as("the cap").isEqualTo(3000);
        assertThat(StepPipeline.grow(0, 8, 1 << 20)).as("from empty").isEqualTo(9);
        // five release steps each needing 10 % more than the last: two growths, not five
        int have = 0, growths = 0;
        long need = 10_000;
        for (int k = 0; k < 5; k++, need += need / 10) {
            int next = StepPipeline.grow(have, need, Integer.MAX_VALUE - 8);
            growths += next != have ? 1 : 0;
            have = next;
        }
        assertThat(growths).isEqualTo(2);
    }
}
