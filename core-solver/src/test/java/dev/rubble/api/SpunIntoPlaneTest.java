package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.collision.FastTurns;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Plane;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A body the contact solve spins past what its poses show ends no step deep under the ground (docs/dynamics.md,
 * "Fast turns"; docs/status.md "no tunnelling"). fuzz14's seed 20622: a flat 12.8 × 2.2 × 5.9 cm box of 168 kg
 * thrown corner first at a ground plane at 211 m/s, 17° below the horizontal, at a 0.05 s step. The solve spins it to
 * the 100 rad/s limit, 5 rad in the step, and its centre goes on down past its contact: its first step ended 0.61 m
 * under the plane at one sub-step (the sweep of fast turns skipped turns over half a revolution), 0.29 m at two and
 * 0.086 m at four (its poses showed less turn than it made, and the advancement stalled 2 cm short of the plane).
 * The bound is the sweep's own: a body that passed into static geometry is put back where it met it, and one that ends
 * a step deeper than {@link FastTurns#DEEP} than the contacts leave is put back.
 */
final class SpunIntoPlaneTest {

    private static final double HX = 0.0641, HY = 0.0108, HZ = 0.0296;

    /** The height of the box's lowest corner over the plane y = 0 (negative: under it). */
    private static double lowest(PhysicsWorld w, BodyId box) {
        Vector3d c = w.centerOfMass(box, new Vector3d());
        Quaterniond q = w.orientation(box, new Quaterniond());
        double low = Double.POSITIVE_INFINITY;
        for (int k = 0; k < 8; k++) {
            Vector3d p = q.transform(new Vector3d((k & 1) == 0 ? HX : -HX, (k & 2) == 0 ? HY : -HY, (k & 4) == 0 ? HZ : -HZ));
            low = Math.min(low, c.y + p.y);
        }
        return low;
    }

    @Test
    void aFlatBoxStruckCornerFirstAtAPlaneEndsNoStepUnderIt() {
        for (int subSteps : new int[] {1, 2, 4}) {
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withTimeStep(0.05, subSteps));
            w.addBody(BodySpec.fixed(new Plane(0, 1, 0, 0)));
            BodyId box = w.addBody(BodySpec.dynamic(new Box(HX, HY, HZ)).withMass(168.2)
                    .withPosition(new Vector3d(2.5414, 0.558, -2.7953))
                    .withOrientation(new Quaterniond(-0.5478, 0.5082, 0.2132, -0.6295).normalize())
                    .withLinearVelocity(new Vector3d(-168.458, -62.1103, -111.6482)));
            double x0 = w.centerOfMass(box, new Vector3d()).x;
            for (int i = 0; i < 20; i++) {
                w.step();
                assertThat(lowest(w, box)).as("lowest corner after step %d at %d sub-steps", i, subSteps)
                        .isGreaterThan(-FastTurns.DEEP);
            }
            // and it slides on along the plane (a body put back keeps its velocity): 20 steps at over 130 m/s
            assertThat(x0 - w.centerOfMass(box, new Vector3d()).x).as("at %d sub-steps", subSteps).isGreaterThan(130 * 0.05 * 20 * 0.9);
        }
    }

    /**
     * A long body that starts a step deep in the ground (created there, or left there by an earlier step) is pushed out
     * by its contacts at up to {@code maxPushVelocity} and moves on with its velocity. The sweep of fast turns put a
     * spinning one back to where its step started whenever it ended deeper than 1.5 cm, which it always did: fuzz14's
     * box, 0.4 m under the plane after its first step, then stayed where it was for the rest of the run at 140 m/s.
     * Frictionless, turning about the plane's normal at 30 rad/s (0.5 rad a step) and sliding at 5 m/s, a 1 m bar
     * with its centre 0.3 m under the plane goes 5 m/s × 1/6 s = 0.83 m in 10 steps and rises.
     */
    @Test
    void aSpinningBarStartedDeepInAPlaneSlidesOutOfIt() {
        for (int subSteps : new int[] {1, 4}) {
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withTimeStep(1.0 / 60, subSteps).withGravity(new Vector3d()));
            w.addBody(BodySpec.fixed(new Plane(0, 1, 0, 0)).withMaterial(0, 0));
            BodyId bar = w.addBody(BodySpec.dynamic(new Box(0.5, 0.05, 0.05)).withMass(1).withMaterial(0, 0)
                    .withPosition(new Vector3d(0, -0.3, 0))
                    .withLinearVelocity(new Vector3d(5, 0, 0)).withAngularVelocity(new Vector3d(0, 30, 0)));
            for (int i = 0; i < 10; i++) {
                w.step();
            }
            Vector3d c = w.centerOfMass(bar, new Vector3d());
            assertThat(c.x).as("at %d sub-steps", subSteps).isCloseTo(5.0 / 6, org.assertj.core.data.Offset.offset(0.05));
            assertThat(c.y).as("at %d sub-steps", subSteps).isGreaterThan(-0.3 + 0.01);
        }
    }
}
