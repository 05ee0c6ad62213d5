package dev.rubble.plugin.broadphase.grid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.plugin.broadphase.contract.AbstractBroadphaseContract;
import dev.rubble.plugin.broadphase.contract.PairRecorder;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.broadphase.Broadphase;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The contract with the default cell size; see the nested-size variants in the sibling classes. */
final class SpatialHashBroadphaseTest extends AbstractBroadphaseContract {

    @Override
    protected Broadphase create() {
        return factory("grid").create(StageConfig.empty());
    }

    @Test
    void cellSizeOptionIsValidated() {
        assertThatThrownBy(() -> factory("grid").create(StageConfig.of(Map.of("cellSize", 0))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cellSize").hasMessageContaining("0").hasMessageContaining("allowed");
        assertThatThrownBy(() -> factory("grid").create(StageConfig.of(Map.of("cellSize", "big"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cellSize").hasMessageContaining("not a number");
        assertThatThrownBy(() -> factory("grid").create(StageConfig.of(Map.of("cellsize", 1.0))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown option 'cellsize'").hasMessageContaining("cellSize");
        assertThatThrownBy(() -> factory("grid").create(StageConfig.of(Map.of("hugeCells", 0))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hugeCells");
        Broadphase bp = factory("grid").create(StageConfig.of(Map.of("cellSize", 0.25, "hugeCells", 8)));
        assertThat(((SpatialHashBroadphase) bp).cellSize()).isEqualTo(0.25);
    }

    @Test
    void aPairSharingManyCellsIsReportedOnce() {
        // two 10 x 10 x 10 boxes overlapping in a 5 x 10 x 10 slab: 5 * 10 * 10 shared unit cells
        Broadphase bp = new SpatialHashBroadphase(1.0, 10_000);
        bp.add(0, 0, 0, 0, 10, 10, 10, false);
        bp.add(1, 5, 0, 0, 15, 10, 10, false);
        assertThat(PairRecorder.of(bp).raw()).containsExactly(PairRecorder.pack(0, 1));
        java.util.List<Integer> hits = new java.util.ArrayList<>();
        bp.query(6, 1, 1, 9, 9, 9, hits::add);
        assertThat(hits).containsExactlyInAnyOrder(0, 1);
    }

    @Test
    void boxesOnCellBordersAndNegativeCoordinatesPair() {
        Broadphase bp = new SpatialHashBroadphase(2.0, 64);
        bp.add(0, -2, -2, -2, 0, 0, 0, false);   // exactly cell (-1, -1, -1)
        bp.add(1, 0, 0, 0, 2, 2, 2, false);      // exactly cell (0, 0, 0), touches 0 at the origin
        // a point just below the origin: in cell (-1, -1, -1) with 0, a hair outside 1
        bp.add(2, -1e-300, -1e-300, -1e-300, -1e-300, -1e-300, -1e-300, true);
        bp.add(3, -1e-300, 0, 0, 1, 1, 1, false); // straddles the cell border x = 0: pairs with 0 and 1
        assertThat(sortedPairs(bp)).containsExactly(
                PairRecorder.pack(0, 1), PairRecorder.pack(0, 2), PairRecorder.pack(0, 3),
                PairRecorder.pack(1, 3));
    }
}
