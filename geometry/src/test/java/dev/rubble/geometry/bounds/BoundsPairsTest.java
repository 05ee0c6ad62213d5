package dev.rubble.geometry.bounds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

final class BoundsPairsTest {

    @Test
    void matchesTheBruteForcePairsForMixedSizesAndMargins() {
        SplittableRandom r = new SplittableRandom(8);
        for (int trial = 0; trial < 5; trial++) {
            int n = 400;
            double[] b = new double[6 * n];
            for (int i = 0; i < n; i++) {
                double size = i % 50 == 0 ? 5 : 0.05 + r.nextDouble() * 0.4; // a few big boxes
                for (int k = 0; k < 3; k++) {
                    double c = r.nextDouble() * 10;
                    b[6 * i + k] = c - size / 2;
                    b[6 * i + 3 + k] = c + size / 2;
                }
            }
            double margin = trial * 0.05;
            List<Long> expected = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    boolean o = true;
                    for (int k = 0; k < 3; k++) {
                        o &= b[6 * i + k] - margin <= b[6 * j + 3 + k] + margin
                                && b[6 * j + k] - margin <= b[6 * i + 3 + k] + margin;
                    }
                    if (o) {
                        expected.add(((long) i << 32) | j);
                    }
                }
            }
            long[] got = BoundsPairs.overlapping(n, b, margin);
            assertThat(got).containsExactly(expected.stream().mapToLong(Long::longValue).toArray());
        }
    }

    @Test
    void touchingBoxesOverlapAndBadMarginsAreRejected() {
        double[] b = {0, 0, 0, 1, 1, 1, 1, 0, 0, 2, 1, 1, 3, 0, 0, 4, 1, 1};
        assertThat(BoundsPairs.overlapping(3, b, 0)).containsExactly(1L);
        assertThat(BoundsPairs.overlapping(3, b, 0.5)).containsExactly(1L, (1L << 32) | 2);
        assertThat(BoundsPairs.overlapping(1, b, 0)).isEmpty();
        assertThatThrownBy(() -> BoundsPairs.overlapping(3, b, -1)).hasMessageContaining("margin = -1.0");
    }
}
