package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.command.Command;
import dev.rubble.core.command.FieldMeta;
import dev.rubble.core.command.FieldSpec;
import dev.rubble.core.command.FieldTarget;
import dev.rubble.core.world.World;
import dev.rubble.spi.collection.CollectionAsset;
import org.junit.jupiter.api.Test;

/**
 * Field targets on geometry collections (issue 24; docs/fields.md, "Collections"): strain on held
 * pieces sampled through their holder, Maximum resolution breaking one level per step without the
 * field being sent again, erosion by a persistent internal strain, and the same-step effect (the
 * explosion recipe: pieces released by a strain field get the velocity field on top of what they
 * inherit, v + ω × r).
 */
final class FieldTargetsTest {

    private static boolean bodied(World w, int node) {
        return w.destruction().store().body[w.destruction().globalNode(0, node)] != ClusterStore.NONE;
    }

    private static Command.ApplyField strain(double magnitude, FieldMeta.Resolution r) {
        // Chaos's HeadlessChaos strain test: radial falloff, falloff none, the whole collection inside
        return new Command.ApplyField("", FieldTarget.EXTERNAL_CLUSTER_STRAIN, FieldSpec.of("radial-falloff",
                "position", new FieldSpec.Vec(1.5, 10, 0), "radius", 10.0, "magnitude", magnitude, "falloff", "none"),
                FieldMeta.DEFAULT.withResolution(r), false);
    }

    @Test
    void maximumResolutionBreaksOneLevelPerStepWithoutBeingSentAgain() {
        World w = Scenes.world(0);
        w.placeCollection(TestAssets.threeLevels(), CollectionPlacement.at(0, 10, 0).withOptions(Scenes.thresholds(1.0)));
        w.queue(strain(1.5, FieldMeta.Resolution.MAXIMUM));
        w.step();
        assertThat(bodied(w, 1)).isTrue();
        assertThat(bodied(w, 2)).isTrue();
        assertThat(bodied(w, 3) || bodied(w, 4) || bodied(w, 5) || bodied(w, 6)).as("one level per step").isFalse();
        w.step();
        for (int n = 3; n <= 6; n++) {
            assertThat(bodied(w, n)).as("leaf %d in the second step", n).isTrue();
        }
    }

    @Test
    void minimalResolutionReachesOnlyTheDirectChildrenOfActiveHolders() {
        World w = Scenes.world(0);
        w.placeCollection(TestAssets.threeLevels(), CollectionPlacement.at(0, 10, 0).withOptions(Scenes.thresholds(1.0)));
        w.queue(strain(1.5, FieldMeta.Resolution.MINIMAL));
        for (int i = 0; i < 4; i++) {
            w.step();
        }
        assertThat(bodied(w, 1)).isTrue();
        assertThat(bodied(w, 3) || bodied(w, 4) || bodied(w, 5) || bodied(w, 6)).isFalse();
        // below the threshold nothing breaks; values <= 0 are ignored
        World v = Scenes.world(0);
        v.placeCollection(TestAssets.threeLevels(), CollectionPlacement.at(0, 10, 0).withOptions(Scenes.thresholds(1.0)));
        v.queue(strain(0.99, FieldMeta.Resolution.MAXIMUM));
        v.queue(strain(-5, FieldMeta.Resolution.MAXIMUM));
        v.step();
        v.step();
        assertThat(bodied(v, 1) || bodied(v, 2)).isFalse();
    }

    @Test
    void aPersistentNegativeInternalStrainErodesUntilItBreaks() {
        World w = Scenes.world(0);
        w.placeCollection(TestAssets.threeLevels(), CollectionPlacement.at(0, 10, 0).withOptions(Scenes.thresholds(3.5)));
        w.queue(new Command.ApplyField("erosion", FieldTarget.INTERNAL_CLUSTER_STRAIN,
                FieldSpec.of("uniform-scalar", "magnitude", -1.0), FieldMeta.DEFAULT, true));
        for (int i = 1; i <= 3; i++) {
            w.step();
            assertThat(bodied(w, 1)).as("after %d steps the threshold is %s", i, 3.5 - i).isFalse();
        }
        w.step(); // 3.5 - 4 -> floor 0: breaks
        assertThat(bodied(w, 1)).isTrue();
        assertThat(bodied(w, 2)).isTrue();
    }

