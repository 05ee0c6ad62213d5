package dev.rubble.plugin.broadphase.bruteforce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.plugin.broadphase.contract.AbstractBroadphaseContract;
import dev.rubble.plugin.broadphase.contract.PairRecorder;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.broadphase.Broadphase;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The reference runs the contract too: there its pairs are checked against the random scene's own
 * double loop (the suite's independent model), plus the hand-computed cases below.
 */
final class BruteForceBroadphaseTest extends AbstractBroadphaseContract {

    @Override
    protected Broadphase create() {
        return factory("bruteforce").create(StageConfig.empty());
    }

    @Test
    void aRowOfUnitBoxesOverlappingByHalfPairsEachWithItsNeighbours() {
        // boxes [i/2, i/2 + 1] on x: i and j overlap iff |i - j| <= 2 (touching at |i - j| = 2)
        Broadphase bp = create();
        for (int i = 0; i < 10; i++) {
            bp.add(i, i * 0.5, 0, 0, i * 0.5 + 1, 1, 1, false);
        }
        long[] pairs = sortedPairs(bp);
        assertThat(pairs).hasSize(9 + 8);
        for (int i = 0; i < 10; i++) {
            for (int j = i + 1; j < 10; j++) {
                assertThat(contains(pairs, PairRecorder.pack(i, j))).as("pair %d %d", i, j).isEqualTo(j - i <= 2);
            }
        }
    }

    private static boolean contains(long[] a, long v) {
        for (long x : a) {
            if (x == v) {
                return true;
            }
        }
        return false;
    }

    @Test
    void rejectsEveryOption() {
        assertThatThrownBy(() -> factory("bruteforce").create(StageConfig.of(Map.of("cellSize", 1))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown option 'cellSize'");
    }
}
