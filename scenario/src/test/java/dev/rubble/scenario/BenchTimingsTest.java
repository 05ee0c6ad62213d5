package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

final class BenchTimingsTest {

    @Test
    void windowIsSteps100To600AndPercentilesAreNearestRank() {
        long[] ns = new long[600];
        for (int i = 0; i < 600; i++) {
            ns[i] = (i + 1) * 1_000_000L; // step k takes k ms
        }
        ns[0] = 999_000_000_000L;         // a warm-up outlier outside the window
        BenchTimings t = BenchTimings.of(ns);
        // window: steps 100..600 = 501 values 100..600 ms
        assertThat(t.samples()).isEqualTo(501);
        assertThat(t.medianMs()).isEqualTo(350.0);
        assertThat(t.meanMs()).isCloseTo(350.0, within(1e-9));
        assertThat(t.p10Ms()).isEqualTo(150.0); // ceil(50.1) = 51st value
        assertThat(t.p90Ms()).isEqualTo(550.0); // ceil(450.9) = 451st value
        assertThat(t.line("pyramid", 210, 600, 1)).isEqualTo(
                "scene=pyramid bodies=210 steps=600 median_ms=350.000 p10_ms=150.000 p90_ms=550.000 mean_ms=350.000 threads=1");
        assertThat(t.cpuLine()).isEqualTo("cpu median_ms=350.000 p10_ms=150.000 p90_ms=550.000 mean_ms=350.000");
    }

    @Test
    void shortRunsUseEveryStepAndEvenMediansAverage() {
        BenchTimings t = BenchTimings.of(new long[] {4_000_000, 1_000_000, 3_000_000, 2_000_000});
        assertThat(t.samples()).isEqualTo(4);
        assertThat(t.medianMs()).isEqualTo(2.5);
        assertThat(t.p10Ms()).isEqualTo(1.0);
        assertThat(t.p90Ms()).isEqualTo(4.0);
        assertThat(t.meanMs()).isEqualTo(2.5);
    }

    @Test
    void rejectsEmptyAndNegative() {
        assertThatThrownBy(() -> BenchTimings.of(new long[0])).hasMessageContaining("at least one step");
        assertThatThrownBy(() -> BenchTimings.of(new long[] {-1})).hasMessageContaining("-1 ns is negative");
    }
}
