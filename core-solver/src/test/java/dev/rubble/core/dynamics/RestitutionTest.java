package dev.rubble.core.dynamics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 11 item 3: restitution at one sub-step, through the real narrowphase. A body dropped
 * from rest at height h0 hits at {@code sqrt(2 g h0)}, leaves at e times that and rises to
 * {@code e² h0} (energy: {@code h = v² / 2g}). The drop heights are spaced 2 cm apart, a fifth of
 * the ~0.1 m the body falls in the impact step, so the impact falls at different points in the
 * step. Peers hold e² within ±0.05 at one sub-step; before this fix Rubble came out up to 0.085
 * low (e = 0.95).
 */
final class RestitutionTest {
    private static WorldSettings settings(int subSteps) {
        WorldSettings s = WorldSettings.defaults().withStep(1.0 / 60, subSteps);
        return s.withDynamics(s.dynamics().withSleep(false, 0.05, 0.05, 0.5));
    }

    /** Height of the first apex after the first bounce, above the resting height, divided by h0. */
    private static double apexRatio(Shape shape, double restHeight, double e, double h0, int subSteps) {
        World w = World.create(settings(subSteps), Worlds.stages());
        w.createBody(BodyDef.of(new Box(50, 0.5, 50)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0)
                .withMaterial(0.5, 0));
        long body = w.createBody(BodyDef.of(shape).withMass(1).withPosition(0, restHeight + h0, 0).withMaterial(0.5, e));
        int s = w.bodies().slot(body);
        BodyStore b = w.bodies();
        boolean bounced = false;
        double apex = 0;
        for (int i = 0; i < 600; i++) {
            w.step();
            if (!bounced && b.vy[s] > 0) {
                bounced = true;
            }
            if (bounced) {
                apex = Math.max(apex, b.py[s] - restHeight);
                if (b.vy[s] < 0) {
                    break;
                }
            }
        }
        assertThat(bounced).isTrue();
        return apex / h0;
    }

    @ParameterizedTest(name = "e = {0}, one sub-step")
    @CsvSource({"0.3", "0.5", "0.8", "0.95"})
    void sphereApexRatioIsRestitutionSquaredWhereverTheImpactFallsInTheStep(double e) {
        for (int k = 0; k < 6; k++) {
            double h0 = 2 + 0.02 * k;
            double ratio = apexRatio(new Sphere(0.5), 0.5, e, h0, 1);
            // the bound is ±0.05; the impact-time bounce is exact up to the sampling of the apex
            assertThat(ratio).as("h0 = %s", h0).isCloseTo(e * e, within(0.005));
        }
    }

    @ParameterizedTest(name = "e = {0}, {1} sub-steps")
    @CsvSource({"0.5, 2", "0.95, 4"})
    void subStepsKeepTheRatio(double e, int subSteps) {
        for (int k = 0; k < 3; k++) {
            double h0 = 3 + 0.03 * k;
            assertThat(apexRatio(new Sphere(0.5), 0.5, e, h0, subSteps)).isCloseTo(e * e, within(0.005));
        }
    }

    @ParameterizedTest(name = "e = {0}")
    @CsvSource({"0.5", "0.8"})
    void boxLandingFlatOnFourPointsBouncesToo(double e) {
        for (int k = 0; k < 3; k++) {
            double h0 = 2 + 0.03 * k;
            assertThat(apexRatio(new Box(0.5, 0.5, 0.5), 0.5, e, h0, 1)).isCloseTo(e * e, within(0.01));
        }
    }
}
