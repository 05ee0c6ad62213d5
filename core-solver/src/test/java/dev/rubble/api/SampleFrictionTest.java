package dev.rubble.api;

import static dev.rubble.api.SampleScenes.downSlope;
import static dev.rubble.api.SampleScenes.onRamp;
import static dev.rubble.api.SampleScenes.position;
import static dev.rubble.api.SampleScenes.ramp;
import static dev.rubble.api.SampleScenes.tilt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The peers' friction samples in 3-D: Box2D v3's {@code sample_shapes.cpp} "Friction" (boxes of friction
 * 0.75, 0.5, 0.35, 0.1, 0 on ramps of friction 0.2 tilted 0.25 rad) and Jolt's
 * {@code Samples/Tests/General/FrictionTest} (boxes and spheres of friction 0.1 i on a 45° ramp of friction 1;
 * a box pushed along its own axis keeps its heading). Expectations are Coulomb's: with the combined friction
 * μ = sqrt(μa μb) (both peers' rule and Rubble's), a box set down on a slope of angle θ stays iff μ ≥ tan θ, else it
 * slides at g (sin θ − μ cos θ); a solid ball rolls without slipping at 5/7 g sin θ iff μ ≥ 2/7 tan θ, else it
 * slides at g (sin θ − μ cos θ) while its spin grows at 5 μ g cos θ / (2 r).
 */
final class SampleFrictionTest {
    private static final double G = 9.81;
    private static final int STEPS = 60;

    /** Distance a body accelerating at {@code a} from rest covers in {@code n} semi-implicit Euler steps of dt. */
    private static double travelled(double a, int n, double dt) {
        return a * dt * dt * n * (n + 1) / 2.0;
    }

    @ParameterizedTest(name = "ramp {0} rad, μ ramp {1}, μ box {2}, half size {3}")
    @CsvSource({
        // Box2D sample_shapes "Friction": tan 0.25 = 0.2553; combined 0.387, 0.316, 0.265 (stays, 4 % margin), 0.141, 0
        "0.25, 0.2, 0.75, 0.5", "0.25, 0.2, 0.5, 0.5", "0.25, 0.2, 0.35, 0.5", "0.25, 0.2, 0.1, 0.5", "0.25, 0.2, 0, 0.5",
        // Jolt FrictionTest: 45° ramp of friction 1, 4 m boxes of friction 0.1 i (0.9: combined 0.949 < 1, slides)
        "0.7853981633974483, 1, 0, 2", "0.7853981633974483, 1, 0.3, 2", "0.7853981633974483, 1, 0.6, 2",
        "0.7853981633974483, 1, 0.9, 2",
        // and a ramp at 30° with friction either side of tan 30° = 0.577
        "0.5235987755982988, 1, 0.30, 0.5", "0.5235987755982988, 1, 0.36, 0.5"})
    void aBoxSetDownOnARampStaysIffTheCombinedFrictionReachesTanThetaElseSlidesAtCoulombsRate(double angle,
            double rampFriction, double boxFriction, double half) {
        PhysicsWorld w = SampleScenes.world(false);
        ramp(w, angle, rampFriction);
        Vector3d start = onRamp(angle, 5, half);
        BodyId box = w.addBody(BodySpec.dynamic(new Box(half, half, half)).withDensity(25)
                .withMaterial(boxFriction, 0).withPosition(start).withOrientation(tilt(angle)));
        w.step(STEPS);
        double mu = Math.sqrt(rampFriction * boxFriction);
        double a = mu >= Math.tan(angle) ? 0 : G * (Math.sin(angle) - mu * Math.cos(angle));
        double expected = travelled(a, STEPS, w.timeStep());
        double slid = downSlope(angle, start, position(w, box));
        if (a == 0) {
            assertThat(slid).isBetween(-1e-3, 1e-3); // holds (it settles 0.1-0.2 mm into its contact)
        } else {
            // the soft contact carries a little less than the full load in the first step, which leaves up to
            // 4 mm/s of extra speed near the limit (the rate afterwards is Coulomb's to 1e-4)
            assertThat(slid).isCloseTo(expected, within(0.01 * expected + 0.005));
        }
        // it slides on its face: no tumbling, no lifting off
        assertThat(w.orientation(box, new Quaterniond()).angle()).isCloseTo(angle, within(1e-3));
    }