    @Test
    void explosionRecipeReleasesEveryPieceWithInheritedPlusFieldVelocityInOneStep() {
        int k = 6;
        World w = Scenes.world(0);
        w.placeCollection(TestAssets.chain(k, 1000), CollectionPlacement.at(0, 5, 0)
                .withVelocity(1, 0, 0.5, 0.3, 0, 0).withOptions(Scenes.thresholds(100)));
        BodyStore b = w.bodies();
        w.step(); // moving and spinning about its long (principal) axis
        int hs = b.slot(w.destruction().holderBody(0, 0));
        double[] p0 = {b.px[hs], b.py[hs], b.pz[hs]};
        double[] q0 = {b.qx[hs], b.qy[hs], b.qz[hs], b.qw[hs]};
        double cx = 2.5, cy = 4.5, cz = 0.3, radius = 6, speed = 12;
        FieldSpec.Vec c = new FieldSpec.Vec(cx, cy, cz);
        w.queue(new Command.ApplyField("", FieldTarget.EXTERNAL_CLUSTER_STRAIN, FieldSpec.of("radial-falloff",
                "position", c, "radius", radius, "magnitude", 1e6, "falloff", "none"), FieldMeta.DEFAULT, false));
        w.queue(new Command.ApplyField("", FieldTarget.LINEAR_VELOCITY, FieldSpec.of("operator",
                "left", FieldSpec.of("radial-vector", "position", c),
                "right", FieldSpec.of("radial-falloff", "position", c, "radius", radius, "magnitude", speed)),
                FieldMeta.DEFAULT.withPosition(FieldMeta.PositionType.CENTER_OF_MASS), false));
        w.step();
        // the holder after the step (its pose when the pieces were released). Minimal resolution samples
        // the active holder too (Chaos's rule), so its velocity, which the pieces inherit, got the field's
        // value at its centre of mass: v = (1, 0, 0.5) + field(p0); w is unchanged
        double[] p1 = {b.px[hs], b.py[hs], b.pz[hs]};
        double[] q1 = {b.qx[hs], b.qy[hs], b.qz[hs], b.qw[hs]};
        double hx = p0[0] - cx, hy = p0[1] - cy, hz = p0[2] - cz, hd = Math.sqrt(hx * hx + hy * hy + hz * hz);
        double hf = speed * (1 - hd / radius) / hd;
        double[] v = {1 + hf * hx, hf * hy, 0.5 + hf * hz}, om = {b.wx[hs], b.wy[hs], b.wz[hs]};
        assertThat(om[0]).isCloseTo(0.3, within(1e-12));
        double comRoot = (k - 1) / 2.0;
        for (int i = 1; i <= k; i++) {
            assertThat(bodied(w, i)).as("piece %d released in the same step", i).isTrue();
            int s = b.slot(w.destruction().store().body[w.destruction().globalNode(0, i)]);
            double[] local = {(i - 1) - comRoot, 0, 0};
            double[] r1 = rotate(q1, local);
            double[] inherited = {v[0] + om[1] * r1[2] - om[2] * r1[1], v[1] + om[2] * r1[0] - om[0] * r1[2],
                v[2] + om[0] * r1[1] - om[1] * r1[0]};
            // the field was sampled at the start of the step: the piece's world position through the holder then
            double[] r0 = rotate(q0, local);
            double px = p0[0] + r0[0] - cx, py = p0[1] + r0[1] - cy, pz = p0[2] + r0[2] - cz;
            double d = Math.sqrt(px * px + py * py + pz * pz);
            double f = speed * (1 - d / radius) / d;
            assertThat(b.vx[s]).as("piece %d vx", i).isCloseTo(inherited[0] + f * px, within(1e-9));
            assertThat(b.vy[s]).as("piece %d vy", i).isCloseTo(inherited[1] + f * py, within(1e-9));
            assertThat(b.vz[s]).as("piece %d vz", i).isCloseTo(inherited[2] + f * pz, within(1e-9));
            assertThat(b.wx[s]).isCloseTo(om[0], within(1e-12));
            // and the piece is where the holder put it
            assertThat(b.px[s]).isCloseTo(p1[0] + r1[0], within(1e-9));
        }
    }

    private static Command.ApplyField at(FieldTarget t, FieldSpec f, FieldMeta meta) {
        return new Command.ApplyField("", t, f, meta, false);
    }

