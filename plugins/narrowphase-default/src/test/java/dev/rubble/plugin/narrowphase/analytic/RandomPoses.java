package dev.rubble.plugin.narrowphase.analytic;

import java.util.Random;

/** Random directions and orientations for the box tests, uniform on the sphere and on the rotations. */
final class RandomPoses {
    private RandomPoses() {
    }

    /** A unit vector, uniform on the sphere. */
    static double[] unitVector(Random rnd) {
        double x = rnd.nextGaussian(), y = rnd.nextGaussian(), z = rnd.nextGaussian();
        double l = Math.sqrt(x * x + y * y + z * z);
        return new double[] {x / l, y / l, z / l};
    }

    /** A unit quaternion (x, y, z, w), uniform over rotations. */
    static double[] unitQuat(Random rnd) {
        double x = rnd.nextGaussian(), y = rnd.nextGaussian(), z = rnd.nextGaussian(), w = rnd.nextGaussian();
        double l = Math.sqrt(x * x + y * y + z * z + w * w);
        return new double[] {x / l, y / l, z / l, w / l};
    }
}
