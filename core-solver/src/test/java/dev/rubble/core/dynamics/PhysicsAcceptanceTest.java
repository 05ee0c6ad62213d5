package dev.rubble.core.dynamics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 4 acceptance, end to end through the real pipeline: broadphase plugin, the default
 * narrowphase plugin (box-box SAT + clipping, sphere-box), manifold persistence and warm starting,
 * the contact solver. No test contact generator anywhere in this class. Expectations come from
 * Newtonian mechanics (momentum, restitution, Coulomb friction, statics), never from a run.
 */
final class PhysicsAcceptanceTest {
    private static final double G = 9.81;

    private static WorldSettings noSleep() {
        WorldSettings s = WorldSettings.defaults();
        return s.withDynamics(s.dynamics().withSleep(false, 0.05, 0.05, 0.5));
    }

    /** A world whose contacts come from the narrowphase plugin (the default stage), not a test generator. */
    private static World world(WorldSettings settings) {
        World w = World.create(settings, Worlds.stages());
        return w;
    }

    /** Static ground box, top face at y = 0 (as the bench scenes). */
    private static long ground(World w, double friction, double restitution) {
        return w.createBody(BodyDef.of(new Box(50, 0.5, 50)).withMotion(MotionType.STATIC)
                .withPosition(0, -0.5, 0).withMaterial(friction, restitution).withLabel("ground"));
    }

    private static int slot(World w, long h) {
        return w.bodies().slot(h);
    }

    @Test
    void restingOneKilogramBoxReceivesWeightTimesDtPerStep() {
        World w = world(noSleep());
        ground(w, 0.5, 0);
        long box = w.createBody(BodyDef.of(new Box(0.5, 0.5, 0.5)).withMass(1).withPosition(0, 0.5, 0));
        Worlds.steps(w, 120);
        ContactStore c = w.contacts();
        assertThat(c.size()).isEqualTo(1);
        assertThat(c.pointCount[0]).isEqualTo(4); // face contact clipped to the 4 corners
        double dt = w.settings().dt();
        // statics: the ground carries the weight, so the impulse over one step is m g dt
        assertThat(c.totalNormalImpulse(0)).isCloseTo(1 * G * dt, within(0.01 * G * dt));
        assertThat(w.bodies().py[slot(w, box)]).isCloseTo(0.5, within(0.01));
    }

    @Test
    void boxSlidingOnTheGroundDeceleratesAtTheCombinedMuTimesG() {
        World w = world(noSleep());
        ground(w, 0.8, 0);
        long box = w.createBody(BodyDef.of(new Box(0.5, 0.5, 0.5)).withMass(1).withPosition(0, 0.5, 0)
                .withMaterial(0.3, 0));
        int s = slot(w, box);
        BodyStore b = w.bodies();
        Worlds.steps(w, 30); // settle
        w.queue(new Command.SetVelocity(box, 4, 0, 0, 0, 0, 0));
        Worlds.steps(w, 6);
        double v0 = b.vx[s], t0 = w.time();
        Worlds.steps(w, 24);
        double decel = (v0 - b.vx[s]) / (w.time() - t0);
        double mu = Math.sqrt(0.3 * 0.8); // combine rule: geometric mean
        assertThat(decel).isCloseTo(mu * G, within(0.02 * mu * G));
        assertThat(b.vx[s]).isPositive(); // still sliding: kinetic friction throughout
        assertThat(b.py[s]).isCloseTo(0.5, within(0.01)); // did not tip over or dig in
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.3, 0.6, 0.9})
    void sphereBounceHeightRatioIsRestitutionSquared(double e) {
        World w = world(noSleep().withStep(1.0 / 240, 1));
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
        // v_out = e v_in and h = v^2 / 2g, so h1 / h0 = e^2 (combine rule max(e, 0) = e)
        assertThat(apex / h0).isCloseTo(e * e, within(0.04 * e * e + 0.005));
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.0, 0.5, 1.0})
    void headOnCollisionConservesMomentumExactlyAndEnergyAsRestitutionSays(double e) {
        World w = world(noSleep().withGravity(0, 0, 0));
        double m1 = 1, m2 = 2, v1 = 3, v2 = -1;
        long a = w.createBody(BodyDef.of(new Sphere(0.5)).withMass(m1).withPosition(0, 0, 0)
                .withLinearVelocity(v1, 0, 0).withMaterial(0, e));
        long c = w.createBody(BodyDef.of(new Sphere(0.5)).withMass(m2).withPosition(2, 0, 0)
                .withLinearVelocity(v2, 0, 0).withMaterial(0, 0));
        Worlds.steps(w, 60);
        BodyStore s = w.bodies();
        double u1 = s.vx[slot(w, a)], u2 = s.vx[slot(w, c)];
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
        // a central impact turns nothing and pushes nothing off the line
        assertThat(s.vy[slot(w, a)]).isZero();
        assertThat(s.wz[slot(w, a)]).isZero();
    }

    /** 0.1 m sphere (diameter; also a radius of 0.1 m) at 200 m/s, 60 Hz: 3.3 m per step vs a 0.2 m wall. */
    @ParameterizedTest
    @ValueSource(doubles = {0.05, 0.1})
    void fastSphereIsStoppedByAThinStaticWall(double radius) {
        World w = world(noSleep().withGravity(0, 0, 0));
        double face = 4.9; // wall: x in [4.9, 5.1]
        w.createBody(BodyDef.of(new Box(0.1, 2, 2)).withMotion(MotionType.STATIC).withPosition(5, 0, 0)
                .withMaterial(0.5, 0));
        long ball = w.createBody(BodyDef.of(new Sphere(radius)).withMass(1).withPosition(0, 0, 0)
                .withLinearVelocity(200, 0, 0));
        int s = slot(w, ball);
        BodyStore b = w.bodies();
        double farthest = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < 60; i++) {
            w.step();
            farthest = Math.max(farthest, b.px[s]);
        }
        // never past the near face (a 1 mm tolerance for the solver's slop), and stopped or bouncing back
        assertThat(farthest + radius).isLessThan(face + 0.001 + w.settings().dynamics().linearSlop());
        assertThat(b.vx[s]).isLessThanOrEqualTo(1e-9);
        assertThat(b.px[s]).isLessThan(face);
    }

    @Test
    void smallBoxSpinningFastDoesNotPassThroughTheGround() {
        World w = world(noSleep());
        ground(w, 0.5, 0);
        double half = 0.025; // a 0.05 m box
        long box = w.createBody(BodyDef.of(new Box(half, half, half)).withMass(0.1).withPosition(0, 0.3, 0)
                .withLinearVelocity(0, -8, 0).withAngularVelocity(60, 40, 70));
        int s = slot(w, box);
        BodyStore b = w.bodies();
        double lowest = Double.MAX_VALUE;
        for (int i = 0; i < 180; i++) {
            w.step();
            lowest = Math.min(lowest, b.py[s]);
        }
        // corners sweep |w| * 0.043 m = 4 m/s, i.e. 7 cm per step, more than the box: without the
        // angular look-ahead the corners would step through the ground's surface
        assertThat(lowest).isGreaterThan(half - 0.005);
        assertThat(b.py[s]).isBetween(half - 0.005, half * Math.sqrt(3) + 0.005);
    }
}
