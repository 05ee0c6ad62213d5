package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.command.FieldSpec;
import dev.rubble.core.command.FieldTarget;
import dev.rubble.core.field.InitialisationField;
import dev.rubble.core.world.World;
import dev.rubble.spi.collection.CollectionAsset;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Initialisation fields from the Java API (issue 24 item 8; docs/fields.md, "Initialisation
 * fields"): evaluated at the leaves in the placed pose, anchoring where the value is 2 or 3.
 */
final class InitialisationFieldsTest {

    /** root (0) -> clusters 1, 2 -> leaves 3, 4 | 5, 6 at x = 0, 1, 2, 3 (collection frame). */
    private static CollectionAsset threeLevels() {
        double[][] boxes = {
            {1.5, 0, 0, 2, 0.5, 0.5},
            {0.5, 0, 0, 1, 0.5, 0.5}, {2.5, 0, 0, 1, 0.5, 0.5},
            {0, 0, 0, 0.5, 0.5, 0.5}, {1, 0, 0, 0.5, 0.5, 0.5}, {2, 0, 0, 0.5, 0.5, 0.5}, {3, 0, 0, 0.5, 0.5, 0.5}};
        return TestAssets.build(1000, new int[] {-1, 0, 0, 1, 1, 2, 2}, boxes, new int[][] {{1, 2}, {3, 4}, {5, 6}},
                new double[] {1, 1, 1});
    }

    /** Chaos's anchor field: 3 (static) inside a 1.5 × 1 × 1 m box at {@code (x, y, 0)}, nothing outside. */
    private static FieldSpec anchorBox(double x, double y) {
        return FieldSpec.of("culling", "operation", "outside",
                "culling", FieldSpec.of("box-falloff", "position", new FieldSpec.Vec(x, y, 0), "scale", new FieldSpec.Vec(1.5, 1, 1)),
                "input", FieldSpec.of("uniform-integer", "magnitude", 3));
    }

    @Test
    void anchorsTheLeavesInTheRegionAndTheCollectionHangsThere() {
        World w = Scenes.world(9.81);
        // leaves at world x = 0, 1, 2, 3 (y = 10): the box (-0.75, 0.75) holds leaf 3 only
        CollectionPlacement pl = w.initialisationField(threeLevels(), CollectionPlacement.at(0, 10, 0)
                .withOptions(Scenes.thresholds(1e12)), FieldTarget.DYNAMIC_STATE, anchorBox(0, 10), "f");
        assertThat(pl.anchorNodes()).containsExactly(3);
        w.placeCollection(threeLevels(), CollectionPlacement.at(0, 10, 0).withOptions(Scenes.thresholds(1e12)),
                List.of(InitialisationField.anchors(anchorBox(0, 10))));
        World free = Scenes.world(9.81);
        free.placeCollection(threeLevels(), CollectionPlacement.at(0, 10, 0).withOptions(Scenes.thresholds(1e12)));
        for (int i = 0; i < 30; i++) {
            w.step();
            free.step();
        }
        int s = w.bodies().slot(w.destruction().holderBody(0, 0));
        assertThat(w.bodies().py[s]).as("anchored: stays").isCloseTo(10, within(1e-9));
        int f = free.bodies().slot(free.destruction().holderBody(0, 0));
        assertThat(free.bodies().py[f]).as("not anchored: falls").isLessThan(9.5);
    }

    @Test
    void leavesAreSampledInThePlacedPose() {
        World w = Scenes.world(0);
        // turned 90° about z: collection x becomes world y, so leaf 6 (x = 3) is at (0, 13, 0), leaf 3 at (0, 10, 0)
        double h = Math.sqrt(0.5);
        CollectionPlacement turned = CollectionPlacement.at(0, 10, 0).withOrientation(0, 0, h, h);
        assertThat(w.initialisationField(threeLevels(), turned, FieldTarget.DYNAMIC_STATE, anchorBox(0, 13), "f")
                .anchorNodes()).containsExactly(6);
        assertThat(w.initialisationField(threeLevels(), turned, FieldTarget.DYNAMIC_STATE, anchorBox(3, 10), "f")
                .anchorNodes()).isEmpty();
        // values other than 2 and 3 anchor nothing; the placement's own anchors are kept
        FieldSpec dyn = FieldSpec.of("uniform-integer", "magnitude", 4);
        assertThat(w.initialisationField(threeLevels(), turned.withAnchors(new int[] {5}, null),
                FieldTarget.DYNAMIC_STATE, dyn, "f").anchorNodes()).containsExactly(5);
    }

    @Test
    void badTargetsAndFieldsAreRefusedNamingThePlaceAndNothingIsPlaced() {
        World w = Scenes.world(0);
        assertThatThrownBy(() -> w.placeCollection(threeLevels(), CollectionPlacement.at(0, 0, 0),
                List.of(new InitialisationField(FieldTarget.KILL, FieldSpec.of("uniform-scalar")))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("target = kill; allowed for an initialisation field: dynamic-state (values 2 and 3 anchor the leaves), "
                        + "initial-linear-velocity, initial-angular-velocity");
        assertThatThrownBy(() -> w.placeCollection(threeLevels(), CollectionPlacement.at(0, 0, 0),
                List.of(InitialisationField.anchors(anchorBox(0, 0)), InitialisationField.anchors(FieldSpec.of(
                        "radial-int-mask", "radius", -2.0)))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("initFields[1].radius");
        assertThat(w.destruction().collectionCount()).isZero();
    }

    /** 2 m/s up, only inside a 2 × 1 × 1 m box around the leaves at x = 2 and 3 (world, placed at the origin). */
    private static FieldSpec upOnTheRight() {
        return FieldSpec.of("culling", "operation", "outside",
                "culling", FieldSpec.of("box-falloff", "position", new FieldSpec.Vec(2.5, 0, 0), "scale", new FieldSpec.Vec(2.2, 1, 1)),
                "input", FieldSpec.of("uniform-vector", "magnitude", 2.0, "direction", new FieldSpec.Vec(0, 1, 0)));
    }

    @Test
    void velocitiesByRegionGiveTheCollectionTheLeavesTotalMomentum() {
        // four 1 m cubes of 1000 kg at x = 0, 1, 2, 3; the two on the right start at 2 m/s up.
        // By hand: M = 4000 kg, p = 2 · 1000 · 2 = 4000 N·s up -> v = 1 m/s; about the centre (x = 1.5)
        // L_z = 1000 · (0.5 · 2 + 1.5 · 2) = 4000; I_zz = 4 · 1000 · (1 + 1)/12 + 1000 · 2 · (0.5² + 1.5²) = 5666.67
        // -> ω_z = 4000 / 5666.67 = 0.70588 rad/s (counter-clockwise: the right side rises)
        World w = Scenes.world(0);
        CollectionPlacement pl = w.initialisationField(threeLevels(), CollectionPlacement.at(0, 0, 0)
                .withOptions(Scenes.thresholds(1e12)), FieldTarget.INITIAL_LINEAR_VELOCITY, upOnTheRight(), "f");
        double izz = 4 * 1000 * 2.0 / 12 + 1000 * 2 * (0.25 + 2.25);
        assertThat(pl.vx()).isCloseTo(0, within(1e-12));
        assertThat(pl.vy()).isCloseTo(1, within(1e-12));
        assertThat(pl.vz()).isCloseTo(0, within(1e-12));
        assertThat(pl.wx()).isCloseTo(0, within(1e-12));
        assertThat(pl.wy()).isCloseTo(0, within(1e-12));
        assertThat(pl.wz()).isCloseTo(4000 / izz, within(1e-12));
        // placed and stepped once without gravity: the intact collection moves with exactly that motion
        w.placeCollection(threeLevels(), CollectionPlacement.at(0, 0, 0).withOptions(Scenes.thresholds(1e12)),
                List.of(InitialisationField.linearVelocity(upOnTheRight())));
        w.step();
        int s = w.bodies().slot(w.destruction().holderBody(0, 0));
        assertThat(w.bodies().vy[s]).isCloseTo(1, within(1e-9));
        assertThat(w.bodies().wz[s]).isCloseTo(4000 / izz, within(1e-9));
    }

    @Test
    void aFieldThatCoversEveryLeafSetsTheVelocityAndOneThatCoversNoneChangesNothing() {
        World w = Scenes.world(0);
        CollectionPlacement moving = CollectionPlacement.at(0, 5, 0).withVelocity(3, 0, 0, 0, 0.5, 0);
        FieldSpec everywhere = FieldSpec.of("uniform-vector", "magnitude", 4.0, "direction", new FieldSpec.Vec(0, 0, 1));
        CollectionPlacement all = w.initialisationField(threeLevels(), moving, FieldTarget.INITIAL_LINEAR_VELOCITY, everywhere, "f");
        // every leaf moves at (0, 0, 4): the orbital part of the placement's ω_y is gone, but each leaf
        // keeps its own spin: L_y = 4 · 1000 · (1 + 1)/12 · 0.5 about I_yy = 4 · 1000 · 2/12 + 1000 · 2 · (0.5² + 1.5²)
        double iyy = 4 * 1000 * 2.0 / 12 + 1000 * 2 * (0.25 + 2.25);
        assertThat(new double[] {all.vx(), all.vy(), all.vz(), all.wx(), all.wy(), all.wz()})
                .containsExactly(new double[] {0, 0, 4, 0, 4 * 1000 * 2.0 / 12 * 0.5 / iyy, 0}, within(1e-12));
        FieldSpec nowhere = FieldSpec.of("culling", "operation", "outside",
                "culling", FieldSpec.of("radial-falloff", "position", new FieldSpec.Vec(50, 0, 0), "radius", 1.0),
                "input", everywhere);
        assertThat(w.initialisationField(threeLevels(), moving, FieldTarget.INITIAL_LINEAR_VELOCITY, nowhere, "f"))
                .isSameAs(moving);
        // an angular field over every leaf: each leaf spins at ω and moves with the placement -> the collection spins at ω
        FieldSpec spin = FieldSpec.of("uniform-vector", "magnitude", 2.0, "direction", new FieldSpec.Vec(1, 0, 0));
        CollectionPlacement spun = w.initialisationField(threeLevels(), CollectionPlacement.at(0, 5, 0),
                FieldTarget.INITIAL_ANGULAR_VELOCITY, spin, "f");
        assertThat(new double[] {spun.vx(), spun.vy(), spun.vz(), spun.wx(), spun.wy(), spun.wz()})
                .containsExactly(new double[] {0, 0, 0, 2, 0, 0}, within(1e-12));
    }

    @Test
    void aRotatedPlacementSamplesAndSumsInTheWorldFrame() {
        // turned 90° about z: the leaves lie along world y at (0, 0..3, 0); the same momentum, seen turned
        World w = Scenes.world(0);
        double h = Math.sqrt(0.5);
        FieldSpec right = FieldSpec.of("culling", "operation", "outside",
                "culling", FieldSpec.of("box-falloff", "position", new FieldSpec.Vec(0, 2.5, 0), "scale", new FieldSpec.Vec(1, 2.2, 1)),
                "input", FieldSpec.of("uniform-vector", "magnitude", 2.0, "direction", new FieldSpec.Vec(-1, 0, 0)));
        CollectionPlacement pl = w.initialisationField(threeLevels(), CollectionPlacement.at(0, 0, 0).withOrientation(0, 0, h, h),
                FieldTarget.INITIAL_LINEAR_VELOCITY, right, "f");
        double izz = 4 * 1000 * 2.0 / 12 + 1000 * 2 * (0.25 + 2.25);
        assertThat(pl.vx()).isCloseTo(-1, within(1e-12));
        assertThat(pl.vy()).isCloseTo(0, within(1e-12));
        assertThat(pl.wz()).isCloseTo(4000 / izz, within(1e-12));
    }
}
