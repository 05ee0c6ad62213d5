package dev.rubble.plugin.broadphase.bvh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.plugin.broadphase.contract.AbstractBroadphaseContract;
import dev.rubble.plugin.broadphase.contract.PairRecorder;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.broadphase.Broadphase;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class DynamicTreeBroadphaseTest extends AbstractBroadphaseContract {

    @Override
    protected Broadphase create() {
        return factory("bvh").create(StageConfig.empty());
    }

    @Test
    void marginOptionIsValidated() {
        assertThatThrownBy(() -> factory("bvh").create(StageConfig.of(Map.of("margin", -0.5))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("margin").hasMessageContaining("-0.5").hasMessageContaining("allowed");
        assertThatThrownBy(() -> factory("bvh").create(StageConfig.of(Map.of("margni", 0.5))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown option 'margni'");
        assertThat(factory("bvh").create(StageConfig.of(Map.of("margin", 0)))).isNotNull();
    }

    @Test
    void sortedInsertionsStayBalanced() {
        // inserting along a line is the degenerate case for an unbalanced tree (height n - 1);
        // with rotations the height stays within a small multiple of log2(n)
        DynamicTreeBroadphase bp = new DynamicTreeBroadphase(0.1);
        int n = 4096;
        for (int i = 0; i < n; i++) {
            bp.add(i, i, 0, 0, i + 0.5, 0.5, 0.5, false);
        }
        assertThat(bp.height()).isLessThanOrEqualTo(2 * 12 + 2);
        assertThat(bp.nodesInUse()).isEqualTo(2 * n - 1);
        assertThat(PairRecorder.of(bp).size()).isZero();
    }

    @Test
    void removalsReturnNodesToTheFreeList() {
        DynamicTreeBroadphase bp = new DynamicTreeBroadphase(0.1);
        for (int i = 0; i < 100; i++) {
            bp.add(i, i, i, i, i + 1, i + 1, i + 1, i % 3 == 0);
        }
        for (int i = 0; i < 100; i += 2) {
            bp.remove(i);
        }
        // 50 leaves: 17 fixed (odd multiples of 3) and 33 moving, in two trees
        assertThat(bp.nodesInUse()).isEqualTo((2 * 17 - 1) + (2 * 33 - 1));
        for (int i = 0; i < 100; i += 2) {
            bp.add(i, i, i, i, i + 1, i + 1, i + 1, false);
        }
        assertThat(bp.nodesInUse()).isEqualTo((2 * 17 - 1) + (2 * 83 - 1));
        assertThat(PairRecorder.of(bp).size()).isEqualTo(99); // neighbours touch at a corner; no two fixed are neighbours
    }

    @Test
    void smallMovesInsideTheFatBoxKeepTheTreeButStillChangeThePairs() {
        DynamicTreeBroadphase bp = new DynamicTreeBroadphase(0.5);
        bp.add(0, 0, 0, 0, 1, 1, 1, false);
        bp.add(1, 1.2, 0, 0, 2.2, 1, 1, false);
        // fat boxes overlap ([-.5, 1.5] and [.7, 2.7]) but tight ones do not: no pair
        assertThat(PairRecorder.of(bp).size()).isZero();
        bp.update(1, 1.0, 0, 0, 2.0, 1, 1); // moved 0.2, still inside its fat box
        assertThat(sortedPairs(bp)).containsExactly(PairRecorder.pack(0, 1));
    }
}
