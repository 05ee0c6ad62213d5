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
import org.junit.jupiter.api.Test;

final class ContactSolverTest {
    private static final double G = 9.81;

    private static WorldSettings noSleep() {
        WorldSettings s = WorldSettings.defaults();
        return s.withDynamics(s.dynamics().withSleep(false, 0.05, 0.05, 0.5));
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
