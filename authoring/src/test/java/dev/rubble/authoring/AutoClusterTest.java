package dev.rubble.authoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.spi.graph.DisjointSets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

final class AutoClusterTest {

    /** A s × s × s grid of unit cells with face adjacency (area 1). */
    private static int[][] grid(int s, double[] centres) {
        int n = s * s * s;
        int[] a = new int[3 * n];
        int[] b = new int[3 * n];
        int m = 0;
        for (int z = 0; z < s; z++) {
            for (int y = 0; y < s; y++) {
                for (int x = 0; x < s; x++) {
                    int i = x + s * (y + s * z);
                    centres[3 * i] = x;
                    centres[3 * i + 1] = y;
                    centres[3 * i + 2] = z;
                    if (x + 1 < s) {
                        a[m] = i;
                        b[m++] = i + 1;
                    }
                    if (y + 1 < s) {
                        a[m] = i;
                        b[m++] = i + s;
                    }
                    if (z + 1 < s) {
                        a[m] = i;
                        b[m++] = i + s * s;
                    }
                }
            }
        }
        return new int[][] {Arrays.copyOf(a, m), Arrays.copyOf(b, m)};
    }

    private static void assertConnectedLabels(int n, int[] label, int[] ea, int[] eb) {
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
        for (int e = 0; e < ea.length; e++) {
            if (label[ea[e]] == label[eb[e]]) {
                int x = DisjointSets.find(parent, ea[e]), y = DisjointSets.find(parent, eb[e]);
                parent[Math.max(x, y)] = Math.min(x, y);
            }
        }
        int labels = Arrays.stream(label).max().getAsInt() + 1;
        int[] rootOf = new int[labels];
        Arrays.fill(rootOf, -1);
        for (int i = 0; i < n; i++) {
            int r = DisjointSets.find(parent, i);
            if (rootOf[label[i]] < 0) {
                rootOf[label[i]] = r;
            }
            assertThat(r).as("item %d of label %d", i, label[i]).isEqualTo(rootOf[label[i]]);
        }
    }

    @Test
    void clustersTwentySevenThousandGridCellsIntoConnectedGroups() {
        int s = 30, n = s * s * s;
        double[] c = new double[3 * n];
        int[][] e = grid(s, c);
        double[] area = new double[e[0].length];
        Arrays.fill(area, 1);
        int[] label = AutoCluster.partition(n, c, 200, 20, 20, 4, e[0], e[1], area);
        int labels = Arrays.stream(label).max().getAsInt() + 1;
        assertThat(labels).isBetween(100, 200);
        int[] size = new int[labels];
        for (int l : label) {
            size[l]++;
        }
        for (int z : size) {
            assertThat(z).isGreaterThanOrEqualTo(20);
        }
        assertConnectedLabels(n, label, e[0], e[1]);
        assertThat(AutoCluster.partition(n, c, 200, 20, 20, 4, e[0], e[1], area)).isEqualTo(label);
    }

    @Test
    void aKMeansPartitionThatIsNotConnectedIsSplitAndTinyComponentsMerge() {
        // 4 items on a line: 0-1 touch, 2-3 touch, 1 and 2 do not; one k-means cluster
        double[] c = {0, 0, 0, 1, 0, 0, 2, 0, 0, 3, 0, 0};
        int[] label = AutoCluster.partition(4, c, 1, 1, 5, 0, new int[] {0, 2}, new int[] {1, 3}, new double[] {1, 1});
        assertThat(label).containsExactly(0, 0, 1, 1);
        // with minSize 3 the two pairs merge through the weak 1-2 contact when it exists
        int[] merged = AutoCluster.partition(4, c, 1, 3, 5, 0, new int[] {0, 2}, new int[] {1, 3},
                new double[] {1, 1});
        assertThat(merged).containsExactly(0, 0, 1, 1); // no contact between the pairs: kept apart
        int[] joined = AutoCluster.partition(4, c, 2, 3, 5, 0, new int[] {0, 1, 2}, new int[] {1, 2, 3},
                new double[] {1, 0.1, 1});
        assertThat(joined).containsExactly(0, 0, 0, 0);
        assertThatThrownBy(() -> AutoCluster.partition(4, c, 0, 1, 5, 0, new int[0], new int[0], new double[0]))
                .hasMessageContaining("clusters = 0");
    }

    @Test
    void pointGridNearestMatchesBruteForce() {
        SplittableRandom r = new SplittableRandom(2);
        int n = 500;
        double[] p = new double[3 * n];
        for (int i = 0; i < 3 * n; i++) {
            p[i] = r.nextDouble() * (i % 3 == 0 ? 10 : 1);
        }
        PointGrid g = new PointGrid(p, n);
        for (int q = 0; q < 2000; q++) {
            double x = r.nextDouble() * 14 - 2, y = r.nextDouble() * 3 - 1, z = r.nextDouble() * 3 - 1;
            int best = -1;
            double bd = Double.POSITIVE_INFINITY;
            for (int i = 0; i < n; i++) {
                double d = (p[3 * i] - x) * (p[3 * i] - x) + (p[3 * i + 1] - y) * (p[3 * i + 1] - y)
                        + (p[3 * i + 2] - z) * (p[3 * i + 2] - z);
                if (d < bd) {
                    bd = d;
                    best = i;
                }
            }
            assertThat(g.nearest(x, y, z)).isEqualTo(best);
        }
    }
}
