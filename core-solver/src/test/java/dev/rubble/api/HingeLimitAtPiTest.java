package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.shape.Box;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A hinge's limits may lie anywhere in [-π, π] (docs/constraints.md), so a limit at ±π is a stop half a turn from
 * where the hinge was made. The hinge angle lives in [-π, π] and wraps as the body turns past π; read as -π + δ, the
 * upper limit row took the body for 2π - δ inside its stop and the lower row for far below its own, and drove it on
 * round the long way (fuzz8). Expected here from the joint's definition alone: the body turns to the stop and stays
 * there, as a stop anywhere else holds it (a rod driven onto a limit of 3.0 rad rests within 1e-3 of it), and as
 * Jolt's hinge does, which measures the turn past the nearer limit across ±π ({@code GetSmallestAngleToLimit}).
 */
final class HingeLimitAtPiTest {

    /** The body's turn about z from its start, unwrapped step by step, radians (its start is turn 0). */
    private static double[] drive(double lower, double upper, double motorSpeed, double maxTorque, Vector3d gravity,
                                  int steps) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(gravity));
        // a 1 m rod hanging from a pivot at its top end
        BodyId rod = w.addBody(BodySpec.dynamic(new Box(0.05, 0.5, 0.05)).withMass(1).withDamping(0, 0)
                .withPosition(new Vector3d(0, 4.5, 0)));
        w.addConstraint(rod, null, ConstraintSpec.hinge(new Vector3d(0, 5, 0), new Vector3d(0, 0, 1))
                .limits(lower, upper).motor(motorSpeed, maxTorque));
        Quaterniond q = new Quaterniond();
        double turn = 0, last = 0, most = 0;
        for (int s = 0; s < steps; s++) {
            w.step();
            w.orientation(rod, q);
            double a = 2 * Math.atan2(q.z, q.w);
            double d = a - last;
            d -= 2 * Math.PI * Math.rint(d / (2 * Math.PI));
            turn += d;
            last = a;
            most = Math.max(most, Math.abs(turn));
        }
        return new double[] {turn, most, w.angularVelocity(rod, new Vector3d()).z};
    }

    @Test
    void aMotorDrivesTheBodyOntoAnUpperLimitAtPiAndItStaysThere() {
        // zero gravity: a 10 N·m motor at 1 rad/s against the stop, for 10 s (it reaches it after about 3 s)
        double[] r = drive(-0.5, Math.PI, 1, 10, new Vector3d(), 600);
        assertThat(r[1]).as("largest turn (before: 66 turns in 10 s through the stop)").isLessThan(Math.PI + 0.01);
        assertThat(Math.abs(r[0])).as("turn at the end").isCloseTo(Math.PI, within(0.01));
        assertThat(r[2]).as("spin at the end, rad/s").isCloseTo(0, within(1e-3));
        // the same drive onto a stop at 3.0 rad, which held before too
        double[] ref = drive(-0.5, 3.0, 1, 10, new Vector3d(), 600);
        assertThat(Math.abs(ref[0])).isCloseTo(3.0, within(0.01));
    }

    @Test
    void aMotorDrivesTheBodyOntoALowerLimitAtMinusPiAndItStaysThere() {
        double[] r = drive(-Math.PI, 0.5, -1, 10, new Vector3d(), 600);
        assertThat(r[1]).as("largest turn").isLessThan(Math.PI + 0.01);
        assertThat(Math.abs(r[0])).as("turn at the end").isCloseTo(Math.PI, within(0.01));
        assertThat(r[2]).as("spin at the end, rad/s").isCloseTo(0, within(1e-3));
    }

    @Test
    void aHingeLockedAtPiHoldsARodUpright() {
        // limits [π, π]: the rod made hanging is held half a turn on, upright over its pivot, under gravity
        double[] r = drive(Math.PI, Math.PI, 0, 0, new Vector3d(0, -9.81, 0), 600);
        assertThat(r[1]).as("largest turn").isLessThan(Math.PI + 0.05);
        assertThat(Math.abs(r[0])).as("turn at the end").isCloseTo(Math.PI, within(0.01));
        assertThat(r[2]).as("spin at the end, rad/s").isCloseTo(0, within(1e-3));
    }
}
