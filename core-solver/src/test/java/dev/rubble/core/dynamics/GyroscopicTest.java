package dev.rubble.core.dynamics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.spi.shape.Box;
import org.junit.jupiter.api.Test;

/**
 * Issue 11 item 4: torque-free rigid body motion. Without torque the world angular momentum
 * {@code L = R I R^T w} and the energy {@code w . L / 2} are constants of the motion (Euler's
 * equations); an axisymmetric body's symmetry axis precesses about L at {@code |L| / I⊥}.
 */
final class GyroscopicTest {
    private static World world(boolean gyro) {
        WorldSettings s = WorldSettings.defaults().withGravity(0, 0, 0);
        return Worlds.world(s.withDynamics(s.dynamics().withSleep(false, 0.05, 0.05, 0.5).withMotion(400, 100, gyro)));
    }

    /** Rotation matrix (row-major) of body s's orientation. */
    private static double[][] rotation(BodyStore b, int s) {
        double qx = b.qx[s], qy = b.qy[s], qz = b.qz[s], qw = b.qw[s];
        return new double[][] {
            {1 - 2 * (qy * qy + qz * qz), 2 * (qx * qy - qw * qz), 2 * (qx * qz + qw * qy)},
            {2 * (qx * qy + qw * qz), 1 - 2 * (qx * qx + qz * qz), 2 * (qy * qz - qw * qx)},
            {2 * (qx * qz - qw * qy), 2 * (qy * qz + qw * qx), 1 - 2 * (qx * qx + qy * qy)}};
    }

    /** World angular momentum of a box of mass m and half extents (a, b, c), body axes = box axes. */
    private static double[] momentum(BodyStore st, int s, double m, double a, double b, double c) {
        double[] inertia = {m * (b * b + c * c) / 3, m * (a * a + c * c) / 3, m * (a * a + b * b) / 3};
        double[][] r = rotation(st, s);
        double[] w = {st.wx[s], st.wy[s], st.wz[s]};
        double[] lb = new double[3];
        for (int k = 0; k < 3; k++) {
            lb[k] = inertia[k] * (r[0][k] * w[0] + r[1][k] * w[1] + r[2][k] * w[2]);
        }
        double[] l = new double[3];
        for (int k = 0; k < 3; k++) {
            l[k] = r[k][0] * lb[0] + r[k][1] * lb[1] + r[k][2] * lb[2];
        }
        return l;
    }

    private static double energy(BodyStore st, int s, double[] l) {
        return 0.5 * (st.wx[s] * l[0] + st.wy[s] * l[1] + st.wz[s] * l[2]);
    }

    private static double norm(double[] v) {
        return Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    }

    @Test
    void freeAsymmetricBoxTumblingAboutATiltedAxisKeepsItsAngularMomentumAndEnergy() {
        double m = 1, a = 0.5, b = 0.2, c = 0.1;
        double[] drift = new double[2], energyDrift = new double[2];
        for (int g = 0; g < 2; g++) {
            World w = world(g == 1);
            long box = w.createBody(BodyDef.of(new Box(a, b, c)).withMass(m).withAngularVelocity(1, 5, 0.5));
            int s = w.bodies().slot(box);
            BodyStore st = w.bodies();
            double[] l0 = momentum(st, s, m, a, b, c);
            double e0 = energy(st, s, l0);
            double worst = 0, worstE = 0;
            for (int i = 0; i < 600; i++) {
                w.step();
                double[] l = momentum(st, s, m, a, b, c);
                double[] d = {l[0] - l0[0], l[1] - l0[1], l[2] - l0[2]};
                worst = Math.max(worst, norm(d) / norm(l0));
                worstE = Math.max(worstE, Math.abs(energy(st, s, l) - e0) / e0);
            }
            drift[g] = worst;
            energyDrift[g] = worstE;
        }
        // without the term w never changes, so L = R I R^T w turns with the body (the issue saw ~20 %)
        assertThat(drift[0]).isGreaterThan(0.1);
        // with it: the issue asks for 2 % of L and a few % of the energy; the midpoint term keeps both to round-off
        assertThat(drift[1]).isLessThan(1e-9);
        assertThat(energyDrift[1]).isLessThan(1e-9);
    }

