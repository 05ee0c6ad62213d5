package dev.rubble.bench.broadphase;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.broadphase.BroadphaseFactory;
import java.util.ServiceLoader;
import java.util.SplittableRandom;

/**
 * The benchmark scene: n boxes (half-extents 0.1..0.5 m) in a cube sized for about one overlap per
 * box, 10% fixed, the rest moving coherently (up to 0.05 m per step per axis, bouncing off the
 * cube's walls). One {@link #step()} moves every moving box, updates it in the broadphase and asks
 * for all pairs: what the kernel's BROADPHASE stage does each step.
 */
final class MovingBoxes {
    private final Broadphase broadphase;
    private final int n;
    private final double extent;
    private final double[] box;
    private final double[] vel;
    private final boolean[] fixed;
    private long pairs;
    private final Broadphase.PairCollector counter = (a, b) -> pairs++;

    MovingBoxes(String name, int n, long seed) {
        this.broadphase = factory(name).create(StageConfig.empty());
        this.n = n;
        this.extent = 0.5 * Math.cbrt(n) + 1;
        this.box = new double[n * 6];
        this.vel = new double[n * 3];
        this.fixed = new boolean[n];
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < n; i++) {
            int o = i * 6;
            for (int k = 0; k < 3; k++) {
                double c = rnd.nextDouble(-extent, extent), h = rnd.nextDouble(0.1, 0.5);
                box[o + k] = c - h;
                box[o + k + 3] = c + h;
                vel[i * 3 + k] = rnd.nextDouble(-0.05, 0.05);
            }
            fixed[i] = i % 10 == 0;
            broadphase.add(i, box[o], box[o + 1], box[o + 2], box[o + 3], box[o + 4], box[o + 5], fixed[i]);
        }
    }

    private static BroadphaseFactory factory(String name) {
        for (RubblePlugin p : ServiceLoader.load(RubblePlugin.class)) {
            for (BroadphaseFactory f : p.broadphases()) {
                if (f.name().equals(name)) {
                    return f;
                }
            }
        }
        throw new IllegalArgumentException("broadphase '" + name + "' not found; allowed: bruteforce, sap, bvh, grid");
    }

    /** Moves, updates, finds pairs; returns the number of pairs. */
    long step() {
        final double[] b = box, v = vel;
        for (int i = 0; i < n; i++) {
            if (fixed[i]) {
                continue;
            }
            int o = i * 6;
            for (int k = 0; k < 3; k++) {
                double c = 0.5 * (b[o + k] + b[o + k + 3]);
                double d = v[i * 3 + k];
                if ((c > extent && d > 0) || (c < -extent && d < 0)) {
                    d = -d;
                    v[i * 3 + k] = d;
                }
                b[o + k] += d;
                b[o + k + 3] += d;
            }
            broadphase.update(i, b[o], b[o + 1], b[o + 2], b[o + 3], b[o + 4], b[o + 5]);
        }
        pairs = 0;
        broadphase.findPairs(counter);
        return pairs;
    }
}
