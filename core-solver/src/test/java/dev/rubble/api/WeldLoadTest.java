package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.shape.Box;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The load a weld reports when it takes a lever (docs/constraints.md, "Coupled blocks"), against statics
 * worked out by hand: a 1 kg cube of side 0.2 m held by a joint at a world point d = 1 m beside its centre,
 * created at rest, carries the force m g and the torque m g d about the anchor from the first step on.
 * The lever is long against the body (m d² / I = 150): solved one row group after the other, the weld sagged
 * 2.9 cm and read up to 1.45 m g d in its first steps, so a weld whose threshold was above the true load broke.
 */
final class WeldLoadTest {
    private static final double G = 9.81, M = 1, D = 1;

    private static PhysicsWorld world(int subSteps) {
        return Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d(0, -G, 0))
                .withTimeStep(1 / 60.0, subSteps));
    }

    private static BodyId cube(PhysicsWorld w) {
        return w.addBody(BodySpec.dynamic(new Box(0.1, 0.1, 0.1)).withMass(M).withDamping(0, 0));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aCantileverWeldReadsItsStaticLoadFromTheFirstStepAndHardlySags(int subSteps) {
        PhysicsWorld w = world(subSteps);
        BodyId box = cube(w);
        ConstraintId weld = w.addConstraint(box, null, ConstraintSpec.fixed(new Vector3d(D, 0, 0)));
        Vector3d p = new Vector3d();
        double sag = 0;
        for (int k = 0; k < 120; k++) {
            w.step();
            assertThat(w.constraintTorque(weld)).as("torque at step %d", k).isCloseTo(M * G * D, within(1e-3 * M * G * D));
            assertThat(w.constraintForce(weld)).as("force at step %d", k).isCloseTo(M * G, within(1e-3 * M * G));
            w.position(box, p);
            sag = Math.max(sag, -p.y);
            // the body hangs by its anchor without turning: its centre stays level with the anchor's other side
            assertThat(Math.abs(p.x)).as("x at step %d", k).isLessThan(1e-4);
        }
        // a rigid row is a spring at the sub-step rate in the biased pass (ω = 2π / h): the anchor settles
        // g / ω² below its place, 0.07 mm at one 60 Hz sub-step (before: 2.9 cm, 1.8 mm at four)
        double h = 1 / 60.0 / subSteps;
        double springSag = G * h * h / (4 * Math.PI * Math.PI);
        assertThat(sag).isLessThan(1.5 * springSag + 1e-6);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aWeldWhoseTorqueThresholdIsAboveTheLoadHoldsAndOneBelowBreaksAtOnce(int subSteps) {
        PhysicsWorld w = world(subSteps);
        BodyId strong = cube(w);
        ConstraintId holds = w.addConstraint(strong, null,
                ConstraintSpec.fixed(new Vector3d(D, 0, 0)).breakTorque(1.1 * M * G * D).breakForce(1.1 * M * G));
        PhysicsWorld w2 = world(subSteps);
        BodyId weak = cube(w2);
        ConstraintId breaks = w2.addConstraint(weak, null, ConstraintSpec.fixed(new Vector3d(D, 0, 0)).breakTorque(0.9 * M * G * D));
        w2.step();
        assertThat(w2.constraintBreaks()).hasSize(1);
        assertThat(w2.constraintBreaks().get(0).id()).isEqualTo(breaks);
        assertThat(w2.constraintBreaks().get(0).torque()).isCloseTo(M * G * D, within(1e-3 * M * G * D));
        assertThat(w2.contains(breaks)).isFalse();
        for (int k = 0; k < 600; k++) { // 10 s
            w.step();
            assertThat(w.constraintBreaks()).as("breaks at step %d", k).isEmpty();
        }
        assertThat(w.contains(holds)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aHingeCarryingALeverAcrossItsAxisReadsItsStaticLoad(int subSteps) {
        // the hinge's axis along the arm: its two rigid angular rows carry m g d, as the weld's do
        PhysicsWorld w = world(subSteps);
        BodyId box = cube(w);
        ConstraintId hinge = w.addConstraint(box, null, ConstraintSpec.hinge(new Vector3d(D, 0, 0), new Vector3d(1, 0, 0)));
        for (int k = 0; k < 120; k++) {
            w.step();
            assertThat(w.constraintTorque(hinge)).as("torque at step %d", k).isCloseTo(M * G * D, within(1e-3 * M * G * D));
            assertThat(w.constraintForce(hinge)).as("force at step %d", k).isCloseTo(M * G, within(1e-3 * M * G));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aWeldBetweenTwoBodiesCarriesTheLeverOfTheOne(int subSteps) {
        // a heavy plate held at its centre by a world weld, a 1 kg cube welded to it at a point 1 m from the
        // cube's centre: the cube's weld carries m g and m g d, the plate's (M_plate + m) g and m g (d + 0.5)
        PhysicsWorld w = world(subSteps);
        double mp = 20;
        BodyId plate = w.addBody(BodySpec.dynamic(new Box(0.5, 0.05, 0.5)).withMass(mp).withDamping(0, 0)
                .withPosition(new Vector3d(-0.5, 0, 0)));
        BodyId box = w.addBody(BodySpec.dynamic(new Box(0.1, 0.1, 0.1)).withMass(M).withDamping(0, 0)
                .withPosition(new Vector3d(0.5, 0, 0)));
        ConstraintId root = w.addConstraint(plate, null, ConstraintSpec.fixed(new Vector3d(-0.5, 0, 0)));
        ConstraintId arm = w.addConstraint(plate, box, ConstraintSpec.fixed(new Vector3d(-0.5, 0, 0)));
        for (int k = 0; k < 120; k++) {
            w.step();
            assertThat(w.constraintTorque(arm)).as("arm torque at step %d", k).isCloseTo(M * G * D, within(1e-3 * M * G * D));
            assertThat(w.constraintForce(arm)).as("arm force at step %d", k).isCloseTo(M * G, within(1e-3 * M * G));
            assertThat(w.constraintForce(root)).as("root force at step %d", k).isCloseTo((mp + M) * G, within(1e-3 * (mp + M) * G));
            assertThat(w.constraintTorque(root)).as("root torque at step %d", k).isCloseTo(M * G * D, within(1e-3 * M * G * D));
        }
    }
}
