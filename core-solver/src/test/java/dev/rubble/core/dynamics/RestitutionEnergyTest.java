package dev.rubble.core.dynamics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 28 item 11: energy of a perfectly elastic bounce (restitution 1). A body dropped from rest at
 * height h0 onto a static floor must bounce back to h0 (apex exact) without any step's energy rising
 * more than 0.5 % above the initial {@code m g h0}.
 *
 * <p>Which energy: semi-implicit Euler stores, after a (sub-)step of length h, the <em>mean</em>
 * velocity over that sub-step ({@code y' = y + v' h}). The sampled positions are exact samples of a
 * parabola with acceleration g; that parabola's velocity at the sample instant is {@code v + g h / 2}
 * (g the gravity vector), and its energy {@code ½ m |v + g h/2|² + m g y} is constant. Reading the
 * stored mean velocity as the instantaneous one ({@code ½ m v² + m g y}, "naive") loses exactly
 * {@code ½ m g² h²} per free-flight step whether the body rises or falls (it does so with no contact at
 * all); with an exact apex it therefore reads, N steps before the apex, {@code N ½ g² h²} above
 * {@code g h0}: for a rise of {@code N = sqrt(2 h0 / g) / h} steps that is a relative
 * {@code h sqrt(g / (2 h0))}, 2.6 % from 2 m and 2.1 % from 3 m at one 60 Hz sub-step — the 2.1 % the
 * issue measured, which no symplectic-Euler engine with an exact apex can avoid. The test asserts the
 * bound on the energy at the sample instant and that the naive reading's peak is that analytic artifact.
 */
final class RestitutionEnergyTest {
    private static final double G = 9.81;

    /**
     * Over the bounces: {@code [0]} max energy at the sample instant / E0 - 1, {@code [1]} min of it,
     * {@code [2]} the naive reading's max, {@code [3]} first apex / h0, {@code [4]} max sideways speed.
     */
    private static double[] bounce(Shape shape, double rest, double h0, int subSteps, int bounces) {
        WorldSettings s = WorldSettings.defaults().withStep(1.0 / 60, subSteps);
        s = s.withDynamics(s.dynamics().withSleep(false, 0.05, 0.05, 0.5));
        World w = World.create(s, Worlds.stages());
        w.createBody(BodyDef.of(new Box(50, 0.5, 50)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0)
                .withMaterial(0.5, 0));
        long id = w.createBody(BodyDef.of(shape).withMass(1).withPosition(0, rest + h0, 0).withMaterial(0.5, 1));
        int sl = w.bodies().slot(id);
        BodyStore b = w.bodies();
        double hs = 1.0 / 60 / subSteps;
        double e0 = G * h0;
        double max = -1, min = 1, naive = -1, apex = 0, side = 0;
        int seen = 0;
        boolean rising = false;
        for (int i = 0; i < 2000 && seen <= bounces; i++) {
            w.step();
            double y = b.py[sl] - rest, vx = b.vx[sl], vy = b.vy[sl], vz = b.vz[sl];
            double vEnd = vy - G * hs / 2; // the parabola's velocity at the sample instant
            double rot = 0.5 * (b.wx[sl] * b.wx[sl] + b.wy[sl] * b.wy[sl] + b.wz[sl] * b.wz[sl]) * inertia(shape);
            double lateral = 0.5 * (vx * vx + vz * vz);
            double e = (0.5 * vEnd * vEnd + lateral + rot + G * y) / e0 - 1;
            double en = (0.5 * vy * vy + lateral + rot + G * y) / e0 - 1;
            max = Math.max(max, e);
            min = Math.min(min, e);
            naive = Math.max(naive, en);
            side = Math.max(side, Math.sqrt(vx * vx + vz * vz));
            if (!rising && vy > 0) {
                rising = true;
                seen++;
            } else if (rising && vy < 0) {
                rising = false;
            }
            if (seen == 1) {
                apex = Math.max(apex, y);
            }
        }
        assertThat(seen).as("bounces seen").isGreaterThan(bounces);
        return new double[] {max, min, naive, apex / h0, side};
    }

    /** Moment of inertia per unit mass about a centroidal axis (the shapes here are symmetric). */
    private static double inertia(Shape shape) {
        if (shape instanceof Sphere sp) {
            return 0.4 * sp.radius() * sp.radius();
        }
        Box bx = (Box) shape;
        return (bx.halfY() * bx.halfY() + bx.halfZ() * bx.halfZ()) * 4 / 12;
    }

    @ParameterizedTest(name = "sphere, {0} sub-step(s), h0 = {1}")
    @CsvSource({"1, 2.00", "1, 2.03", "1, 2.07", "1, 3.00", "2, 2.00", "2, 2.05", "4, 3.00", "4, 3.04"})
    void elasticBounceNeverGainsEnergyAndReturnsToItsHeight(int subSteps, double h0) {
        double[] r = bounce(new Sphere(0.5), 0.5, h0, subSteps, 3);
        assertThat(r[0]).as("max energy over three bounces, relative to m g h0").isLessThan(0.005);
        assertThat(r[1]).as("min energy (no loss either)").isGreaterThan(-0.005);
        assertThat(r[3]).as("first apex / h0").isCloseTo(1.0, within(0.002));
    }

    /**
     * Four rigid bounce rows at once: before the extra sweeps ({@code ContactSolver.BOUNCE_SWEEPS}) the box
     * left the floor spinning and sliding at 0.54 m/s, 7.5 % above its initial energy after two bounces.
     */
    @ParameterizedTest(name = "box flat, h0 = {0}")
    @CsvSource({"2.00", "2.04"})
    void boxLandingFlatBouncesElasticallyToo(double h0) {
        double[] r = bounce(new Box(0.5, 0.5, 0.5), 0.5, h0, 1, 2);
        assertThat(r[0]).isLessThan(0.005);
        assertThat(r[1]).isGreaterThan(-0.005);
        assertThat(r[3]).isCloseTo(1.0, within(0.002));
        assertThat(r[4]).as("a flat landing gives no sideways speed").isLessThan(1e-6);
    }

    @ParameterizedTest(name = "h0 = {0}")
    @CsvSource({"2.0", "3.0"})
    void naiveReadingPeaksAtTheAnalyticSamplingArtifact(double h0) {
        double[] r = bounce(new Sphere(0.5), 0.5, h0, 1, 1);
        double h = 1.0 / 60;
        double artifact = h * Math.sqrt(G / (2 * h0)); // 0.0261 from 2 m, 0.0213 from 3 m
        assertThat(r[2]).isCloseTo(artifact, within(0.1 * artifact));
    }
}
