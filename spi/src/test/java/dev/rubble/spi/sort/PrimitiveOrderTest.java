package dev.rubble.spi.sort;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Issue 32: the primitive sorts give exactly the comparator sorts' orders they replace, ties, both
 * zeros, NaNs and infinities included (the reference is the JDK's stable comparator sort).
 */
class PrimitiveOrderTest {
    /** Values drawn from a small pool so that ties are common, with the awkward doubles in it. */
    static double[] values(SplittableRandom r, int n) {
        double[] pool = {-0.0, 0.0, Double.NaN, Double.longBitsToDouble(0x7ff8000000000123L), Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, 1.5, -1.5, 1e300, 2.0, 2.0000000000000004};
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = r.nextInt(4) == 0 ? r.nextDouble(-3, 3) : pool[r.nextInt(pool.length)];
        }
        return v;
    }

    static Integer[] identity(int n) {
        return IntStream.range(0, n).boxed().toArray(Integer[]::new);
    }

    static int[] unbox(Integer[] a) {
        return Arrays.stream(a).mapToInt(Integer::intValue).toArray();
    }

    @Test
    void keysOrderAsDoubleCompareAndZerosEqualWhereAsked() {
        SplittableRandom r = new SplittableRandom(32);
        for (int t = 0; t < 20_000; t++) {
            double a = values(r, 1)[0], b = values(r, 1)[0];
            assertThat(Long.signum(Long.compare(PrimitiveOrder.key(a), PrimitiveOrder.key(b))))
                    .as("%s vs %s", a, b).isEqualTo(Integer.signum(Double.compare(a, b)));
            int idiom = a != b ? Integer.signum(Double.compare(a, b)) : 0;
            assertThat(Long.signum(Long.compare(PrimitiveOrder.keyZerosEqual(a), PrimitiveOrder.keyZerosEqual(b))))
                    .as("%s vs %s", a, b).isEqualTo(idiom);
        }
    }

    @Test
    void orderByOneKeyIsTheStableComparatorSort() {
        // n up to 200: the insertion runs and the merges both
        SplittableRandom r = new SplittableRandom(7);
        for (int t = 0; t < 300; t++) {
            int n = r.nextInt(0, 200);
            double[] v = values(r, n);
            Integer[] ref = identity(n);
            Arrays.sort(ref, (x, y) -> Double.compare(v[x], v[y]));
            long[] k = new long[n];
            for (int i = 0; i < n; i++) {
                k[i] = PrimitiveOrder.key(v[i]);
            }
            assertThat(PrimitiveOrder.order(k)).isEqualTo(unbox(ref));
        }
    }

    @Test
    void xyzOrderSortsPointsLexicographically() {
        SplittableRandom r = new SplittableRandom(11);
        for (int t = 0; t < 300; t++) {
            int n = r.nextInt(0, 150);
            double[] xyz = values(r, 3 * n);
            Integer[] ref = identity(n);
            Arrays.sort(ref, (p, q) -> {
                for (int k = 0; k < 3; k++) {
                    int c = Double.compare(xyz[3 * p + k], xyz[3 * q + k]);
                    if (c != 0) {
                        return c;
                    }
                }
                return Integer.compare(p, q);
            });
            assertThat(PrimitiveOrder.xyzOrder(xyz, null)).isEqualTo(unbox(ref));
        }
    }

    @Test
    void threeKeysOrderLexicographicallyAndStably() {
        assertThat(PrimitiveOrder.order(new long[] {1, 0, 1, 1, Long.MIN_VALUE}, new long[] {7, 9, 2, 7, 0},
                new long[] {5, 0, 5, -1, 0})).containsExactly(4, 1, 2, 3, 0);
        assertThat(PrimitiveOrder.order(new long[] {3, 1, 3, 1})).containsExactly(1, 3, 0, 2);
        assertThat(PrimitiveOrder.order(new long[0])).isEmpty();
        SplittableRandom r = new SplittableRandom(3);
        for (int t = 0; t < 300; t++) {
            int n = r.nextInt(0, 300);
            long[] a = new long[n], b = new long[n], c = new long[n];
            for (int i = 0; i < n; i++) {
                a[i] = r.nextInt(4) - 2;
                b[i] = r.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE - r.nextInt(3);
                c[i] = r.nextInt(3);
            }
            Integer[] ref = identity(n);
            Arrays.sort(ref, (x, y) -> a[x] != a[y] ? Long.compare(a[x], a[y])
                    : b[x] != b[y] ? Long.compare(b[x], b[y]) : Long.compare(c[x], c[y]));
            assertThat(PrimitiveOrder.order(a, b, c)).isEqualTo(unbox(ref));
        }
    }

    @Test
    void orderIntoReusedArraysIsTheStableComparatorSortOfThePrefix() {
        // issue 32: one set of scratch arrays, longer than any sort, reused for 300 sorts; stale
        // keys and indices beyond n from earlier sorts must not matter
        SplittableRandom r = new SplittableRandom(8);
        long[] k1 = new long[256], k2 = new long[256];
        int[] out = new int[256], tmp = new int[256];
        for (int t = 0; t < 300; t++) {
            int n = r.nextInt(0, 200);
            double[] u = values(r, n), w = values(r, n);
            Integer[] ref = identity(n);
            Arrays.sort(ref, (x, y) -> u[x] != u[y] ? Double.compare(u[x], u[y]) : Double.compare(w[x], w[y]));
            for (int i = 0; i < n; i++) {
                k1[i] = PrimitiveOrder.keyZerosEqual(u[i]);
                k2[i] = PrimitiveOrder.key(w[i]);
            }
            for (int i = 0; i < n; i++) {
                if (Double.isNaN(u[i])) {
                    k2[i] = 0; // the idiom ends the comparison at two NaNs
                }
            }
            PrimitiveOrder.order(n, k1, k2, null, out, tmp);
            assertThat(Arrays.copyOf(out, n)).isEqualTo(unbox(ref));
        }
    }
}
