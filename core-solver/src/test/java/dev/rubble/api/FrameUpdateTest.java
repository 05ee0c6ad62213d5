package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Issue 28, item 1: {@link PhysicsWorld#update(double)}, the game-loop entry (fixed-step
 * accumulator, most steps per call, interpolated poses). Expected values follow from the
 * accumulator's definition and from the world's own {@code step()}.
 */
final class FrameUpdateTest {
    private static PhysicsWorld world() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(20, 0.5, 20)).withPosition(new Vector3d(0, -0.5, 0)).withLabel("ground"));
        w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 5, 0))
                .withAngularVelocity(new Vector3d(0, 3, 0)).withLabel("ball"));
        w.addBody(BodySpec.dynamic(new Box(0.3, 0.3, 0.3)).withPosition(new Vector3d(0.1, 2, 0.05)).withLabel("crate"));
        return w;
    }

    @Test
    void framesAreTurnedIntoWholeStepsAndTheRemainderIsCarried() {
        PhysicsWorld w = world();
        double dt = w.timeStep(); // 1/60
        assertThat(w.update(0.5 * dt)).isZero();
        assertThat(w.interpolationAlpha()).isCloseTo(0.5, within(1e-12));
        assertThat(w.update(0.75 * dt)).isEqualTo(1); // 1.25 steps' worth
        assertThat(w.interpolationAlpha()).isCloseTo(0.25, within(1e-12));
        assertThat(w.update(2.8 * dt)).isEqualTo(3); // 3.05
        assertThat(w.interpolationAlpha()).isCloseTo(0.05, within(1e-9));
        assertThat(w.stepIndex()).isEqualTo(4);
        assertThat(w.update(0)).isZero();
    }

    @Test
    void aLongFrameTakesAtMostTheMaximumAndDropsTheRest() {
        PhysicsWorld w = world();
        double dt = w.timeStep();
        w.setMaxStepsPerUpdate(3);
        assertThat(w.update(10.5 * dt)).isEqualTo(3);
        assertThat(w.stepIndex()).isEqualTo(3);
        assertThat(w.droppedSteps()).isEqualTo(7);
        assertThat(w.interpolationAlpha()).isCloseTo(0.5, within(1e-9)); // the fraction is kept
        assertThat(w.update(0.6 * dt)).isEqualTo(1); // no backlog: the next frame is a normal one
        assertThatThrownBy(() -> w.update(Double.NaN)).hasMessageStartingWith("frameSeconds = NaN; allowed: finite, >= 0");
        assertThatThrownBy(() -> w.update(-1)).hasMessageStartingWith("frameSeconds = -1.0");
        assertThatThrownBy(() -> w.setMaxStepsPerUpdate(0)).hasMessageStartingWith("maxStepsPerUpdate = 0");
    }

    /** The same frame times give the same world, bit for bit; and updates are exactly the steps they take. */
    @Test
    void theSameFrameTimesGiveTheSameStateAsTheStepsTheyTake() {
        double[] frames = {0.016, 0.017, 0.0331, 0.001, 0.05, 0.0166, 0.2, 0.0159, 0.016};
        PhysicsWorld a = world(), b = world(), c = world();
        long steps = 0;
        for (int k = 0; k < 40; k++) {
            for (double f : frames) {
                steps += a.update(f);
                b.update(f);
            }
        }
        assertThat(a.stateHash()).isEqualTo(b.stateHash());
        c.step((int) steps);
        assertThat(c.stepIndex()).isEqualTo(a.stepIndex());
        assertThat(c.stateHash()).as("update = the steps it takes").isEqualTo(a.stateHash());
    }

    /** Interpolated poses lie between the poses before and after the last step, at alpha. */
    @Test
    void interpolatedPosesBlendTheLastTwoSteps() {
        PhysicsWorld w = world();
        PhysicsWorld ref = world();
        BodyId ball = w.find("ball"), refBall = ref.find("ball");
        double dt = w.timeStep();
        w.update(3.3 * dt); // 3 steps, alpha 0.3
        ref.step(2);
        Vector3d before = ref.position(refBall, new Vector3d());
        Quaterniond qBefore = ref.orientation(refBall, new Quaterniond());
        ref.step();
        Vector3d after = ref.position(refBall, new Vector3d());
        Quaterniond qAfter = ref.orientation(refBall, new Quaterniond());
        double a = w.interpolationAlpha();
        assertThat(a).isCloseTo(0.3, within(1e-9));
        Vector3d p = w.interpolatedPosition(ball, new Vector3d());
        assertThat(p.y).isCloseTo(before.y + (after.y - before.y) * a, within(1e-12));
        assertThat(p.y).isLessThan(before.y).isGreaterThan(after.y); // falling
        Quaterniond q = w.interpolatedOrientation(ball, new Quaterniond());
        Quaterniond expect = new Quaterniond(qBefore).slerp(qAfter, a);
        assertThat(q.w).isCloseTo(expect.w, within(1e-12));
        assertThat(q.y).isCloseTo(expect.y, within(1e-12));
        // the ball spins about y at 3 rad/s: the interpolated angle is between the two steps' angles
        double angle = 2 * Math.atan2(q.y, q.w), a0 = 2 * Math.atan2(qBefore.y, qBefore.w), a1 = 2 * Math.atan2(qAfter.y, qAfter.w);
        assertThat(angle).isBetween(Math.min(a0, a1), Math.max(a0, a1));
        // a body created after the last step is drawn where it is
        BodyId late = w.addBody(BodySpec.dynamic(new Sphere(0.2)).withPosition(new Vector3d(4, 1, 0)));
        assertThat(w.interpolatedPosition(late, new Vector3d())).isEqualTo(new Vector3d(4, 1, 0));
    }
}
