package dev.rubble.geometry.hull;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Issue 32: the planar hull's point order, now from primitive sorts, is its old comparator sort's, ties and NaNs included. */
class PlanarOrderTest {
    @Test
    void planarOrderIsTheOldComparatorSort() {
        SplittableRandom r = new SplittableRandom(433);
        double[] pool = {-0.0, 0.0, 1, -1, 0.5, Double.NaN, Double.NEGATIVE_INFINITY};
        for (int t = 0; t < 400; t++) {
            int np = r.nextInt(1, 100);
            double[] pu = new double[np + r.nextInt(3)], pw = new double[pu.length];
            int[] pts = new int[pu.length];
            for (int k = 0; k < pu.length; k++) {
                pu[k] = pool[r.nextInt(pool.length)];
                pw[k] = r.nextInt(4) == 0 ? r.nextDouble() : pool[r.nextInt(pool.length)];
                pts[k] = r.nextInt(30); // repeated point indices too
            }
            Integer[] idx = new Integer[np];
            for (int k = 0; k < np; k++) {
                idx[k] = k;
            }
            Arrays.sort(idx, (i, j) -> pu[i] != pu[j] ? Double.compare(pu[i], pu[j])
                    : (pw[i] != pw[j] ? Double.compare(pw[i], pw[j]) : Integer.compare(pts[i], pts[j])));
            assertThat(QuickHull.planarOrder(pu, pw, pts, np))
                    .isEqualTo(Arrays.stream(idx).mapToInt(Integer::intValue).toArray());
        }
    }
}