    /** A ball of radius 0.6 m, falloff none, around cluster 1's centre (0.5, 10, 0): it holds node 1 and no other node's centre. */
    private static FieldSpec aroundNode1(double magnitude) {
        return FieldSpec.of("radial-falloff", "position", new FieldSpec.Vec(0.5, 10, 0), "radius", 0.6,
                "magnitude", magnitude, "falloff", "none");
    }

    @Test
    void killReleasesAHeldPieceWithoutABodyWhateverItsThreshold() {
        World w = Scenes.world(0);
        w.placeCollection(TestAssets.threeLevels(), CollectionPlacement.at(0, 10, 0).withOptions(Scenes.thresholds(1e12)));
        int before = w.bodies().size();
        w.queue(at(FieldTarget.KILL, aroundNode1(0), FieldMeta.DEFAULT)); // 0: not > 0, nothing
        w.step();
        assertThat(bodied(w, 1) || bodied(w, 2)).isFalse();
        w.queue(at(FieldTarget.KILL, aroundNode1(1), FieldMeta.DEFAULT));
        w.step();
        ClusterStore s = w.destruction().store();
        int n1 = w.destruction().globalNode(0, 1);
        assertThat(bodied(w, 1)).as("the killed piece has no body").isFalse();
        assertThat(s.parent[n1]).as("and is no longer held").isEqualTo(ClusterStore.NONE);
        assertThat(bodied(w, 2)).as("the rest (cluster 2) is a body of its own").isTrue();
        assertThat(w.bodies().size()).as("root's body replaced by cluster 2's").isEqualTo(before);
        // what the killed piece held stays inert: a strain field at maximum resolution reaches nothing there
        w.queue(strain(1e13, FieldMeta.Resolution.MAXIMUM));
        for (int i = 0; i < 3; i++) {
            w.step();
        }
        assertThat(bodied(w, 3) || bodied(w, 4)).isFalse();
        assertThat(bodied(w, 5) && bodied(w, 6)).as("cluster 2's leaves do break").isTrue();
    }

    /**
     * One rule for every forced break (SPEC §5: a piece breaks when max(collision, external) >= threshold, so
     * a +∞ load and a +∞ threshold need no special case): an external strain of +∞, a kill and a dynamic-state 4
     * all free a held piece whose threshold is +∞ ("unbreakable" by any finite load), the kill without a body.
     */
    @Test
    void killAndDynamicStateFreeAnInfiniteThresholdPieceAsAnInfiniteExternalStrainDoes() {
        String[] ways = {"external +inf", "kill", "dynamic-state 4"};
        for (int way = 0; way < 3; way++) {
            World w = Scenes.world(0);
            w.placeCollection(TestAssets.threeLevels(), CollectionPlacement.at(0, 10, 0).withOptions(Scenes.thresholds(1e12)));
            w.queue(new Command.SetNodeThreshold(0, 1, Double.POSITIVE_INFINITY));
            w.step();
            // a finite load, however large, leaves the +inf piece held
            w.queue(at(FieldTarget.EXTERNAL_CLUSTER_STRAIN, aroundNode1(Double.MAX_VALUE), FieldMeta.DEFAULT));
            w.step();
            assertThat(bodied(w, 1) || bodied(w, 2)).as("%s: a finite load", ways[way]).isFalse();
            w.queue(forcedBreakOfNode1(way));
            w.step();
            ClusterStore s = w.destruction().store();
            int n1 = w.destruction().globalNode(0, 1);
            assertThat(s.parent[n1]).as("%s: node 1 (threshold +inf) is no longer held", ways[way]).isEqualTo(ClusterStore.NONE);
            assertThat(bodied(w, 1)).as("%s: a body for node 1", ways[way]).isEqualTo(way != 1);
            assertThat(bodied(w, 2)).as("%s: the rest, split off by connectivity", ways[way]).isTrue();
        }
    }

    /**
     * The three forced breaks of node 1: {@code way} 0 an external strain of +∞ (a command: field parameters
     * are finite), 1 a kill field, 2 a dynamic-state field setting 4 (dynamic) on it.
     */
    private static Command forcedBreakOfNode1(int way) {
        return switch (way) {
            case 0 -> new Command.ExternalStrain(0, 1, Double.POSITIVE_INFINITY);
            case 1 -> at(FieldTarget.KILL, aroundNode1(1), FieldMeta.DEFAULT);
            default -> at(FieldTarget.DYNAMIC_STATE, FieldSpec.of("culling", "operation", "outside",
                    "culling", aroundNode1(1), "input", FieldSpec.of("uniform-integer", "magnitude", 4)),
                    FieldMeta.DEFAULT.withState(FieldMeta.StateFilter.DISABLED));
        };
    }

