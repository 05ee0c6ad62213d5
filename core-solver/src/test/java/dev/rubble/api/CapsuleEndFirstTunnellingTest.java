package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.TriangleMesh;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A capsule (radius 5 cm, half height 10 cm) falling end first, its axis 26 degrees from upright, onto
 * a static 1 cm plate or a static triangle-mesh floor at 150 and 400 m/s, whether created moving, given
 * the velocity between steps or struck by an impulse: the hit on the lower end spins it at hundreds of
 * rad/s (a rod stopped at one end turns about it), and its upper end swings down within the same step.
 * It must stay above the floor: a static floor cannot be passed, so its centre never goes below the
 * floor's top while over it. Before, the capsule's contact feature was its lower end only (it stood
 * more than 30 degrees from lying flat), the upper end had no speculative point, and the capsule went
 * through the plate and the mesh in the impact step at 400 m/s (and through both at 150 m/s when it
 * had fallen from 15 m). Default world: 60 Hz, one sub-step, gravity.
 */
final class CapsuleEndFirstTunnellingTest {
    private static final double FLOOR = 50;

    private static Shape floor(boolean mesh) {
        return mesh
                ? new TriangleMesh(new double[] {-FLOOR, 0, -FLOOR, FLOOR, 0, -FLOOR, FLOOR, 0, FLOOR, -FLOOR, 0, FLOOR},
                        new int[] {0, 2, 1, 0, 3, 2})
                : new Box(FLOOR, 0.005, FLOOR); // top at y = 0.005
    }

    @ParameterizedTest(name = "{0} at {1} m/s from {2} m, mesh {3}")
    @CsvSource({
        "created, 400, 1, false", "created, 400, 1, true",
        "velocity, 400, 1, false", "velocity, 400, 1, true",
        "impulse, 400, 1, false", "impulse, 400, 1, true",
        "created, 150, 15, false", "created, 150, 15, true"})
    void aCapsuleLandingOnOneEndStaysAboveTheFloor(String how, double speed, double height, boolean mesh) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(floor(mesh)));
        BodySpec spec = BodySpec.dynamic(new Capsule(0.05, 0.1)).withPosition(new Vector3d(0.05, height, 0.03))
                .withOrientation(new Quaterniond().rotateXYZ(0.3, 0.7, 0.2)); // axis 26 degrees from upright
        if (how.equals("created")) {
            spec = spec.withLinearVelocity(new Vector3d(0, -speed, 0));
        }
        BodyId c = w.addBody(spec);
        if (how.equals("velocity")) {
            w.step();
            w.setVelocity(c, new Vector3d(0, -speed, 0), new Vector3d());
        } else if (how.equals("impulse")) {
            w.step();
            w.applyImpulse(c, new Vector3d(0, -speed * w.mass(c), 0));
        }
        double top = mesh ? 0 : 0.005, lowest = Double.POSITIVE_INFINITY;
        Vector3d p = new Vector3d();
        for (int i = 0; i < 120; i++) {
            w.step();
            w.centerOfMass(c, p);
            if (Math.abs(p.x) < FLOOR && Math.abs(p.z) < FLOOR) {
                lowest = Math.min(lowest, p.y);
            }
        }
        assertThat(lowest).as("lowest centre over the floor").isGreaterThan(top);
    }
}
