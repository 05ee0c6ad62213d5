package dev.rubble.plugin.broadphase.bruteforce;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.broadphase.BroadphaseFactory;
import java.util.List;

/** Offers the brute-force N x N broadphase, the reference every other broadphase is tested against. */
public final class BruteForcePlugin implements RubblePlugin {

    @Override
    public String name() {
        return "broadphase-bruteforce";
    }

    @Override
    public Iterable<BroadphaseFactory> broadphases() {
        return List.of(new BroadphaseFactory() {
            @Override
            public String name() {
                return "bruteforce";
            }

            @Override
            public String description() {
                return "every pair tested, O(N^2); the reference the other broadphases are checked against";
            }

            @Override
            public Broadphase create(StageConfig config) {
                config.requireOnly();
                return new BruteForceBroadphase();
            }
        });
    }
}
