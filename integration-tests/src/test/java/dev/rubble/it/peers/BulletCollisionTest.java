package dev.rubble.it.peers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.QueryHit;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.spi.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Bullet's {@code test/collision/main.cpp} (bulletphysics/bullet3), {@code testSphereSphereDistance}: sphere A at
 * (0, i, 0) with radius j ∈ 1..4, sphere B at (0, z, 0) with radius 0.1 rb, rb ∈ 1..4, i and z in −5..4 (co-centric
 * pairs skipped, as Bullet skips them); the signed distance is {@code |i − z| − j − rB} to 1e-5 and the witness
 * points lie on the surfaces. Rubble has no distance query between two shapes in its public API; its shape queries
 * answer the same question: {@code overlap} says whether the distance is negative, and a {@code shapeCast} of B
 * towards A touches after exactly the distance, at a point on A's surface with A's outward normal.
 */
final class BulletCollisionTest {

    @Test
    void sphereSphereDistance() {
        QueryHit hit = new QueryHit();
        List<BodyId> found = new ArrayList<>();
        int cases = 0, separated = 0;
        for (int j = 1; j < 5; j++) {
            for (int i = -5; i < 5; i++) {
                PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
                BodyId a = w.addBody(BodySpec.fixed(new Sphere(j)).withPosition(new Vector3d(0, i, 0)));
                for (int rb = 1; rb < 5; rb++) {
                    for (int z = -5; z < 5; z++) {
                        if (i == z) {
                            continue;
                        }
                        double radiusB = rb * 0.1;
                        double distance = Math.abs(i - z) - j - radiusB;
                        Sphere b = new Sphere(radiusB);
                        Vector3d centre = new Vector3d(0, z, 0);
                        int overlaps = w.overlap(b, centre, new Quaterniond(), found);
                        assertThat(overlaps).as("i %d z %d j %d rb %d", i, z, j, rb).isEqualTo(distance < 0 ? 1 : 0);
                        cases++;
                        if (distance > 0) {
                            separated++;
                            Vector3d towards = new Vector3d(0, Math.signum(i - z) * 20, 0);
                            assertThat(w.shapeCast(b, centre, new Quaterniond(), towards, hit)).isTrue();
                            assertThat(hit.body()).isEqualTo(a);
                            assertThat(hit.distance()).as("i %d z %d j %d rb %d", i, z, j, rb)
                                    .isCloseTo(distance, within(1e-5));
                            Vector3d p = hit.point(new Vector3d()), n = hit.normal(new Vector3d());
                            assertThat(p.distance(0, i, 0)).isCloseTo(j, within(1e-5));
                            // the normal is A's outward normal at the point (Bullet's normal from B to A, reversed)
                            assertThat(Math.abs(n.y)).isCloseTo(1, within(1e-9));
                        }
                    }
                }
            }
        }
        assertThat(cases).isEqualTo(4 * 10 * 4 * 9);
        assertThat(separated).isPositive();
    }
}
