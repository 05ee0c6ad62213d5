package dev.rubble.it.peers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.BodySpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.QueryHit;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Box2D v3's {@code test/test_distance.c} (erincatto/box2d), run on Rubble's scene queries. Box2D's shapes are 2-D
 * polygons and segments; here a box of half extents (1, 1, 1) and, for the segment from (2, −1) to (2, 1), a plate
 * 0.2 mm thick at x = 2. Each case runs against the box as Rubble's {@code Box} and as a convex hull of its corners
 * (the analytic path and GJK).
 */
final class Box2dDistanceTest {
    private static final double B2_LINEAR_SLOP = 0.005;

    private static Shape box(boolean hull, double hx, double hy, double hz) {
        return hull ? QuickHull.of(-hx, -hy, -hz, hx, -hy, -hz, -hx, hy, -hz, hx, hy, -hz, -hx, -hy, hz, hx, -hy, hz,
                -hx, hy, hz, hx, hy, hz) : new Box(hx, hy, hz);
    }

    /** ShapeCastTest and TimeOfImpactTest: the segment cast by (−2, 0) onto the box touches half way (0.005). */
    @ParameterizedTest(name = "as a hull: {0}")
    @ValueSource(booleans = {false, true})
    void shapeCastTestAndTimeOfImpactTest(boolean hull) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(box(hull, 1, 1, 1)));
        QueryHit hit = new QueryHit();
        assertThat(w.shapeCast(new Box(1e-4, 1, 0.5), new Vector3d(2, 0, 0), new Quaterniond(),
                new Vector3d(-2, 0, 0), hit)).isTrue();
        assertThat(hit.fraction()).isCloseTo(0.5, within(0.005));
        assertThat(hit.distance()).isCloseTo(1 - 1e-4, within(1e-9));
    }

    /** ShapeDistanceTest: the segment at x = 2 is 1 from the box. */
    @ParameterizedTest(name = "as a hull: {0}")
    @ValueSource(booleans = {false, true})
    void shapeDistanceTest(boolean hull) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(box(hull, 1, 1, 1)));
        QueryHit hit = new QueryHit();
        for (double y = -1; y <= 1; y += 0.5) {
            assertThat(w.closestPoint(new Vector3d(2, y, 0), 5, hit)).isTrue();
            assertThat(hit.distance()).isCloseTo(1, within(1e-12));
        }
    }

    /**
     * ShapeDistanceShortEdgeTest: a point a linear slop off the middle of a thin plank's short end face is that far
     * from it (Box2D found its GJK declaring overlap below an edge of 3.5 mm). The plank is 1 m long and 3.2 mm (and,
     * here, 0.4 mm) thick in both other directions, so its end face is a small square.
     */
    @ParameterizedTest(name = "as a hull: {0}")
    @ValueSource(booleans = {false, true})
    void shapeDistanceShortEdgeTest(boolean hull) {
        for (double half : new double[] {0.0016, 0.0002}) {
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
            w.addBody(BodySpec.fixed(box(hull, 0.5, half, half)));
            QueryHit hit = new QueryHit();
            assertThat(w.closestPoint(new Vector3d(0.5 + B2_LINEAR_SLOP, 0, 0), 1, hit)).isTrue();
            assertThat(hit.distance()).as("half thickness %s", half).isCloseTo(B2_LINEAR_SLOP, within(1e-6));
            assertThat(hit.point(new Vector3d()).distance(0.5, 0, 0)).isLessThan(1e-6);
            // ShapeCastShortEdgeTest (a repro Box2D keeps switched off): a point falling past the end of the plank
            // and drifting into it either misses or hits with a unit normal
            QueryHit cast = new QueryHit();
            if (w.shapeCast(new Sphere(1e-5), new Vector3d(0.506, 0.0035, 0), new Quaterniond(),
                    new Vector3d(-0.01, -0.5, 0), cast)) {
                assertThat(cast.normal(new Vector3d()).length()).isCloseTo(1, within(1e-9));
                assertThat(cast.fraction()).isBetween(0.0, 1.0);
            }
        }
    }
}
