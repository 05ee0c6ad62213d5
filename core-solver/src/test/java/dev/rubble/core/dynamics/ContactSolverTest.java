package dev.rubble.core.dynamics;

import static dev.rubble.core.dynamics.Worlds.box;
import static dev.rubble.core.dynamics.Worlds.ground;
import static dev.rubble.core.dynamics.Worlds.slot;
import static dev.rubble.core.dynamics.Worlds.sphere;
import static dev.rubble.core.dynamics.Worlds.steps;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.spi.shape.Sphere;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

final class ContactSolverTest {
    private static final double G = 9.81;

    private static WorldSettings noSleep() {
        WorldSettings s = WorldSettings.defaults();
        return s.withDynamics(s.dynamics().withSleep(false, 0.05, 0.05, 0.5));
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.0, 0.5, 1.0})
    void headOnSpheresConserveMomentumAndLoseEnergyAsRestitutionSays(double e) {
        World w = Worlds.world(noSleep().withGravity(0, 0, 0));
        double m1 = 1, m2 = 2, v1 = 3, v2 = -1;
        long a = w.createBody(BodyDef.of(new Sphere(0.5)).withMass(m1).withPosition(0, 0, 0)
                .withLinearVelocity(v1, 0, 0).withMaterial(0, e));
        long b = w.createBody(BodyDef.of(new Sphere(0.5)).withMass(m2).withPosition(2, 0, 0)
                .withLinearVelocity(v2, 0, 0).withMaterial(0, 0));
        steps(w, 60);
        BodyStore s = w.bodies();
        int ia = slot(w, a), ib = slot(w, b);
        double u1 = s.vx[ia], u2 = s.vx[ib];
        // analytic 1-D collision with coefficient e (restitution combines as max(e, 0) = e)
        double e1 = ((m1 - e * m2) * v1 + (1 + e) * m2 * v2) / (m1 + m2);
        double e2 = ((m2 - e * m1) * v2 + (1 + e) * m1 * v1) / (m1 + m2);
        assertThat(m1 * u1 + m2 * u2).isCloseTo(m1 * v1 + m2 * v2, within(1e-12));
        assertThat(u1).isCloseTo(e1, within(0.02));
        assertThat(u2).isCloseTo(e2, within(0.02));
        double before = 0.5 * m1 * v1 * v1 + 0.5 * m2 * v2 * v2;
        double reduced = m1 * m2 / (m1 + m2);
        double expectedAfter = before - 0.5 * (1 - e * e) * reduced * (v1 - v2) * (v1 - v2);
        double after = 0.5 * m1 * u1 * u1 + 0.5 * m2 * u2 * u2;
        assertThat(after).isCloseTo(expectedAfter, within(0.02 * before));
        assertThat(s.vy[ia]).isZero();
        assertThat(s.wz[ia]).isZero();
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.3, 0.6, 0.9})
    void bounceHeightRatioIsRestitutionSquared(double e) {
        World w = Worlds.world(noSleep().withStep(1.0 / 240, 1));
        ground(w, 0.5, 0);
        double r = 0.5, h0 = 2;
        long ball = w.createBody(BodyDef.of(new Sphere(r)).withMass(1).withPosition(0, r + h0, 0).withMaterial(0.5, e));
        int s = slot(w, ball);
        BodyStore b = w.bodies();
        boolean bounced = false;
        double apex = 0;
        for (int i = 0; i < 240 * 4; i++) {
            w.step();
            if (!bounced && b.vy[s] > 0) {
                bounced = true;
            }
            if (bounced) {
                apex = Math.max(apex, b.py[s] - r);
                if (b.vy[s] < 0) {
                    break;
                }
            }
        }
        assertThat(bounced).isTrue();
        assertThat(apex / h0).isCloseTo(e * e, within(0.04 * e * e + 0.005));
    }

    @Test
    void slidingBoxDeceleratesAtMuTimesG() {
        World w = Worlds.world(noSleep());
        ground(w, 0.5, 0);
        long box = w.createBody(BodyDef.of(new dev.rubble.spi.shape.Box(0.5, 0.5, 0.5)).withMass(1)
                .withPosition(0, 0.5, 0).withMaterial(0.5, 0));
        int s = slot(w, box);
        BodyStore b = w.bodies();
        steps(w, 30); // settle
        b.vx[s] = 4;
        steps(w, 6);
        double v0 = b.vx[s], t0 = w.time();
        steps(w, 24);
        double decel = (v0 - b.vx[s]) / (w.time() - t0);
        double mu = Math.sqrt(0.5 * 0.5);
        assertThat(decel).isCloseTo(mu * G, within(0.02 * mu * G));
        assertThat(b.vx[s]).isPositive();
    }

    @Test
    void restingBoxReceivesWeightTimesDtPerStep() {
        World w = Worlds.world(noSleep());
        ground(w, 0.5, 0);
        long box = box(w, 0.5, 1, 0, 0.5, 0);
        steps(w, 120);
        ContactStore c = w.contacts();
        assertThat(c.size()).isEqualTo(1);
        assertThat(c.pointCount[0]).isEqualTo(4);
        double total = c.totalNormalImpulse(0);
        double dt = w.settings().dt();
        assertThat(total).isCloseTo(1 * G * dt, within(0.01 * G * dt));
        // every corner carries a quarter
        for (int k = 0; k < 4; k++) {
            assertThat(c.normalImpulse[k]).isCloseTo(G * dt / 4, within(0.05 * G * dt / 4));
        }
        assertThat(w.bodies().py[slot(w, box)]).isCloseTo(0.5, within(0.01));
    }

    @Test
    void restingBoxImpulseIsPerStepWithSubSteps() {
        World w = Worlds.world(noSleep().withStep(1.0 / 60, 4));
        ground(w, 0.5, 0);
        box(w, 0.5, 2, 0, 0.5, 0);
        steps(w, 120);
        double dt = w.settings().dt();
        assertThat(w.contacts().totalNormalImpulse(0)).isCloseTo(2 * G * dt, within(0.01 * 2 * G * dt));
    }

    @Test
    void fastSphereDoesNotTunnelThroughTheGround() {
        World w = Worlds.world(noSleep());
        ground(w, 0.5, 0);
        double r = 0.25;
        long ball = w.createBody(BodyDef.of(new Sphere(r)).withMass(1).withPosition(0, 12, 0)
                .withLinearVelocity(0, -200, 0));
        int s = slot(w, ball);
        double lowest = Double.MAX_VALUE;
        for (int i = 0; i < 60; i++) {
            w.step();
            lowest = Math.min(lowest, w.bodies().py[s]);
        }
        // 200 m/s is 3.3 m per step, 13 times the radius: without speculative contacts it passes
        assertThat(lowest).isGreaterThan(r - 0.01);
        assertThat(w.bodies().py[s]).isCloseTo(r, within(0.01));
        assertThat(w.bodies().vy[s]).isCloseTo(0, within(0.05));
    }

    @Test
    void smallStackStands() {
        World w = Worlds.world(noSleep());
        ground(w, 0.6, 0);
        int n = 5;
        long[] boxes = new long[n];
        for (int i = 0; i < n; i++) {
            boxes[i] = box(w, 0.5, 1, 0, 0.5 + i * 1.0, 0);
        }
        steps(w, 300);
        BodyStore b = w.bodies();
        for (int i = 0; i < n; i++) {
            int s = slot(w, boxes[i]);
            assertThat(b.px[s]).isCloseTo(0, within(0.01));
            assertThat(b.pz[s]).isCloseTo(0, within(0.01));
            assertThat(b.py[s]).isCloseTo(0.5 + i, within(0.02));
            assertThat(Math.abs(b.vy[s])).isLessThan(0.01);
        }
    }

    @Test
    void frictionAndRestitutionCombineRules() {
        assertThat(ContactSolver.combineFriction(0.16, 1.0)).isCloseTo(0.4, within(1e-15));
        assertThat(ContactSolver.combineFriction(0, 1.0)).isZero();
        assertThat(ContactSolver.combineRestitution(0.2, 0.7)).isEqualTo(0.7);
        World w = Worlds.world(noSleep());
        ground(w, 0.25, 0.1);
        w.createBody(BodyDef.of(new Sphere(0.5)).withMass(1).withPosition(0, 0.5, 0).withMaterial(1.0, 0.6));
        w.step();
        assertThat(w.contacts().friction[0]).isCloseTo(0.5, within(1e-15));
        assertThat(w.contacts().restitution[0]).isEqualTo(0.6);
    }

    @Test
    void warmStartingReachesTheRestingImpulseWithOneIteration() {
        World w = Worlds.world(noSleep().withIterations(1, 1));
        ground(w, 0.5, 0);
        sphere(w, 0.5, 3, 0, 0.5, 0);
        steps(w, 120);
        double dt = w.settings().dt();
        // with one iteration per step only the carried impulse can hold the load exactly
        assertThat(w.contacts().totalNormalImpulse(0)).isCloseTo(3 * G * dt, within(0.01 * 3 * G * dt));
    }
}
