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
}
