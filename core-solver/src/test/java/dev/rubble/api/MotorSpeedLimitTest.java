package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.shape.Box;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A motor drives its joint to at most the world's speed limits (docs/java-api.md, "Huge inputs: the speed limits":
 * every body's speed is limited to maxLinearSpeed and maxAngularSpeed). The integration scales a body back to the
 * limit before the solve, but a motor re-drove it to its own speed in every solve (fuzz7): a slider motor of 1e5 m/s
 * with a large force moved its carriage at 1e5 m/s (5.2e4 m in half a second under the default 400 m/s limit), and a
 * hinge motor of 1e5 rad/s spun its body at 1e5 rad/s (limit 100 rad/s). The motor's target is clamped to the
 * limit; below it nothing changes.
 */
final class MotorSpeedLimitTest {

    private static BodyId car(PhysicsWorld w) {
        return w.addBody(BodySpec.dynamic(new Box(0.2, 0.2, 0.2)).withPosition(new Vector3d(0, 2.5, 0)).withDamping(0, 0));
    }

    @Test
    void aSliderMotorDrivesAtMostTheLinearSpeedLimit() {
        for (double limit : new double[] {400, 50}) {
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()).withSpeedLimits(limit, 100));
            BodyId car = car(w);
            w.addConstraint(car, null, ConstraintSpec.slider(new Vector3d(0, 2.5, 0), new Vector3d(1, 0, 0)).motor(1e5, 1e12));
            double x0 = w.position(car, new Vector3d()).x;
            int steps = 30;
            for (int i = 0; i < steps; i++) {
                w.step();
                assertThat(w.linearVelocity(car, new Vector3d()).length()).as("speed, limit %s", limit)
                        .isLessThanOrEqualTo(limit * (1 + 1e-12));
            }
            // at the limit from the first step (the force reaches it at once): limit · t along the rail
            assertThat(w.position(car, new Vector3d()).x - x0).isCloseTo(limit * steps / 60.0, within(limit * 1e-6));
        }
    }

    @Test
    void aHingeMotorSpinsAtMostTheAngularSpeedLimit() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
        BodyId car = car(w);
        w.addConstraint(car, null, ConstraintSpec.hinge(new Vector3d(0, 2.5, 0), new Vector3d(0, 0, 1)).motor(1e5, 1e12));
        for (int i = 0; i < 30; i++) {
            w.step();
            assertThat(w.angularVelocity(car, new Vector3d()).length()).isCloseTo(w.maxAngularSpeed(), within(1e-6));
        }
        assertThat(w.maxAngularSpeed()).isEqualTo(100);
    }
}
