package dev.rubble.it.peers;

import static dev.rubble.it.peers.PeerWorlds.position;
import static dev.rubble.it.peers.PeerWorlds.spin;
import static dev.rubble.it.peers.PeerWorlds.velocity;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.ConstraintSpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Jolt's constraint unit tests (jrouwe/JoltPhysics {@code UnitTests/Physics/DistanceConstraintTests.cpp} and
 * {@code SliderConstraintTests.cpp}), case by case, run on Rubble through its public API; each method is named
 * after the Jolt {@code TEST_CASE} it ports. Jolt's {@code PhysicsTestContext} is a 1/60 s step of one collision
 * step ({@link PeerWorlds#jolt(int)} with 1), gravity 9.81 m/s² unless the case calls {@code ZeroGravity()}, density
 * 1000 kg/m³ (Rubble's default). Jolt's slider joins body 1 (the rail) to body 2; Rubble's slider is (carriage,
 * rail), so Jolt's body 2 is Rubble's body A and Jolt's body 1 its body B, and the slide and the motor's speed are
 * A's relative to B in both.
 *
 * <p>Where Jolt's expected value is physics it is used as it stands: the slide stops at its limit and stays there,
 * a motor of force F on mass m accelerates it at F / m up to its target speed, friction F decelerates it at F / m,
 * the spring follows Catto's implicit-Euler spring-damper ("Soft Constraints", GDC 2011, p. 32, the recurrence Jolt's
 * test iterates). Where it rests on Jolt's integrator (the position after n steps of constant acceleration, Jolt's
 * {@code PredictPosition}) it is Rubble's documented one, the same semi-implicit Euler: {@code v += a h; x += v h}.
 * Jolt's slider friction ({@code mMaxFrictionForce}) is Rubble's velocity motor of speed 0 and force F, the same
 * bounded impulse.
 *
 * <p>Not ported, the feature missing in Rubble: {@code TestHingeSpring}, {@code TestSliderSpring} (Rubble's hinge and
 * slider have no spring on their free axis; only {@code distance} has one), {@code TestSliderConstraintDrivePosition}
 * and {@code TestSliderReferenceFrame} (no position motor, and no separate frames for the slider's two bodies with
 * different axes), {@code TestSliderStaticVsKinematic} and {@code TestSliderKinematicVsKinematic} (a kinematic body
 * has no sleep state in Rubble: it is never asleep), {@code TestConstraintsVsSimulationIslands} (island indices are
 * not exposed; constrained bodies sleeping and waking together is what the wake cases below check), every
 * {@code SixDOFConstraintTests} case (no six-degree-of-freedom joint, no per-axis springs or allowed-DOF locks) and
 * {@code PathConstraintTests} (no path joint). Jolt has no unit tests of its point, cone, fixed or swing-twist
 * constraints; Rubble's ball, weld and limits are checked against physics in its own tests
 * ({@code ConstraintPhysicsTest}, {@code StopLoadTest}, {@code LockedJointTest}). Box2D v3 has no joint unit tests
 * (only {@code test/test_recording.c}'s record and replay); Rapier's joint tests
 * ({@code multibody_regression_tests.rs}) are crash regressions of reduced-coordinate multibodies, which Rubble does
 * not have, and their one behaviour case needs angular limits on a ball joint.
 */
final class JoltConstraintTestsTest {

    /** Jolt's {@code CreateBox(..., Vec3(1, 1, 1))}: half extents 1, so 8 m³ and 8000 kg at Jolt's density. */
    private static final double BOX_MASS = 8 * 1000;
    private static final Vector3d X = new Vector3d(1, 0, 0);

    /** Jolt's {@code PredictPosition}: n steps of {@code v += a h; x += v h} from x0, v0 over {@code t}. */
    private static double predict(double x0, double v0, double a, double t, double h) {
        int n = (int) Math.round(t / h);
        return x0 + v0 * n * h + a * h * h * n * (n + 1) / 2.0;
    }

    private static BodyId box(PhysicsWorld w, BodySpec spec, double x) {
        return w.addBody(spec.withPosition(new Vector3d(x, 0, 0)));
    }

    // ---- DistanceConstraintTests: TestDistanceSpring ----

    /**
     * A 0.5 m sphere 10 m from a world point, held by a distance spring of rest length 0 at 2 Hz and damping ratio
     * 0.1, no gravity, no damping. Jolt runs it twice, with (k, c) and with (frequency, ratio): Rubble's spring takes
     * k and c, the same numbers ({@code k = m ω²}, {@code c = 2 m ζ ω}), so the one run is both.
     */
    @Test
    void testDistanceSpring() {
        PhysicsWorld w = PeerWorlds.joltZeroGravity(1);
        Vector3d start = new Vector3d(10, 0, 0);
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(start).withDamping(0, 0));
        double m = w.mass(ball);
        assertThat(m).isCloseTo(1000 * 4.0 / 3.0 * Math.PI * 0.125, within(1e-9));
        double omega = 2 * Math.PI * 2.0;
        double k = m * omega * omega;
        double c = 2 * m * 0.1 * omega;
        w.addConstraint(ball, null, ConstraintSpec.spring(start, new Vector3d(), k, c).param("restLength", 0));
        double x = start.x;
        double v = 0;
        double dt = w.timeStep();
        for (int i = 0; i < 120; i++) {
            // Catto's implicit Euler spring-damper (Jolt's recurrence)
            v = (v - dt * k / m * x) / (1 + dt * c / m + dt * dt * k / m);
            x += v * dt;
            w.step();
            Vector3d p = position(w, ball);
            assertThat(p.x).as("step %d", i + 1).isCloseTo(x, within(5e-6));
            assertThat(p.y).isZero();
            assertThat(p.z).isZero();
        }
    }

    // ---- SliderConstraintTests: TestSliderConstraintLimitMin ----

    @Test
    void testSliderConstraintLimitMin() {
        PhysicsWorld w = PeerWorlds.jolt(1);
        BodyId rail = box(w, BodySpec.fixed(new Box(1, 1, 1)), 0);
        BodyId cart = box(w, BodySpec.dynamic(new Box(1, 1, 1)).withLinearVelocity(new Vector3d(-10, 0, 0)), 3);
        w.setIgnoreCollision(cart, rail, true); // Jolt: the boxes pass through each other, a group filter
        w.addConstraint(cart, rail, ConstraintSpec.slider(new Vector3d(3, 0, 0), X).limits(-7, 0));
        w.step(60);
        assertThat(velocity(w, cart).length()).isLessThan(1e-4);
        assertThat(position(w, cart).distance(3 - 7, 0, 0)).isLessThan(1e-4);
    }

    // ---- SliderConstraintTests: TestSliderConstraintLimitMax ----

    @Test
    void testSliderConstraintLimitMax() {
        PhysicsWorld w = PeerWorlds.jolt(1);
        BodyId rail = box(w, BodySpec.fixed(new Box(1, 1, 1)), 0);
        BodyId cart = box(w, BodySpec.dynamic(new Box(1, 1, 1)).withLinearVelocity(new Vector3d(10, 0, 0)), 3);
        w.addConstraint(cart, rail, ConstraintSpec.slider(new Vector3d(3, 0, 0), X).limits(0, 7));
        w.step(60);
        assertThat(velocity(w, cart).length()).isLessThan(1e-4);
        assertThat(position(w, cart).distance(3 + 7, 0, 0)).isLessThan(1e-4);
    }

    // ---- SliderConstraintTests: TestSliderConstraintDriveVelocityStaticVsDynamic ----

    @Test
    void testSliderConstraintDriveVelocityStaticVsDynamic() {
        PhysicsWorld w = PeerWorlds.jolt(1);
        BodyId rail = box(w, BodySpec.fixed(new Box(1, 1, 1)), 0);
        BodyId cart = box(w, BodySpec.dynamic(new Box(1, 1, 1)), 3);
        assertThat(w.mass(cart)).isCloseTo(BOX_MASS, within(1e-9));
        double a = 2;
        w.addConstraint(cart, rail, ConstraintSpec.slider(new Vector3d(3, 0, 0), X).motor(1.5 * a, BOX_MASS * a));
        w.step(60);
        // the force F = m a accelerates the box at a for the first second
        assertThat(velocity(w, cart).distance(a, 0, 0)).isLessThan(1e-4);
        w.step(60);
        // after 1.5 s it is at the target speed and stays there
        assertThat(velocity(w, cart).distance(1.5 * a, 0, 0)).isLessThan(1e-4);
        double h = w.timeStep();
        double x = predict(3, 0, a, 1.5, h) + 0.5 * 1.5 * a;
        assertThat(position(w, cart).distance(x, 0, 0)).isLessThan(1e-4);
    }

    // ---- SliderConstraintTests: TestSliderConstraintDriveVelocityDynamicVsDynamic ----

    @Test
    void testSliderConstraintDriveVelocityDynamicVsDynamic() {
        PhysicsWorld w = PeerWorlds.joltZeroGravity(1);
        BodyId rail = box(w, BodySpec.dynamic(new Box(1, 1, 1)), 0);
        BodyId cart = box(w, BodySpec.dynamic(new Box(1, 1, 1)), 3);
        double a = 2;
        w.addConstraint(cart, rail, ConstraintSpec.slider(new Vector3d(3, 0, 0), X).motor(3 * a, BOX_MASS * a));
        w.step(60);
        // the same force on both, opposite: each at a, the slide's speed 2 a
        assertThat(velocity(w, rail).distance(-a, 0, 0)).isLessThan(1e-4);
        assertThat(velocity(w, cart).distance(a, 0, 0)).isLessThan(1e-4);
        w.step(60);
        assertThat(velocity(w, rail).distance(-1.5 * a, 0, 0)).isLessThan(1e-4);
        assertThat(velocity(w, cart).distance(1.5 * a, 0, 0)).isLessThan(1e-4);
        double h = w.timeStep();
        assertThat(position(w, rail).distance(predict(0, 0, -a, 1.5, h) - 0.5 * 1.5 * a, 0, 0)).isLessThan(1e-4);
        assertThat(position(w, cart).distance(predict(3, 0, a, 1.5, h) + 0.5 * 1.5 * a, 0, 0)).isLessThan(1e-4);
        assertThat(spin(w, rail).length()).isLessThan(1e-9);
        assertThat(spin(w, cart).length()).isLessThan(1e-9);
    }

    // ---- SliderConstraintTests: TestSliderConstraintFriction ----

    @Test
    void testSliderConstraintFriction() {
        PhysicsWorld w = PeerWorlds.jolt(1);
        BodyId rail = box(w, BodySpec.fixed(new Box(1, 1, 1)), 0);
        BodyId cart = box(w, BodySpec.dynamic(new Box(1, 1, 1)).withLinearVelocity(new Vector3d(10, 0, 0)), 3);
        double a = 2;
        // Jolt's mMaxFrictionForce = m a: a motor holding the slide's speed at 0 with at most that force
        w.addConstraint(cart, rail, ConstraintSpec.slider(new Vector3d(3, 0, 0), X).motor(0, BOX_MASS * a));
        w.step(120);
        assertThat(velocity(w, cart).distance(10 - a * 2, 0, 0)).isLessThan(1e-4);
        assertThat(position(w, cart).distance(predict(3, 10, -a, 2, w.timeStep()), 0, 0)).isLessThan(1e-4);
    }

    // ---- SliderConstraintTests: the wake cases ----

    /** Steps until both dynamic bodies sleep, at most 10 s; returns the steps taken. */
    private static int stepUntilAsleep(PhysicsWorld w, BodyId... bodies) {
        for (int i = 1; i <= 600; i++) {
            w.step();
            boolean all = true;
            for (BodyId b : bodies) {
                all &= w.isAsleep(b);
            }
            if (all) {
                return i;
            }
        }
        throw new AssertionError("not asleep after 10 s");
    }

    /**
     * TestSliderStaticVsDynamic: a sleeping box on a slider to a static box. Jolt's constraint leaves it asleep
     * until it is activated. Rubble wakes a constraint's bodies when it is created (docs/constraints.md, "The
     * solve", Islands: on purpose, so a joint added to a resting body is solved at once); the box then hangs on the
     * slider, at rest, and sleeps again. Woken (Rubble has no bare activation call: an impulse along the rail), it
     * is awake in the next step; the static box has no sleep state in either engine.
     */
    @Test
    void testSliderStaticVsDynamic() {
        PhysicsWorld w = PeerWorlds.jolt(1);
        BodyId rail = box(w, BodySpec.fixed(new Box(1, 1, 1)), 0);
        BodyId cart = box(w, BodySpec.dynamic(new Box(1, 1, 1)).asleep(), 10);
        w.step();
        assertThat(w.isAsleep(cart)).isTrue();
        w.addConstraint(cart, rail, ConstraintSpec.slider(new Vector3d(10, 0, 0), X));
        w.step();
        assertThat(w.isAsleep(cart)).as("Rubble: a new constraint wakes its bodies").isFalse();
        stepUntilAsleep(w, cart);
        w.applyImpulse(cart, new Vector3d(1, 0, 0));
        w.step();
        assertThat(w.isAsleep(cart)).isFalse();
        assertThat(velocity(w, cart).x).isGreaterThan(0);
    }

    /**
     * TestSliderKinematicVsDynamic: a kinematic box and a sleeping dynamic box on a slider. Jolt: activating the
     * kinematic one wakes the dynamic one in the next step. Rubble wakes a body held by a moving kinematic one
     * (docs/constraints.md, Islands); the kinematic box is moved with {@code moveKinematic}, Rubble's activation of a
     * kinematic body, and the dynamic one is carried along the rail's normal with it.
     */
    @Test
    void testSliderKinematicVsDynamic() {
        PhysicsWorld w = PeerWorlds.jolt(1);
        BodyId rail = box(w, BodySpec.kinematic(new Box(1, 1, 1)), 0);
        BodyId cart = box(w, BodySpec.dynamic(new Box(1, 1, 1)).asleep(), 10);
        w.addConstraint(cart, rail, ConstraintSpec.slider(new Vector3d(10, 0, 0), X));
        int slept = stepUntilAsleep(w, cart);
        assertThat(slept).isLessThan(600);
        w.step();
        assertThat(w.isAsleep(cart)).isTrue();
        w.moveKinematic(rail, new Vector3d(0, 0.1, 0), new Quaterniond());
        w.step();
        assertThat(w.isAsleep(cart)).isFalse();
        // the rail moved 0.1 m up in the step: the box on it follows (the soft rows take it there over a few steps)
        w.step(30);
        assertThat(position(w, cart).y).isCloseTo(0.1, within(1e-3));
    }

    /**
     * TestSliderDynamicVsDynamic: two sleeping dynamic boxes on a slider; activating one wakes the other in the next
     * step. Rubble's constraint wakes both when it is created (above), and two boxes on a slider under gravity fall
     * for ever, so here without gravity: they rest, sleep together (one island), and an impulse on the first wakes
     * the second in the same step.
     */
    @Test
    void testSliderDynamicVsDynamic() {
        PhysicsWorld w = PeerWorlds.joltZeroGravity(1);
        BodyId a = box(w, BodySpec.dynamic(new Box(1, 1, 1)).asleep(), 0);
        BodyId b = box(w, BodySpec.dynamic(new Box(1, 1, 1)).asleep(), 10);
        w.addConstraint(b, a, ConstraintSpec.slider(new Vector3d(10, 0, 0), X));
        stepUntilAsleep(w, a, b);
        w.step();
        assertThat(w.isAsleep(a)).isTrue();
        assertThat(w.isAsleep(b)).isTrue();
        w.applyImpulse(a, new Vector3d(100, 0, 0));
        w.step();
        assertThat(w.isAsleep(a)).isFalse();
        assertThat(w.isAsleep(b)).isFalse();
        // along the rail the slide is free: the first box takes the whole impulse, the second none of it
        assertThat(velocity(w, a).distance(100 / BOX_MASS, 0, 0)).isLessThan(1e-9);
        assertThat(velocity(w, b).length()).isLessThan(1e-9);
    }
}
