package dev.rubble.core.collision;

import dev.rubble.geometry.hull.QuickHull;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Plane;
import dev.rubble.spi.shape.Sphere;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

final class SceneQueryTest {
    private static final Stages STAGES = Stages.load();
    private final World w = World.create(WorldSettings.defaults().withGravity(0, 0, 0), STAGES);
    private final SceneQuery q = w.queries();
    private final SceneQuery.Hit hit = new SceneQuery.Hit();

    private long sphere;
    private long box;
    private long ground;
    private long hull;

    private void scene() {
        ground = w.createBody(BodyDef.of(new Plane(0, 1, 0, 0)).withMotion(MotionType.STATIC));
        sphere = w.createBody(BodyDef.of(new Sphere(0.5)).withPosition(0, 2, 0));
        box = w.createBody(BodyDef.of(new Box(0.5, 1, 0.5)).withPosition(4, 1, 0));
        hull = w.createBody(BodyDef.of(QuickHull.of(-1, 0, -1, 1, 0, -1, 0, 0, 1, 0, 1.5, 0)).withPosition(-4, 0.2, 0));
    }

    @Test
    void rayHitsTheNearestBodyWithAnExactFraction() {
        scene();
        // along +x at the sphere's height: sphere entry at x = -0.5 from x = -2 -> t = 1.5 (direction length 1)
        assertThat(q.rayCast(-2, 2, 0, 1, 0, 0, 100, -1, hit)).isTrue();
        assertThat(hit.body).isEqualTo(sphere);
        assertThat(hit.fraction).isCloseTo(1.5, within(1e-12));
        assertThat(hit.nx).isCloseTo(-1, within(1e-12));
        // off-centre: analytic entry (chord) with a non-unit direction
        double yOff = 0.3;
        double expected = (2 + 0 - Math.sqrt(0.25 - yOff * yOff)) / 2; // |d| = 2
        assertThat(q.rayCast(-2, 2 + yOff, 0, 2, 0, 0, 100, -1, hit)).isTrue();
        assertThat(hit.fraction).isCloseTo(expected, within(1e-12));
        // down onto the box top (y = 2) from y = 5 at x = 4.2
        assertThat(q.rayCast(4.2, 5, 0.1, 0, -1, 0, 100, -1, hit)).isTrue();
        assertThat(hit.body).isEqualTo(box);
        assertThat(hit.fraction).isCloseTo(3, within(1e-12));
        // down where nothing stands: the ground plane at y = 0
        assertThat(q.rayCast(10, 5, 3, 0, -2, 0, 100, -1, hit)).isTrue();
        assertThat(hit.body).isEqualTo(ground);
        assertThat(hit.fraction).isCloseTo(2.5, within(1e-12));
        // too short
        assertThat(q.rayCast(10, 5, 3, 0, -2, 0, 2, -1, hit)).isFalse();
    }

    @Test
    void layerMaskHidesBodies() {
        scene();
        w.bodies().collisionLayer[w.bodies().slot(sphere)] = 4;
        assertThat(q.rayCast(-2, 2, 0, 1, 0, 0, 100, ~4, hit)).isTrue();
        assertThat(hit.body).isEqualTo(box); // passes through the sphere
        assertThat(q.rayCast(-2, 2, 0, 1, 0, 0, 100, 4, hit)).isTrue();
        assertThat(hit.body).isEqualTo(sphere);
        assertThatThrownBy(() -> q.rayCast(0, 0, 0, 1, 0, 0, 1, 0, hit))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mask = 0");
        assertThatThrownBy(() -> q.rayCast(0, 0, 0, 0, 0, 0, 1, -1, hit))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("direction");
    }

    @Test
    void batchedRaysEqualSingleRays() {
        scene();
        Random rnd = new Random(5);
        int n = 200;
        double[] rays = new double[7 * n];
        for (int i = 0; i < n; i++) {
            rays[7 * i] = rnd.nextGaussian() * 4;
            rays[7 * i + 1] = 1 + rnd.nextDouble() * 3;
            rays[7 * i + 2] = rnd.nextGaussian();
            rays[7 * i + 3] = rnd.nextGaussian();
            rays[7 * i + 4] = rnd.nextGaussian();
            rays[7 * i + 5] = rnd.nextGaussian();
            rays[7 * i + 6] = 10;
        }
        long[] bodies = new long[n];
        double[] fr = new double[n], nr = new double[3 * n];
        int hits = q.rayCastBatch(rays, n, -1, bodies, fr, nr);
        assertThat(hits).isGreaterThan(50);
        for (int i = 0; i < n; i++) {
            boolean h = q.rayCast(rays[7 * i], rays[7 * i + 1], rays[7 * i + 2], rays[7 * i + 3], rays[7 * i + 4],
                    rays[7 * i + 5], 10, -1, hit);
            assertThat(bodies[i]).isEqualTo(h ? hit.body : -1);
            if (h) {
                assertThat(fr[i]).isEqualTo(hit.fraction);
            }
        }
    }

