package dev.rubble.plugin.fracture.voronoi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Issue 27 item 5: {@link VoronoiCells#floorInt} is {@code (int) Math.floor} for every double. */
final class FloorIntTest {
    @Test
    void matchesMathFloorEverywhere() {
        double[] special = {0.0, -0.0, 0.5, -0.5, 1, -1, 1 - 1e-16, -1 + 1e-16, Double.MIN_VALUE, -Double.MIN_VALUE,
            Integer.MAX_VALUE, Integer.MAX_VALUE + 0.5, Integer.MAX_VALUE + 1.0, Integer.MIN_VALUE,
            Integer.MIN_VALUE - 0.5, Integer.MIN_VALUE - 1.0, Integer.MIN_VALUE + 0.5, 1e300, -1e300,
            Double.MAX_VALUE, -Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN};
        for (double v : special) {
            assertThat(VoronoiCells.floorInt(v)).as("v = %s", v).isEqualTo((int) Math.floor(v));
        }
        SplittableRandom r = new SplittableRandom(7);
        for (int k = 0; k < 1_000_000; k++) {
            double v = switch (k % 3) {
                case 0 -> (r.nextDouble() - 0.5) * 1000;
                case 1 -> Double.longBitsToDouble(r.nextLong());
                default -> Math.rint((r.nextDouble() - 0.5) * 1e6) + (r.nextBoolean() ? 0 : Math.ulp(1.0) * (r.nextInt(5) - 2));
            };
            assertThat(VoronoiCells.floorInt(v)).as("v = %s", v).isEqualTo((int) Math.floor(v));
        }
    }
}
