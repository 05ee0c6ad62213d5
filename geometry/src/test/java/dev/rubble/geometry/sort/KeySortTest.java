package dev.rubble.geometry.sort;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The primitive index sorts give exactly the order of a stable boxed sort with the same comparator. */
final class KeySortTest {
    private static final double[] ODD = {0.0, -0.0, Double.NaN, Double.longBitsToDouble(0x7ff8000000000123L),
        Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, 1.5, -1.5,
        Double.MAX_VALUE, -Double.MAX_VALUE};

    @Test
    void orderKeyComparesAsDoubleCompare() {
        for (double a : ODD) {
            for (double b : ODD) {
                assertThat(Long.signum(Long.compare(KeySort.orderKey(a), KeySort.orderKey(b))))
                        .as("%s vs %s", a, b).isEqualTo(Integer.signum(Double.compare(a, b)));
            }
        }
    }

    @Test
    void theOrderIsAStableBoxedSortsOrder() {
        SplittableRandom r = new SplittableRandom(42);
        for (int n : new int[] {0, 1, 2, 15, 16, 17, 33, 100, 1000, 4097}) {
            for (int range : new int[] {2, 5, 1 << 30}) {
                double[] x = new double[n];
                long[] y = new long[n];
                for (int i = 0; i < n; i++) {
                    x[i] = r.nextInt(4) == 0 ? ODD[r.nextInt(ODD.length)] : r.nextInt(range) - range / 2;
                    y[i] = r.nextInt(range);
                }
                Integer[] boxed = new Integer[n];
                for (int i = 0; i < n; i++) {
                    boxed[i] = i;
                }
                Arrays.sort(boxed, (a, b) -> {
                    int c = Double.compare(x[a], x[b]);
                    return c != 0 ? c : Long.compare(y[a], y[b]);
                });
                long[] kx = new long[n];
                for (int i = 0; i < n; i++) {
                    kx[i] = KeySort.orderKey(x[i]);
                }
                int[] got = KeySort.order(n, kx, y);
                assertThat(Arrays.stream(got).boxed().toArray(Integer[]::new)).as("n=%d range=%d", n, range)
                        .containsExactly(boxed);
                int[] one = KeySort.order(kx);
                Integer[] b1 = new Integer[n];
                for (int i = 0; i < n; i++) {
                    b1[i] = i;
                }
                Arrays.sort(b1, (a, b) -> Double.compare(x[a], x[b]));
                assertThat(Arrays.stream(one).boxed().toArray(Integer[]::new)).containsExactly(b1);
            }
        }
    }
}
