package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.shape.Box;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A torque turns a body within the step it acts in, as a force moves it ({@code ForceLookAheadTest}): the bounds
 * the broadphase sees, the narrowphase's margin and the ghost-contact sweep must cover the turn it starts
 * (docs/dynamics.md, "Fast turns"). Before, only the spin at the step's start was looked ahead: a 2 m rod (1 kg,
 * 4 cm thick) spun up to 90 rad/s by a torque within one step (1.5 rad in that step at 60 Hz) had no pair with a
 * 4 cm plate 0.6 m off its axis and swept its end through it (fuzz12), where the same spin set as a velocity is
 * met by the plate.
 *
 * <p>Expected from geometry: the rod starts along y, clear of the plate (its near face at x = 0.58, its far face at
 * x = 0.62); its ends are 1 m from its centre, so a rod that passes the plate puts an end beyond x = 0.62 (up to
 * x = 1), and one that is stopped keeps both ends on the near side.
 */
final class TorqueLookAheadTest {

    private static final double FAR_FACE = 0.62;

    private static PhysicsWorld scene(int subSteps) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()).withTimeStep(1 / 60.0, subSteps));
        w.addBody(BodySpec.fixed(new Box(0.02, 2, 2)).withPosition(new Vector3d(0.6, 0, 0)));
        return w;
    }

    private static BodySpec rod() {
        return BodySpec.dynamic(new Box(0.02, 1, 0.02)).withMass(1); // along y: 2 m long, 4 cm thick
    }

    /** The largest x either end of the rod reaches over {@code steps} steps. */
    private static double farthestEnd(PhysicsWorld w, BodyId rod, int steps) {
        double x = Double.NEGATIVE_INFINITY;
        Vector3d c = new Vector3d();
        Quaterniond q = new Quaterniond();
        for (int i = 0; i < steps; i++) {
            w.step();
            w.position(rod, c);
            w.orientation(rod, q);
            Vector3d end = q.transform(new Vector3d(0, 1, 0));
            x = Math.max(x, c.x + Math.abs(end.x));
        }
        return x;
    }

    @Test
    void aRodSpunUpByATorqueWithinTheStepDoesNotSweepItsEndThroughAPlate() {
        for (int subSteps : new int[] {1, 4}) {
            PhysicsWorld w = scene(subSteps);
            BodyId rod = w.addBody(rod());
            // I = m L² / 12 = 1/3 kg m² about z (the thickness adds 1.3e-4): 90 rad/s after one step of 1/60 s
            w.applyTorque(rod, new Vector3d(0, 0, 90 * 60 / 3.0));
            assertThat(farthestEnd(w, rod, 30)).as("%d sub-steps", subSteps).isLessThan(FAR_FACE);
        }
    }

    @Test
    void aTorqueFieldDoesNotSpinARodThroughAPlate() {
        PhysicsWorld w = scene(1);
        BodyId rod = w.addBody(rod());
        w.applyField(Fields.Target.ANGULAR_TORQUE, Fields.uniformVector(new Vector3d(0, 0, 1), 90 * 60 / 3.0),
                FieldOptions.once());
        assertThat(farthestEnd(w, rod, 30)).isLessThan(FAR_FACE);
    }

    @Test
    void theSameSpinSetAsAVelocityIsMetByThePlateToo() {
        PhysicsWorld w = scene(1);
        BodyId rod = w.addBody(rod().withAngularVelocity(new Vector3d(0, 0, 90)));
        assertThat(farthestEnd(w, rod, 30)).isLessThan(FAR_FACE);
    }
}
