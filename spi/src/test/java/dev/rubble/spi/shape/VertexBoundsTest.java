package dev.rubble.spi.shape;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ShapeMath#vertexBounds}: the world bounds of a rotated, translated vertex cloud, against a brute
 * force that rotates every vertex and takes {@code Math.min}/{@code Math.max} (the loop's compares must
 * give the same numbers), and NaN bounds for a NaN orientation, as they always were.
 */
class VertexBoundsTest {

    private static double[] reference(double[] v, double px, double py, double pz, double qx, double qy, double qz,
                                      double qw) {
        double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < v.length; i += 3) {
            // v' = q v q*, written out (the rotation matrix of a unit quaternion)
            double x = v[i], y = v[i + 1], z = v[i + 2];
            double[] e = {
                (1 - 2 * (qy * qy + qz * qz)) * x + 2 * (qx * qy - qw * qz) * y + 2 * (qx * qz + qw * qy) * z,
                2 * (qx * qy + qw * qz) * x + (1 - 2 * (qx * qx + qz * qz)) * y + 2 * (qy * qz - qw * qx) * z,
                2 * (qx * qz - qw * qy) * x + 2 * (qy * qz + qw * qx) * y + (1 - 2 * (qx * qx + qy * qy)) * z};
            for (int k = 0; k < 3; k++) {
                lo[k] = Math.min(lo[k], e[k]);
                hi[k] = Math.max(hi[k], e[k]);
            }
        }
        return new double[] {px + lo[0], py + lo[1], pz + lo[2], px + hi[0], py + hi[1], pz + hi[2]};
    }

    @Test
    void matchesTheBruteForceOnRandomCloudsAndOrientations() {
        SplittableRandom r = new SplittableRandom(27);
        double[] out = new double[8];
        for (int t = 0; t < 2000; t++) {
            int n = 1 + r.nextInt(40);
            double[] v = new double[3 * n];
            for (int i = 0; i < v.length; i++) {
                // some exact zeros and repeated values: ties between vertices
                v[i] = r.nextInt(5) == 0 ? 0 : r.nextInt(5) == 0 ? 0.25 : r.nextDouble(-2, 2);
            }
            double a = r.nextDouble(-1, 1), b = r.nextDouble(-1, 1), c = r.nextDouble(-1, 1), d = r.nextDouble(-1, 1);
            if (t % 7 == 0) {
                a = b = c = 0; // the identity
                d = 1;
            }
            double l = Math.sqrt(a * a + b * b + c * c + d * d);
            double px = r.nextDouble(-50, 50), py = r.nextDouble(-50, 50), pz = t % 5 == 0 ? 0 : r.nextDouble(-50, 50);
            ShapeMath.vertexBounds(v, px, py, pz, a / l, b / l, c / l, d / l, out, 2);
            double[] ref = reference(v, px, py, pz, a / l, b / l, c / l, d / l);
            for (int k = 0; k < 6; k++) {
                assertThat(out[2 + k] == ref[k]).as("trial %d, bound %d: %s against %s", t, k, out[2 + k], ref[k])
                        .isTrue();
            }
        }
    }

    @Test
    void nonFiniteCoordinatesGiveTheBruteForcesBoundsBitForBit() {
        double inf = Double.POSITIVE_INFINITY;
        double[][] clouds = {
            {0.5, 0.5, 0.5, inf, 0, 0},          // 0 * inf in the other rows: NaN there, +inf in x
            {0.5, 0.5, 0.5, -0.5, Double.NaN, 0}, // one NaN coordinate among finite vertices
            {-inf, -inf, -inf, 1, 1, 1}};
        double[] out = new double[6];
        for (double[] v : clouds) {
            ShapeMath.vertexBounds(v, 1, 2, 3, 0, 0, 0, 1, out, 0);
            double[] ref = reference(v, 1, 2, 3, 0, 0, 0, 1);
            for (int k = 0; k < 6; k++) {
                // the same value, the sign of a zero and NaN included
                assertThat(Double.doubleToLongBits(out[k])).as("%s, bound %d: %s against %s",
                        java.util.Arrays.toString(v), k, out[k], ref[k]).isEqualTo(Double.doubleToLongBits(ref[k]));
            }
        }
    }

    @Test
    void aNanOrientationGivesNanBoundsAsBefore() {
        double[] v = {0.5, 0.5, 0.5, -0.5, -0.5, -0.5};
        double[] out = new double[6];
        ShapeMath.vertexBounds(v, 1, 2, 3, Double.NaN, 0, 0, 1, out, 0);
        for (double o : out) {
            assertThat(o).isNaN();
        }
    }
}
