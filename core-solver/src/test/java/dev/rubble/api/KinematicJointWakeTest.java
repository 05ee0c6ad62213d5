package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A 0.1 m ball hanging 1 m below a kinematic hook on a ball joint falls asleep; then the hook moves
 * (a velocity of 3 cm/s or 1 m/s for 2 s) or is teleported 2 m aside. A ball joint is rigid: the ball's
 * centre must stay 1 m from the moving hook (within the joint's soft give, 1 cm), or be back at 1 m from the
 * teleported one 2 s later, and the ball must be awake. Before, nothing woke it: a joint woke its sleeping body only when the other body was an
 * awake dynamic one, so the ball stayed asleep where it was and the joint stretched to 2.24 m (Jolt's
 * constraints activate the sleeping body when the other one, a moving kinematic body too, is active).
 */
final class KinematicJointWakeTest {

    @ParameterizedTest(name = "{0} {1} m/s")
    @CsvSource({"velocity, 0.03", "velocity, 1", "pose, 1"})
    void aBallAsleepUnderAKinematicHookFollowsItWhenItMoves(String how, double speed) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        BodyId hook = w.addBody(BodySpec.kinematic(new Box(0.1, 0.1, 0.1)).withPosition(new Vector3d(0, 3, 0)));
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.1)).withPosition(new Vector3d(0, 2, 0)));
        w.addConstraint(ball, hook, ConstraintSpec.ball(new Vector3d(0, 3, 0)));
        w.step(120);
        assertThat(w.isAsleep(ball)).as("asleep before the hook moves").isTrue();
        if (how.equals("velocity")) {
            w.setVelocity(hook, new Vector3d(speed, 0, 0), new Vector3d());
        } else {
            w.setPose(hook, new Vector3d(2 * speed, 3, 0), new Quaterniond());
        }
        double worst = 0, last = 0;
        Vector3d h = new Vector3d(), c = new Vector3d();
        for (int i = 0; i < 120; i++) {
            w.step();
            last = Math.abs(w.position(hook, h).distance(w.position(ball, c)) - 1);
            worst = Math.max(worst, last);
        }
        assertThat(h.x).as("the hook moved 2 m at %s m/s", speed).isCloseTo(2 * speed, within(1e-9));
        if (how.equals("velocity")) {
            assertThat(worst).as("largest stretch of the 1 m joint").isLessThan(0.01);
        } else { // the teleport itself stretches the joint to 2.24 m; 2 s later it holds again
            assertThat(last).as("stretch of the 1 m joint 2 s after the teleport").isLessThan(0.01);
            assertThat(c.x).as("the ball swung after the hook").isGreaterThan(0.5);
        }
        assertThat(w.isAsleep(ball)).isFalse();
    }
}
