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
 * The {@code slider} (prismatic) joint against physics worked out by hand: a block on a frictionless tilted
 * rail accelerates at {@code g sin θ} and keeps to the rail; it stops on a limit; a motor drives it up the rail
 * at its speed while its force allows, and stalls into {@code (F - m g sin θ) / m} when it does not; a bead on a
 * rod turning at a constant ω in zero gravity slides out as {@code r0 cosh(ω t)} (the rod's rows turn with it
 * however far the bead has gone).
 */
class SliderJointTest {
    private static final double G = 9.81;
    private static final double DT = 1.0 / 60;

    private static PhysicsWorld world(double g) {
        return Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d(0, -g, 0)).withSleeping(false));
    }

    /** A 2 kg block on a rail through the origin tilted θ up from +x, in the x-y plane. */
    private static BodyId railBlock(PhysicsWorld w, double theta, ConstraintSpec extra) {
        BodyId block = w.addBody(BodySpec.dynamic(new Box(0.1, 0.1, 0.1)).withMass(2).withDamping(0, 0)
                .withOrientation(new Quaterniond().rotateZ(theta)));
        lastJoint = w.addConstraint(block, null, extra);
        return block;
    }

    private static ConstraintId lastJoint;

    private static ConstraintSpec rail(double theta) {
        return ConstraintSpec.slider(new Vector3d(), new Vector3d(Math.cos(theta), Math.sin(theta), 0));
    }

    /** The slide of body b along the rail (metres from the origin along its axis) and its distance off it. */
    private static double[] onRail(PhysicsWorld w, BodyId b, double theta) {
        Vector3d p = w.position(b, new Vector3d());
        double along = p.x * Math.cos(theta) + p.y * Math.sin(theta);
        double off = Math.sqrt(Math.max(p.lengthSquared() - along * along, 0));
        return new double[] {along, off};
    }

    @Test
    void aBlockOnATiltedFrictionlessRailSlidesAtGSinThetaAndStaysOnIt() {
        double theta = Math.toRadians(30);
        PhysicsWorld w = world(G);
        BodyId block = railBlock(w, theta, rail(theta));
        int steps = 60;
        double most = 0;
        for (int i = 0; i < steps; i++) {
            w.step();
            most = Math.max(most, onRail(w, block, theta)[1]);
        }
        double t = steps * DT;
        // semi-implicit Euler: x_n = a dt² n (n + 1) / 2 down the rail, a = g sin θ
        double expected = -G * Math.sin(theta) * DT * DT * steps * (steps + 1) / 2;
        assertThat(onRail(w, block, theta)[0]).as("slide after %.1f s (exact %.4f m)", t,
                -0.5 * G * Math.sin(theta) * t * t).isCloseTo(expected, within(1e-3));
        assertThat(most).as("largest distance off the rail, m").isLessThan(1e-4);
        Quaterniond q = w.orientation(block, new Quaterniond());
        assertThat(q.angle()).as("the block does not turn").isCloseTo(theta, within(1e-4));
    }

    @Test
    void aLimitStopsTheBlockWhereItSays() {
        double theta = Math.toRadians(30);
        PhysicsWorld w = world(G);
        BodyId block = railBlock(w, theta, rail(theta).limits(-0.5, 1));
        for (int i = 0; i < 180; i++) {
            w.step();
        }
        assertThat(onRail(w, block, theta)[0]).as("rests on the lower limit").isCloseTo(-0.5, within(2e-3));
        assertThat(w.linearVelocity(block, new Vector3d()).length()).isLessThan(1e-3);
        // the joint's force is the whole weight: the limit's m g sin θ along the rail and the rail's m g cos θ across
        assertThat(w.constraintForce(lastJoint)).isCloseTo(2 * G, within(0.05));
    }

    @Test
    void aMotorDrivesUpTheRailAtItsSpeedOrStallsWhenTooWeak() {
        double theta = Math.toRadians(30);
        double weight = 2 * G * Math.sin(theta); // 9.81 N along the rail
        PhysicsWorld strong = world(G);
        BodyId up = railBlock(strong, theta, rail(theta).motor(0.5, 3 * weight));
        PhysicsWorld weak = world(G);
        BodyId down = railBlock(weak, theta, rail(theta).motor(0.5, 0.5 * weight));
        for (int i = 0; i < 120; i++) {
            strong.step();
            weak.step();
        }
        Vector3d v = strong.linearVelocity(up, new Vector3d());
        assertThat(v.x * Math.cos(theta) + v.y * Math.sin(theta)).as("driven speed, m/s").isCloseTo(0.5, within(1e-3));
        // too weak: the net force down the rail is m g sin θ - F = weight / 2, a = weight / 2 / m
        double a = -(weight - 0.5 * weight) / 2;
        double expected = a * DT * DT * 120 * 121 / 2;
        assertThat(onRail(weak, down, theta)[0]).as("stalled motor slides back (%.4f m)", expected)
                .isCloseTo(expected, within(2e-3));
    }

    @Test
    void aBeadOnATurningRodSlidesOutAsCoshOmegaT() {
        PhysicsWorld w = world(0);
        double omega = 2, r0 = 0.2;
        BodyId rod = w.addBody(BodySpec.kinematic(new Box(2, 0.02, 0.02)).withAngularVelocity(new Vector3d(0, 0, omega)));
        BodyId bead = w.addBody(BodySpec.dynamic(new Sphere(0.02)).withMass(0.1).withDamping(0, 0)
                .withPosition(new Vector3d(r0, 0, 0)).withLinearVelocity(new Vector3d(0, omega * r0, 0))
                .withAngularVelocity(new Vector3d(0, 0, omega)).withCollisionFilter(2, 2));
        w.setCollisionFilter(rod, 1, 1);
        w.addConstraint(bead, rod, ConstraintSpec.slider(new Vector3d(r0, 0, 0), new Vector3d(1, 0, 0)));
        int steps = 45;
        double worst = 0;
        for (int i = 1; i <= steps; i++) {
            w.step();
            Vector3d p = w.position(bead, new Vector3d());
            double angle = Math.atan2(p.y, p.x), rodAngle = omega * i * DT;
            worst = Math.max(worst, Math.abs(Math.IEEEremainder(angle - rodAngle, 2 * Math.PI)) * p.length());
        }
        double t = steps * DT;
        double r = w.position(bead, new Vector3d()).length();
        // r'' = ω² r from rest on the rod: r = r0 cosh(ω t)
        assertThat(r).as("radius after %.2f s (r0 cosh ω t = %.4f)", t, r0 * Math.cosh(omega * t))
                .isCloseTo(r0 * Math.cosh(omega * t), within(0.02 * r0 * Math.cosh(omega * t)));
        assertThat(worst).as("farthest off the turning rod, m").isLessThan(2e-3);
    }

    @Test
    void badSliderParametersAreRefusedNamingTheValue() {
        PhysicsWorld w = world(G);
        BodyId a = w.addBody(BodySpec.dynamic(new Sphere(0.1)));
        ConstraintSpec s = rail(0);
        assertThatThrownBy(() -> w.addConstraint(a, null, s.limits(1, -1))).hasMessageContaining("lowerLimit = 1.0");
        assertThatThrownBy(() -> w.addConstraint(a, null, s.motor(1, -2))).hasMessageContaining("maxMotorForce = -2.0");
        assertThatThrownBy(() -> w.addConstraint(a, null, s.motor(1e6, 2))).hasMessageContaining("motorSpeed");
        assertThatThrownBy(() -> w.addConstraint(a, null, s.param("upperLimit", Double.NEGATIVE_INFINITY)))
                .hasMessageContaining("upperLimit");
        assertThatThrownBy(() -> ConstraintSpec.slider(new Vector3d(), new Vector3d())).hasMessageContaining("slider axis");
        assertThat(w.constraintCount()).isZero();
    }
}
