package dev.rubble.geometry.gjk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 28, item 11: {@link Gjk#penetration} itself (not only {@link ConvexCollider}, which patched
 * its own result in issue 11) gives the depth of rounded shapes whose cores overlap. Two spheres
 * with exactly coincident centres must move {@code ra + rb} apart to separate; EPA on their curved
 * surfaces expanded an inscribed polytope and came out 4-5.5 % short. The depth of the full shapes
 * is the cores' depth plus {@code ra + rb} (the Minkowski difference of the full shapes is the
 * cores' difference grown by a ball of radius {@code ra + rb}), so it is never less than the radii.
 */
final class GjkRoundedDepthTest {
    private final Gjk gjk = new Gjk();
    private final Pose pa = new Pose(), pb = new Pose();
    private final PosedShape a = new PosedShape(), b = new PosedShape();

    @ParameterizedTest
    @CsvSource({"0.5, 0.5", "0.5, 0.2", "1.0, 0.05", "0.01, 3"})
    void spheresWithCoincidentCentresAreDeepByTheSumOfTheirRadii(double ra, double rb) {
        pa.set(1, 2, 3, 0, 0, 0, 1);
        pb.set(1, 2, 3, 0.2, 0.3, 0.1, Math.sqrt(1 - 0.14));
        a.set(new Sphere(ra), pa);
        b.set(new Sphere(rb), pb);
        assertThat(gjk.distance(a, b)).isFalse();
        gjk.penetration(a, b);
        assertThat(gjk.distance).isCloseTo(ra + rb, within(1e-12));
        double[] n = gjk.normal;
        assertThat(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).isCloseTo(1, within(1e-12));
        // the witnesses are the depth apart along the normal
        assertThat(gjk.pa[0] - gjk.pb[0]).isCloseTo(gjk.distance * n[0], within(1e-12));
        assertThat(gjk.pa[1] - gjk.pb[1]).isCloseTo(gjk.distance * n[1], within(1e-12));
        assertThat(gjk.pa[2] - gjk.pb[2]).isCloseTo(gjk.distance * n[2], within(1e-12));
    }

    /** Polytopes have no radius: the exact box depths are unchanged (the smallest per-axis overlap). */
    @Test
    void boxesKeepTheirExactDepth() {
        pa.set(0, 0, 0, 0, 0, 0, 1);
        pb.set(0.3, 0.1, -0.05, 0, 0, 0, 1);
        a.set(new Box(0.5, 0.5, 0.5), pa);
        b.set(new Box(0.4, 0.3, 0.6), pb);
        assertThat(gjk.distance(a, b)).isFalse();
        gjk.penetration(a, b);
        assertThat(gjk.distance).isCloseTo(Math.min(0.9 - 0.3, Math.min(0.8 - 0.1, 1.1 - 0.05)), within(1e-9));
    }
}
