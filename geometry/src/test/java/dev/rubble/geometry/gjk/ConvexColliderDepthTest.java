package dev.rubble.geometry.gjk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 11 item 8: the GJK/EPA collider's depth for rounded shapes whose cores overlap. Two
 * spheres with coincident centres overlap by {@code ra + rb} (the distance either must move to
 * separate); two capsules whose axes cross overlap by the sum of their radii.
 */
final class ConvexColliderDepthTest {
    /** Deepest separation the collider reports. */
    private static double deepest(Shape a, Pose pa, Shape b, Pose pb) {
        double[] min = {Double.POSITIVE_INFINITY};
        new ConvexCollider().collide(a, pa, b, pb, 0.02, new ContactSink() {
            @Override
            public void beginManifold(double nx, double ny, double nz, long subKey) {
            }

            @Override
            public void addPoint(double x, double y, double z, double separation, long featureId) {
                min[0] = Math.min(min[0], separation);
            }
        });
        return min[0];
    }

    @ParameterizedTest
    @CsvSource({"0.5, 0.5", "0.5, 0.2", "1.0, 0.05"})
    void spheresWithCoincidentCentresOverlapByTheSumOfTheirRadii(double ra, double rb) {
        Pose p = new Pose();
        p.set(1, 2, 3, 0, 0, 0, 1);
        assertThat(deepest(new Sphere(ra), p, new Sphere(rb), p)).isCloseTo(-(ra + rb), within(1e-9));
    }

    @ParameterizedTest
    @CsvSource({"0.3, 0.2", "0.1, 0.1"})
    void capsulesWhoseAxesCrossOverlapByTheSumOfTheirRadii(double ra, double rb) {
        Pose pa = new Pose(), pb = new Pose();
        pa.set(0, 0, 0, 0, 0, 0, 1);
        double q = Math.sqrt(0.5);
        pb.set(0, 0, 0, q, 0, 0, q); // axis y turned onto z: the two axes cross at the origin
        assertThat(deepest(new Capsule(ra, 1), pa, new Capsule(rb, 1), pb)).isCloseTo(-(ra + rb), within(1e-9));
    }
}
