package dev.rubble.plugin.broadphase.grid;

import dev.rubble.plugin.broadphase.contract.AbstractBroadphaseContract;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.broadphase.Broadphase;
import java.util.Map;

/** The contract with cells much larger than the bodies: many bodies share a cell. */
final class SpatialHashLargeCellsTest extends AbstractBroadphaseContract {

    @Override
    protected Broadphase create() {
        return factory("grid").create(StageConfig.of(Map.of("cellSize", 8.0)));
    }

    @Override
    protected int maxSceneBodies() {
        return 2000; // the default-options class runs the 20 000-body scene
    }
}
