package dev.rubble.core.step;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.broadphase.BroadphaseFactory;
import java.util.List;
import java.util.ServiceLoader;

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
                return new Spawning(reference());
            }
        });
    }

    private static Broadphase reference() {
        for (RubblePlugin p : ServiceLoader.load(RubblePlugin.class)) {
            for (BroadphaseFactory f : p.broadphases()) {
                if (f.name().equals("bruteforce")) {
                    return f.create(StageConfig.empty());
                }
            }
        }
        throw new IllegalStateException("bruteforce broadphase not on the test class path");
    }

    private static final class Spawning implements Broadphase {
        private final Broadphase d;

        Spawning(Broadphase d) {
            this.d = d;
        }

        @Override
        public void add(int id, double a, double b, double c, double e, double f, double g, boolean fixed) {
            d.add(id, a, b, c, e, f, g, fixed);
        }

        @Override
        public void update(int id, double a, double b, double c, double e, double f, double g) {
            d.update(id, a, b, c, e, f, g);
        }

        @Override
        public void setFixed(int id, boolean fixed) {
            d.setFixed(id, fixed);
        }

        @Override
        public void remove(int id) {
            d.remove(id);
        }

        @Override
        public boolean contains(int id) {
            return d.contains(id);
        }

        @Override
        public int size() {
            return d.size();
        }

        @Override
        public void findPairs(PairCollector out) {
            Runnable h = hook;
            hook = null;
            if (h != null) {
                h.run();
            }
            d.findPairs(out);
        }

        @Override
        public void query(double a, double b, double c, double e, double f, double g, ProxyCollector out) {
            d.query(a, b, c, e, f, g, out);
        }
    }
}