    @ParameterizedTest(name = "ramp {0} rad, μ {1}")
    @CsvSource({
        // Jolt FrictionTest's spheres (r = 2 m) on its 45° ramp of friction 1: 2/7 tan 45° = 0.286
        "0.7853981633974483, 0", "0.7853981633974483, 0.05", "0.7853981633974483, 0.1", "0.7853981633974483, 0.5",
        "0.7853981633974483, 1",
        // 30°: 2/7 tan 30° = 0.165
        "0.5235987755982988, 0.02", "0.5235987755982988, 0.2"})
    void aBallOnARampRollsAtFiveSeventhsGSinThetaIffFrictionHoldsElseSlidesAndSpinsUpAtCoulombsRate(double angle,
            double ballFriction) {
        double r = 2;
        PhysicsWorld w = SampleScenes.world(false);
        ramp(w, angle, 1);
        Vector3d start = onRamp(angle, 8, r);
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(r)).withDensity(25).withMaterial(ballFriction, 0)
                .withPosition(start));
        w.step(STEPS);
        double mu = Math.sqrt(ballFriction);
        boolean rolls = mu >= 2.0 / 7.0 * Math.tan(angle);
        double a = rolls ? 5.0 / 7.0 * G * Math.sin(angle) : G * (Math.sin(angle) - mu * Math.cos(angle));
        double alpha = rolls ? a / r : 5 * mu * G * Math.cos(angle) / (2 * r);
        double t = w.time();
        double spin = w.angularVelocity(ball, new Vector3d()).z; // rolling down towards −x turns it about +z
        double slid = downSlope(angle, start, position(w, ball));
        assertThat(slid).isCloseTo(travelled(a, STEPS, w.timeStep()), within(0.01 * slid + 0.002));
        assertThat(spin).isCloseTo(alpha * t, within(0.01 * alpha * t + 1e-3));
    }
    /**
     * Jolt's {@code RestitutionTest}: spheres of radius 2 m and 4 m cubes with restitution 0 to 1 dropped from 20 m
     * (18 m of fall) onto the floor. The first bounce reaches e² of the drop (v' = e v, h = v² / 2g); restitution 0
     * does not bounce, 1 comes back to the drop height.
     */
    @ParameterizedTest(name = "{0}, restitution {1}")
    @CsvSource({"sphere, 0", "sphere, 0.3", "sphere, 0.6", "sphere, 1", "box, 0", "box, 0.3", "box, 0.6", "box, 1"})
    void spheresAndBoxesDroppedOnTheFloorBounceToRestitutionSquaredOfTheirDrop(String shape, double e) {
        PhysicsWorld w = SampleScenes.world(false);
        SampleScenes.ground(w, 0.2, 0);
        double half = 2, h0 = 18;
        BodyId b = w.addBody(BodySpec.dynamic(shape.equals("sphere") ? new Sphere(half) : new Box(half, half, half))
                .withDensity(1000).withMaterial(0.2, e).withPosition(new Vector3d(0, half + h0, 0)));
        boolean bounced = false;
        double apex = 0;
        for (int i = 0; i < 360; i++) {
            w.step();
            double vy = SampleScenes.velocity(w, b).y;
            if (!bounced && vy > 0) {
                bounced = true;
            }
            if (bounced) {
                apex = Math.max(apex, position(w, b).y - half);
                if (vy < 0) {
                    break;
                }
            }
        }
        assertThat(apex / h0).isCloseTo(e * e, within(0.01));
    }

    /** Jolt's {@code GravityFactorTest}: boxes with gravity factor 0.1 i fall as y0 − f g t² / 2 (here exactly, step by step). */
    @ParameterizedTest(name = "gravity factor {0}")
    @CsvSource({"0", "0.3", "0.7", "1"})
    void aBodyFallsAtItsGravityFactorTimesG(double factor) {
        PhysicsWorld w = SampleScenes.world(false);
        BodyId b = w.addBody(BodySpec.dynamic(new Box(2, 2, 2)).withDensity(1000).withGravityScale(factor)
                .withPosition(new Vector3d(0, 25, 0)));
        w.step(30);
        // semi-implicit Euler: v_n = -f g n dt, y_n = y0 - f g dt² n (n + 1) / 2
        assertThat(position(w, b).y).isCloseTo(25 - travelled(factor * G, 30, w.timeStep()), within(1e-9));
    }

    /**
     * Jolt's {@code DampingTest}, angular half: a ball spinning at 10 rad/s about the vertical on the floor, with
     * angular damping c, slows as exp(−c t) (here the Padé step 1 / (1 + c h) each step, as Box2D); the floor adds
     * nothing, as a single contact point has no lever about its normal.
     */
    @ParameterizedTest(name = "angular damping {0}")
    @CsvSource({"0", "0.5", "1"})
    void aBallSpinningAboutTheVerticalOnTheFloorSlowsOnlyByItsDamping(double damping) {
        PhysicsWorld w = SampleScenes.world(false);
        SampleScenes.ground(w, 0.6, 0);
        BodyId b = w.addBody(BodySpec.dynamic(new Sphere(2)).withDensity(1000).withDamping(0, damping)
                .withMaterial(0.6, 0).withPosition(new Vector3d(0, 2, 0)).withAngularVelocity(new Vector3d(0, 10, 0)));
        w.step(60);
        double expected = 10 * Math.pow(1 + damping * w.timeStep(), -60);
        assertThat(w.angularVelocity(b, new Vector3d()).y).isCloseTo(expected, within(1e-9 * 10));
        assertThat(expected).isCloseTo(10 * Math.exp(-damping), within(0.01 * expected)); // and that is exp(-c t) to 1 %
    }
}
