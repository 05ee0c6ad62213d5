package dev.rubble.core.dynamics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Sphere;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 11 item 2: rolling contact through the real narrowphase. A body rolling without slipping
 * touches the ground at a point that does not move, so it must sink no deeper than the same body
 * at rest; rolling down a ramp, a solid sphere accelerates at {@code 5/7 g sin θ} (rolling
 * without slipping: {@code m a = m g sin θ - F}, {@code I α = F r}, {@code I = 2/5 m r²},
 * {@code a = α r}).
 */
final class RollingContactTest {
    private static final double G = 9.81;

    private static WorldSettings noSleep() {
        WorldSettings s = WorldSettings.defaults();
        return s.withDynamics(s.dynamics().withSleep(false, 0.05, 0.05, 0.5));
    }

    /**
     * The soft contact's static deflection under a body's own weight, {@code g / ω²} with
     * {@code ω = 2π f} and f the contact stiffness (capped at half the sub-step rate), plus the slop
     * the spring leaves in place: how deep a body resting on one contact sits.
     */
    private static double restingDepth(WorldSettings s) {
        double h = s.dt() / s.subSteps();
        double f = Math.min(s.dynamics().contactHertz(), ContactSolver.STIFFNESS_CAP / h);
        double omega = 2 * Math.PI * f;
        return G / (omega * omega) + s.dynamics().linearSlop();
    }

    private static World flatGround() {
        World w = World.create(noSleep(), Worlds.stages());
        // 1 km of ground: a 40 m/s roll for 4 s stays on it
        w.createBody(BodyDef.of(new Box(1000, 0.5, 50)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0)
                .withMaterial(0.5, 0));
        return w;
    }

    /** Deepest penetration of a body rolling at {@code spin} rad/s (v = ω r), after it has settled. */
    private static double deepestWhileRolling(World w, long body, double r) {
        int s = w.bodies().slot(body);
        BodyStore b = w.bodies();
        double deepest = 0;
        for (int i = 0; i < 240; i++) {
            w.step();
            if (i >= 30) {
                deepest = Math.max(deepest, r - b.py[s]);
            }
        }
        return deepest;
    }

    @ParameterizedTest
    @ValueSource(doubles = {10, 40, 80})
    void sphereRollingFastSinksNoDeeperThanAtRest(double spin) {
        double r = 0.5;
        World w = flatGround();
        long ball = w.createBody(BodyDef.of(new Sphere(r)).withMass(1).withPosition(0, r, 0)
                .withLinearVelocity(spin * r, 0, 0).withAngularVelocity(0, 0, -spin));
        double deepest = deepestWhileRolling(w, ball, r);
        BodyStore b = w.bodies();
        int s = b.slot(ball);
        assertThat(b.vx[s]).isCloseTo(spin * r, within(0.01 * spin * r)); // still rolling, not slowed
        // before the fix: 9.5 mm at 40 rad/s, 28.6 mm at 80 rad/s
        assertThat(deepest).isLessThan(1.25 * restingDepth(w.settings()));
    }

    @ParameterizedTest
    @ValueSource(doubles = {10, 40, 80})
    void capsuleRollingAboutItsAxisSinksNoDeeperThanAtRest(double spin) {
        double r = 0.3;
        double q = Math.sqrt(0.5); // the capsule's axis (y) turned onto z: it rolls along x
        World w = flatGround();
        long capsule = w.createBody(BodyDef.of(new Capsule(r, 0.5)).withMass(1).withOrientation(q, 0, 0, q)
                .withPosition(0, r, 0).withLinearVelocity(spin * r, 0, 0).withAngularVelocity(0, 0, -spin));
        double deepest = deepestWhileRolling(w, capsule, r);
        // before the fix: 6.6 mm at 40 rad/s, 19.7 mm at 80 rad/s
        assertThat(deepest).isLessThan(1.25 * restingDepth(w.settings()));
    }

    @ParameterizedTest
    @ValueSource(doubles = {10, 20, 30})
    void solidSphereRollsDownARampAtFiveSeventhsGSinTheta(double degrees) {
        World w = World.create(noSleep(), Worlds.stages());
        double th = Math.toRadians(degrees);
        // a 1 m thick ramp through the origin, its top face tilted by θ about z (descending towards -x)
        w.createBody(BodyDef.of(new Box(50, 0.5, 5)).withMotion(MotionType.STATIC)
                .withOrientation(0, 0, Math.sin(th / 2), Math.cos(th / 2)).withMaterial(0.8, 0));
        double r = 0.5, nx = -Math.sin(th), ny = Math.cos(th);
        long ball = w.createBody(BodyDef.of(new Sphere(r)).withMass(1)
                .withPosition(nx * (0.5 + r), ny * (0.5 + r), 0).withMaterial(0.8, 0));
        int s = w.bodies().slot(ball);
        BodyStore b = w.bodies();
        Worlds.steps(w, 30);
        double v0 = -(b.vx[s] * Math.cos(th) + b.vy[s] * Math.sin(th)), t0 = w.time();
        Worlds.steps(w, 60);
        double v1 = -(b.vx[s] * Math.cos(th) + b.vy[s] * Math.sin(th));
        double a = (v1 - v0) / (w.time() - t0);
        // μ = 0.8 > (2/7) tan θ: static friction holds, it rolls without slipping
        assertThat(a).isCloseTo(5.0 / 7.0 * G * Math.sin(th), within(0.01 * G * Math.sin(th)));
        double spin = Math.sqrt(b.wx[s] * b.wx[s] + b.wy[s] * b.wy[s] + b.wz[s] * b.wz[s]);
        assertThat(spin * r).isCloseTo(v1, within(0.01 * v1)); // no slip: ω r = v
        // and it stays on the surface: distance from the ramp's top plane ≈ r
        double height = b.px[s] * nx + b.py[s] * ny - 0.5;
        assertThat(height).isCloseTo(r, within(1.25 * restingDepth(w.settings())));
    }
}
