package dev.rubble.authoring.mesh;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

final class Orient2Test {
    static int reference(double ax, double ay, double bx, double by, double cx, double cy) {
        BigDecimal axd = new BigDecimal(ax), ayd = new BigDecimal(ay);
        BigDecimal ux = new BigDecimal(bx).subtract(axd), uy = new BigDecimal(by).subtract(ayd);
        BigDecimal vx = new BigDecimal(cx).subtract(axd), vy = new BigDecimal(cy).subtract(ayd);
        return ux.multiply(vy).subtract(uy.multiply(vx)).signum();
    }

    @Test
    void expansionSignEqualsBigDecimalOnNearlyCollinearPoints() {
        SplittableRandom r = new SplittableRandom(4);
        int zeros = 0;
        for (int i = 0; i < 200_000; i++) {
            double ax = r.nextDouble(-10, 10), ay = r.nextDouble(-10, 10);
            double bx = r.nextDouble(-10, 10), by = r.nextDouble(-10, 10);
            double t = r.nextDouble(-2, 3);
            // c on the line through a and b, rounded, then nudged by a few ulps
            double cx = ax + t * (bx - ax), cy = ay + t * (by - ay);
            int k = r.nextInt(-2, 3);
            for (int q = 0; q < Math.abs(k); q++) {
                cy = k > 0 ? Math.nextUp(cy) : Math.nextDown(cy);
            }
            if (i % 7 == 0) {
                cx = bx;
                cy = by; // exactly collinear (repeated point)
            }
            int e = reference(ax, ay, bx, by, cx, cy);
            zeros += e == 0 ? 1 : 0;
            assertThat(Orient2.exact(ax, ay, bx, by, cx, cy)).isEqualTo(e);
            assertThat(Orient2.orient(ax, ay, bx, by, cx, cy)).isEqualTo(e);
        }
        assertThat(zeros).isGreaterThan(20_000);
    }
}
