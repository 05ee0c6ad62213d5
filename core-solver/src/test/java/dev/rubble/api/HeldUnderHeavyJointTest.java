package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A light body jointed to a heavy one lands on the ground under it (dfuzz19; docs/constraints.md, "A light body held
 * under a heavy one"): a 0.2 m box of 1 kg with a 0.1 m ball of 20 or 200 kg 1 m above its centre, joined by a weld
 * ({@code fixed}, anchor 0.15 m under the ball's centre), a {@code distance} rod between the centres or a {@code ball}
 * joint, both falling at 4 m/s onto a static ground box, one sub-step at 30 or 60 Hz, 2 s. The ground holds the box: a
 * rigid floor under a rigid weld stops the pair as one body, so the box's underside stays where the soft contact
 * rests (well under a centimetre) and the ball 1.1 m up, the weld and the rod unstretched. Before, the joint's rows,
 * solved after the contact rows, passed the ball's momentum to the box about {@code m / M} of it an iteration, and the
 * ball dragged the box through the 1 m ground box (1.00 m deep at 1:200 and 30 Hz, the destruction fuzz's seeds 176726,
 * 178226 and 183182; 3.8 cm at 1:20 and 60 Hz).
 */
final class HeldUnderHeavyJointTest {

    /** The box's deepest underside below y = 0 over the run, the largest error of the joint's length, the end state. */
    private record Run(double deepest, double stretch, double boxY, double ballY) {
    }

    private static Run drop(String type, double ratio, double hz, double v0, double ballVx) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withTimeStep(1 / hz, 1));
        w.addBody(BodySpec.fixed(new Box(10, 0.5, 10)).withPosition(new Vector3d(0, -0.5, 0)));
        BodyId box = w.addBody(BodySpec.dynamic(new Box(0.1, 0.1, 0.1)).withMass(1).withPosition(new Vector3d(0, 0.3, 0))
                .withLinearVelocity(new Vector3d(0, -v0, 0)));
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.1)).withMass(ratio).withPosition(new Vector3d(0, 1.3, 0))
                .withLinearVelocity(new Vector3d(ballVx, -v0, 0)));
        ConstraintSpec spec = switch (type) {
            case "ball" -> ConstraintSpec.ball(new Vector3d(0, 1.15, 0));
            case "distance" -> ConstraintSpec.distance(new Vector3d(0, 0.3, 0), new Vector3d(0, 1.3, 0));
            default -> ConstraintSpec.fixed(new Vector3d(0, 1.15, 0));
        };
        w.addConstraint(box, ball, spec);
        double deepest = 0, stretch = 0;
        Vector3d p = new Vector3d(), q = new Vector3d();
        for (int i = 0; i < (int) (2 * hz); i++) {
            w.step();
            w.position(box, p);
            w.position(ball, q);
            double[] bounds = new double[6];
            org.joml.Quaterniond o = w.orientation(box, new org.joml.Quaterniond());
            new Box(0.1, 0.1, 0.1).bounds(p.x, p.y, p.z, o.x, o.y, o.z, o.w, bounds, 0);
            deepest = Math.max(deepest, -bounds[1]);
            stretch = Math.max(stretch, Math.abs(q.distance(p) - 1));
        }
        return new Run(deepest, stretch, p.y, q.y);
    }

    @ParameterizedTest(name = "{0} 1:{1} at {2} Hz")
    @CsvSource({"fixed, 200, 30", "fixed, 200, 60", "fixed, 20, 60", "distance, 200, 30", "distance, 20, 60"})
    void theGroundStopsAHeavyBodyThroughTheLightOneJointedUnderIt(String type, double ratio, double hz) {
        Run r = drop(type, ratio, hz, 4, 0);
        assertThat(r.deepest()).as("deepest the box's underside went into the ground, m").isLessThan(0.01);
        assertThat(r.stretch()).as("largest error of the 1 m joint, m").isLessThan(0.01);
        assertThat(r.boxY()).as("the box's centre at the end").isBetween(0.09, 0.11);
        assertThat(r.ballY()).as("the ball's centre at the end").isBetween(1.09, 1.11);
    }

    /**
     * On a ball joint the ball is free to turn about the anchor 0.15 m under its centre and ends hanging from it (its
     * centre 0.7 m over the box's), so the joint's length is not checked; the box must not go through the ground and
     * must end resting on it (before: 1.00 m deep at 1:200, 30 cm at 1:50; now up to 3.9 cm for a moment while the ball
     * turns over, as at 1:5 with no held row, and on the ground's top at the end; held at the box's depth instead of
     * following its push-out, the ball pinned it 6.6 cm deep).
     */
    @Test
    void aBallJointedOnTopDoesNotPushItsBoxThroughTheGround() {
        for (double ratio : new double[] {50, 200}) {
            Run r = drop("ball", ratio, 30, 4, 0);
            assertThat(r.deepest()).as("1:%s: deepest the box went into the ground, m", ratio).isLessThan(0.06);
            assertThat(r.boxY()).as("1:%s: the box's centre at the end", ratio).isBetween(0.095, 0.105);
            assertThat(r.ballY()).as("1:%s: the ball hanging 0.15 m under the anchor 0.85 m over the box", ratio)
                    .isBetween(0.79, 0.81);
        }
    }

    /** The held row holds back only what moves towards the ground: a heavy ball moving up lifts its welded box. */
    @Test
    void aHeavyBodyMovingUpStillLiftsTheLightOneJointedToIt() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withTimeStep(1 / 60.0, 1));
        w.addBody(BodySpec.fixed(new Box(10, 0.5, 10)).withPosition(new Vector3d(0, -0.5, 0)));
        BodyId box = w.addBody(BodySpec.dynamic(new Box(0.1, 0.1, 0.1)).withMass(1).withPosition(new Vector3d(0, 0.1, 0)));
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.1)).withMass(200).withPosition(new Vector3d(0, 1.1, 0)));
        w.addConstraint(box, ball, ConstraintSpec.fixed(new Vector3d(0, 0.95, 0)));
        w.step(30); // at rest on the ground
        w.setVelocity(ball, new Vector3d(0, 3, 0), new Vector3d());
        w.step(6); // 0.1 s: the pair rises as one, 3 t - g t² / 2 = 0.25 m
        Vector3d p = w.position(box, new Vector3d());
        assertThat(p.y - 0.1).as("the box's rise in 0.1 s, m (3 m/s less gravity: 0.25)").isBetween(0.2, 0.3);
    }
}
