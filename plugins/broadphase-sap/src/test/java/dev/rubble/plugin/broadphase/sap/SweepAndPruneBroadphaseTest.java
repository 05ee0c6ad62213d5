package dev.rubble.plugin.broadphase.sap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.plugin.broadphase.contract.AbstractBroadphaseContract;
import dev.rubble.plugin.broadphase.contract.PairRecorder;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.broadphase.Broadphase;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class SweepAndPruneBroadphaseTest extends AbstractBroadphaseContract {

    @Override
    protected Broadphase create() {
        return factory("sap").create(StageConfig.empty());
    }

    @Test
    void rejectsOptions() {
        assertThatThrownBy(() -> factory("sap").create(StageConfig.of(Map.of("margin", 0.1))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown option 'margin'");
    }

    @Test
    void reversingTheOrderOfEveryBoxStillFindsTheChain() {
        // a chain along z (the axis of largest spread), then every box moves to the mirrored place:
        // the worst case for insertion sort, which must fall back to the merge sort and stay exact
        Broadphase bp = create();
        int n = 2000;
        for (int i = 0; i < n; i++) {
            bp.add(i, 0, 0, i, 1, 1, i + 1, false);
        }
        assertThat(PairRecorder.of(bp).size()).isEqualTo(n - 1);
        for (int i = 0; i < n; i++) {
            double z = n - 1 - i;
            bp.update(i, 0, 0, z, 1, 1, z + 1);
        }
        long[] pairs = sortedPairs(bp);
        assertThat(pairs).hasSize(n - 1);
        for (int i = 0; i + 1 < n; i++) {
            assertThat(pairs[i]).isEqualTo(PairRecorder.pack(i, i + 1));
        }
    }

    @Test
    void coherentMotionAddsAndRemovalsKeepThePairSetIncrementally() {
        // small moves, a few adds and removals per step: the pair set must follow from swap events
        // and per-proxy queries alone (one rebuild, the first), and still equal the reference
        SweepAndPruneBroadphase bp = new SweepAndPruneBroadphase();
        Broadphase ref = reference();
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(8);
        int n = 400;
        double[] x = new double[n];
        boolean[] present = new boolean[n];
        for (int i = 0; i < n; i++) {
            x[i] = rnd.nextDouble(0, 200);
            present[i] = true;
            for (Broadphase b : new Broadphase[] {bp, ref}) {
                b.add(i, x[i], i % 4, 0, x[i] + 1, i % 4 + 1, 1, i % 9 == 0);
            }
        }
        for (int step = 0; step < 200; step++) {
            for (int i = 0; i < n; i++) {
                if (present[i] && i % 9 != 0) {
                    x[i] += ((i * 31 + step / 20) % 3 - 1) * 0.05;
                    bp.update(i, x[i], i % 4, 0, x[i] + 1, i % 4 + 1, 1);
                    ref.update(i, x[i], i % 4, 0, x[i] + 1, i % 4 + 1, 1);
                }
            }
            int k = rnd.nextInt(n);
            if (k % 9 != 0) {
                if (present[k]) {
                    bp.remove(k);
                    ref.remove(k);
                } else {
                    bp.add(k, x[k], k % 4, 0, x[k] + 1, k % 4 + 1, 1, false);
                    ref.add(k, x[k], k % 4, 0, x[k] + 1, k % 4 + 1, 1, false);
                }
                present[k] = !present[k];
            }
            assertSamePairs("step " + step, sortedPairs(ref), sortedPairs(bp));
        }
        assertThat(bp.rebuilds()).isEqualTo(1);
    }
}
