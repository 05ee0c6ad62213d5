package dev.rubble.it.apiuse;

import static org.assertj.core.api.Assertions.assertThat;

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
 * {@code WorldConfig.withTimeStep} takes any dt in (0, 1] s. The look-ahead that keeps bodies from passing
 * through others (bounds grown by v dt, speculative margin 2 cm + closing speed × dt) used the velocities
 * from before the step's gravity, so what gravity adds within the step, up to g dt², was left to the 2 cm
 * margin: 2.7 mm at 60 Hz, but 9.8 cm at 10 Hz and 9.8 m at 1 Hz. Oracle: a body dropped onto a slab ends
 * resting on top of it (its centre above the slab's top face), never below the slab.
 */
final class LargeTimeStepTest {

    @Test
    void aBallDroppedAtOneStepASecondLandsOnTheGroundInsteadOfFallingThroughIt() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withTimeStep(1, 1));
        w.addBody(BodySpec.fixed(new Box(10, 0.5, 10)).withPosition(new Vector3d(0, -0.5, 0))); // top y = 0, 1 m thick
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 5, 0)));
        // at rest 4.5 m above the top: the first step moves it 9.81 m, to y = -4.8, under the slab (before: y = -534 after 10 s)
        w.step(10);
        Vector3d p = w.position(ball, new Vector3d());
        assertThat(p.y).as("centre above the ground's top face").isGreaterThan(0).isLessThan(0.5 + 1e-9);
        assertThat(w.linearVelocity(ball, new Vector3d()).length()).as("at rest on it").isLessThan(0.5);
    }

    @Test
    void aSmallBallAtTenStepsASecondStopsOnAThinSlab() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withTimeStep(0.1, 1));
        w.addBody(BodySpec.fixed(new Box(1, 0.01, 1)).withPosition(new Vector3d(0, -0.01, 0))); // 2 cm thick, top y = 0
        // 1 cm ball 5 cm above the slab: from rest the first step moves it g dt² = 9.8 cm, past the slab's bottom
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.01)).withPosition(new Vector3d(0, 0.06, 0)));
        w.step(20);
        Vector3d p = w.position(ball, new Vector3d());
        assertThat(p.y).as("centre above the slab's top face").isGreaterThan(0).isLessThan(0.01 + 1e-9);
    }

    @Test
    void atOrdinaryTimeStepsNothingChanges() {
        // the gravity look-ahead starts only where g dt² outgrows the 2 cm margin (dt above ~45 ms at 1 g):
        // a 60 Hz drop takes the same path as before, step for step (GoldenHashesTest checks the bench scenes)
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(10, 0.5, 10)).withPosition(new Vector3d(0, -0.5, 0)));
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 5, 0)));
        w.step(180);
        assertThat(w.position(ball, new Vector3d()).y).isCloseTo(0.5, org.assertj.core.api.Assertions.within(0.01));
    }
}
