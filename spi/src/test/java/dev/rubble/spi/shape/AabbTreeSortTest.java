package dev.rubble.spi.shape;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Issue 32: the tree's split sort, now primitive, orders a range exactly as its old comparator sort did. */
class AabbTreeSortTest {
    @Test
    void sortByCentreIsTheOldComparatorSort() {
        SplittableRandom r = new SplittableRandom(89);
        for (int t = 0; t < 300; t++) {
            int n = r.nextInt(1, 120);
            double[] b = new double[6 * n];
            for (int i = 0; i < b.length; i++) {
                // few distinct coordinates: many equal centres; both zeros; the odd huge value
                b[i] = new double[] {-0.0, 0.0, 1, -1, 0.5, 1e308, 3}[r.nextInt(7)];
            }
            int[] items = new int[n];
            for (int i = 0; i < n; i++) {
                items[i] = i;
            }
            for (int i = n - 1; i > 0; i--) {
                int j = r.nextInt(i + 1), x = items[i];
                items[i] = items[j];
                items[j] = x;
            }
            int from = r.nextInt(n), to = r.nextInt(from, n + 1), ax = r.nextInt(3);
            Integer[] tmp = new Integer[to - from];
            for (int i = from; i < to; i++) {
                tmp[i - from] = items[i];
            }
            Arrays.sort(tmp, (p, q) -> {
                int c = Double.compare(b[6 * p + ax] + b[6 * p + 3 + ax], b[6 * q + ax] + b[6 * q + 3 + ax]);
                return c != 0 ? c : Integer.compare(p, q);
            });
            int[] want = items.clone();
            for (int i = from; i < to; i++) {
                want[i] = tmp[i - from];
            }
            AabbTree.sortByCentre(items, from, to, b, ax);
            assertThat(items).isEqualTo(want);
        }
    }
}
