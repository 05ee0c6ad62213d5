package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Issue 29: constraints against physics worked out by hand (oscillation frequencies, pendulum
 * periods, static loads), not against the engine's own earlier output.
 */
class ConstraintPhysicsTest {
    private static final double G = 9.81;

    private static PhysicsWorld world() {
        return Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d(0, -G, 0)));
    }

    private static BodySpec ball(double radius, double mass, double x, double y, double z) {
        return BodySpec.dynamic(new Sphere(radius)).withMass(mass).withDamping(0, 0)
                .withPosition(new Vector3d(x, y, z));
    }

    /** Times of the downward zero crossings of {@code samples} (linear interpolation), dt apart. */
    private static List<Double> crossings(double[] samples, double dt) {
        List<Double> out = new ArrayList<>();
        for (int i = 1; i < samples.length; i++) {
            if (samples[i - 1] > 0 && samples[i] <= 0) {
                out.add((i - 1 + samples[i - 1] / (samples[i - 1] - samples[i])) * dt);
            }
        }
        return out;
    }

    private static double meanPeriod(List<Double> c) {
        return (c.get(c.size() - 1) - c.get(0)) / (c.size() - 1);
    }

    @Test
    void aMassOnASpringOscillatesAtTheSquareRootOfKOverM() {
        PhysicsWorld w = world();
        double m = 2, k = 50; // ω = 5 rad/s, T = 1.2566 s
        BodyId body = w.addBody(ball(0.1, m, 0, 0, 0));
        w.addConstraint(body, null, ConstraintSpec.spring(new Vector3d(0, 0, 0), new Vector3d(0, 1, 0), k, 0));
        int steps = 900;
        double[] vy = new double[steps];
        Vector3d v = new Vector3d();
        for (int i = 0; i < steps; i++) {
            w.step();
            vy[i] = w.linearVelocity(body, v).y;
        }
        List<Double> c = crossings(vy, w.timeStep());
        assertThat(c.size()).isGreaterThanOrEqualTo(10);
        double expected = 2 * Math.PI * Math.sqrt(m / k);
        assertThat(meanPeriod(c)).isCloseTo(expected, within(0.01 * expected));
        // and it oscillates about the equilibrium stretch m g / k below the rest length
        Vector3d p = w.position(body, new Vector3d());
        assertThat(Math.abs(p.x) + Math.abs(p.z)).isLessThan(1e-9);
    }

    @Test
    void aSmallAnglePendulumSwingsWithPeriodTwoPiRootLOverG() {
        PhysicsWorld w = world();
        double len = 1, theta = 0.05;
        BodyId bob = w.addBody(ball(0.02, 1, len * Math.sin(theta), 2 - len * Math.cos(theta), 0));
        ConstraintId rod = w.addConstraint(bob, null, ConstraintSpec.distance(
                w.position(bob, new Vector3d()), new Vector3d(0, 2, 0)));
        int steps = 600;
        double[] x = new double[steps];
        Vector3d p = new Vector3d();
        double maxStretch = 0;
        for (int i = 0; i < steps; i++) {
            w.step();
            w.position(bob, p);
            x[i] = p.x;
            maxStretch = Math.max(maxStretch, Math.abs(p.distance(0, 2, 0) - len));
        }
        List<Double> c = crossings(x, w.timeStep());
        assertThat(c.size()).isGreaterThanOrEqualTo(4);
        double expected = 2 * Math.PI * Math.sqrt(len / G);
        assertThat(meanPeriod(c)).isCloseTo(expected, within(0.01 * expected));
        assertThat(maxStretch).isLessThan(0.001 * len);
        assertThat(w.constraintForce(rod)).isCloseTo(G, within(0.02 * G)); // the rod carries the bob's weight
    }

    @Test
    void aBallJointPendulumIsAPhysicalPendulum() {
        // a solid sphere of radius r hung from a socket at distance L from its centre:
        // T = 2π sqrt((L² + 2/5 r²) / (g L))
        PhysicsWorld w = world();
        double len = 0.8, r = 0.2, theta = 0.05;
        BodyId bob = w.addBody(ball(r, 3, len * Math.sin(theta), 2 - len * Math.cos(theta), 0));
        w.addConstraint(bob, null, ConstraintSpec.ball(new Vector3d(0, 2, 0)));
        int steps = 600;
        double[] x = new double[steps];
        Vector3d p = new Vector3d();
        for (int i = 0; i < steps; i++) {
            w.step();
            x[i] = w.position(bob, p).x;
        }
        List<Double> c = crossings(x, w.timeStep());
        double expected = 2 * Math.PI * Math.sqrt((len * len + 0.4 * r * r) / (G * len));
        assertThat(meanPeriod(c)).isCloseTo(expected, within(0.01 * expected));
    }

    @Test
    void aSmallBobOnALongBallJointSwingsLikeARigidPendulum() {
        // A 5 cm, 1 kg sphere on a ball joint whose socket is 2 m from its centre, released from the
        // horizontal. The socket keeps the centre on a circle of L = 2 m, so energy alone gives the speed at
        // the bottom, v = sqrt(2 g L (L² / (L² + 2/5 r²))) = 6.2639 m/s, and the bob swings back up to the
        // socket's height on the other side. The anchor's effective mass is very anisotropic here (1/m along
        // the arm, 1/m + L²/I = 4001/m across it): three scalar rows along the world axes, solved one after
        // the other, stretched the joint to 2.33 m, spun the bob backwards and lost 43 % of the height in one
        // swing (v 5.60 m/s at the bottom). Jolt and Box2D solve a point constraint as one 3×3 block.
        PhysicsWorld w = world();
        double len = 2, r = 0.05;
        BodyId bob = w.addBody(ball(r, 1, len, 0, 0));
        w.addConstraint(bob, null, ConstraintSpec.ball(new Vector3d(0, 0, 0)));
        double vMax = 0, maxStretch = 0, apexLeft = Double.NEGATIVE_INFINITY;
        Vector3d p = new Vector3d(), v = new Vector3d();
        for (int i = 0; i < 400; i++) { // a half period is 3.35 s (K(sin 45°) = 1.854): 201 steps
            w.step();
            w.position(bob, p);
            vMax = Math.max(vMax, w.linearVelocity(bob, v).length());
            maxStretch = Math.max(maxStretch, Math.abs(p.length() - len));
            if (p.x < -1) {
                apexLeft = Math.max(apexLeft, p.y);
            }
        }
        double expected = Math.sqrt(2 * G * len * len * len / (len * len + 0.4 * r * r));
        assertThat(maxStretch).as("joint stretch").isLessThan(0.01);
        assertThat(vMax).as("speed at the bottom").isCloseTo(expected, within(0.03 * expected));
        assertThat(apexLeft).as("height reached on the other side").isGreaterThan(-0.25);
    }

    /** A trapdoor hinged along its edge at x = -1 about z: gravity turns it down (negative angle about z). */
    private static double[] trapdoor(double lower, double upper, int steps) {
        PhysicsWorld w = world();
        BodyId door = w.addBody(BodySpec.dynamic(new Box(1, 0.05, 0.5)).withMass(20).withDamping(0, 0)
                .withPosition(new Vector3d(0, 3, 0)));
        ConstraintSpec spec = ConstraintSpec.hinge(new Vector3d(-1, 3, 0), new Vector3d(0, 0, 1));
        if (lower > Double.NEGATIVE_INFINITY) {
            spec = spec.limits(lower, upper);
        }
        w.addConstraint(door, null, spec);
        double min = 0, max = 0, maxAnchorError = 0;
        Quaterniond q = new Quaterniond();
        Vector3d hingeEdge = new Vector3d();
        for (int i = 0; i < steps; i++) {
            w.step();
            w.orientation(door, q);
            double angle = 2 * Math.atan2(q.z, q.w);
            min = Math.min(min, angle);
            max = Math.max(max, angle);
            // the door's hinge edge point (-1, 0, 0) in its own frame stays on the hinge
            w.transform(door, new org.joml.Matrix4d()).transformPosition(hingeEdge.set(-1, 0, 0));
            maxAnchorError = Math.max(maxAnchorError, hingeEdge.distance(-1, 3, 0));
        }
        w.orientation(door, q);
        double tilt = Math.hypot(q.x, q.y); // any turn about other axes than the hinge's
        return new double[] {min, max, 2 * Math.atan2(q.z, q.w), maxAnchorError, tilt};
    }

    @Test
    void aHingeHoldsADoorWithinItsLimitsUnderGravity() {
        double[] r = trapdoor(-0.5, 0.5, 240);
        assertThat(r[0]).isGreaterThan(-0.5 - 0.02); // never far past the lower limit
        assertThat(r[1]).isLessThan(0.5);
        assertThat(r[2]).isCloseTo(-0.5, within(0.02)); // gravity holds it on the lower limit
        assertThat(r[3]).isLessThan(0.01);
        assertThat(r[4]).isLessThan(1e-6);
        // without limits the same door swings down through -π/2
        double[] free = trapdoor(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, 240);
        assertThat(free[0]).isLessThan(-Math.PI / 2);
    }

    @Test
    void aHingeMotorDrivesAWheelAtItsSpeedWithinItsTorque() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
        BodyId wheel = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withMass(10).withDamping(0, 0));
        // I = 2/5 m r² = 1 kg m²; max torque 2 N·m: from rest it reaches 3 rad/s after 1.5 s, then holds it.
        // The motor speed is frame B's relative to frame A: with the world as B, -3 turns the wheel at +3 rad/s
        w.addConstraint(wheel, null, ConstraintSpec.hinge(new Vector3d(), new Vector3d(0, 1, 0)).motor(-3, 2));
        Vector3d om = new Vector3d();
        w.step(30); // 0.5 s: still accelerating at τ/I = 2 rad/s²
        assertThat(w.angularVelocity(wheel, om).y).isCloseTo(1.0, within(0.02));
        w.step(120);
        assertThat(w.angularVelocity(wheel, om).y).isCloseTo(3.0, within(1e-6));
    }

    @Test
    void aChainOfTwentyBallJointsHangsAtRestWithoutStretching() {
        PhysicsWorld w = world();
        int n = 20;
        double link = 0.2, top = 10;
        BodyId prev = null;
        BodyId[] links = new BodyId[n];
        for (int i = 0; i < n; i++) {
            double y = top - link * (i + 0.5);
            links[i] = w.addBody(ball(0.05, 1, 0, y, 0));
            Vector3d joint = new Vector3d(0, y + link / 2, 0);
            w.addConstraint(links[i], prev, ConstraintSpec.ball(joint));
            prev = links[i];
        }
        w.step(600);
        Vector3d p = w.position(links[n - 1], new Vector3d());
        double length = top - p.y + link / 2; // pivot to the last link's bottom anchor
        assertThat(Math.abs(length - n * link) / (n * link)).isLessThan(0.01);
        for (BodyId b : links) {
            assertThat(w.linearVelocity(b, new Vector3d()).length()).isLessThan(1e-3);
        }
        // at rest the chain sleeps as one island, and a push on its end wakes all of it
        for (BodyId b : links) {
            assertThat(w.isAsleep(b)).isTrue();
        }
        w.applyImpulse(links[n - 1], new Vector3d(0.5, 0, 0));
        w.step();
        for (BodyId b : links) {
            assertThat(w.isAsleep(b)).isFalse();
        }
    }

    @Test
    void aBreakableFixedJointBreaksAtItsThresholdWithinOneStep() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
        BodyId box = w.addBody(BodySpec.dynamic(new Box(0.2, 0.2, 0.2)).withMass(1).withDamping(0, 0));
        ConstraintId weld = w.addConstraint(box, null, ConstraintSpec.fixed(new Vector3d(0, 0, 0)).breakForce(50));
        double rate = 10; // N/s: the load reaches 50 N at t = 5 s, step 300
        int brokeAt = -1;
        ConstraintBreakEvent event = null;
        for (int k = 0; k < 400 && brokeAt < 0; k++) {
            double load = rate * k * w.timeStep();
            w.applyForce(box, new Vector3d(load, 0, 0));
            w.step();
            if (!w.constraintBreaks().isEmpty()) {
                brokeAt = k;
                event = w.constraintBreaks().get(0);
            }
        }
        int expected = (int) Math.floor(50 / (rate / 60.0)) + 1; // first step whose load is over 50 N
        assertThat(brokeAt).isBetween(expected - 1, expected + 1);
        assertThat(event.id()).isEqualTo(weld);
        assertThat(event.force()).isCloseTo(50, within(0.5));
        assertThat(event.bodyB()).isNull();
        assertThat(w.contains(weld)).isFalse();
        // free now: the load accelerates it
        w.applyForce(box, new Vector3d(60, 0, 0));
        w.step();
        assertThat(w.linearVelocity(box, new Vector3d()).x).isGreaterThan(0.5);
    }

    @Test
    void aBreakableJointBreaksAtItsTorqueThreshold() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
        BodyId box = w.addBody(BodySpec.dynamic(new Box(0.2, 0.2, 0.2)).withMass(1).withDamping(0, 0));
        w.addConstraint(box, null, ConstraintSpec.fixed(new Vector3d(0, 0, 0)).breakTorque(20));
        int brokeAt = -1;
        for (int k = 0; k < 200 && brokeAt < 0; k++) {
            w.applyTorque(box, new Vector3d(0, 0, 10 * k / 60.0)); // 10 N·m/s: 20 N·m at step 120
            w.step();
            if (!w.constraintBreaks().isEmpty()) {
                brokeAt = k;
                assertThat(w.constraintBreaks().get(0).torque()).isCloseTo(20, within(0.2));
            }
        }
        assertThat(brokeAt).isBetween(120, 122);
    }

    @Test
    void badConstraintsAreRefusedNamingTheValue() {
        PhysicsWorld w = world();
        BodyId a = w.addBody(ball(0.1, 1, 0, 0, 0));
        assertThatThrownBy(() -> w.addConstraint(a, null, ConstraintSpec.of("gear")))
                .hasMessageContaining("gear").hasMessageContaining("hinge").hasMessageContaining("slider");
        assertThatThrownBy(() -> w.addConstraint(a, null, ConstraintSpec.ball(new Vector3d()).param("stiffness", 1)))
                .hasMessageContaining("stiffness");
        assertThatThrownBy(() -> w.addConstraint(a, null,
                ConstraintSpec.hinge(new Vector3d(), new Vector3d(0, 0, 1)).limits(1, -1)))
                .hasMessageContaining("lowerAngle");
        assertThatThrownBy(() -> w.addConstraint(a, null, ConstraintSpec.fixed(new Vector3d()).breakForce(0)))
                .hasMessageContaining("breakForce");
        assertThatThrownBy(() -> w.addConstraint(a, a, ConstraintSpec.fixed(new Vector3d())))
                .hasMessageContaining("itself");
        assertThatThrownBy(() -> w.addConstraint(a, null, ConstraintSpec.rope(new Vector3d(), new Vector3d(0, 1, 0))
                .param("maxLength", -1))).hasMessageContaining("maxLength");
        assertThat(w.constraintCount()).isZero();
        w.step();
        assertThat(w.constraintCount()).isZero();
    }
}