    /**
     * A contact that never pushes changes nothing: the box tumbles away from a wall it starts 3 cm
     * from, faster (4 m/s) than any of its points turns towards it (|w| R = 2.8 m/s), so it has a
     * speculative manifold with the wall for its first steps (margin 0.02 m + dt (|v| + |w| R)) but
     * every impulse stays 0, and L and the energy must be kept as in free flight. Before, the
     * end-of-step bounce stored the solver's copy of the velocities after the gyroscopic term's
     * second half, so every body with a manifold kept the sub-step's midpoint angular velocity: this
     * box's L jumped 3 % in each step the wall was in range.
     */
    @Test
    void aBoxTumblingAwayFromAWallItNeverPushesKeepsItsAngularMomentumAndEnergy() {
        double m = 1, a = 0.5, b = 0.2, c = 0.1;
        for (int subSteps : new int[] {1, 3}) {
            WorldSettings s = WorldSettings.defaults().withGravity(0, 0, 0).withStep(1.0 / 60, subSteps);
            // the real narrowphase (box-box SAT with clipping), not the analytic test contacts
            World w = World.create(s.withDynamics(s.dynamics().withSleep(false, 0.05, 0.05, 0.5)), Worlds.stages());
            long box = w.createBody(BodyDef.of(new Box(a, b, c)).withMass(m).withLinearVelocity(-4, 0, 0)
                    .withAngularVelocity(1, 5, 0.5));
            // the wall's face 3 cm beyond the box's end
            w.createBody(BodyDef.of(new Box(1, 1, 1)).withMotion(dev.rubble.core.body.MotionType.STATIC)
                    .withPosition(a + 0.03 + 1, 0, 0));
            int sl = w.bodies().slot(box);
            BodyStore st = w.bodies();
            double[] l0 = momentum(st, sl, m, a, b, c);
            double e0 = energy(st, sl, l0);
            double worst = 0, worstE = 0;
            int withManifold = 0;
            for (int i = 0; i < 60; i++) {
                w.step();
                var cs = w.contacts();
                for (int k = 0; k < cs.size(); k++) {
                    withManifold += cs.pointCount[k] > 0 ? 1 : 0;
                    for (int p = 0; p < cs.pointCount[k]; p++) {
                        assertThat(cs.normalImpulse[k * 4 + p]).as("the wall never pushes").isZero();
                    }
                }
                double[] l = momentum(st, sl, m, a, b, c);
                double[] d = {l[0] - l0[0], l[1] - l0[1], l[2] - l0[2]};
                worst = Math.max(worst, norm(d) / norm(l0));
                worstE = Math.max(worstE, Math.abs(energy(st, sl, l) - e0) / e0);
            }
            assertThat(withManifold).as("steps with a speculative manifold to the wall").isPositive();
            assertThat(st.vx[sl]).isEqualTo(-4); // nothing pushed it
            assertThat(worst).as("L drift, %d sub-steps", subSteps).isLessThan(1e-9);
            assertThat(worstE).as("energy drift, %d sub-steps", subSteps).isLessThan(1e-9);
        }
    }

    /**
     * The gyroscopic term does no work, so its two halves together may not add energy, whatever the
     * contacts do between them. A sliver 1 m long and 1 mm thick (principal inertias 1e-6 apart),
     * dropped spinning onto the ground, has only contacts that take energy (no restitution); its
     * kinetic plus potential energy may never exceed what it started with. When the second half ran
     * after contact impulses without a limit, it gave back far more than the first half took (the
     * impulses had changed w): the sliver reached 5.5 times its starting energy, and a 10 µm one spun
     * up to 5e6 rad/s.
     */
    @Test
    void aSliverTumblingOntoTheGroundNeverGainsEnergy() {
        WorldSettings s = WorldSettings.defaults();
        World w = World.create(s.withDynamics(s.dynamics().withSleep(false, 0.05, 0.05, 0.5)), Worlds.stages());
        w.createBody(BodyDef.of(new Box(20, 0.5, 20)).withMotion(dev.rubble.core.body.MotionType.STATIC)
                .withPosition(0, -0.5, 0));
        double t = 1e-3;
        long sliver = w.createBody(BodyDef.of(dev.rubble.geometry.hull.QuickHull.of(new double[] {
            0, 0, 0, 1, 0, 0, 1, t, 0, 1, 0, t})).withPosition(0, 2, 0).withAngularVelocity(3, 1, 2));
        BodyStore st = w.bodies();
        int sl = st.slot(sliver);
        double e0 = mechanicalEnergy(st, sl, 9.81);
        double worst = 0;
        for (int i = 0; i < 120; i++) {
            w.step();
            worst = Math.max(worst, mechanicalEnergy(st, sl, 9.81) / e0);
        }
        assertThat(st.py[sl]).as("it lands").isLessThan(0.1);
        assertThat(worst).as("largest energy over the starting energy").isLessThanOrEqualTo(1 + 1e-6);
    }

