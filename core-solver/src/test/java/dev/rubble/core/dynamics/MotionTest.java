package dev.rubble.core.dynamics;

import static dev.rubble.core.dynamics.Worlds.slot;
import static dev.rubble.core.dynamics.Worlds.steps;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import org.junit.jupiter.api.Test;

final class MotionTest {
    private static final double G = 9.81;

    private static WorldSettings settings(boolean gyro) {
        WorldSettings s = WorldSettings.defaults();
        return s.withDynamics(s.dynamics().withSleep(false, 0.05, 0.05, 0.5).withMotion(400, 100, gyro));
    }

    @Test
    void freeFallMatchesSymplecticEuler() {
        World w = Worlds.world(settings(false));
        long b = Worlds.sphere(w, 0.5, 2, 0, 100, 0);
        int n = 90;
        steps(w, n);
        double h = w.settings().dt(), t = n * h;
        // y_n = y0 - g h^2 n(n+1)/2 = y0 - g t^2/2 - g h t/2
        assertThat(w.bodies().py[slot(w, b)]).isCloseTo(100 - G * t * t / 2 - G * h * t / 2, within(1e-9));
        assertThat(w.bodies().vy[slot(w, b)]).isCloseTo(-G * t, within(1e-9));
    }

    @Test
    void gravityScaleAndConstantForce() {
        World w = Worlds.world(settings(false));
        long b = w.createBody(BodyDef.of(new Sphere(0.5)).withMass(4).withGravityScale(0));
        double f = 10, h = w.settings().dt();
        int n = 60;
        for (int i = 0; i < n; i++) {
            w.queue(new Command.ApplyImpulse(b, f * h, 0, 0, 0, 0, 0)); // constant force at the centre
            w.step();
        }
        double a = f / 4;
        assertThat(w.bodies().vx[slot(w, b)]).isCloseTo(a * n * h, within(1e-9));
        assertThat(w.bodies().px[slot(w, b)]).isCloseTo(a * h * h * n * (n + 1) / 2.0, within(1e-9));
        assertThat(w.bodies().py[slot(w, b)]).isZero();
    }

    @Test
    void constantTorqueSpinsUpLinearly() {
        World w = Worlds.world(settings(false).withGravity(0, 0, 0));
        double m = 2, r = 0.5;
        long b = w.createBody(BodyDef.of(new Sphere(r)).withMass(m));
        double h = w.settings().dt(), force = 3;
        int n = 30;
        for (int i = 0; i < n; i++) {
            // a couple: +F at +x, -F at -x along y: torque 2 F r about +z, no net force
            w.queue(new Command.ApplyImpulse(b, 0, force * h, 0, r, 0, 0));
            w.queue(new Command.ApplyImpulse(b, 0, -force * h, 0, -r, 0, 0));
            w.step();
        }
        double inertia = 0.4 * m * r * r;
        double alpha = 2 * force * r / inertia;
        BodyStore s = w.bodies();
        int i = slot(w, b);
        // the couple is applied about the current centre each step, so it stays a pure torque about z
        assertThat(s.wz[i]).isCloseTo(alpha * n * h, within(1e-6));
        assertThat(s.vx[i]).isCloseTo(0, within(1e-12));
        assertThat(s.vy[i]).isCloseTo(0, within(1e-12));
        double angle = alpha * h * h * n * (n + 1) / 2.0;
        assertThat(2 * StrictMath.atan2(s.qz[i], s.qw[i])).isCloseTo(angle, within(1e-3 * angle));
    }

    @Test
    void speedsAreClampedToTheLimits() {
        WorldSettings s = WorldSettings.defaults().withGravity(0, 0, 0);
        s = s.withDynamics(s.dynamics().withMotion(50, 20, false));
        World w = Worlds.world(s);
        long b = w.createBody(BodyDef.of(new Sphere(0.5)).withMass(1).withLinearVelocity(300, 400, 0)
                .withAngularVelocity(0, 0, 100));
        w.step();
        BodyStore st = w.bodies();
        int i = slot(w, b);
        assertThat(Math.hypot(st.vx[i], st.vy[i])).isCloseTo(50, within(1e-9));
        assertThat(st.vx[i] / st.vy[i]).isCloseTo(0.75, within(1e-12)); // direction kept
        assertThat(st.wz[i]).isCloseTo(20, within(1e-9));
    }

