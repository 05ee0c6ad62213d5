package dev.rubble.plugin.broadphase.sweep;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.broadphase.BroadphaseFactory;
import java.util.List;

/** Offers the single-axis sort-and-sweep broadphase ("box pruning"), the kernel's default. */
public final class SweepPlugin implements RubblePlugin {

    @Override
    public String name() {
        return "broadphase-sweep";
    }

    @Override
    public Iterable<BroadphaseFactory> broadphases() {
        return List.of(new BroadphaseFactory() {
            @Override
            public String name() {
                return "sweep";
            }

            @Override
            public String description() {
                return "sort the boxes by their minimum on the axis of largest spread (insertion sort from"
                        + " last step's order), sweep for overlaps; near O(N + pairs) for coherent motion";
            }

            @Override
            public Broadphase create(StageConfig config) {
                config.requireOnly();
                return new SweepBroadphase();
            }
        });
    }
}
