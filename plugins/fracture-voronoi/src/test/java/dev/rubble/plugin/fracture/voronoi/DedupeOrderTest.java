package dev.rubble.plugin.fracture.voronoi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Issue 32: duplicate sites are dropped exactly as with the old comparator sort (the first occurrence kept, order kept). */
class DedupeOrderTest {
    @Test
    void dedupeMatchesTheOldComparatorSort() {
        SplittableRandom r = new SplittableRandom(273);
        double[] pool = {-0.0, 0.0, 1, -1, 0.5};
        for (int t = 0; t < 300; t++) {
            int n = r.nextInt(0, 120);
            double[] s = new double[3 * n];
            for (int i = 0; i < s.length; i++) {
                s[i] = r.nextInt(5) == 0 ? r.nextDouble() : pool[r.nextInt(pool.length)];
            }
            assertThat(VoronoiFracture.dedupe(s)).isEqualTo(oldDedupe(s));
        }
    }

    /** The replaced code, comparator sort and all. */
    private static double[] oldDedupe(double[] s) {
        int n = s.length / 3;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (p, q) -> {
            for (int k = 0; k < 3; k++) {
                int c = Double.compare(s[3 * p + k], s[3 * q + k]);
                if (c != 0) {
                    return c;
                }
            }
            return Integer.compare(p, q);
        });
        boolean[] drop = new boolean[n];
        int dropped = 0;
        for (int k = 1; k < n; k++) {
            int p = order[k - 1], q = order[k];
            if (s[3 * p] == s[3 * q] && s[3 * p + 1] == s[3 * q + 1] && s[3 * p + 2] == s[3 * q + 2]) {
                drop[q] = true;
                dropped++;
            }
        }
        double[] out = new double[3 * (n - dropped)];
        int j = 0;
        for (int i = 0; i < n; i++) {
            if (!drop[i]) {
                System.arraycopy(s, 3 * i, out, 3 * j++, 3);
            }
        }
        return out;
    }
}
