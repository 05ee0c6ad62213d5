package dev.rubble.plugin.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Issue 32: the candidate edges' order, now from primitive sorts, is the old comparator sort's, ties included. */
class EdgeOrderTest {
    @Test
    void byLengthIsTheOldComparatorSort() {
        SplittableRandom r = new SplittableRandom(63);
        double[] pool = {-0.0, 0.0, 1, 2, Math.sqrt(2), Double.NaN, Double.POSITIVE_INFINITY};
        for (int t = 0; t < 400; t++) {
            int m = r.nextInt(0, 150);
            double[] len = new double[m];
            long[] candidates = new long[m];
            for (int i = 0; i < m; i++) {
                len[i] = pool[r.nextInt(pool.length)];
                candidates[i] = ((long) r.nextInt(6) << 32) | r.nextInt(6); // repeated keys too
            }
            Integer[] order = new Integer[m];
            for (int i = 0; i < m; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> {
                int c = Double.compare(len[a], len[b]);
                return c != 0 ? c : Long.compare(candidates[a], candidates[b]);
            });
            assertThat(Edges.byLength(len, candidates)).isEqualTo(Arrays.stream(order).mapToInt(Integer::intValue).toArray());
        }
    }
}