    @Test
    void intermediateAxisFlipsOnlyWithTheGyroscopicTerm() {
        // box with three distinct inertias spinning about its intermediate (y) axis with a small
        // perturbation: torque-free motion must flip (Dzhanibekov); without the term nothing changes
        double[] minWy = new double[2];
        for (int g = 0; g < 2; g++) {
            World w = Worlds.world(settings(g == 1).withGravity(0, 0, 0));
            long b = w.createBody(BodyDef.of(new Box(0.1, 0.5, 1.0)).withMass(1).withAngularVelocity(0.01, 5, 0));
            int i = slot(w, b);
            BodyStore s = w.bodies();
            double min = Double.MAX_VALUE;
            for (int k = 0; k < 600; k++) {
                w.step();
                // spin component along the body's own y axis
                double qx = s.qx[i], qy = s.qy[i], qz = s.qz[i], qw = s.qw[i];
                double ax = 2 * (qx * qy - qw * qz), ay = 1 - 2 * (qx * qx + qz * qz), az = 2 * (qy * qz + qw * qx);
                min = Math.min(min, s.wx[i] * ax + s.wy[i] * ay + s.wz[i] * az);
            }
            minWy[g] = min;
        }
        assertThat(minWy[0]).isCloseTo(5, within(1e-6));
        assertThat(minWy[1]).isLessThan(-4);
    }

    @Test
    void gyroscopicTermKeepsAStableSpinAndAngularMomentum() {
        World w = Worlds.world(settings(true).withGravity(0, 0, 0));
        // spin about the largest-inertia axis (z for this box): stable
        long b = w.createBody(BodyDef.of(new Box(0.5, 0.3, 0.1)).withMass(1).withAngularVelocity(0.2, 0, 6));
        int i = slot(w, b);
        BodyStore s = w.bodies();
        double ix = (0.36 + 0.04) / 12, iz = (1.0 + 0.36) / 12;
        // world angular momentum L = R I R^T w at the start (body axes = world axes)
        double iy = (1.0 + 0.04) / 12;
        double l0 = Math.sqrt(sq(ix * 0.2) + sq(iz * 6));
        steps(w, 600);
        double qx = s.qx[i], qy = s.qy[i], qz = s.qz[i], qw = s.qw[i];
        // body-frame w = R^T w
        double[][] r = {
            {1 - 2 * (qy * qy + qz * qz), 2 * (qx * qy - qw * qz), 2 * (qx * qz + qw * qy)},
            {2 * (qx * qy + qw * qz), 1 - 2 * (qx * qx + qz * qz), 2 * (qy * qz - qw * qx)},
            {2 * (qx * qz - qw * qy), 2 * (qy * qz + qw * qx), 1 - 2 * (qx * qx + qy * qy)}};
        double[] wb = new double[3];
        double[] ww = {s.wx[i], s.wy[i], s.wz[i]};
        for (int a = 0; a < 3; a++) {
            wb[a] = r[0][a] * ww[0] + r[1][a] * ww[1] + r[2][a] * ww[2];
        }
        double l1 = Math.sqrt(sq(ix * wb[0]) + sq(iy * wb[1]) + sq(iz * wb[2]));
        assertThat(wb[2]).isCloseTo(6, within(0.1));
        assertThat(l1).isCloseTo(l0, within(0.02 * l0));
    }

    private static double sq(double v) {
        return v * v;
    }

    @Test
    void kinematicBodyIsInfinitelyHeavyToTheSolver() {
        World w = Worlds.world(settings(false));
        long lift = w.createBody(BodyDef.of(new Box(0.5, 0.5, 0.5)).withMotion(MotionType.KINEMATIC)
                .withPosition(0, 0.5, 0));
        long load = Worlds.box(w, 0.5, 1000, 0, 1.5, 0);
        steps(w, 10);
        double y = 0.5;
        for (int i = 0; i < 60; i++) {
            y += 0.01;
            w.queue(new Command.SetKinematicTarget(lift, 0, y, 0, 0, 0, 0, 1));
            w.step();
        }
        // the lift follows its targets exactly despite a 1000 kg load, and carries it up
        assertThat(w.bodies().originY(slot(w, lift))).isCloseTo(1.1, within(1e-9));
        assertThat(w.bodies().py[slot(w, load)]).isCloseTo(2.1, within(0.02));
    }

    @Test
    void badSettingsNameTheField() {
        assertThatThrownBy(() -> DynamicsSettings.defaults().withMotion(-1, 10, false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxLinearSpeed = -1.0").hasMessageContaining("allowed");
        assertThatThrownBy(() -> DynamicsSettings.defaults().withSleep(true, 0.1, Double.NaN, 1))
                .hasMessageContaining("sleepAngularThreshold = NaN");
    }
}
