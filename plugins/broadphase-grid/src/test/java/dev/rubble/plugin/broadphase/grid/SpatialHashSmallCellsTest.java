package dev.rubble.plugin.broadphase.grid;

import dev.rubble.plugin.broadphase.contract.AbstractBroadphaseContract;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.broadphase.Broadphase;
import java.util.Map;

/** The contract with cells much smaller than the bodies: most boxes span many cells or are huge. */
final class SpatialHashSmallCellsTest extends AbstractBroadphaseContract {

    @Override
    protected Broadphase create() {
        return factory("grid").create(StageConfig.of(Map.of("cellSize", 0.3, "hugeCells", 64)));
    }

    @Override
    protected int maxSceneBodies() {
        return 2000; // the default-options class runs the 20 000-body scene
    }
}
