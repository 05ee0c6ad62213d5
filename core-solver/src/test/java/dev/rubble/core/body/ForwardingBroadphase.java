package dev.rubble.core.body;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.broadphase.BroadphaseFactory;
import java.util.ServiceLoader;

/**
 * Test helper: a broadphase that forwards every call to another (by default the brute-force reference,
 * the test oracle), for tests that watch or interrupt what the kernel asks of its broadphase.
 */
public class ForwardingBroadphase implements Broadphase {
    protected final Broadphase d;

    public ForwardingBroadphase() {
        this(reference());
    }

    public ForwardingBroadphase(Broadphase delegate) {
        this.d = delegate;
    }

    /** The brute-force reference broadphase, found by ServiceLoader like any plugin. */
    public static Broadphase reference() {
        for (RubblePlugin p : ServiceLoader.load(RubblePlugin.class)) {
            for (BroadphaseFactory f : p.broadphases()) {
                if (f.name().equals("bruteforce")) {
                    return f.create(StageConfig.empty());
                }
            }
        }
        throw new IllegalStateException("bruteforce broadphase not on the test class path");
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
        d.findPairs(out);
    }

    @Override
    public void query(double a, double b, double c, double e, double f, double g, ProxyCollector out) {
        d.query(a, b, c, e, f, g, out);
    }
}