    /** Kinetic (translation and rotation, from the body's principal inertias) plus potential energy, J. */
    private static double mechanicalEnergy(BodyStore b, int s, double g) {
        double rx = dev.rubble.core.body.Inertia.principalX(b, s), ry = dev.rubble.core.body.Inertia.principalY(b, s);
        double rz = dev.rubble.core.body.Inertia.principalZ(b, s), rw = dev.rubble.core.body.Inertia.principalW(b, s);
        double x = dev.rubble.core.body.Inertia.rotX(-rx, -ry, -rz, rw, b.wx[s], b.wy[s], b.wz[s]);
        double y = dev.rubble.core.body.Inertia.rotY(-rx, -ry, -rz, rw, b.wx[s], b.wy[s], b.wz[s]);
        double z = dev.rubble.core.body.Inertia.rotZ(-rx, -ry, -rz, rw, b.wx[s], b.wy[s], b.wz[s]);
        double rot = 0.5 * (x * x / b.invIx[s] + y * y / b.invIy[s] + z * z / b.invIz[s]);
        double v2 = b.vx[s] * b.vx[s] + b.vy[s] * b.vy[s] + b.vz[s] * b.vz[s];
        return rot + 0.5 * b.mass[s] * v2 + b.mass[s] * g * b.py[s];
    }

    @Test
    void symmetricTopPrecessesAboutItsAngularMomentumAtLOverIPerpendicular() {
        // square box (a = b): I1 = I2 = m (a² + c²) / 3, I3 = 2 m a² / 3 about its symmetry axis z
        double m = 2, a = 0.3, c = 0.6;
        World w = world(true);
        long box = w.createBody(BodyDef.of(new Box(a, a, c)).withMass(m).withAngularVelocity(1.5, 0, 4));
        int s = w.bodies().slot(box);
        BodyStore st = w.bodies();
        double iPerp = m * (a * a + c * c) / 3;
        double[] l = momentum(st, s, m, a, a, c);
        double ln = norm(l);
        double[] u = {l[0] / ln, l[1] / ln, l[2] / ln};
        double rate = ln / iPerp; // precession of the symmetry axis about L (Landau & Lifshitz §33)
        int n = 90; // 1.5 s
        // the symmetry axis (body z) projected onto the plane normal to L: its angle turns at `rate`
        double[] start = axisInPlane(st, s, u);
        Worlds.steps(w, n);
        double[] end = axisInPlane(st, s, u);
        double cross = u[0] * (start[1] * end[2] - start[2] * end[1]) + u[1] * (start[2] * end[0] - start[0] * end[2])
                + u[2] * (start[0] * end[1] - start[1] * end[0]);
        double dot = start[0] * end[0] + start[1] * end[1] + start[2] * end[2];
        double turned = Math.atan2(cross, dot);
        double expected = Math.IEEEremainder(rate * n * w.settings().dt(), 2 * Math.PI);
        // the Cayley-map orientation update turns by 2 atan(h |w| / 2) per step: 0.02 % slow here
        assertThat(turned).isCloseTo(expected, within(0.01));
    }

    private static double[] axisInPlane(BodyStore st, int s, double[] u) {
        double[][] r = rotation(st, s);
        double[] z = {r[0][2], r[1][2], r[2][2]};
        double d = z[0] * u[0] + z[1] * u[1] + z[2] * u[2];
        return new double[] {z[0] - d * u[0], z[1] - d * u[1], z[2] - d * u[2]};
    }
}