    @Test
    void sphereSweptTowardsTheBoxStopsAtFirstContact() {
        scene();
        // sphere r = 0.25 at x = 1 moving +x by 10: first touch when its front reaches x = 3.5 -> centre 3.25
        assertThat(q.shapeCast(new Sphere(0.25), 1, 1.5, 0, 0, 0, 0, 1, 10, 0, 0, -1, hit)).isTrue();
        assertThat(hit.body).isEqualTo(box);
        assertThat(hit.fraction * 10).isCloseTo(2.25, within(1e-6));
        assertThat(hit.nx).isCloseTo(-1, within(1e-6));
        assertThat(hit.x).isCloseTo(3.5, within(1e-6));
        // a box falling onto the ground plane: bottom at y = 5 - 0.2 reaches 0 after 4.8 of 10
        assertThat(q.shapeCast(new Box(0.2, 0.2, 0.2), 10, 5, 0, 0, 0, 0, 1, 0, -10, 0, -1, hit)).isTrue();
        assertThat(hit.body).isEqualTo(ground);
        assertThat(hit.fraction).isCloseTo(0.48, within(1e-12));
        // a capsule swept past everything misses
        assertThat(q.shapeCast(new Capsule(0.1, 0.2), 10, 5, 0, 0, 0, 0, 1, 5, 0, 0, -1, hit)).isFalse();
        // starts overlapping
        assertThat(q.shapeCast(new Sphere(0.1), 0, 2, 0, 0, 0, 0, 1, 1, 0, 0, -1, hit)).isTrue();
        assertThat(hit.fraction).isZero();
    }

    @Test
    void overlapAndClosestPoint() {
        scene();
        long[] out = new long[8];
        // a box spanning the sphere and the ground
        assertThat(q.overlap(new Box(0.3, 1, 0.3), 0, 1, 0, 0, 0, 0, 1, -1, out)).isEqualTo(1); // only touches the ground
        assertThat(q.overlap(new Box(0.3, 1, 0.3), 0, 0.9, 0, 0, 0, 0, 1, -1, out)).isEqualTo(2);
        assertThat(out[0]).isEqualTo(ground);
        assertThat(out[1]).isEqualTo(sphere);
        assertThat(q.overlap(new Sphere(0.2), 2, 2, 0, 0, 0, 0, 1, -1, out)).isZero();
        // closest point to (0, 3, 0): the sphere's top at distance 0.5
        assertThat(q.closestPoint(0, 3, 0, 5, -1, hit)).isTrue();
        assertThat(hit.body).isEqualTo(sphere);
        assertThat(hit.fraction).isCloseTo(0.5, within(1e-9));
        assertThat(hit.y).isCloseTo(2.5, within(1e-9));
        // next to the box's edge: (5, 2.5, 0) is sqrt(0.5^2 + 0.5^2) from the edge (4.5, 2, z)
        assertThat(q.closestPoint(5, 2.5, 0, 5, -1, hit)).isTrue();
        assertThat(hit.body).isEqualTo(box);
        assertThat(hit.fraction).isCloseTo(Math.sqrt(0.5), within(1e-9));
        // a compound body: nearest child wins
        long c = w.createBody(BodyDef.of(new Compound(List.of(Compound.Child.at(new Sphere(0.2), 0, 0, 0),
                Compound.Child.at(new Box(0.2, 0.2, 0.2), 1, 0, 0)))).withPosition(0, 6, 0));
        assertThat(q.closestPoint(1.6, 6, 0, 1, -1, hit)).isTrue();
        assertThat(hit.body).isEqualTo(c);
        assertThat(hit.fraction).isCloseTo(0.4, within(1e-9)); // box child face at x = 1.2
    }

    @Test
    void queryTimeIsReportedSeparatelyInTheNextStepProfile() {
        scene();
        for (int i = 0; i < 5; i++) {
            q.rayCast(-2, 2, 0, 1, 0, 0, 100, -1, hit);
        }
        w.step();
        assertThat(w.profile().queries()).isEqualTo(5);
        assertThat(w.profile().queryNanos()).isPositive();
        w.step();
        assertThat(w.profile().queries()).isZero();
        assertThat(w.profile().queryNanos()).isZero();
    }

    @Test
    void queriesAgainstATriangleMeshGoThroughItsBvh() {
        int g = 30;
        double[] v = new double[3 * (g + 1) * (g + 1)];
        for (int i = 0; i <= g; i++) {
            for (int j = 0; j <= g; j++) {
                int k = 3 * (i * (g + 1) + j);
                v[k] = i - g / 2.0;
                v[k + 2] = j - g / 2.0;
            }
        }
        int[] idx = new int[6 * g * g];
        int k = 0;
        for (int i = 0; i < g; i++) {
            for (int j = 0; j < g; j++) {
                int a = i * (g + 1) + j, b = a + 1, c = a + g + 1, d = c + 1;
                idx[k++] = a; idx[k++] = b; idx[k++] = c;
                idx[k++] = b; idx[k++] = d; idx[k++] = c;
            }
        }
        long mesh = w.createBody(BodyDef.of(new dev.rubble.spi.shape.TriangleMesh(v, idx))
                .withMotion(MotionType.STATIC).withPosition(0, 1, 0));
        assertThat(q.closestPoint(0.3, 3, 0.7, 5, -1, hit)).isTrue();
        assertThat(hit.body).isEqualTo(mesh);
        assertThat(hit.fraction).isCloseTo(2, within(1e-9));
        assertThat(hit.y).isCloseTo(1, within(1e-9));
        assertThat(q.shapeCast(new Sphere(0.5), 2.2, 6, -3.1, 0, 0, 0, 1, 0, -10, 0, -1, hit)).isTrue();
        assertThat(hit.body).isEqualTo(mesh);
        assertThat(hit.fraction).isCloseTo(0.45, within(1e-7));
        assertThat(hit.ny).isCloseTo(1, within(1e-6));
        assertThat(q.rayCast(-7.25, 4, 3.5, 0, -1, 0, 10, -1, hit)).isTrue();
        assertThat(hit.fraction).isCloseTo(3, within(1e-12));
        // off the mesh's edge nothing is found
        assertThat(q.closestPoint(40, 1, 0, 5, -1, hit)).isFalse();
    }
}
