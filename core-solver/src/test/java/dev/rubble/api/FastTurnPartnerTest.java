package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.shape.Box;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A long body turning far within one step does not end a step inside a kinematic body it met on the way
 * (docs/dynamics.md, "Fast turns"). {@code FastTurnTest}'s rod (2 m, 1 kg, 4 cm thick, along y, ±90 rad/s about z)
 * and plate placements, the plate kinematic: at rest, moving towards the rod's axis at 2 m/s, sliding along its face
 * at 5 m/s, or turning at 10 rad/s about its centre (a paddle); or turning at 90 rad/s beside the rod at rest.
 * Before, of the 264 placements, 70, 84, 73, 74 and 2 ended some step with part of the rod more than 1.5 cm inside
 * the plate. Expected from geometry: no point of the rod's axis lies within 5 mm of the plate's middle plane within
 * its face (in the plate's frame at the step's end).
 */
final class FastTurnPartnerTest {

    private static final int AT_REST = 0, TOWARDS = 1, SLIDING = 2, PADDLE = 3, FAST_PADDLE = 4;

    /** Whether the rod ends some of 20 steps more than 1.5 cm inside the kinematic plate moving as {@code mode} says. */
    private static boolean endsInsideKinematic(int mode, double alphaDegrees, double s, double h, double spin) {
        double alpha = Math.toRadians(alphaDegrees);
        double nx = Math.cos(alpha), ny = Math.sin(alpha), tx = -ny, ty = nx;
        double cx = 0.6 * nx + s * tx, cy = 0.6 * ny + s * ty;
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()).withTimeStep(1 / 60.0, 1));
        BodySpec spec = BodySpec.kinematic(new Box(0.02, h, 2)).withPosition(new Vector3d(cx, cy, 0))
                .withOrientation(new Quaterniond().rotateZ(alpha));
        if (mode == TOWARDS) {
            spec = spec.withLinearVelocity(new Vector3d(-2 * nx, -2 * ny, 0));
        } else if (mode == SLIDING) {
            spec = spec.withLinearVelocity(new Vector3d(5 * tx, 5 * ty, 0));
        } else if (mode == PADDLE) {
            spec = spec.withAngularVelocity(new Vector3d(0, 0, 10));
        } else if (mode == FAST_PADDLE) {
            spec = spec.withAngularVelocity(new Vector3d(0, 0, 90)); // and the rod at rest
        }
        BodyId plate = w.addBody(spec);
        BodyId rod = w.addBody(BodySpec.dynamic(new Box(0.02, 1, 0.02)).withMass(1)
                .withAngularVelocity(new Vector3d(0, 0, mode == FAST_PADDLE ? 0 : spin)));
        Vector3d c = new Vector3d(), pc = new Vector3d();
        Quaterniond q = new Quaterniond(), pq = new Quaterniond();
        for (int i = 0; i < 20; i++) {
            w.step();
            w.position(rod, c);
            w.orientation(rod, q);
            w.position(plate, pc);
            w.orientation(plate, pq);
            for (int k = -100; k <= 100; k++) { // the rod's axis every centimetre, in the plate's frame
                Vector3d p = pq.transformInverse(q.transform(new Vector3d(0, k / 100.0, 0)).add(c).sub(pc));
                if (Math.abs(p.x) < 0.005 && Math.abs(p.y) < h - 0.005) {
                    return true;
                }
            }
        }
        return false;
    }

    @Test
    void aRodSpinningFastDoesNotEndAStepInsideAKinematicPlate() {
        // placements that ended inside the plate before, in every mode
        double[][] cases = {{0, 0, 0.3, 90}, {0, 0, 0.3, -90}, {0, 0.5, 0.3, 90}, {0, -0.5, 1.0, -90}, {30, 1.0, 1.0, 90},
                {0, 1.0, 1.0, 90}};
        for (int mode : new int[] {AT_REST, TOWARDS, SLIDING, PADDLE}) {
            for (double[] k : cases) {
                assertThat(endsInsideKinematic(mode, k[0], k[1], k[2], k[3]))
                        .as("mode %d, alpha %.0f s %.1f h %.1f spin %.0f", mode, k[0], k[1], k[2], k[3]).isFalse();
            }
        }
    }

    @Test
    void aTurningKinematicPaddleDoesNotSweepThroughARodThatTurnsSlowly() {
        // the paddle is what turns fast: at 10 rad/s its 1 m ends leave a straight line by 1.4 cm a step, and the rod
        // it has slowed (below 6 rad/s, 0.5 cm) is no longer swept by its own turn; at 90 rad/s, against a rod at rest.
        // Before, these ended a step with the rod inside the paddle
        double[][] cases = {{PADDLE, 30, -1.0, 1.0, 90}, {PADDLE, 30, -0.5, 1.0, 90}, {FAST_PADDLE, 30, 1.0, 1.0, 0},
                {FAST_PADDLE, 210, 1.0, 1.0, 0}};
        for (double[] k : cases) {
            assertThat(endsInsideKinematic((int) k[0], k[1], k[2], k[3], k[4]))
                    .as("mode %.0f, alpha %.0f s %.1f h %.1f spin %.0f", k[0], k[1], k[2], k[3], k[4]).isFalse();
        }
    }

    @Test
    void theKinematicSweepGivesTheSameBitsOnEveryThreadCount() {
        // a rod spinning at 90 rad/s beside a kinematic paddle turning at 10 rad/s (put back in the paddle's frame
        // along the way), stepped at one and at four threads
        PhysicsWorld[] worlds = new PhysicsWorld[2];
        for (int k = 0; k < 2; k++) {
            worlds[k] = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()).withTimeStep(1 / 60.0, 1)
                    .withThreads(k == 0 ? 1 : 4));
            worlds[k].addBody(BodySpec.kinematic(new Box(0.02, 0.3, 2)).withPosition(new Vector3d(0.6, 0, 0))
                    .withAngularVelocity(new Vector3d(0, 0, 10)));
            worlds[k].addBody(BodySpec.dynamic(new Box(0.02, 1, 0.02)).withMass(1).withAngularVelocity(new Vector3d(0, 0, 90)));
        }
        int putBack = 0;
        for (int i = 0; i < 20; i++) {
            worlds[0].step();
            worlds[1].step();
            putBack += worlds[0].lastProfile().fastTurns();
            assertThat(worlds[1].stateHash()).as("step %d", i).isEqualTo(worlds[0].stateHash());
        }
        assertThat(putBack).as("the sweep put the rod back").isPositive();
    }

    @Test
    void aRodSpinningClearOfAMovingKinematicWallKeepsItsSpin() {
        // a kinematic wall sliding past at 5 m/s along its face, 1.2 m from the axis: the ends never reach it
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()).withTimeStep(1 / 60.0, 1));
        w.addBody(BodySpec.kinematic(new Box(0.02, 2, 2)).withPosition(new Vector3d(1.2, 0, 0))
                .withLinearVelocity(new Vector3d(0, 5, 0)));
        BodyId rod = w.addBody(BodySpec.dynamic(new Box(0.02, 1, 0.02)).withMass(1).withAngularVelocity(new Vector3d(0, 0, 90)));
        for (int i = 0; i < 60; i++) {
            w.step();
        }
        assertThat(w.angularVelocity(rod, new Vector3d()).z).isEqualTo(90.0);
        assertThat(w.position(rod, new Vector3d()).length()).isLessThan(1e-9);
    }
}
