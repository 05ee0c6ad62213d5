package dev.rubble.core.collision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.narrowphase.Narrowphase;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Issue 27: a pair's manifolds are sorted by key with at most n - 1 record swaps for long runs (a compound on
 * the ground makes one manifold per touching child, in its tree's order; the insertion sort swapped whole
 * records O(n²) times). Whatever the path, every manifold must end where the insertion sort put it, with its
 * points: compared field by field with an insertion sort of an identical store, for runs of 1 to 300 manifolds,
 * sub-ranges of a larger store, keys in any order, nearly sorted, reversed and with repeats.
 */
final class NarrowphaseSortTest {
    private static final int P = ContactStore.MAX_POINTS;

    @Test
    void everyRunEndsAsTheInsertionSortLeavesIt() {
        Narrowphase np = Stages.load().create(StageFamily.NARROWPHASE, "default", StageConfig.empty());
        NarrowphaseStage stage = new NarrowphaseStage(np);
        NarrowphaseStage.SortScratch scratch = new NarrowphaseStage.SortScratch();
        SplittableRandom rnd = new SplittableRandom(27);
        int runs = 0, permuted = 0;
        for (int trial = 0; trial < 600; trial++) {
            int n = 1 + rnd.nextInt(trial < 300 ? 20 : 300);
            int before = rnd.nextInt(5), after = rnd.nextInt(5);
            int total = before + n + after;
            long seed = rnd.nextLong();
            int kind = trial % 5; // 0 random, 1 nearly sorted, 2 reversed, 3 repeats, 4 already sorted
            ContactStore want = fill(total, before, n, kind, seed);
            ContactStore got = fill(total, before, n, kind, seed);
            stage.reserve(total, total, total * P);
            insertionSort(want, before, before + n);
            stage.sortByKey(got, before, before + n, scratch);
            same(got, want, total, trial);
            runs++;
            if (n > NarrowphaseStage.INSERTION_RUN && kind != 3 && kind != 4) {
                permuted++;
            }
        }
        assertThat(runs).isEqualTo(600);
        assertThat(permuted).isGreaterThan(200);
        assertThat(scratch.order.length).as("the buffers grew to the longest run").isGreaterThanOrEqualTo(9);
    }

    private static ContactStore fill(int total, int before, int n, int kind, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        ContactStore s = new ContactStore(4, 1 << 20);
        for (int m = 0; m < total; m++) {
            long key;
            int k = m - before;
            if (k < 0 || k >= n) {
                key = -1 - m; // outside the run: must not move
            } else {
                key = switch (kind) {
                    case 1 -> 10L * k + (r.nextInt(10) == 0 ? -25 : 0);
                    case 2 -> 1000L - 3 * k;
                    case 3 -> r.nextInt(Math.max(2, n / 3));
                    case 4 -> 7L * k;
                    default -> r.nextLong();
                };
            }
            int i = s.add(r.nextInt(1000), r.nextInt(1000), key);
            s.pointCount[i] = 1 + r.nextInt(P);
            s.nx[i] = r.nextDouble();
            s.ny[i] = r.nextDouble();
            s.nz[i] = r.nextDouble();
            s.friction[i] = r.nextDouble();
            s.restitution[i] = r.nextDouble();
            for (int p = i * P; p < i * P + P; p++) {
                s.ax[p] = r.nextDouble();
                s.ay[p] = r.nextDouble();
                s.az[p] = r.nextDouble();
                s.bx[p] = r.nextDouble();
                s.by[p] = r.nextDouble();
                s.bz[p] = r.nextDouble();
                s.separation[p] = r.nextDouble();
                s.feature[p] = r.nextLong();
                s.normalImpulse[p] = r.nextDouble();
                s.tangentImpulse1[p] = r.nextDouble();
                s.tangentImpulse2[p] = r.nextDouble();
                s.relativeNormalVelocity[p] = r.nextDouble();
            }
        }
        return s;
    }

    private static void insertionSort(ContactStore s, int from, int to) {
        for (int i = from + 1; i < to; i++) {
            for (int j = i; j > from && s.key[j - 1] > s.key[j]; j--) {
                s.swap(j - 1, j);
            }
        }
    }

    private static void same(ContactStore got, ContactStore want, int total, int trial) {
        for (int m = 0; m < total; m++) {
            String at = "trial " + trial + " manifold " + m;
            assertThat(got.key[m]).as(at).isEqualTo(want.key[m]);
            assertThat(got.bodyA[m]).as(at).isEqualTo(want.bodyA[m]);
            assertThat(got.bodyB[m]).as(at).isEqualTo(want.bodyB[m]);
            assertThat(got.pointCount[m]).as(at).isEqualTo(want.pointCount[m]);
            assertThat(new double[] {got.nx[m], got.ny[m], got.nz[m], got.friction[m], got.restitution[m]}).as(at)
                    .containsExactly(want.nx[m], want.ny[m], want.nz[m], want.friction[m], want.restitution[m]);
            for (int p = m * P; p < m * P + P; p++) {
                assertThat(got.feature[p]).as(at).isEqualTo(want.feature[p]);
                assertThat(new double[] {got.ax[p], got.ay[p], got.az[p], got.bx[p], got.by[p], got.bz[p],
                    got.separation[p], got.normalImpulse[p], got.tangentImpulse1[p], got.tangentImpulse2[p],
                    got.relativeNormalVelocity[p]}).as(at).containsExactly(want.ax[p], want.ay[p], want.az[p],
                        want.bx[p], want.by[p], want.bz[p], want.separation[p], want.normalImpulse[p],
                        want.tangentImpulse1[p], want.tangentImpulse2[p], want.relativeNormalVelocity[p]);
            }
        }
    }
}
