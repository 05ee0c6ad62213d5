package dev.rubble.geometry.gjk;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.ConvexHull;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The early exit of {@link Gjk#distance(SupportShape, SupportShape, double, double, double, double)}:
 * it may stop only when the cores are truly farther apart than the bound, with an axis that
 * separates them by at least the distance it reports; when it does not stop early, every output is
 * the bit-for-bit output of the unbounded call (the collider's contacts cannot change).
 */
final class GjkEarlyExitTest {

    @Test
    void stopsOnlyBeyondTheBoundWithATrueSeparatingAxisAndOtherwiseGivesTheUnboundedBits() {
        Random rnd = new Random(31);
        int early = 0, full = 0, overlapping = 0;
        double[] fractions = {0.25, 0.5, 0.9, 0.999, 1.001, 1.5};
        for (int i = 0; i < 1500; i++) {
            ConvexHull ha = RandomShapes.randomHull(rnd, 6 + rnd.nextInt(40), false);
            ConvexHull hb = RandomShapes.randomHull(rnd, 6 + rnd.nextInt(40), rnd.nextInt(10) == 0);
            double[] qa = RandomShapes.unitQuat(rnd), qb = RandomShapes.unitQuat(rnd), d = RandomShapes.unitVector(rnd);
            double gap = 0.2 + 2.0 * rnd.nextDouble(); // from overlapping to well apart
            Pose pa = new Pose().set(5, -3, 2, qa[0], qa[1], qa[2], qa[3]);
            Pose pb = new Pose().set(5 + gap * d[0], -3 + gap * d[1], 2 + gap * d[2], qb[0], qb[1], qb[2], qb[3]);
            PosedShape sa = new PosedShape().set(ha, pa), sb = new PosedShape().set(hb, pb);
            double[] start = RandomShapes.unitVector(rnd);
            Gjk ref = new Gjk();
            boolean apart = ref.distance(sa, sb, start[0], start[1], start[2]);
            double brute = apart ? ref.distance : 0;
            if (!apart) {
                overlapping++;
            }
            for (double f : fractions) {
                // overlapping cores: bounds from 0 up, none may stop early
                double beyond = apart ? f * brute : f * 1e-3;
                Gjk g = new Gjk();
                boolean r = g.distance(sa, sb, start[0], start[1], start[2], beyond);
                if (g.fartherThan) {
                    early++;
                    assertThat(r).isTrue();
                    assertThat(apart).as("pair %d stopped early but the cores overlap", i).isTrue();
                    assertThat(f).as("pair %d stopped early with a bound at or above the distance", i).isLessThan(1);
                    assertThat(g.distance).isGreaterThan(beyond).isLessThanOrEqualTo(brute * (1 + 1e-12));
                    double[] n = g.normal;
                    assertThat(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).isCloseTo(1, org.assertj.core.api.Assertions.within(1e-12));
                    // the axis separates the cores by at least the reported distance: B's lowest
                    // support along n above A's highest
                    double[] s = new double[6];
                    sa.support(n[0], n[1], n[2], s, 0);
                    sb.support(-n[0], -n[1], -n[2], s, 3);
                    double hiA = n[0] * s[0] + n[1] * s[1] + n[2] * s[2];
                    double loB = n[0] * s[3] + n[1] * s[4] + n[2] * s[5];
                    assertThat(loB - hiA).isGreaterThanOrEqualTo(g.distance * (1 - 1e-12) - 1e-12);
                } else {
                    full++;
                    assertThat(r).isEqualTo(apart);
                    assertThat(g.distance).isEqualTo(ref.distance);
                    assertThat(g.iterations).isEqualTo(ref.iterations);
                    if (apart) {
                        assertThat(g.normal).containsExactly(ref.normal);
                        assertThat(g.pa).containsExactly(ref.pa);
                        assertThat(g.pb).containsExactly(ref.pb);
                    }
                }
            }
        }
        // the cases are all there: many stops well inside the distance, many full runs, some overlaps
        assertThat(early).isGreaterThan(1500);
        assertThat(full).isGreaterThan(3000);
        assertThat(overlapping).isGreaterThan(50);
    }
}
