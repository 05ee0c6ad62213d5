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
}
