package dev.rubble.plugin.fracture.voronoi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Issue 27 item 5: the cap is ordered by {@link CapOrder#pseudoAngle} and falls back to
 * {@code StrictMath.atan2} only for pairs closer than 1e-9; that must give atan2's order on every pair.
 */
class PseudoAngleTest {
    private static final double[] SPECIAL = {0.0, -0.0, 1, -1, 1e-300, -1e-300, Double.MIN_VALUE, -Double.MIN_VALUE,
        3, -3, 1e-17, -1e-17, 0.7071067811865476, -0.7071067811865476};

    @Test
    void pairsFartherThanTheGapAreOrderedAsAtan2OrdersThem() {
        SplittableRandom r = new SplittableRandom(27);
        int decided = 0;
        for (int t = 0; t < 200_000; t++) {
            double y1 = draw(r), x1 = draw(r), y2 = draw(r), x2 = draw(r);
            if (t % 3 == 0) {
                // a near pair: the second point a tiny rotation of the first
                double a = r.nextDouble() * 1e-8;
                y2 = y1 * Math.cos(a) + x1 * Math.sin(a);
                x2 = x1 * Math.cos(a) - y1 * Math.sin(a);
            }
            double q1 = CapOrder.pseudoAngle(y1, x1), q2 = CapOrder.pseudoAngle(y2, x2);
            if (Double.isNaN(q1) || Double.isNaN(q2)) {
                // only the origin has no pseudo-angle (the clipper then uses atan2 for every point)
                assertThat((y1 == 0 && x1 == 0) || (y2 == 0 && x2 == 0)).isTrue();
                continue;
            }
            double a1 = StrictMath.atan2(y1, x1), a2 = StrictMath.atan2(y2, x2);
            if (q1 - q2 > 1e-9) {
                assertThat(a1).as("(%s, %s) vs (%s, %s)", y1, x1, y2, x2).isGreaterThan(a2);
                decided++;
            } else if (q2 - q1 > 1e-9) {
                assertThat(a1).as("(%s, %s) vs (%s, %s)", y1, x1, y2, x2).isLessThan(a2);
                decided++;
            }
        }
        assertThat(decided).isGreaterThan(100_000);
    }

    @Test
    void theCutAndSignedZerosMatchAtan2() {
        // atan2(±0, x < 0) = ±π: the two ends of the range
        assertThat(CapOrder.pseudoAngle(0.0, -1)).isEqualTo(2.0);
        assertThat(CapOrder.pseudoAngle(-0.0, -1)).isEqualTo(-2.0);
        assertThat(CapOrder.pseudoAngle(1, -0.0)).isEqualTo(1.0);
        assertThat(CapOrder.pseudoAngle(-1, 0.0)).isEqualTo(-1.0);
        for (double y : SPECIAL) {
            for (double x : SPECIAL) {
                double q = CapOrder.pseudoAngle(y, x);
                if (y == 0 && x == 0) {
                    assertThat(q).isNaN();
                    continue;
                }
                double a = StrictMath.atan2(y, x);
                // same position in the range: the ends map to the ends, the axes to the quarter marks
                assertThat(Math.abs(q - a * 2 / Math.PI)).as("y=%s x=%s", y, x).isLessThan(0.3);
                assertThat(Math.signum(q)).as("y=%s x=%s", y, x).isEqualTo(Math.signum(a));
            }
        }
    }

    private static double draw(SplittableRandom r) {
        int k = r.nextInt(8);
        if (k == 0) {
            return SPECIAL[r.nextInt(SPECIAL.length)];
        }
        return (r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(-12, 3));
    }
}
