package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Shape;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A body landing flat on a face with no sideways motion (restitution 0) stops dead: the plate's impulses
 * on a symmetric face have no tangential resultant, and Coulomb friction only opposes slip, so the
 * sideways momentum and the spin after the hit are zero (analytic; Jolt and Box2D give zero to rounding for
 * a flat landing). The four normal rows of the face, solved one after another from no warm start, took
 * the impact unevenly within a pass, the friction rows solved between the passes saw the spin that made and
 * turned it into sliding: a 20 cm cube landing flat at 20 m/s left at 0.83 m/s sideways, spinning at
 * 0.3 rad/s; 0.14 m/s at 3 m/s (docs/dynamics.md, "Impacts on a face").
 */
final class FlatImpactTest {
    private static Shape shape(String kind) {
        return switch (kind) {
            case "box" -> new Box(0.1, 0.1, 0.1);
            case "hull" -> QuickHull.of(new double[] {-0.1, -0.1, -0.1, 0.1, -0.1, -0.1, -0.1, 0.1, -0.1, 0.1, 0.1, -0.1,
                -0.1, -0.1, 0.1, 0.1, -0.1, 0.1, -0.1, 0.1, 0.1, 0.1, 0.1, 0.1});
            default -> new Compound(List.of(Compound.Child.at(new Box(0.1, 0.05, 0.1), 0, -0.05, 0),
                    Compound.Child.at(new Box(0.1, 0.05, 0.1), 0, 0.05, 0)));
        };
    }

    @ParameterizedTest
    @CsvSource({"box, 3, 1", "box, 20, 1", "box, 150, 1", "box, 400, 1", "hull, 20, 1", "hull, 150, 1", "compound, 20, 1",
        "compound, 150, 1", "box, 20, 4", "box, 3, 4", "hull, 150, 4", "compound, 20, 4"})
    void aBodyLandingFlatStopsWithoutSlidingOrSpinning(String kind, double speed, int subSteps) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false).withTimeStep(1 / 60.0, subSteps));
        w.addBody(BodySpec.fixed(new Box(2, 0.005, 2)).withPosition(new Vector3d(0, -0.005, 0)));
        BodyId b = w.addBody(BodySpec.dynamic(shape(kind)).withMass(2).withMaterial(0.5, 0)
                .withPosition(new Vector3d(0, 0.3, 0)).withLinearVelocity(new Vector3d(0, -speed, 0)));
        Vector3d v = new Vector3d(), omega = new Vector3d(), p = new Vector3d();
        double slide = 0, spin = 0;
        for (int step = 0; step < 30; step++) {
            w.step();
            w.linearVelocity(b, v);
            w.angularVelocity(b, omega);
            slide = Math.max(slide, Math.hypot(v.x, v.z));
            spin = Math.max(spin, omega.length());
        }
        assertThat(slide).as("largest sideways speed, m/s").isLessThan(0.005); // was 0.14 at 3 m/s, 0.83 at 20 m/s
        assertThat(spin).as("largest spin, rad/s").isLessThan(0.01);
        w.position(b, p);
        assertThat(Math.hypot(p.x, p.z)).as("sideways drift, m").isLessThan(0.001);
        assertThat(p.y).as("rests on the plate").isBetween(0.099, 0.1001);
    }

    /**
     * A body landing flat with a sideways speed (Coulomb impact on a face): the plate's friction impulse is at most
     * μ times its normal impulse, here m (v_y + g dt) for the step it lands in, so the sideways speed after that step
     * is v_x − μ (v_y + g dt) while that is positive (else 0), and the face stays on the plate (the friction's
     * moment is balanced by the normal impulses shifting forward, as μ h = 0.05 m is less than the half width 0.1 m),
     * so it does not spin. Before 2026-12-06 the friction rows took the impact one pass behind the normal rows:
     * the cube left at 2.81 instead of 2.42 m/s (v_y 5, four sub-steps), at 2.84 instead of 0 (v_y 20), spinning at
     * up to 3 rad/s.
     */
    @ParameterizedTest
    @CsvSource({"box, 3, 1", "box, 5, 1", "box, 20, 1", "box, 3, 4", "box, 5, 4", "box, 20, 4", "hull, 5, 1", "hull, 5, 4",
        "compound, 5, 1", "compound, 20, 4"})
    void aBodyLandingFlatWithASidewaysSpeedLosesWhatCoulombFrictionTakesAndDoesNotSpin(String kind, double down, int subSteps) {
        double dt = 1 / 60.0, g = 9.81, mu = 0.5, side = 5;
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false).withTimeStep(dt, subSteps));
        w.addBody(BodySpec.fixed(new Box(20, 0.005, 20)).withPosition(new Vector3d(0, -0.005, 0)));
        // half a step's fall above the plate: it lands in the first step
        BodyId b = w.addBody(BodySpec.dynamic(shape(kind)).withMass(2).withMaterial(mu, 0)
                .withPosition(new Vector3d(0, 0.1 + down * dt / 2, 0)).withLinearVelocity(new Vector3d(side, -down, 0)));
        w.step();
        Vector3d v = new Vector3d(), omega = new Vector3d();
        w.linearVelocity(b, v);
        w.angularVelocity(b, omega);
        double expected = Math.max(0, side - mu * (down + g * dt));
        assertThat(v.y).as("stopped on the plate").isCloseTo(0, org.assertj.core.api.Assertions.within(0.01));
        assertThat(v.x).as("sideways speed after the landing step").isCloseTo(expected, org.assertj.core.api.Assertions.within(0.01));
        assertThat(omega.length()).as("spin after the landing step, rad/s").isLessThan(0.01);
    }
}
