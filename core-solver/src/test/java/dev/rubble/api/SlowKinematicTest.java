package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.shape.Box;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A kinematic body moving slower than the sleep threshold (0.05 m/s) still moves: it wakes the sleeping
 * bodies it touches and keeps them awake, as Jolt's moving kinematic bodies activate what they touch.
 * Nothing can stop a kinematic body, so what rests on it is carried (friction 0.5 gives up to 4.9 m/s²,
 * far more than the step from rest to 3 cm/s needs: the box keeps its place on the platform, slipping
 * less than a millimetre) and what is in its way is pushed ahead (the box's back face stays on the
 * wall's front face). Before, a box that had fallen asleep stayed asleep: the platform slid from under
 * it and left it asleep in mid-air, and the wall passed through it.
 */
final class SlowKinematicTest {
    private static final double SPEED = 0.03, SECONDS = 40;

    private static PhysicsWorld world() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(50, 0.5, 50)).withPosition(new Vector3d(0, -0.5, 0)));
        return w;
    }

    private static void settle(PhysicsWorld w, BodyId box) {
        for (int i = 0; i < 90; i++) {
            w.step();
        }
        assertThat(w.isAsleep(box)).as("asleep before the kinematic body moves").isTrue();
    }

    @Test
    void aSlowPlatformCarriesTheBoxThatSleptOnIt() {
        PhysicsWorld w = world();
        BodyId platform = w.addBody(BodySpec.kinematic(new Box(0.5, 0.1, 0.5)).withPosition(new Vector3d(0, 2, 0)));
        BodyId box = w.addBody(BodySpec.dynamic(new Box(0.1, 0.1, 0.1)).withPosition(new Vector3d(0, 2.2, 0)));
        settle(w, box);
        w.setVelocity(platform, new Vector3d(SPEED, 0, 0), new Vector3d());
        for (int i = 0; i < SECONDS * 60; i++) {
            w.step();
        }
        Vector3d p = w.position(platform, new Vector3d()), q = w.position(box, new Vector3d());
        assertThat(p.x).isCloseTo(SPEED * SECONDS, within(1e-9));
        assertThat(q.x - p.x).as("the box's place on the platform").isCloseTo(0, within(1e-3));
        assertThat(q.y).as("resting on the platform's top").isCloseTo(2.2, within(2e-3));
    }

    @Test
    void aSlowWallPushesASleepingBoxAhead() {
        PhysicsWorld w = world();
        BodyId wall = w.addBody(BodySpec.kinematic(new Box(0.1, 0.5, 0.5)).withPosition(new Vector3d(-0.5, 0.6, 0)));
        BodyId box = w.addBody(BodySpec.dynamic(new Box(0.1, 0.1, 0.1)).withPosition(new Vector3d(0, 0.1, 0)));
        settle(w, box);
        w.setVelocity(wall, new Vector3d(SPEED, 0, 0), new Vector3d());
        for (int i = 0; i < SECONDS * 60; i++) {
            w.step();
        }
        double front = w.position(wall, new Vector3d()).x + 0.1, back = w.position(box, new Vector3d()).x - 0.1;
        assertThat(front).isCloseTo(-0.4 + SPEED * SECONDS, within(1e-9));
        assertThat(back - front).as("gap between the wall's front and the box's back").isCloseTo(0, within(0.01));
    }
}
