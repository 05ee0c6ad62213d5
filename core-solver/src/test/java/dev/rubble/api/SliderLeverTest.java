package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.shape.Box;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A slider's anchor may be any point of its line (docs/constraints.md: "a point of the line"), such as the start of a
 * rail far from where the carriage sits. Its point rows act where the carriage's anchor is, so that distance is a lever
 * on the carriage; solved one after the other, the point rows and the angular rows passed the lever's torque back and
 * forth (fuzz7): a 64 kg carriage on a level rail fixed in the world, its anchor 10 m along the rail, fell 0.8 m in
 * half a second, and with the anchor 100 m along it fell to the ground, where the same carriage anchored at its centre
 * stays on the rail. A rigid prismatic joint holds the carriage on its line whatever point of the line names it; the
 * rows are now solved together as one coupled block, as a hinge's are.
 */
final class SliderLeverTest {
    private static final double G = 9.81, DT = 1.0 / 60;

    @Test
    void aLevelRailHoldsItsCarriageWhereverItsAnchorLiesOnTheLine() {
        for (double d : new double[] {0, 1, 10, 100, 1000}) {
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false));
            BodyId car = w.addBody(BodySpec.dynamic(new Box(0.2, 0.2, 0.2)).withPosition(new Vector3d(0, 2.5, 0)));
            w.addConstraint(car, null, ConstraintSpec.slider(new Vector3d(-d, 2.5, 0), new Vector3d(1, 0, 0)));
            double most = 0;
            for (int i = 0; i < 60; i++) {
                w.step();
                Vector3d p = w.position(car, new Vector3d());
                most = Math.max(most, Math.hypot(p.y - 2.5, p.z));
            }
            // held on the line: the soft rows' sag under m g is g / ω² at one 60 Hz sub-step, well under a millimetre
            assertThat(most).as("largest distance off the line, anchor %s m along it", d).isLessThan(1e-3);
            assertThat(w.orientation(car, new Quaterniond()).angle()).as("turn, anchor %s m along", d).isLessThan(1e-6);
        }
    }

    @Test
    void aBlockOnATiltedRailAnchoredFarUpItSlidesAtGSinTheta() {
        double theta = Math.toRadians(30);
        Vector3d axis = new Vector3d(Math.cos(theta), Math.sin(theta), 0);
        for (double d : new double[] {10, 100}) {
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d(0, -G, 0)).withSleeping(false));
            BodyId block = w.addBody(BodySpec.dynamic(new Box(0.1, 0.1, 0.1)).withMass(2).withDamping(0, 0)
                    .withOrientation(new Quaterniond().rotateZ(theta)));
            w.addConstraint(block, null, ConstraintSpec.slider(new Vector3d(axis).mul(d), axis));
            int steps = 60;
            double most = 0;
            for (int i = 0; i < steps; i++) {
                w.step();
                Vector3d p = w.position(block, new Vector3d());
                double along = p.dot(axis);
                most = Math.max(most, Math.sqrt(Math.max(p.lengthSquared() - along * along, 0)));
            }
            // semi-implicit Euler: x_n = a dt² n (n + 1) / 2 down the rail, a = g sin θ (as SliderJointTest)
            double expected = -G * Math.sin(theta) * DT * DT * steps * (steps + 1) / 2;
            assertThat(w.position(block, new Vector3d()).dot(axis)).as("slide, anchor %s m up the rail", d)
                    .isCloseTo(expected, within(1e-3));
            assertThat(most).as("largest distance off the rail, anchor %s m up it", d).isLessThan(1e-4);
            assertThat(w.orientation(block, new Quaterniond()).angle()).isCloseTo(theta, within(1e-4));
        }
    }
}
