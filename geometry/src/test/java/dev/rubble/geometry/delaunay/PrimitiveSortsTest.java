package dev.rubble.geometry.delaunay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Issue 32: the duplicate finder's sort, now primitive, gives its old comparator sort's order, ties included. */
class PrimitiveSortsTest {
    @Test
    void byCoordinatesIsTheOldComparatorSort() {
        SplittableRandom r = new SplittableRandom(232);
        double[] pool = {-0.0, 0.0, 1, -1, 0.25, Double.NaN, Double.POSITIVE_INFINITY};
        for (int t = 0; t < 300; t++) {
            int n = r.nextInt(1, 150);
            double[] original = new double[3 * n];
            for (int i = 0; i < original.length; i++) {
                original[i] = r.nextInt(3) == 0 ? r.nextDouble() : pool[r.nextInt(pool.length)];
            }
            int[] order = new int[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            for (int i = n - 1; i > 0; i--) {
                int j = r.nextInt(i + 1), x = order[i];
                order[i] = order[j];
                order[j] = x;
            }
            // the replaced code
            Integer[] byCoord = new Integer[n];
            for (int i = 0; i < n; i++) {
                byCoord[i] = order[i];
            }
            int[] rank = new int[n];
            for (int i = 0; i < n; i++) {
                rank[order[i]] = i;
            }
            Arrays.sort(byCoord, (x, y) -> {
                for (int k = 0; k < 3; k++) {
                    int c = Double.compare(original[3 * x + k], original[3 * y + k]);
                    if (c != 0) {
                        return c;
                    }
                }
                return Integer.compare(rank[x], rank[y]);
            });
            assertThat(Delaunay3.byCoordinates(original, order))
                    .isEqualTo(Arrays.stream(byCoord).mapToInt(Integer::intValue).toArray());
        }
    }
}
