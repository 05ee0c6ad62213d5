package dev.rubble.geometry.gjk;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.shape.ConvexHull;

import java.util.Random;

/** Seeded random hulls, directions and rotations shared by the GJK tests and the narrowphase plugin's (each draws from its own {@link Random}). */
public final class RandomShapes {
    private RandomShapes() {
    }

    /**
     * A hull of {@code points} random points in a box of half extents 0.2..0.7 m per axis; a flat one is a slab
     * 0.4 mm thick (its y half extent is 2e-4 m and draws no number).
     */
    public static ConvexHull randomHull(Random rnd, int points, boolean flat) {
        double sx = 0.2 + 0.5 * rnd.nextDouble(), sy = flat ? 2e-4 : 0.2 + 0.5 * rnd.nextDouble(), sz = 0.2 + 0.5 * rnd.nextDouble();
        double[] p = new double[3 * points];
        for (int i = 0; i < points; i++) {
            p[3 * i] = sx * (2 * rnd.nextDouble() - 1);
            p[3 * i + 1] = sy * (2 * rnd.nextDouble() - 1);
            p[3 * i + 2] = sz * (2 * rnd.nextDouble() - 1);
        }
        return QuickHull.of(p);
    }

    /** A uniformly random unit vector. */
    public static double[] unitVector(Random rnd) {
        double x = rnd.nextGaussian(), y = rnd.nextGaussian(), z = rnd.nextGaussian();
        double l = Math.sqrt(x * x + y * y + z * z);
        return new double[] {x / l, y / l, z / l};
    }

    /** A uniformly random unit quaternion (x, y, z, w). */
    public static double[] unitQuat(Random rnd) {
        double x = rnd.nextGaussian(), y = rnd.nextGaussian(), z = rnd.nextGaussian(), w = rnd.nextGaussian();
        double l = Math.sqrt(x * x + y * y + z * z + w * w);
        return new double[] {x / l, y / l, z / l, w / l};
    }
}