    /** A piece at or past the collection's unbreakable level (maxClusterLevel) is left alone by every forced break alike. */
    @Test
    void forcedBreaksLeaveUnbreakableLevelsAlike() {
        for (int way = 0; way < 3; way++) {
            World w = Scenes.world(0);
            DestructionOptions o = Scenes.thresholds(1.0);
            o = o.withLevels(1, o.maxSimulatedLevel()); // level 1 (clusters 1 and 2) never breaks
            w.placeCollection(TestAssets.threeLevels(), CollectionPlacement.at(0, 10, 0).withOptions(o));
            w.queue(forcedBreakOfNode1(way));
            w.step();
            w.step();
            assertThat(bodied(w, 1) || bodied(w, 2)).as("way %d: level 1 is unbreakable", way).isFalse();
            assertThat(w.destruction().store().parent[w.destruction().globalNode(0, 1)]).as("way %d: still held", way)
                    .isNotEqualTo(ClusterStore.NONE);
        }
    }

    @Test
    void killAndDynamicStateLeaveDeeperHeldPiecesAlone() {
        World w = Scenes.world(0);
        w.placeCollection(TestAssets.threeLevels(), CollectionPlacement.at(0, 10, 0).withOptions(Scenes.thresholds(1.0)));
        // leaf 3 at (0, 10, 0) is held by cluster 1, which is held by the root: not releasable this step
        FieldSpec leaf3 = FieldSpec.of("radial-falloff", "position", new FieldSpec.Vec(0, 10, 0), "radius", 0.4,
                "magnitude", 1.0, "falloff", "none");
        w.queue(at(FieldTarget.KILL, leaf3, FieldMeta.DEFAULT.withResolution(FieldMeta.Resolution.MAXIMUM)));
        w.queue(at(FieldTarget.DYNAMIC_STATE, FieldSpec.of("culling", "operation", "outside", "culling", leaf3,
                "input", FieldSpec.of("uniform-integer", "magnitude", 4)),
                FieldMeta.DEFAULT.withResolution(FieldMeta.Resolution.MAXIMUM)));
        w.step();
        w.step();
        for (int n = 1; n <= 6; n++) {
            assertThat(bodied(w, n)).as("node %d", n).isFalse();
        }
    }

