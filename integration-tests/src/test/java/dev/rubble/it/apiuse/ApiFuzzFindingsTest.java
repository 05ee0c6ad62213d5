package dev.rubble.it.apiuse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.CollectionId;
import dev.rubble.api.ConstraintSpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.PieceHit;
import dev.rubble.api.QueryHit;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.core.body.BodyStore;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * What {@link ApiFuzz} found (seeds 18000-18009 of its first catalogue), each as a focused case: a snapshot
 * saved from a listener in the middle of {@code update()} that every restore refused, and refusals whose message
 * did not name the parameter or show its value as given.
 */
final class ApiFuzzFindingsTest {
    private static final double DT = 1.0 / 60;

    private static PhysicsWorld world() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(10, 0.5, 10)).withPosition(new Vector3d(0, -0.5, 0)));
        w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 3, 0)).withLabel("ball"));
        return w;
    }

    private static PhysicsWorld restore(byte[] bytes) throws IOException {
        return Rubble.defaultPlugins().restoreWorld(new ByteArrayInputStream(bytes));
    }

    /**
     * Seed 18002: a break listener saved a snapshot in the first of the three steps of an {@code update(0.055)}; the
     * save wrote the accumulator with two steps still in it, and every restore refused the file as damaged ("game
     * loop: accumulator = 0.0387...; allowed: 0 <= it < the step"). The update goes on stepping after the listener
     * returns, which no snapshot can hold: the save is refused there, and allowed in the update's last step.
     */
    @Test
    void aSnapshotSavedFromAListenerInTheMiddleOfAnUpdateIsRefusedNotWrittenForNoRestoreToRead() throws IOException {
        PhysicsWorld w = world();
        List<Object> saved = new ArrayList<>();
        w.addStepListener((step, time, profile) -> {
            try {
                saved.add(ApiFuzz.snapshot(w));
            } catch (IllegalStateException e) {
                saved.add(e);
            }
        });
        assertThat(w.update(3.3 * DT)).isEqualTo(3);
        assertThat(saved).hasSize(3);
        for (int i = 0; i < 2; i++) {
            assertThat(saved.get(i)).as("step %d of 3: two or one more to take", i + 1)
                    .isInstanceOfSatisfying(IllegalStateException.class, e -> assertThat(e.getMessage())
                            .startsWith("saveSnapshot called from a listener in the middle of update(): ")
                            .contains("s of the frame are still to be stepped").contains("allowed: between steps"));
        }
        // the last step's snapshot is the world as update() left it: it restores and steps on alike
        PhysicsWorld again = restore((byte[]) saved.get(2));
        assertThat(again.stateHash()).isEqualTo(w.stateHash());
        assertThat(again.interpolationAlpha()).isEqualTo(w.interpolationAlpha());
        again.update(DT * 0.8);
        w.update(DT * 0.8);
        assertThat(again.stepIndex()).isEqualTo(w.stepIndex()).isEqualTo(4);
        assertThat(again.stateHash()).isEqualTo(w.stateHash());
    }

    /**
     * Found on the way: a listener that throws in the first of three steps of an update left the two whole steps in
     * the accumulator, and a snapshot saved after the failed update was refused by every restore. The frame's time
     * not stepped is dropped now, as time beyond {@code maxStepsPerUpdate} is, and counted.
     */
    @Test
    void aListenerThatThrowsInAnUpdateLeavesAWorldThatSavesASnapshotThatRestores() throws IOException {
        PhysicsWorld w = world();
        RuntimeException boom = new RuntimeException("boom");
        boolean[] thrown = {false};
        w.addStepListener((step, time, profile) -> {
            if (!thrown[0]) {
                thrown[0] = true;
                throw boom;
            }
        });
        assertThatThrownBy(() -> w.update(3.3 * DT)).isSameAs(boom);
        assertThat(w.stepIndex()).as("the step that threw is complete and counted").isEqualTo(1);
        assertThat(w.droppedSteps()).as("the two steps the frame still held").isEqualTo(2);
        assertThat(w.interpolationAlpha()).isBetween(0.0, 1.0).isLessThan(1.0);
        PhysicsWorld again = restore(ApiFuzz.snapshot(w));
        assertThat(again.stateHash()).isEqualTo(w.stateHash());
        assertThat(again.droppedSteps()).isEqualTo(2);
        again.update(DT);
        w.update(DT);
        assertThat(again.stateHash()).isEqualTo(w.stateHash());
    }

    /** Seeds 18002-18004: the ray's limit was named by the kernel's variable ("ray maxT = NaN"). */
    @Test
    void aRaysMaxDistanceIsNamedAsTheApiNamesIt() {
        PhysicsWorld w = world();
        for (double bad : new double[] {Double.NaN, -1, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> w.rayCast(new Vector3d(0, 5, 0), new Vector3d(0, -1, 0), bad, new QueryHit()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("ray maxDistance = " + bad + "; allowed: finite, >= 0 m");
            assertThatThrownBy(() -> w.destruction().rayCast(new Vector3d(0, 5, 0), new Vector3d(0, -1, 0), bad,
                    new PieceHit())).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("ray maxDistance = " + bad + "; allowed: finite, >= 0 m");
        }
        QueryHit hit = new QueryHit();
        assertThat(w.rayCast(new Vector3d(0, 5, 0), new Vector3d(0, -1, 0), 0, hit)).as("0 m reaches nothing").isFalse();
    }

    /** Seeds 18000, 18001: a hinge or slider axis was shown in JOML's %E form ("( 5.000E-1 +Inf -2.500E-1)"). */
    @Test
    void anAxisIsShownAsItWasGiven() {
        assertThatThrownBy(() -> ConstraintSpec.hinge(new Vector3d(), new Vector3d(0.5, Double.POSITIVE_INFINITY, -0.25)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("hinge axis = (0.5, Infinity, -0.25); allowed: finite, non-zero");
        assertThatThrownBy(() -> ConstraintSpec.slider(new Vector3d(), new Vector3d()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("slider axis = (0.0, 0.0, 0.0); allowed: finite, non-zero");
    }

    /**
     * Seed 18001: a constraint joining a body to itself named the body by its raw 64-bit handle: "body 1" for the
     * handle every other message shows as 1:0, and "body 4294967297" once the slot had been reused.
     */
    @Test
    void aBodyJoinedToItselfIsNamedByItsHandle() {
        PhysicsWorld w = world();
        BodyId first = w.find("ball");
        w.removeBody(first);
        w.step();
        BodyId reused = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 3, 0)));
        assertThat(BodyStore.handleString(reused.handle())).isEqualTo("1:1");
        byte[] before = ApiFuzz.snapshot(w);
        assertThatThrownBy(() -> w.addConstraint(reused, reused, ConstraintSpec.ball(new Vector3d(0, 3, 0))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("constraint joins body 1:1 to itself; allowed: two different bodies (b = null joins a body to the world)");
        assertThat(ApiFuzz.snapshot(w)).as("nothing was queued").isEqualTo(before);
    }

    /**
     * Seeds 18001, 18003, 18005: a non-finite or zero orientation was refused as "collection pose/velocity has a
     * non-finite component NaN", "collection orientation has zero length" (no value) or "union child-to-parent pose
     * has a non-finite component NaN": each names the orientation now, with its four numbers, as setPose does.
     * (A constraint frame's is refused by addConstraint as "frameA = [7 numbers]", its field and value: kept.)
     */
    @Test
    void aBadOrientationIsNamedWhereverOneIsTaken() {
        PhysicsWorld w = world();
        CollectionId wall = w.destruction().place("wall", dev.rubble.api.WorldDestruction.fracture(
                "{\"box\": [0.5, 0.5, 0.1], \"seed\": 3, \"levels\": [{\"method\": \"voronoi\", \"options\": {\"count\": 4}}]}"),
                new Vector3d(3, 0.6, 0), new Quaterniond(), null, null);
        byte[] before = ApiFuzz.snapshot(w);
        Quaterniond nan = new Quaterniond(Double.NaN, 0, 0, 1);
        Quaterniond zero = new Quaterniond(0, 0, 0, 0);
        assertThatThrownBy(() -> w.destruction().place("again", w.destruction().asset(wall), new Vector3d(0, 3, 3), nan,
                null, null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("collection orientation = [NaN, 0.0, 0.0, 1.0]; allowed: a finite, non-zero quaternion [x, y, z, w]");
        assertThatThrownBy(() -> w.destruction().place("again", w.destruction().asset(wall), new Vector3d(0, 3, 3), zero,
                null, null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("collection orientation = [0.0, 0.0, 0.0, 0.0]; allowed: a finite, non-zero quaternion [x, y, z, w]");
        assertThatThrownBy(() -> w.unions().setChildToParent(0, w.find("ball"), new Vector3d(), nan))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("child-to-parent orientation = [NaN, 0.0, 0.0, 1.0]; allowed: a finite, non-zero quaternion [x, y, z, w]");
        assertThatThrownBy(() -> w.unions().setChildToParent(0, w.find("ball"), new Vector3d(0, Double.NaN, 0), new Quaterniond()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("child-to-parent position = (0.0, NaN, 0.0); allowed: finite numbers");
        assertThat(ApiFuzz.snapshot(w)).as("nothing was placed or queued").isEqualTo(before);
        assertThat(w.collectionCount()).isEqualTo(1);
    }

    /**
     * Seed 22036 (the catalogue of largest values): {@code withMass(Double.MAX_VALUE)} is finite and > 0, as the
     * javadoc asks, and was accepted; resting on the ground, the sphere was NaN after its first step (its weight and
     * its contact impulse overflow) and disabled by the guard. A dynamic body's mass and inertia are at most 1e300
     * now, refused at {@code addBody} naming them; 1e300 kg rests like any body.
     */
    @Test
    void aMassSoLargeThatItsWeightOverflowsIsRefusedAtAddBody() {
        PhysicsWorld w = world();
        byte[] before = ApiFuzz.snapshot(w);
        for (double m : new double[] {Double.MAX_VALUE, 1.0000001e300}) {
            assertThatThrownBy(() -> w.addBody(BodySpec.dynamic(new Sphere(0.2)).withMass(m).withPosition(new Vector3d(2, 0.2, 0))))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dynamic body mass = " + m + " kg")
                    .hasMessageContaining("allowed: a shape and mass or density giving a mass > 0 and <= 1.0E300 kg");
        }
        assertThat(ApiFuzz.snapshot(w)).as("nothing was created").isEqualTo(before);
        BodyId heavy = w.addBody(BodySpec.dynamic(new Sphere(0.2)).withMass(1e300).withPosition(new Vector3d(2, 0.2, 0)));
        BodyId on = w.addBody(BodySpec.dynamic(new Sphere(0.2)).withMass(1e300).withPosition(new Vector3d(2, 0.6, 0)));
        w.step(30);
        for (BodyId b : new BodyId[] {heavy, on}) {
            assertThat(w.isDisabled(b)).isFalse();
            // resting: centres 0.2 and 0.6 m over the ground's top face y = 0, to the contacts' slop
            assertThat(w.position(b, new Vector3d()).y).isCloseTo(b == heavy ? 0.2 : 0.6, org.assertj.core.api.Assertions.within(0.01));
        }
        assertThat(w.lastProfile().nonFiniteBodies()).isZero();
    }

    /**
     * Seed 18031 (the catalogue of largest values): a sphere added with a velocity and a spin of 1e300 or
     * {@code Double.MAX_VALUE} m/s and rad/s, valid finite numbers, got look-ahead bounds of [-Infinity, Infinity]
     * (|w|² overflowed, and |w| R dt with it) before its first step; its world saved them and every restore refused
     * the snapshot as damaged. The look-ahead of a velocity too large to square is now the speed limit's, which the
     * integrator clamps it to before the body moves; the step's result is unchanged (the body leaves at the limits).
     */
    @Test
    void aBodyAddedFasterThanADoubleCanSquareSavesASnapshotThatRestores() throws IOException {
        for (double big : new double[] {1e300, Double.MAX_VALUE}) {
            PhysicsWorld w = world();
            BodyId fast = w.addBody(BodySpec.dynamic(new Sphere(0.2)).withLinearVelocity(new Vector3d(big, -big, 0))
                    .withAngularVelocity(new Vector3d(0, big, 0)).withPosition(new Vector3d(0, 5, 0)));
            PhysicsWorld again = restore(ApiFuzz.snapshot(w)); // refused as damaged before
            assertThat(again.linearVelocity(fast, new Vector3d()).x).isEqualTo(big);
            w.step();
            again.step();
            assertThat(ApiFuzz.snapshot(again)).as("the restored world steps on alike").isEqualTo(ApiFuzz.snapshot(w));
            assertThat(w.isDisabled(fast)).isFalse();
            // the first step moved it at most the limits allow: 400 m/s along (1, -1, 0) and 100 rad/s
            assertThat(w.linearVelocity(fast, new Vector3d()).length()).isLessThanOrEqualTo(w.maxLinearSpeed() * (1 + 1e-12));
            assertThat(w.angularVelocity(fast, new Vector3d()).length()).isLessThanOrEqualTo(w.maxAngularSpeed() * (1 + 1e-12));
            restore(ApiFuzz.snapshot(w));
        }
    }

    /**
     * Seed 18017 (the catalogue of largest values): a capsule of radius 1e-30 m and half-height 1e30 m had a mass
     * and inertias each in range, so it was added; it touched everything at once, spun up to 7e101 rad/s in one solve
     * and within five steps every body it touched was NaN and disabled. A dynamic shape must fit in the range of
     * positions (1e9 m from its origin along each axis), as its centre must; a static one need not.
     */
    @Test
    void aDynamicShapeLargerThanTheRangeOfPositionsIsRefusedAtAddBody() {
        PhysicsWorld w = world();
        byte[] before = ApiFuzz.snapshot(w);
        assertThatThrownBy(() -> w.addBody(BodySpec.dynamic(new dev.rubble.spi.shape.Capsule(1e-30, 1e30))
                .withPosition(new Vector3d(0, 5, 0))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("reaches 1.0E30 m from its origin")
                .hasMessageContaining("allowed: at most 1.0E9 m along each axis")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        assertThatThrownBy(() -> w.addBody(BodySpec.dynamic(new Box(2e9, 1, 1))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reaches 2.0E9 m");
        assertThat(ApiFuzz.snapshot(w)).as("nothing was created").isEqualTo(before);
        // at the range, and static beyond it, as before
        w.addBody(BodySpec.dynamic(new Box(1e9, 1, 1)).withPosition(new Vector3d(0, 1, 0)));
        w.addBody(BodySpec.fixed(new Box(2e9, 1, 1)).withPosition(new Vector3d(0, -20, 0)));
    }
}
