package dev.rubble.it.peers;

import static dev.rubble.it.peers.PeerWorlds.G;
import static dev.rubble.it.peers.PeerWorlds.position;
import static dev.rubble.it.peers.PeerWorlds.spin;
import static dev.rubble.it.peers.PeerWorlds.velocity;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Jolt's {@code UnitTests/Physics/OffsetCenterOfMassShapeTests.cpp} (AddTorque, AddAngularImpulse, with the
 * centre of mass at the shape's centre and offset from it) and the motion properties its samples and
 * {@code MotionProperties} document (gravity factor, linear and angular damping, maximum linear and angular
 * velocity), run on Rubble through its public API, together with the inertia of its shapes (box, sphere, capsule,
 * convex hull, compound) as physics gives it. Rubble has no {@code OffsetCenterOfMassShape}; its equivalent is a
 * compound whose children lie off the body's origin, where the centre of mass is the children's and the inertia
 * follows by the parallel-axis theorem. A body's inertia is read from its response to one step of torque
 * ({@code ω = τ h / I}) about each principal axis, in a world without gravity.
 */
final class JoltShapesAndMotionPropertiesTest {

    private static PhysicsWorld zeroGravity() {
        return Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()).withSleeping(false));
    }

    /** The principal moments from one step of torque about each body axis (the body starts unturned, at rest). */
    private static double[] inertia(PhysicsWorld w, BodyId b) {
        double[] out = new double[3];
        for (int axis = 0; axis < 3; axis++) {
            w.setVelocity(b, new Vector3d(), new Vector3d());
            w.setPose(b, new Vector3d(), new org.joml.Quaterniond());
            w.step();
            double tau = 1000;
            w.applyTorque(b, new Vector3d(axis == 0 ? tau : 0, axis == 1 ? tau : 0, axis == 2 ? tau : 0));
            w.step();
            Vector3d omega = spin(w, b);
            assertThat(omega.length()).as("turns about axis %d only", axis).isCloseTo(Math.abs(omega.get(axis)),
                    within(1e-12 * omega.length()));
            out[axis] = tau * w.timeStep() / omega.get(axis);
        }
        return out;
    }

    // ---- OffsetCenterOfMassShapeTests.cpp: TestAddTorqueCOMZero, TestAddAngularImpulseCOMZero ----

    @Test
    void testAddTorqueCOMZero() {
        PhysicsWorld w = zeroGravity();
        double hx = 0.5, hy = 1, hz = 1.5;
        BodyId body = w.addBody(BodySpec.dynamic(new Box(hx, hy, hz)));
        double mass = 8 * hx * hy * hz * 1000;
        double inertiaY = mass / 12 * (4 * hx * hx + 4 * hz * hz);
        assertThat(w.mass(body)).isCloseTo(mass, within(1e-9 * mass));
        double torque = 100000;
        w.applyTorque(body, new Vector3d(0, torque, 0));
        w.step();
        // Jolt: dv = I⁻¹ T dt, no linear velocity
        assertThat(spin(w, body).y).isCloseTo(torque * w.timeStep() / inertiaY, within(1e-12));
        assertThat(velocity(w, body).length()).isZero();
        // AddAngularImpulse(L) is Δω = I⁻¹ L; Rubble's public API has impulses at points: a couple of two opposite
        // impulses ±J at ±r gives the angular impulse 2 r × J and no linear one
        w.setVelocity(body, new Vector3d(), new Vector3d());
        w.step();
        w.applyImpulse(body, new Vector3d(0, 0, -5000), new Vector3d(1, 0, 0));
        w.applyImpulse(body, new Vector3d(0, 0, 5000), new Vector3d(-1, 0, 0));
        w.step();
        double angularImpulse = 2 * 1 * 5000; // (1, 0, 0) × (0, 0, -5000) = (0, 5000, 0), twice
        assertThat(spin(w, body).y).isCloseTo(angularImpulse / inertiaY, within(1e-12));
        assertThat(velocity(w, body).length()).isLessThan(1e-15);
    }

    // ---- OffsetCenterOfMassShapeTests.cpp: TestAddTorqueCOMOffset (as a compound off the origin) ----

    @Test
    void testAddTorqueCOMOffset() {
        PhysicsWorld w = zeroGravity();
        double hx = 0.5, hy = 1, hz = 1.5, r = 1;
        Compound shape = new Compound(List.of(Compound.Child.at(new Box(hx, hy, hz), 5, 0, 0),
                Compound.Child.at(new Sphere(r), -2, 0, 0)));
        BodyId body = w.addBody(BodySpec.dynamic(shape));
        double mb = 8 * hx * hy * hz * 1000, ms = 4.0 / 3 * Math.PI * r * r * r * 1000;
        double comX = (mb * 5 + ms * -2) / (mb + ms);
        assertThat(w.mass(body)).isCloseTo(mb + ms, within(1e-9 * (mb + ms)));
        Vector3d com = w.centerOfMass(body, new Vector3d());
        assertThat(com.x).isCloseTo(comX, within(1e-12));
        assertThat(com.y).isCloseTo(0, within(1e-12));
        assertThat(com.z).isCloseTo(0, within(1e-12));
        // parallel-axis theorem about the centre of mass
        double iy = mb / 12 * (4 * hx * hx + 4 * hz * hz) + mb * (5 - comX) * (5 - comX)
                + 0.4 * ms * r * r + ms * (-2 - comX) * (-2 - comX);
        double torque = 100000;
        w.applyTorque(body, new Vector3d(0, torque, 0));
        w.step();
        // (the compound's inertia is diagonalised numerically: 2e-8 of it is round-off)
        assertThat(spin(w, body).y).isCloseTo(torque * w.timeStep() / iy, within(1e-7 * torque * w.timeStep() / iy));
        assertThat(velocity(w, body).length()).isLessThan(1e-12);
        // an impulse through the origin (off the centre of mass) moves and turns it: Δv = J / m, Δω = I⁻¹ (r × J)
        w.setVelocity(body, new Vector3d(), new Vector3d());
        w.step();
        Vector3d origin = position(w, body);
        w.applyImpulse(body, new Vector3d(0, 0, 1000), origin);
        w.step();
        assertThat(velocity(w, body).z).isCloseTo(1000 / (mb + ms), within(1e-12));
        // r = origin − com = (−comX, 0, 0); r × (0, 0, J) = (0, comX J, 0)
        assertThat(spin(w, body).y).isCloseTo(comX * 1000 / iy, within(1e-7 * Math.abs(comX * 1000 / iy)));
    }

    // ---- inertia of Jolt's shape kinds ----

    @Test
    void boxSphereCapsuleHullInertiaAsPhysicsGivesIt() {
        PhysicsWorld w = zeroGravity();
        // box: m (b² + c²) / 12 with full extents (Jolt's TestPhysicsOverrideMassAndInertia)
        BodyId box = w.addBody(BodySpec.dynamic(new Box(1, 2, 3)));
        double mBox = 48 * 1000;
        expect(inertia(w, box), mBox / 12 * (16 + 36), mBox / 12 * (4 + 36), mBox / 12 * (4 + 16));
        w.removeBody(box);
        // sphere: 2/5 m r²
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.7)));
        double mBall = 4.0 / 3 * Math.PI * 0.343 * 1000;
        assertThat(w.mass(ball)).isCloseTo(mBall, within(1e-9 * mBall));
        double iBall = 0.4 * mBall * 0.49;
        expect(inertia(w, ball), iBall, iBall, iBall);
        w.removeBody(ball);
        // octahedron |x| + |y| + |z| ≤ a as a hull: volume 4/3 a³, <x²> = a² / 10, so I = m a² / 5 about each axis
        double a = 0.8;
        BodyId hull = w.addBody(BodySpec.dynamic(QuickHull.of(new double[] {a, 0, 0, -a, 0, 0, 0, a, 0, 0, -a, 0,
                0, 0, a, 0, 0, -a})));
        double mHull = 4.0 / 3 * a * a * a * 1000;
        assertThat(w.mass(hull)).isCloseTo(mHull, within(1e-9 * mHull));
        expect(inertia(w, hull), mHull * a * a / 5, mHull * a * a / 5, mHull * a * a / 5);
        w.removeBody(hull);
        // capsule along y: brute force, the midpoint rule over a grid of its bounding box
        Capsule capsule = new Capsule(0.3, 0.5);
        BodyId cap = w.addBody(BodySpec.dynamic(capsule));
        double[] brute = bruteForce(capsule, 0.3, 0.8, 0.3, 120);
        assertThat(w.mass(cap)).isCloseTo(brute[0], within(2e-3 * brute[0]));
        double[] i = inertia(w, cap);
        for (int axis = 0; axis < 3; axis++) {
            assertThat(i[axis]).as("axis %d", axis).isCloseTo(brute[axis + 1], within(2e-3 * brute[axis + 1]));
        }
    }

    private static void expect(double[] got, double ix, double iy, double iz) {
        assertThat(got[0]).isCloseTo(ix, within(1e-9 * ix));
        assertThat(got[1]).isCloseTo(iy, within(1e-9 * iy));
        assertThat(got[2]).isCloseTo(iz, within(1e-9 * iz));
    }

    /** Mass and principal moments of a capsule along y at density 1000, by the midpoint rule on an n³ grid. */
    private static double[] bruteForce(Capsule c, double ex, double ey, double ez, int n) {
        double dx = 2 * ex / n, dy = 2 * ey / n, dz = 2 * ez / n, dv = dx * dy * dz;
        double m = 0, ix = 0, iy = 0, iz = 0;
        for (int i = 0; i < n; i++) {
            double x = -ex + (i + 0.5) * dx;
            for (int j = 0; j < n; j++) {
                double y = -ey + (j + 0.5) * dy;
                double yc = Math.max(Math.abs(y) - c.halfHeight(), 0);
                for (int k = 0; k < n; k++) {
                    double z = -ez + (k + 0.5) * dz;
                    if (x * x + yc * yc + z * z <= c.radius() * c.radius()) {
                        double dm = 1000 * dv;
                        m += dm;
                        ix += dm * (y * y + z * z);
                        iy += dm * (x * x + z * z);
                        iz += dm * (x * x + y * y);
                    }
                }
            }
        }
        return new double[] {m, ix, iy, iz};
    }

    // ---- gravity factor (Jolt's GravityFactorTest sample, MotionProperties::mGravityFactor) ----

    @Test
    void gravityFactor() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        BodyId half = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 100, 0))
                .withGravityScale(0.5));
        BodyId none = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(5, 100, 0))
                .withGravityScale(0));
        w.step(60);
        double h = w.timeStep();
        assertThat(velocity(w, half).y).isCloseTo(-0.5 * G, within(1e-12));
        assertThat(position(w, half).y).isCloseTo(100 - 0.5 * G * h * h * 60 * 61 / 2, within(1e-9));
        assertThat(position(w, none).y).isEqualTo(100);
    }

    // ---- linear and angular damping (MotionProperties::mLinearDamping, mAngularDamping) ----

    @Test
    void linearAndAngularDamping() {
        PhysicsWorld w = zeroGravity();
        double c = 0.5;
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withLinearVelocity(new Vector3d(10, 0, 0))
                .withAngularVelocity(new Vector3d(0, 10, 0)).withDamping(c, c));
        w.step(60);
        double h = w.timeStep();
        // Rubble damps as Box2D does, v / (1 + c h) a sub-step (docs/dynamics.md "The peers' sample scenes"); Jolt
        // multiplies by max(0, 1 − c h). Both are one-step approximations of e^(−c t): 6.0779 and 6.0526 after 1 s,
        // e^(−0.5) 10 = 6.0653
        double pade = 10 / Math.pow(1 + c * h, 60);
        assertThat(velocity(w, ball).x).isCloseTo(pade, within(1e-9));
        assertThat(spin(w, ball).y).isCloseTo(pade, within(1e-9));
        assertThat(velocity(w, ball).x).isCloseTo(10 * Math.exp(-c), within(0.015));
        assertThat(10 * Math.pow(1 - c * h, 60)).isCloseTo(10 * Math.exp(-c), within(0.015));
        // travel: each sub-step moves at the damped velocity
        double x = 0, v = 10;
        for (int i = 0; i < 60; i++) {
            v /= 1 + c * h;
            x += v * h;
        }
        assertThat(position(w, ball).x).isCloseTo(x, within(1e-9));
    }

    // ---- maximum linear and angular velocity (MotionProperties::mMaxLinearVelocity, mMaxAngularVelocity) ----

    @Test
    void maxLinearAndAngularVelocity() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()).withSpeedLimits(10, 5));
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withLinearVelocity(new Vector3d(30, 40, 0))
                .withAngularVelocity(new Vector3d(0, 0, 20)));
        w.step();
        // Jolt clamps the length and keeps the direction; so does Rubble (docs/java-api.md, "Huge inputs")
        assertThat(velocity(w, ball).distance(new Vector3d(6, 8, 0))).isLessThan(1e-12);
        assertThat(spin(w, ball).distance(new Vector3d(0, 0, 5))).isLessThan(1e-12);
        assertThat(position(w, ball).distance(new Vector3d(6, 8, 0).mul(w.timeStep()))).isLessThan(1e-12);
        // a push beyond the limit ends at the limit too
        w.applyImpulse(ball, new Vector3d(0, 0, 1e6));
        w.step();
        assertThat(velocity(w, ball).length()).isCloseTo(10, within(1e-9));
    }

    @Test
    void shapesAreWhatTheirNamesSay() {
        Shape s = new Capsule(0.3, 0.5);
        assertThat(s.volume()).isCloseTo(Math.PI * 0.09 * (1 + 0.4), within(1e-12));
    }
}
