package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.shape.Sphere;
import org.joml.Vector3d;

/**
 * A level cantilever for the joint tests ({@link LockedJointTest}, {@link StopLoadTest}): ten balls (r 0.02 m) 0.1 m
 * apart in a line from the world at height 5 m, the last of {@code tipMass}, the others of {@code linkMass}, each joined
 * to the one before (the first to the world) by {@code joint} with its anchor set at the midpoint; no damping.
 */
final class LevelArm {
    static final double G = 9.81;
    private static final int LINKS = 10;
    private static final double PITCH = 0.1, Y = 5;

    private LevelArm() {
    }

    /**
     * Builds the arm, runs {@code steps} steps and asserts what a held beam does: the tip drops less than {@code bound}
     * (at any step; {@code drop} says what it did before), the root joint reads the weight and the moment about its
     * anchor of statics within 1e-3.
     */
    static void assertHolds(double linkMass, double tipMass, ConstraintSpec joint, int steps, double bound, String drop) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d(0, -G, 0)));
        BodyId prev = null, tip = null;
        ConstraintId root = null;
        double moment = 0, weight = 0;
        for (int i = 1; i <= LINKS; i++) {
            double m = i == LINKS ? tipMass : linkMass;
            BodyId b = w.addBody(BodySpec.dynamic(new Sphere(0.02)).withMass(m).withDamping(0, 0)
                    .withPosition(new Vector3d(i * PITCH, Y, 0)));
            Vector3d anchor = new Vector3d((i - 0.5) * PITCH, Y, 0);
            ConstraintId c = w.addConstraint(b, prev, joint.anchors(anchor, anchor));
            root = root == null ? c : root;
            moment += m * G * (i * PITCH - 0.5 * PITCH); // about the root's anchor
            weight += m * G;
            prev = b;
            tip = b;
        }
        double worst = 0;
        Vector3d p = new Vector3d();
        for (int s = 0; s < steps; s++) {
            w.step();
            worst = Math.max(worst, Math.abs(Y - w.position(tip, p).y));
        }
        assertThat(worst).as("tip's drop, m (%s)", drop).isLessThan(bound);
        assertThat(w.constraintForce(root)).as("root's force").isCloseTo(weight, within(1e-3 * weight));
        assertThat(w.constraintTorque(root)).as("root's torque").isCloseTo(moment, within(1e-3 * moment));
    }
}
