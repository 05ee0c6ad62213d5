package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Force and torque accumulators (issue 24): applied on every sub-step of the step, cleared after it.
 * Oracles: constant force, symplectic Euler over K sub-steps of h: {@code x = a h² K(K+1)/2 =
 * a t²/2 + a h t/2} (the integrator's known error is the second term); a torque on a sphere
 * (isotropic inertia, no gyroscopic coupling): {@code ω = τ t / I}, {@code I = 2/5 m r²}.
 */
final class ForceTorqueTest {
    private static final double DT = 1.0 / 60;

    @Test
    void constantForceGivesHalfFtSquaredOverMassAtOneAndFourSubSteps() {
        for (int subSteps : new int[] {1, 4}) {
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withTimeStep(DT, subSteps));
            BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withMass(2).withGravityScale(0));
            double f = 3, m = 2, a = f / m, h = DT / subSteps;
            Vector3d p = new Vector3d(), v = new Vector3d();
            for (int n = 1; n <= 120; n++) {
                w.applyForce(ball, new Vector3d(f, 0, 0));
                w.step();
                double t = n * DT;
                w.position(ball, p);
                w.linearVelocity(ball, v);
                assertThat(v.x).as("v at %d sub-steps", subSteps).isCloseTo(a * t, within(1e-9));
                assertThat(p.x).as("x at %d sub-steps", subSteps).isCloseTo(f * t * t / (2 * m) + a * h * t / 2, within(1e-9));
                assertThat(Math.abs(p.x - f * t * t / (2 * m))).isLessThanOrEqualTo(a * h * t / 2 + 1e-9);
            }
        }
    }

    @Test
    void aForceLastsOneStepThenTheBodyCoasts() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withTimeStep(DT, 4));
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withMass(4).withGravityScale(0));
        w.applyForce(ball, new Vector3d(0, 0, 8));
        w.step();
        Vector3d v = new Vector3d();
        assertThat(w.linearVelocity(ball, v).z).isCloseTo(8 * DT / 4, within(1e-12));
        w.step();
        w.step();
        assertThat(w.linearVelocity(ball, v).z).isCloseTo(8 * DT / 4, within(1e-12));
    }

    @Test
    void torqueOnASphereGivesTauTOverI() {
        for (int subSteps : new int[] {1, 4}) {
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withTimeStep(DT, subSteps));
            BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withMass(2).withGravityScale(0));
            double inertia = 2.0 / 5 * 2 * 0.25; // 0.2 kg m²
            Vector3d om = new Vector3d();
            for (int n = 1; n <= 60; n++) {
                w.applyTorque(ball, new Vector3d(0.03, 0, 0.1));
                w.step();
                double t = n * DT;
                w.angularVelocity(ball, om);
                assertThat(om.z).isCloseTo(0.1 * t / inertia, within(1e-9));
                assertThat(om.x).isCloseTo(0.03 * t / inertia, within(1e-9));
                assertThat(om.y).isCloseTo(0, within(1e-12));
            }
        }
    }

    @Test
    void forcesWakeSleepersAndFixedBodiesIgnoreThem() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        BodyId sleeper = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withGravityScale(0).asleep());
        BodyId wall = w.addBody(BodySpec.fixed(new Box(1, 1, 1)).withPosition(new Vector3d(5, 0, 0)));
        w.applyForce(sleeper, new Vector3d(1, 0, 0));
        w.applyForce(wall, new Vector3d(1, 0, 0));
        w.step();
        Vector3d v = new Vector3d();
        assertThat(w.linearVelocity(sleeper, v).x).isGreaterThan(0);
        assertThat(w.linearVelocity(wall, v).length()).isZero();
        assertThatThrownBy(() -> w.applyForce(sleeper, new Vector3d(Double.NaN, 0, 0)))
                .hasMessageContaining("force");
    }
}
