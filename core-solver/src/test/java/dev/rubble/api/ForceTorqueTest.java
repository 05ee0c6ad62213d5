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

    /**
     * A 0.5 m box (μ 0.5 on a μ 0.5 ground, combined sqrt(0.5 · 0.5) = 0.5) that has settled and fallen
     * asleep, pushed along the ground every step with a horizontal force: at 1.01 μ m g it slides with
     * Coulomb's {@code a = (F − μ m g) / m = 0.01 μ g} (0.049 m/s²; symplectic Euler: {@code v = a t}
     * after t of pushing), at 0.99 μ m g static friction holds it. Before, the box crept below the sleep
     * threshold (0.05 m/s) for {@code timeToSleep}, fell asleep with its velocity zeroed, was woken by
     * the next push and fell asleep again: after 4 s it moved at under 0.03 m/s, not 0.196 m/s.
     */
    @Test
    void aBoxPushedJustAboveTheFrictionForceSlidesWithCoulombsAcceleration() {
        double mu = 0.5, g = 9.81;
        for (double ratio : new double[] {1.01, 0.99}) {
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
            w.addBody(BodySpec.fixed(new Box(50, 0.5, 50)).withPosition(new Vector3d(0, -0.5, 0)).withMaterial(mu, 0));
            BodyId box = w.addBody(BodySpec.dynamic(new Box(0.25, 0.25, 0.25)).withPosition(new Vector3d(0, 0.25, 0))
                    .withMaterial(mu, 0));
            for (int i = 0; i < 60; i++) {
                w.step();
            }
            assertThat(w.isAsleep(box)).as("settled and asleep before the push").isTrue();
            double m = w.mass(box), x0 = w.position(box, new Vector3d()).x;
            int steps = 240;
            for (int i = 0; i < steps; i++) {
                w.applyForce(box, new Vector3d(ratio * mu * m * g, 0, 0));
                w.step();
            }
            Vector3d v = w.linearVelocity(box, new Vector3d());
            double moved = w.position(box, new Vector3d()).x - x0;
            if (ratio > 1) {
                double a = (ratio - 1) * mu * g, t = steps * DT;
                assertThat(v.x).as("speed after %s s of 1.01 mu m g", t).isCloseTo(a * t, within(0.03 * a * t));
                assertThat(moved).as("distance").isCloseTo(a * t * t / 2, within(0.05 * a * t * t / 2));
            } else {
                assertThat(Math.abs(moved)).as("0.99 mu m g: static friction holds").isLessThan(1e-3);
                assertThat(v.length()).isLessThan(1e-3);
            }
        }
    }

    /**
     * A zero force or torque every step does not keep a resting body from falling asleep (it still
     * wakes it, as every command does): nothing pushes it. A non-zero one does.
     */
    @Test
    void onlyANonZeroPushKeepsARestingBodyAwake() {
        for (double f : new double[] {0, 1e-3}) {
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
            w.addBody(BodySpec.fixed(new Box(50, 0.5, 50)).withPosition(new Vector3d(0, -0.5, 0)));
            BodyId box = w.addBody(BodySpec.dynamic(new Box(0.25, 0.25, 0.25)).withPosition(new Vector3d(0, 0.25, 0)));
            boolean slept = false;
            for (int i = 0; i < 120; i++) {
                w.applyForce(box, new Vector3d(f, 0, 0));
                w.applyTorque(box, new Vector3d(0, f, 0));
                w.step();
                slept |= w.isAsleep(box);
            }
            assertThat(slept).as("fell asleep under a push of %s N", f).isEqualTo(f == 0);
        }
    }
}
