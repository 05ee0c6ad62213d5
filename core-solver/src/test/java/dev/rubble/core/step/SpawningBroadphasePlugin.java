package dev.rubble.core.step;

import dev.rubble.core.body.ForwardingBroadphase;
import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.broadphase.BroadphaseFactory;
import java.util.List;

/**
 * Test-only plugin: broadphase {@code test-spawner} is the brute-force reference plus a hook run from
 * inside {@code findPairs}, i.e. from inside a step, which is how a fracture stage creates debris.
 * Lets a test create a body while the world is stepping.
 */
public final class SpawningBroadphasePlugin implements RubblePlugin {
    /** Runs once from inside the next findPairs, then clears itself. Single-threaded tests only. */
    static Runnable hook;

    @Override
    public String name() {
        return "test-spawner";
    }

    @Override
    public Iterable<BroadphaseFactory> broadphases() {
        return List.of(new BroadphaseFactory() {
            @Override
            public String name() {
                return "test-spawner";
            }

            @Override
            public Broadphase create(StageConfig config) {
                return new Spawning();
            }
        });
    }

    private static final class Spawning extends ForwardingBroadphase {
        @Override
        public void findPairs(PairCollector out) {
            Runnable h = hook;
            hook = null;
            if (h != null) {
                h.run();
            }
            super.findPairs(out);
        }
    }
}
