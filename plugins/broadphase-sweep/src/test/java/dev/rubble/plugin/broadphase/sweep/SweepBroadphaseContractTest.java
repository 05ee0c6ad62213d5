package dev.rubble.plugin.broadphase.sweep;

import dev.rubble.plugin.broadphase.contract.AbstractBroadphaseContract;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.broadphase.Broadphase;

/** The shared broadphase contract (exactly the brute-force pair set, step after step) for {@code sweep}. */
final class SweepBroadphaseContractTest extends AbstractBroadphaseContract {

    @Override
    protected Broadphase create() {
        return factory("sweep").create(StageConfig.empty());
    }
}
