package dev.rubble.it.peers;

import static dev.rubble.it.peers.PeerWorlds.position;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Rapier's {@code src/pipeline/physics_pipeline/test.rs} (dimforge/rapier), run on Rubble through its public API:
 * {@code ccd_respects_filter_contact_pair_hook} (its issue 754: a fast body's continuous collision must ask the same
 * filter the narrowphase asks, or a pair the user filtered out still stops it), {@code rigid_body_removal_before_step}
 * and {@code collider_removal_before_step}.
 */
final class RapierPipelineTest {

    private static PhysicsWorld world() {
        return Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
    }

    /** Rapier: "A flies straight through at 200 m/s for 5 steps of dt = 1/60 s ... so it ends near +11.67". */
    private static void fliesThrough(PhysicsWorld w, BodyId fast) {
        w.step(5);
        assertThat(position(w, fast).x).isGreaterThan(10);
        assertThat(position(w, fast).x).isCloseTo(-5 + 200 * 5 / 60.0, within(1e-9));
    }

    @Test
    void ccdRespectsFilterContactPairHook() {
        // the hook that rejects every pair
        PhysicsWorld w = world();
        BodyId fast = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(-5, 0, 0))
                .withLinearVelocity(new Vector3d(200, 0, 0)));
        w.addBody(BodySpec.fixed(new Sphere(0.5)));
        int[] calls = {0};
        w.setPreSolveHook(c -> {
            calls[0]++;
            return false;
        });
        fliesThrough(w, fast);
        assertThat(calls[0]).as("the hook was asked").isPositive();
    }

    @Test
    void ccdRespectsCollisionLayersAndIgnoredPairs() {
        // the same pair filtered by layers, and by an ignored pair
        PhysicsWorld layers = world();
        BodyId fast = layers.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(-5, 0, 0))
                .withLinearVelocity(new Vector3d(200, 0, 0)).withCollisionFilter(2, ~4));
        layers.addBody(BodySpec.fixed(new Sphere(0.5)).withCollisionFilter(4, -1));
        fliesThrough(layers, fast);

        PhysicsWorld ignored = world();
        BodyId fast2 = ignored.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(-5, 0, 0))
                .withLinearVelocity(new Vector3d(200, 0, 0)));
        BodyId target = ignored.addBody(BodySpec.fixed(new Box(0.5, 0.5, 0.5)));
        ignored.setIgnoreCollision(fast2, target, true);
        fliesThrough(ignored, fast2);

        // and, unfiltered, the target stops it (the look-ahead is there)
        PhysicsWorld plain = world();
        BodyId fast3 = plain.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(-5, 0, 0))
                .withLinearVelocity(new Vector3d(200, 0, 0)));
        plain.addBody(BodySpec.fixed(new Sphere(0.5)));
        plain.step(5);
        assertThat(position(plain, fast3).x).isLessThan(-0.99);
    }

    @Test
    void rigidBodyAndColliderRemovalBeforeStep() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        BodyId[] ids = {w.addBody(BodySpec.dynamic(new Sphere(1))), w.addBody(BodySpec.dynamic(new Sphere(1))),
                w.addBody(BodySpec.kinematic(new Sphere(1))), w.addBody(BodySpec.fixed(new Sphere(1)))};
        for (BodyId id : ids) {
            w.removeBody(id);
        }
        w.step(10);
        assertThat(w.bodyCount()).isZero();
        for (BodyId id : ids) {
            assertThat(w.contains(id)).isFalse();
        }
    }
}
