package dev.rubble.authoring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Issue 32: the authoring sorts that were boxed comparator sorts (small-piece merging by volume,
 * connection capping by length, auto-cluster's small components by size) give the old orders
 * exactly, ties, both zeros and NaNs included.
 */
class PrimitiveSortsTest {
    private static final double[] POOL = {-0.0, 0.0, 1, 2, 0.125, Double.NaN, Double.POSITIVE_INFINITY};

    private static Integer[] identity(int n) {
        Integer[] a = new Integer[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return a;
    }

    private static int[] unbox(Integer[] a) {
        return Arrays.stream(a).mapToInt(Integer::intValue).toArray();
    }

    @Test
    void mergeOrderByVolumeIsTheOldComparatorSort() {
        SplittableRandom r = new SplittableRandom(487);
        for (int t = 0; t < 300; t++) {
            int m = r.nextInt(0, 150);
            double[] vol = new double[m];
            for (int i = 0; i < m; i++) {
                vol[i] = r.nextInt(4) == 0 ? r.nextDouble() : POOL[r.nextInt(POOL.length)];
            }
            Integer[] order = identity(m);
            Arrays.sort(order, (x, y) -> vol[x] != vol[y] ? Double.compare(vol[x], vol[y]) : Integer.compare(x, y));
            assertThat(CollectionBuilder.byVolume(vol)).isEqualTo(unbox(order));
        }
    }

    @Test
    void capOrderByLengthIsTheOldComparatorSort() {
        SplittableRandom r = new SplittableRandom(849);
        for (int t = 0; t < 300; t++) {
            int u = r.nextInt(0, 150);
            double[] len = new double[u];
            long[] e = new long[u];
            for (int i = 0; i < u; i++) {
                len[i] = POOL[r.nextInt(POOL.length)];
                e[i] = ((long) r.nextInt(5) << 32) | r.nextInt(5); // unsorted, repeated: harder than capConnections' input
            }
            Integer[] order = identity(u);
            Arrays.sort(order, (x, y) -> len[x] != len[y] ? Double.compare(len[x], len[y]) : Long.compare(e[x], e[y]));
            assertThat(CollectionBuilder.byLength(len, e)).isEqualTo(unbox(order));
        }
    }

    @Test
    void smallRootsBySizeIsTheOldComparatorSort() {
        SplittableRandom r = new SplittableRandom(155);
        for (int t = 0; t < 300; t++) {
            int n = r.nextInt(0, 200);
            int[] parent = new int[n], size = new int[n];
            for (int i = 0; i < n; i++) {
                parent[i] = r.nextInt(3) == 0 ? r.nextInt(n) : i;
                size[i] = r.nextInt(6);
            }
            int minSize = r.nextInt(1, 6);
            int c = 0;
            Integer[] want = new Integer[n];
            for (int i = 0; i < n; i++) {
                if (parent[i] == i && size[i] < minSize) {
                    want[c++] = i;
                }
            }
            want = Arrays.copyOf(want, c);
            Arrays.sort(want, (x, y) -> size[x] != size[y] ? Integer.compare(size[x], size[y]) : Integer.compare(x, y));
            assertThat(AutoCluster.smallRoots(parent, size, minSize)).isEqualTo(unbox(want));
        }
    }
}
