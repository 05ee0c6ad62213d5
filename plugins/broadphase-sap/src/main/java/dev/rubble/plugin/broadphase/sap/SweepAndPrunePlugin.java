package dev.rubble.plugin.broadphase.sap;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.broadphase.BroadphaseFactory;
import java.util.List;

/** Offers the incremental sweep-and-prune broadphase under the name {@code sap}. No options; unknown ones are rejected. */
public final class SweepAndPrunePlugin implements RubblePlugin {

    @Override
    public String name() {
        return "broadphase-sap";
    }

    @Override
    public Iterable<BroadphaseFactory> broadphases() {
        return List.of(new BroadphaseFactory() {
            @Override
            public String name() {
                return "sap";
            }

            @Override
            public String description() {
                return "incremental sweep and prune: endpoints kept sorted by insertion sort, pairs kept from the"
                        + " swaps; best for coherent, slow scenes (settling piles), weak for dense fast clouds";
            }

            @Override
            public Broadphase create(StageConfig config) {
                config.requireOnly();
                return new SweepAndPruneBroadphase();
            }
        });
    }
}
