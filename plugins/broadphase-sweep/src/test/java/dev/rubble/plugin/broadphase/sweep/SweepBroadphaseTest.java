package dev.rubble.plugin.broadphase.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.spi.StageConfig;
import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.broadphase.BroadphaseFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

final class SweepBroadphaseTest {

    /** The oracle: every pair of live proxies tested directly (closed intervals, fixed/fixed skipped). */
    private static TreeSet<Long> bruteForce(double[][] box, boolean[] live, boolean[] fixed) {
        TreeSet<Long> out = new TreeSet<>();
        for (int i = 0; i < box.length; i++) {
            for (int j = i + 1; j < box.length; j++) {
                if (!live[i] || !live[j] || (fixed[i] && fixed[j])) {
                    continue;
                }
                double[] a = box[i], b = box[j];
                if (a[0] <= b[3] && b[0] <= a[3] && a[1] <= b[4] && b[1] <= a[4] && a[2] <= b[5] && b[2] <= a[5]) {
                    out.add(((long) i << 32) | j);
                }
            }
        }
        return out;
    }

    private static TreeSet<Long> pairs(Broadphase bp) {
        TreeSet<Long> out = new TreeSet<>();
        bp.findPairs((a, b) -> {
            boolean fresh = out.add(a < b ? ((long) a << 32) | b : ((long) b << 32) | a);
            assertThat(fresh).as("pair (%d, %d) reported twice", a, b).isTrue();
        });
        return out;
    }

    private static void random(double[] box, SplittableRandom r, double spread) {
        double x = r.nextDouble(-spread, spread), y = r.nextDouble(0, spread / 2), z = r.nextDouble(-spread, spread);
        double h = r.nextDouble(0.05, 1.0);
        box[0] = x - h; box[1] = y - h; box[2] = z - h;
        box[3] = x + h; box[4] = y + h; box[5] = z + h;
    }

    @Test
    void samePairsAsBruteForceWhileBoxesMoveAppearAndDisappear() {
        SplittableRandom r = new SplittableRandom(11);
        int n = 400;
        double[][] box = new double[n][6];
        boolean[] live = new boolean[n], fixed = new boolean[n];
        Broadphase bp = new SweepBroadphase();
        // a big fixed ground overlapping everything low, then random boxes
        box[0] = new double[] {-30, -1, -30, 30, 0.2, 30};
        fixed[0] = live[0] = true;
        bp.add(0, -30, -1, -30, 30, 0.2, 30, true);
        for (int i = 1; i < n; i++) {
            random(box[i], r, 12);
            live[i] = true;
            fixed[i] = i % 17 == 0;
            bp.add(i, box[i][0], box[i][1], box[i][2], box[i][3], box[i][4], box[i][5], fixed[i]);
        }
        int nonEmpty = 0;
        for (int step = 0; step < 40; step++) {
            for (int i = 1; i < n; i++) {
                if (!live[i]) {
                    if (r.nextDouble() < 0.2) {
                        random(box[i], r, 12);
                        live[i] = true;
                        bp.add(i, box[i][0], box[i][1], box[i][2], box[i][3], box[i][4], box[i][5], fixed[i]);
                    }
                    continue;
                }
                if (r.nextDouble() < 0.02) {
                    live[i] = false;
                    bp.remove(i);
                    continue;
                }
                // coherent motion: a small drift, and sometimes a jump (a teleport or a fast body)
                double d = r.nextDouble() < 0.05 ? r.nextDouble(-8, 8) : r.nextDouble(-0.2, 0.2);
                int axis = r.nextInt(3);
                box[i][axis] += d;
                box[i][axis + 3] += d;
                if (r.nextDouble() < 0.01) {
                    fixed[i] = !fixed[i];
                    bp.setFixed(i, fixed[i]);
                }
                bp.update(i, box[i][0], box[i][1], box[i][2], box[i][3], box[i][4], box[i][5]);
            }
            TreeSet<Long> expected = bruteForce(box, live, fixed);
            assertThat(pairs(bp)).as("step %d", step).isEqualTo(expected);
            if (!expected.isEmpty()) {
                nonEmpty++;
            }
        }
        assertThat(nonEmpty).isEqualTo(40);
    }

    @Test
    void touchingBoxesOverlapAndFixedPairsAreSkipped() {
        Broadphase bp = new SweepBroadphase();
        bp.add(3, 0, 0, 0, 1, 1, 1, false);
        bp.add(7, 1, 0, 0, 2, 1, 1, false);   // touches 3 at x = 1
        bp.add(9, 2.5, 0, 0, 3, 1, 1, true);
        bp.add(4, 2.5, 0, 0, 3, 1, 1, true);  // overlaps 9, both fixed
        assertThat(pairs(bp)).containsExactly((3L << 32) | 7);
        bp.setFixed(4, false);
        assertThat(pairs(bp)).containsExactly((3L << 32) | 7, (4L << 32) | 9);
        assertThat(bp.size()).isEqualTo(4);
        bp.remove(3);
        assertThat(bp.contains(3)).isFalse();
        assertThat(pairs(bp)).containsExactly((4L << 32) | 9);
        assertThatThrownBy(() -> bp.update(3, 0, 0, 0, 1, 1, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("proxy id 3");
        List<Integer> hits = new ArrayList<>();
        bp.query(2.9, 0.5, 0.5, 5, 5, 5, hits::add);
        assertThat(hits).containsExactlyInAnyOrder(9, 4);
    }

    @Test
    void pluginOffersSweepAndRejectsOptions() {
        BroadphaseFactory f = new SweepPlugin().broadphases().iterator().next();
        assertThat(f.name()).isEqualTo("sweep");
        assertThat(f.create(StageConfig.empty())).isInstanceOf(SweepBroadphase.class);
    }
}
