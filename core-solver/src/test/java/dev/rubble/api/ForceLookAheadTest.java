package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A force moves a body within the step it acts in (Δx = F/m · dt² at most), as gravity does, so the bounds
 * the broadphase sees and the narrowphase's margin must cover that travel, as they cover gravity's: a body
 * launched by a force must not pass through a wall in that step. Before (fuzz12), only the velocity at the
 * start of the step was looked ahead: a 0.3 m sphere given 150 m/s within one step by a force (2.5 m in that
 * step) went through a 4 cm static wall 1.2 m away, where an impulse or a velocity of the same size stopped
 * at it (a geometry collection pushed by a force field likewise: {@code ForceLookAheadCollectionTest}).
 * Expected from geometry: the wall's face is at x = 1.48, so the sphere's centre never passes 1.18.
 */
final class ForceLookAheadTest {

    private static PhysicsWorld scene(int subSteps) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()).withTimeStep(1 / 60.0, subSteps));
        w.addBody(BodySpec.fixed(new Box(0.02, 2, 2)).withPosition(new Vector3d(1.5, 0, 0)));
        return w;
    }

    private static double furthest(PhysicsWorld w, BodyId b, int steps) {
        double x = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < steps; i++) {
            w.step();
            x = Math.max(x, w.position(b, new Vector3d()).x);
        }
        return x;
    }

    @Test
    void aForceThatLaunchesABodyWithinOneStepDoesNotCarryItThroughAWall() {
        for (int subSteps : new int[] {1, 4}) {
            PhysicsWorld w = scene(subSteps);
            BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.3)).withMass(2));
            w.applyForce(ball, new Vector3d(150 * 2 * 60, 0, 0)); // Δv = F dt / m = 150 m/s in the next step
            assertThat(furthest(w, ball, 5)).as("%d sub-steps", subSteps).isLessThan(1.19);
        }
    }

    @Test
    void aPersistentForceFieldDoesNotCarryABodyThroughAWall() {
        PhysicsWorld w = scene(1);
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.3)).withMass(2).withPosition(new Vector3d(-3, 0, 0)));
        // 8000 m/s²: 2.2 m of travel per step from the force alone, on top of the velocity it builds
        w.applyField(Fields.Target.LINEAR_FORCE, Fields.uniformVector(new Vector3d(1, 0, 0), 16000), FieldOptions.persistent("rocket"));
        // pressed on at 815 g the soft contact lets it sink a few centimetres (1.23 m), but its centre stays on
        // the near side of the wall's face
        assertThat(furthest(w, ball, 8)).isLessThan(1.48);
    }
}
