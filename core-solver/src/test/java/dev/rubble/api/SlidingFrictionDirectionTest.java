package dev.rubble.api;

import static dev.rubble.api.SampleScenes.ground;
import static dev.rubble.api.SampleScenes.position;
import static dev.rubble.api.SampleScenes.velocity;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.shape.Box;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Coulomb friction opposes the slip, whatever the direction of sliding (docs/dynamics.md, "Friction"). A point's two
 * friction rows have different effective masses on anything but a cube's centre line (a flat box, a hull): solved
 * each with its own mass and scaled back into the cone, the pair pointed away from the slip, so a flat box sliding at
 * an angle to the tangent axes (the world's x and z on flat ground) veered and was braked too little (10° and 3-12 %
 * on the first box below; Jolt does the same, its open issue 983). Expected values are Coulomb's: a body sliding on
 * its face decelerates at μ g along a straight line and stops after v² / (2 μ g); pushed along the ground by less
 * than μ g it does not move, by more it accelerates at the difference along the push.
 */
final class SlidingFrictionDirectionTest {
    private static final double G = 9.81;
    private static final double DT = 1 / 60.0;

    /** Heading of a horizontal vector, degrees from +x towards +z. */
    private static double heading(Vector3d v) {
        return Math.toDegrees(Math.atan2(v.z, v.x));
    }

    /** The box's turn about the vertical, degrees. */
    private static double yaw(PhysicsWorld w, BodyId b) {
        Quaterniond q = w.orientation(b, new Quaterniond());
        Vector3d x = q.transform(new Vector3d(1, 0, 0));
        return Math.toDegrees(Math.atan2(x.z, x.x));
    }

    /** Distance semi-implicit Euler covers decelerating from v0 at a until it stops (the steps' sum of v dt). */
    private static double stoppingDistance(double v0, double a) {
        double v = v0, s = 0;
        while (v > 0) {
            v = Math.max(0, v - a * DT);
            s += v * DT;
        }
        return s;
    }

    @ParameterizedTest(name = "{0} x {1} x {2} m box turned {3}°, sliding at {4}° (world), μ {5}")
    @CsvSource({
        // the flat box of docs/dynamics.md's known limitation: 6 x 1 x 4 m at 45° to its axes and to x
        "6, 1, 4, 0, 45, 0.5", "6, 1, 4, 0, 30, 0.5", "6, 1, 4, 0, 70, 0.5", "6, 1, 4, 0, 0, 0.5",
        // turned 45° about the vertical and sent along its own long axis
        "6, 1, 4, 45, 45, 0.5", "6, 1, 4, 45, 135, 0.3",
        // a plank and a cube
        "4, 0.2, 0.5, 20, 75, 0.6", "1, 1, 1, 0, 45, 0.5", "1, 1, 1, 30, 10, 0.5"})
    void aBoxSlidingOnItsFaceGoesStraightAndStopsWhereCoulombSays(double sx, double sy, double sz, double turnDeg,
                                                                  double headingDeg, double mu) {
        PhysicsWorld w = SampleScenes.world(false);
        ground(w, mu, 0);
        Quaterniond turn = new Quaterniond().rotationY(Math.toRadians(-turnDeg)); // +x towards +z by turnDeg
        Vector3d start = new Vector3d(0, sy / 2, 0);
        BodyId box = w.addBody(BodySpec.dynamic(new Box(sx / 2, sy / 2, sz / 2)).withDensity(100)
                .withMaterial(mu, 0).withPosition(start).withOrientation(turn));
        w.step(10); // settle onto the ground (it starts resting on it)
        Vector3d at = position(w, box);
        double h = Math.toRadians(headingDeg), v0 = 4;
        w.setVelocity(box, new Vector3d(v0 * Math.cos(h), 0, v0 * Math.sin(h)), new Vector3d());
        double yaw0 = yaw(w, box);
        // half way to the stop: still on its heading, at Coulomb's speed
        int half = (int) Math.round(v0 / (2 * mu * G) / DT);
        w.step(half);
        Vector3d vel = velocity(w, box);
        assertThat(heading(vel)).as("heading while sliding").isCloseTo(headingDeg, within(0.5));
        assertThat(Math.hypot(vel.x, vel.z)).as("speed half way").isCloseTo(v0 - mu * G * half * DT, within(0.02 * v0));
        w.step(3 * half);
        Vector3d end = position(w, box).sub(at);
        assertThat(velocity(w, box).length()).as("speed at the end").isLessThan(1e-3);
        assertThat(heading(end)).as("direction travelled").isCloseTo(headingDeg, within(0.5));
        double expected = stoppingDistance(v0, mu * G);
        assertThat(Math.hypot(end.x, end.z)).as("stopping distance").isCloseTo(expected, within(0.02 * expected));
        assertThat(yaw(w, box) - yaw0).as("turn about the vertical").isCloseTo(0, within(0.5));
    }

    @ParameterizedTest(name = "pushed at {0} m/s² with μ g = {1} m/s²")
    @CsvSource({"3.0, 3.1", "2.0, 3.1", "4.0, 3.1", "6.0, 3.1"})
    void aTurnedBoxPushedAlongItsOwnAxisHoldsBelowMuGAndAcceleratesAtTheDifferenceAbove(double push, double muG) {
        // Jolt's FrictionTest pushed box: 6 x 4 x 4 m, turned 45° about the vertical, pushed along its own x axis
        PhysicsWorld w = SampleScenes.world(false);
        double mu = muG / G;
        ground(w, mu, 0);
        Quaterniond turn = new Quaterniond().rotationY(Math.toRadians(-45));
        BodyId box = w.addBody(BodySpec.dynamic(new Box(3, 2, 2)).withDensity(100).withMaterial(mu, 0)
                .withPosition(new Vector3d(0, 2, 0)).withOrientation(turn));
        w.step(10);
        Vector3d at = position(w, box);
        double mass = 100 * 6 * 4 * 4;
        int steps = 120;
        for (int k = 0; k < steps; k++) {
            Vector3d axis = w.orientation(box, new Quaterniond()).transform(new Vector3d(1, 0, 0));
            w.applyForce(box, axis.mul(mass * push));
            w.step();
        }
        Vector3d moved = position(w, box).sub(at);
        if (push < muG) {
            assertThat(moved.length()).as("a push below μ g moves nothing").isLessThan(0.01);
        } else {
            double a = push - muG;
            double expected = a * DT * DT * steps * (steps + 1) / 2.0;
            assertThat(Math.hypot(moved.x, moved.z)).as("distance").isCloseTo(expected, within(0.03 * expected + 0.01));
            assertThat(heading(moved)).as("direction").isCloseTo(45, within(0.5));
        }
        assertThat(yaw(w, box)).as("heading of the box").isCloseTo(45, within(0.5));
    }
}