    @Test
    void dynamicStateFourReleasesAHeldPieceOtherValuesAndReturnResultsDoNothing() {
        World w = Scenes.world(0);
        w.placeCollection(TestAssets.threeLevels(), CollectionPlacement.at(0, 10, 0).withOptions(Scenes.thresholds(1e12)));
        for (int v : new int[] {1, 2, 3, 0}) {
            w.queue(at(FieldTarget.DYNAMIC_STATE, FieldSpec.of("culling", "operation", "outside",
                    "culling", aroundNode1(1), "input", FieldSpec.of("uniform-integer", "magnitude", v)),
                    FieldMeta.DEFAULT.withState(FieldMeta.StateFilter.DISABLED)));
        }
        w.queue(at(FieldTarget.DYNAMIC_STATE, FieldSpec.of("return-results", "type", "integer"),
                FieldMeta.DEFAULT.withResolution(FieldMeta.Resolution.MAXIMUM)));
        w.step();
        assertThat(bodied(w, 1) || bodied(w, 2)).isFalse();
        w.queue(at(FieldTarget.DYNAMIC_STATE, FieldSpec.of("culling", "operation", "outside",
                "culling", aroundNode1(1), "input", FieldSpec.of("uniform-integer", "magnitude", 4)),
                FieldMeta.DEFAULT.withState(FieldMeta.StateFilter.DISABLED)));
        w.step();
        assertThat(bodied(w, 1)).as("released").isTrue();
        assertThat(bodied(w, 2)).as("the rest, split off by connectivity").isTrue();
        int s = w.bodies().slot(w.destruction().store().body[w.destruction().globalNode(0, 1)]);
        assertThat(w.bodies().motion[s]).isEqualTo((byte) dev.rubble.core.body.MotionType.DYNAMIC.ordinal());
        assertThat(w.bodies().px[s]).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void linearImpulseOnAHeldPieceIsDividedByThePieceMassWhenReleasedInTheStep() {
        World w = Scenes.world(0);
        w.placeCollection(TestAssets.threeLevels(), CollectionPlacement.at(0, 10, 0).withOptions(Scenes.thresholds(1.0)));
        // cluster 1 = leaves 3 and 4, 1 m cubes at 1000 kg/m³: 2000 kg; J = 600 N·s -> Δv = 0.3 m/s
        assertThat(w.destruction().store().mass[w.destruction().globalNode(0, 1)]).isCloseTo(2000, within(1e-9));
        FieldSpec j = FieldSpec.of("uniform-vector", "magnitude", 600.0, "direction", new FieldSpec.Vec(0, 0, 1));
        FieldMeta heldOnly = FieldMeta.DEFAULT.withState(FieldMeta.StateFilter.DISABLED);
        w.queue(at(FieldTarget.LINEAR_IMPULSE, j, heldOnly)); // not released in this step: forgotten
        w.step();
        w.queue(strain(1.5, FieldMeta.Resolution.MINIMAL));
        w.queue(at(FieldTarget.LINEAR_IMPULSE, j, heldOnly));
        w.step();
        BodyStore b = w.bodies();
        for (int n = 1; n <= 2; n++) {
            int s = b.slot(w.destruction().store().body[w.destruction().globalNode(0, n)]);
            assertThat(b.vz[s]).as("node %d", n).isCloseTo(0.3, within(1e-12));
            assertThat(b.vx[s]).isCloseTo(0, within(1e-12));
        }
    }

    @Test
    void boundedHeldSamplingFindsExactlyWhatAScanFindsInTheBounds() {
        World w = Scenes.world(0);
        // a turned, moving 40-piece bar and a three-level collection beside it
        w.placeCollection(TestAssets.chain(40, 1000), CollectionPlacement.at(1, 2, 3)
                .withOrientation(0.2, 0.3, 0.1, 0.927).withOptions(Scenes.thresholds(1e9)));
        w.placeCollection(TestAssets.threeLevels(), CollectionPlacement.at(-3, 1, 0).withOptions(Scenes.thresholds(1e9)));
        w.step();
        dev.rubble.core.field.FieldPieces pieces = w.destruction().fieldPieces();
        for (FieldMeta.Resolution r : new FieldMeta.Resolution[] {FieldMeta.Resolution.MINIMAL, FieldMeta.Resolution.MAXIMUM}) {
            dev.rubble.core.field.HeldSamples all = new dev.rubble.core.field.HeldSamples();
            pieces.held(r, null, all);
            assertThat(all.count).isEqualTo(r == FieldMeta.Resolution.MINIMAL ? 40 + 2 : 40 + 6);
            for (double[] bo : new double[][] {{0, 0, 0, 4, 4, 4}, {-10, -10, -10, 10, 10, 10}, {-3.5, 0, -1, -2, 2, 1},
                {50, 50, 50, 60, 60, 60}}) {
                dev.rubble.core.field.HeldSamples got = new dev.rubble.core.field.HeldSamples();
                pieces.held(r, bo, got);
                java.util.List<Integer> expected = new java.util.ArrayList<>();
                for (int j = 0; j < all.count; j++) {
                    if (all.x[j] >= bo[0] && all.y[j] >= bo[1] && all.z[j] >= bo[2] && all.x[j] <= bo[3]
                            && all.y[j] <= bo[4] && all.z[j] <= bo[5]) {
                        expected.add(all.node[j]);
                    }
                }
                java.util.List<Integer> nodes = new java.util.ArrayList<>();
                for (int j = 0; j < got.count; j++) {
                    nodes.add(got.node[j]);
                }
                assertThat(nodes).as(r + " in " + java.util.Arrays.toString(bo)).isEqualTo(expected);
            }
        }
    }

    private static double[] rotate(double[] q, double[] v) {
        double x = q[0], y = q[1], z = q[2], w = q[3];
        // v' = v + 2 w (u x v) + 2 u x (u x v)
        double tx = 2 * (y * v[2] - z * v[1]), ty = 2 * (z * v[0] - x * v[2]), tz = 2 * (x * v[1] - y * v[0]);
        return new double[] {v[0] + w * tx + (y * tz - z * ty), v[1] + w * ty + (z * tx - x * tz),
            v[2] + w * tz + (x * ty - y * tx)};
    }
}
