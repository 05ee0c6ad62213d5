package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Issue 28, item 3: collision layers and masks from {@link BodySpec}. Bodies whose layers and
 * masks do not meet never get a manifold and are never handed to the narrowphase; the rest collide
 * as before. Expected motion is free fall ({@code y = y0 - g t² / 2} under semi-implicit Euler:
 * {@code y0 - g dt² n (n + 1) / 2}) for a filtered body and a stop on the ground otherwise.
 */
final class CollisionFilterTest {
    private static final int WORLD = 1, DEBRIS = 2;

    @Test
    void bodiesOnDisjointLayersPassThroughEachOtherWithoutANarrowphaseTest() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(10, 0.5, 10)).withPosition(new Vector3d(0, -0.5, 0)));
        // debris collides with the world (ground) but not with other debris
        BodySpec debris = BodySpec.dynamic(new Sphere(0.5)).withCollisionFilter(DEBRIS, ~DEBRIS);
        BodyId a = w.addBody(debris.withPosition(new Vector3d(0, 3, 0)));
        BodyId b = w.addBody(debris.withPosition(new Vector3d(0.3, 3.2, 0))); // overlapping a
        // a ghost that collides with nothing: falls through the ground
        BodyId ghost = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(5, 3, 0)).withCollisionFilter(DEBRIS, 0));
        assertThat(debris.collisionLayer()).isEqualTo(DEBRIS);
        assertThat(debris.withPosition(new Vector3d()).collisionMask()).as("kept by later with* calls").isEqualTo(~DEBRIS);
        List<String> touching = new ArrayList<>();
        w.addContactListener(c -> touching.add(c.bodyA() + "-" + c.bodyB()));
        int steps = 20, maxTested = 0;
        for (int i = 0; i < steps; i++) {
            touching.clear();
            w.step();
            maxTested = Math.max(maxTested, w.kernel().pairsTested());
            assertThat(touching).as("step %d: no contact among the debris or with the ghost", i).isEmpty();
        }
        // a and b overlap from the first step (the broadphase reports the pair) yet fall freely side by side
        double dt = w.timeStep(), g = 9.81;
        double fall = g * dt * dt * steps * (steps + 1) / 2.0;
        assertThat(w.position(a, new Vector3d()).y).isCloseTo(3 - fall, within(1e-9));
        assertThat(w.position(b, new Vector3d()).y).isCloseTo(3.2 - fall, within(1e-9));
        assertThat(maxTested).as("the narrowphase never tested a filtered pair").isZero();
        // later they reach the ground and rest on it; the ghost does not
        w.step(200);
        assertThat(w.position(a, new Vector3d()).y).isCloseTo(0.5, within(0.02));
        assertThat(w.position(b, new Vector3d()).y).isCloseTo(0.5, within(0.02));
        assertThat(w.position(ghost, new Vector3d()).y).isLessThan(-10);
    }

    @Test
    void theDefaultCollidesWithEverything() {
        BodySpec s = BodySpec.dynamic(new Sphere(1));
        assertThat(s.collisionLayer()).isEqualTo(1);
        assertThat(s.collisionMask()).isEqualTo(-1);
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(10, 0.5, 10)).withPosition(new Vector3d(0, -0.5, 0)));
        BodyId a = w.addBody(s.withPosition(new Vector3d(0, 0.99, 0)));
        w.step();
        assertThat(w.kernel().pairsTested()).isEqualTo(1);
        assertThat(w.position(a, new Vector3d()).y).isGreaterThan(0.95);
    }
}
