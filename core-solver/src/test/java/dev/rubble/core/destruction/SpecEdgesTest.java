package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.BodyId;
import dev.rubble.api.BreakEvent;
import dev.rubble.api.CollectionId;
import dev.rubble.api.EventFilter;
import dev.rubble.api.EventKind;
import dev.rubble.api.EventView;
import dev.rubble.api.FieldOptions;
import dev.rubble.api.Fields;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.api.WorldDestruction;
import dev.rubble.spi.collection.CollectionAsset;
import java.util.ArrayList;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * SPEC §5 break rule at its edges, through the public API as a user drives it: the first step, a
 * single-piece and a childless collection, infinite strain changes. Expected values come from the
 * spec's rule, not from the engine.
 */
final class SpecEdgesTest {

    private static PhysicsWorld world() {
        return Rubble.newWorld(WorldConfig.defaults());
    }

    private static List<Integer> breaks(WorldDestruction d) {
        List<Integer> nodes = new ArrayList<>();
        d.addBreakListener(e -> {
            if (e.kind() == BreakEvent.Kind.BREAK) {
                nodes.add(e.node());
            }
        });
        return nodes;
    }

    @Test
    void minusInfiniteInternalStrainOnAnUnbreakableNodeLeavesItUnbreakableNotNaN() {
        PhysicsWorld w = world();
        WorldDestruction d = w.destruction();
        CollectionId c = d.place("bar", TestAssets.chain(3, 1000), new Vector3d(0, 5, 0), new Quaterniond(),
                new double[] {100}, null);
        List<Integer> broke = breaks(d);
        d.setUnbreakable(c, 1);
        w.step();
        d.addInternalStrain(c, 1, Double.NEGATIVE_INFINITY); // ∞ − ∞: the field target leaves such a threshold alone
        w.step();
        assertThat(d.threshold(c, 1)).isEqualTo(Double.POSITIVE_INFINITY);
        d.applyStrain(c, 1, Double.MAX_VALUE);
        w.step();
        assertThat(broke).isEmpty();
        // a finite threshold lowered by −∞ floors at 0 and breaks at once (SPEC: a threshold <= 0 breaks now)
        d.addInternalStrain(c, 3, Double.NEGATIVE_INFINITY);
        w.step();
        assertThat(d.threshold(c, 3)).isZero();
        assertThat(broke).containsExactly(3);
    }

    @Test
    void plusInfiniteInternalStrainMakesANodeUnbreakable() {
        PhysicsWorld w = world();
        WorldDestruction d = w.destruction();
        CollectionId c = d.place("bar", TestAssets.chain(2, 1000), new Vector3d(0, 5, 0), new Quaterniond(),
                new double[] {100}, null);
        List<Integer> broke = breaks(d);
        d.addInternalStrain(c, 1, Double.POSITIVE_INFINITY);
        w.step();
        assertThat(d.threshold(c, 1)).isEqualTo(Double.POSITIVE_INFINITY);
        d.applyStrain(c, 1, Double.MAX_VALUE);
        w.step();
        assertThat(broke).isEmpty();
    }

    @Test
    void aSinglePieceCollectionReleasesItsOnlyChildAtTheFirstStepWithTheWholeMass() {
        PhysicsWorld w = world();
        WorldDestruction d = w.destruction();
        CollectionAsset a = TestAssets.chain(1, 1000); // one 1 x 0.5 x 0.5 m box under the root: 250 kg
        CollectionId c = d.place("one", a, new Vector3d(0, 5, 0), new Quaterniond(), new double[] {0}, null);
        List<Integer> broke = breaks(d);
        List<Double> mass = new ArrayList<>();
        d.addBreakListener(e -> mass.add(e.mass()));
        assertThat(w.bodyCount()).isEqualTo(1);
        w.step(); // threshold 0: breaks at its first evaluation, the first step
        assertThat(broke).containsExactly(1);
        assertThat(mass.get(0)).isCloseTo(250, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(d.isFree(c, 1)).isTrue();
        assertThat(w.bodyCount()).isEqualTo(1);
        w.step(5);
        assertThat(broke).containsExactly(1);
    }

    @Test
    void aCollectionOfOnlyItsRootNeverBreaksWhateverItIsGiven() {
        PhysicsWorld w = world();
        WorldDestruction d = w.destruction();
        CollectionAsset a = TestAssets.build(1000, new int[] {-1}, new double[][] {{0, 0, 0, 0.5, 0.5, 0.5}},
                new int[0][], new double[0]);
        CollectionId c = d.place("root", a, new Vector3d(0, 5, 0), new Quaterniond(), new double[] {0}, null);
        List<Integer> broke = breaks(d);
        d.crumble(c, 0);
        d.applyStrain(c, 0, Double.POSITIVE_INFINITY);
        d.addInternalStrain(c, 0, Double.NEGATIVE_INFINITY);
        w.step(3);
        assertThat(broke).isEmpty();
        assertThat(w.bodyCount()).isEqualTo(1);
        assertThat(d.load(c, 0)).isZero(); // the root is never evaluated: nothing waits on it
    }

    @Test
    void aLoadPropagatedOntoASiblingThatBrokeInTheSameStepDoesNotWaitOnTheFreedPiece() {
        PhysicsWorld w = world();
        WorldDestruction d = w.destruction();
        CollectionId c = d.place("bar", TestAssets.chain(3, 1000), new Vector3d(0, 5, 0), new Quaterniond(),
                new double[] {100}, null);
        List<Integer> broke = breaks(d);
        d.applyStrain(c, 1, 300); // node 1 breaks and passes (300 − 100) / 1 bond = 200 to node 2 ...
        d.applyStrain(c, 2, 300); // ... which breaks in the same step and is a free piece after it
        w.step();
        assertThat(broke).containsExactlyInAnyOrder(1, 2);
        assertThat(d.isFree(c, 2)).isTrue();
        assertThat(d.load(c, 2)).isZero(); // a free piece is never evaluated again
        assertThat(d.load(c, 3)).isZero(); // node 3 (bonded to 2 only, released alone) likewise
        d.applyStrain(c, 1, 50);
        assertThat(d.load(c, 1)).isZero();
    }

    /** A bar of 3 boxes, nodes 1..3 centred at x = -1, 0, 1, y = 5: the falloff below is centred on node 2. */
    private static CollectionId bar(PhysicsWorld w, double threshold) {
        return w.destruction().place("bar", TestAssets.chain(3, 1000), new Vector3d(-1, 5, 0), new Quaterniond(),
                new double[] {threshold}, null);
    }

    @Test
    void aLinearRadialStrainFieldBreaksExactlyThePiecesItsFalloffBringsToTheirThreshold() {
        // radial falloff at node 2's centre, R = 2 m, magnitude 200, linear: f = 1 − d/R, so node 2 gets 200,
        // nodes 1 and 3 (d = 1 m) get 200 × 0.5 = 100: exactly a threshold of 100 (>=), not one of nextUp(100)
        for (double threshold : new double[] {100, Math.nextUp(100.0)}) {
            PhysicsWorld w = world();
            CollectionId c = bar(w, threshold);
            List<Integer> broke = breaks(w.destruction());
            w.applyField(Fields.Target.EXTERNAL_CLUSTER_STRAIN,
                    Fields.radialFalloff(new Vector3d(0, 5, 0), 2).magnitude(200), FieldOptions.once());
            w.step(); // a parameter target: applied at the start of the step, broken in the same step
            if (threshold == 100) {
                assertThat(broke).containsExactly(1, 2, 3);
            } else {
                assertThat(broke).containsExactly(2);
                // node 2 passed (200 − t) / 2 bonds < t to each neighbour: nothing more breaks
                w.step(3);
                assertThat(broke).containsExactly(2);
                assertThat(w.destruction().isFree(c, 2)).isTrue();
            }
        }
    }

    @Test
    void fieldStrainCombinesWithCommandStrainByMaxNotSumAndIsGoneAfterTheStep() {
        PhysicsWorld w = world();
        CollectionId c = bar(w, 100);
        List<Integer> broke = breaks(w.destruction());
        w.destruction().applyStrain(c, 2, 60);
        w.applyField(Fields.Target.EXTERNAL_CLUSTER_STRAIN, Fields.uniformScalar(60), FieldOptions.once());
        w.step(); // 60 + 60 would break node 2; max(60, 60) does not
        assertThat(broke).isEmpty();
        w.applyField(Fields.Target.EXTERNAL_CLUSTER_STRAIN, Fields.uniformScalar(-1e9), FieldOptions.once());
        w.applyField(Fields.Target.EXTERNAL_CLUSTER_STRAIN, Fields.uniformScalar(0), FieldOptions.once());
        w.step(); // values <= 0 are ignored
        assertThat(broke).isEmpty();
        for (int node = 1; node <= 3; node++) {
            assertThat(w.destruction().load(c, node)).isZero(); // one-shot: nothing was carried over
            assertThat(w.destruction().threshold(c, node)).isEqualTo(100);
        }
        w.applyField(Fields.Target.EXTERNAL_CLUSTER_STRAIN, Fields.uniformScalar(100), FieldOptions.once());
        w.step();
        assertThat(broke).containsExactly(1, 2, 3);
    }

    @Test
    void internalStrainFieldAddsToTheThresholdFloorsAtZeroAndBreaksAtZeroInTheSameStep() {
        PhysicsWorld w = world();
        CollectionId c = bar(w, 100);
        List<Integer> broke = breaks(w.destruction());
        w.applyField(Fields.Target.INTERNAL_CLUSTER_STRAIN, Fields.uniformScalar(-40), FieldOptions.once());
        w.step();
        assertThat(w.destruction().threshold(c, 1)).isEqualTo(60);
        assertThat(broke).isEmpty();
        w.applyField(Fields.Target.INTERNAL_CLUSTER_STRAIN, Fields.uniformScalar(25), FieldOptions.once());
        w.step();
        assertThat(w.destruction().threshold(c, 3)).isEqualTo(85);
        w.applyField(Fields.Target.INTERNAL_CLUSTER_STRAIN, Fields.uniformScalar(-1000), FieldOptions.once());
        w.step(); // 85 − 1000 floors at 0: a threshold <= 0 breaks now, with no load at all
        assertThat(w.destruction().threshold(c, 2)).isZero();
        assertThat(broke).containsExactly(1, 2, 3);
    }

    @Test
    void aForcedBreakBreaksEvenAnInfiniteThresholdByTheSpecsRule() {
        // SPEC §5: breaks iff max(collision, external) >= internal, "so a forced break (+∞ load) and an
        // unbreakable piece (+∞ threshold) need no special case": ∞ >= ∞, the forced break wins; any finite
        // load, however large, does not
        PhysicsWorld w = world();
        WorldDestruction d = w.destruction();
        CollectionId c = d.place("bar", TestAssets.chain(3, 1000), new Vector3d(0, 5, 0), new Quaterniond(),
                new double[] {100}, null);
        List<Integer> broke = breaks(d);
        d.setUnbreakable(c, 2);
        d.applyStrain(c, 2, Double.MAX_VALUE);
        w.step();
        assertThat(broke).isEmpty();
        d.applyStrain(c, 2, Double.POSITIVE_INFINITY);
        w.step();
        assertThat(broke).containsExactly(2);
    }

    /** A 4-box bar (nodes 1..4 centred at x = 0..3, y = 5), no gravity, node 1 loaded to exactly 100, node 3 to 250. */
    private static PhysicsWorld brokenBar(EventFilter filter) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
        CollectionId c = w.destruction().place("bar", TestAssets.chain(4, 1000), new Vector3d(0, 5, 0),
                new Quaterniond(), new double[] {100}, null);
        w.setEvents(EventKind.BREAK, true);
        if (filter != null) {
            w.setEventFilter(EventKind.BREAK, filter);
        }
        w.destruction().applyStrain(c, 1, 100);
        w.destruction().applyStrain(c, 3, 250);
        w.step();
        return w;
    }

    @Test
    void breakEventsCarryThePiecesAnalyticStateInCanonicalOrderAndFilterAtTheThresholdInclusive() {
        EventView v = brokenBar(null).events().of(EventKind.BREAK);
        // nodes 1 and 3 broke (cause 0); 2 (bonded to both) and 4 (to 3) lost every bond (cause 1)
        assertThat(v.count()).isEqualTo(4);
        double[] load = new double[5];
        int[] cause = new int[5];
        Vector3d p = new Vector3d();
        for (int i = 0; i < v.count(); i++) {
            if (i > 0) {
                assertThat(v.handleA(i)).as("canonical order: body A ascending").isGreaterThan(v.handleA(i - 1));
            }
            int node = v.node(i);
            load[node] = v.load(i);
            cause[node] = v.cause(i);
            assertThat(v.massA(i)).isCloseTo(250, org.assertj.core.data.Offset.offset(1e-9)); // 1 x 0.5 x 0.5 m, 1000 kg/m³
            assertThat(v.volume(i)).isCloseTo(0.25, org.assertj.core.data.Offset.offset(1e-12));
            v.point(i, p);
            assertThat(p.x).isCloseTo(node - 1, org.assertj.core.data.Offset.offset(1e-9));
            assertThat(p.y).isCloseTo(5, org.assertj.core.data.Offset.offset(1e-9));
            assertThat(v.speed(i)).isZero(); // the bar was at rest: nothing to inherit
        }
        assertThat(load[1]).isEqualTo(100);
        assertThat(load[3]).isEqualTo(250);
        assertThat(cause[1]).isZero();
        assertThat(cause[3]).isZero();
        assertThat(cause[2]).isEqualTo(1);
        assertThat(cause[4]).isEqualTo(1);
        // minImpulse filters breaks by their load: kept at the threshold, dropped strictly under it
        EventView atLoad = brokenBar(EventFilter.defaults(EventKind.BREAK).minImpulse(100)).events().of(EventKind.BREAK);
        assertThat(atLoad.count()).isEqualTo(2);
        EventView above = brokenBar(EventFilter.defaults(EventKind.BREAK).minImpulse(Math.nextUp(100.0)))
                .events().of(EventKind.BREAK);
        assertThat(above.count()).isEqualTo(1);
        assertThat(above.node(0)).isEqualTo(3);
        assertThat(brokenBar(EventFilter.defaults(EventKind.BREAK).minMass(250)).events().count(EventKind.BREAK)).isEqualTo(4);
        assertThat(brokenBar(EventFilter.defaults(EventKind.BREAK).minMass(Math.nextUp(250.0))).events()
                .count(EventKind.BREAK)).isZero();
        assertThat(brokenBar(EventFilter.defaults(EventKind.BREAK).minVolume(0.25)).events().count(EventKind.BREAK)).isEqualTo(4);
    }

    @Test
    void strainAtAPointFindsTheChildUnderItInATurnedCollectionAndRingsAlongBondsScaledPerRing() {
        // the bar turned +90° about z: nodes 1..3 (collection x = 0, 1, 2) stand at world y = 5, 6, 7
        for (double factor : new double[] {0.5, 1}) {
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
            WorldDestruction d = w.destruction();
            d.place("bar", TestAssets.chain(3, 1000), new Vector3d(0, 5, 0),
                    new Quaterniond().rotateZ(Math.PI / 2), new double[] {100}, null);
            List<Integer> broke = breaks(d);
            d.applyStrainAt(new Vector3d(0, 7, 0), 0.1, 100, 1, factor); // node 3 gets 100, ring 1 (node 2) 100 × factor
            w.step();
            if (factor == 1) {
                assertThat(broke).containsExactlyInAnyOrder(2, 3);
            } else {
                assertThat(broke).containsExactly(3);
            }
        }
    }

    @Test
    void heldPiecesOfATurnedMovingCollectionAreSampledAtTheirWorldPositions() {
        // SPEC §7: disabled children are sampled at their world position through their parents. The bar,
        // turned +90° about z, moves at 6 m/s along +x: at the start of step 2 it has moved 0.1 m (one step
        // of 1/60 s), so its nodes' centres are at (0.1, 5|6|7, 0)
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
        WorldDestruction d = w.destruction();
        CollectionId c = d.place("bar", TestAssets.chain(3, 1000), new Vector3d(0, 5, 0),
                new Quaterniond().rotateZ(Math.PI / 2), new double[] {100}, null);
        List<Integer> broke = breaks(d);
        w.step(); // the body exists now
        w.setVelocity(d.bodyOf(c, 1), new Vector3d(6, 0, 0), new Vector3d());
        w.step();
        // a sphere of 0.3 m (falloff none: 100 inside) 0.25 m from node 3 moved, 0.35 m from where it was placed
        w.applyField(Fields.Target.EXTERNAL_CLUSTER_STRAIN, Fields.radialFalloff(new Vector3d(0.35, 7, 0), 0.3)
                .magnitude(100).falloff("none"), FieldOptions.once());
        w.step();
        assertThat(broke).containsExactly(3);
    }

    @Test
    void holdersWaitingForTheBreakBudgetBreakInTheOrderTheyWereStrainedOnePerStepAndNoneIsLost() {
        // SPEC §6: perAdvanceBreaksAllowed with FIFO carry-over; one waiting holder's body is removed by the user
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
        WorldDestruction d = w.destruction();
        CollectionId[] c = new CollectionId[4];
        for (int i = 0; i < 4; i++) {
            c[i] = d.place("bar" + i, TestAssets.chain(2, 1000), new Vector3d(0, 5, 10 * i), new Quaterniond(),
                    new double[] {100}, null);
        }
        List<Integer> order = new ArrayList<>();
        d.addBreakListener(e -> {
            if (e.kind() == BreakEvent.Kind.BREAK) {
                order.add(e.collection().index());
            }
        });
        w.setBreakBudget(1);
        w.step();
        for (int i : new int[] {2, 0, 3, 1}) { // strained in this order
            d.applyStrain(c[i], 1, 100);
        }
        w.step();
        assertThat(order).containsExactly(2);
        assertThat(w.lastProfile().deferredBreaks()).isEqualTo(3);
        w.removeBody(d.bodyOf(c[3], 1)); // a waiting holder removed: it is forgotten, nothing throws
        w.step();
        assertThat(order).containsExactly(2, 0);
        w.step();
        assertThat(order).containsExactly(2, 0, 1);
        w.step(3);
        assertThat(order).containsExactly(2, 0, 1);
        assertThat(w.lastProfile().deferredBreaks()).isZero();
    }

    @Test
    void releasedPiecesOfATurnedMovingCollectionStartAtTheirPlaceInTheHolderWithItsVelocityAndOrientation() {
        // SPEC §4: pose childToParent × parentPose, velocity v_parent (+ ω × r, ω = 0 here), integrated from then on.
        // The bar turned +90° about z at (0, 5, 0): node i's centre is at (0, 5 + i − 1, 0); it moves at 3 m/s along z.
        double dt = 1.0 / 60, v = 3;
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
        WorldDestruction d = w.destruction();
        Quaterniond turn = new Quaterniond().rotateZ(Math.PI / 2);
        CollectionId c = d.place("bar", TestAssets.chain(3, 1000), new Vector3d(0, 5, 0), turn, new double[] {100}, null);
        w.setVelocity(d.bodyOf(c, 1), new Vector3d(0, 0, v), new Vector3d());
        d.crumble(c, 0);
        w.step(); // the holder moves v dt in the step, then breaks at its end
        Vector3d p = new Vector3d(), vel = new Vector3d();
        Quaterniond q = new Quaterniond();
        for (int step = 1; step <= 2; step++) {
            for (int node = 1; node <= 3; node++) {
                BodyId b = d.bodyOf(c, node);
                assertThat(d.isFree(c, node)).isTrue();
                w.centerOfMass(b, p);
                assertThat(p.x).isCloseTo(0, org.assertj.core.data.Offset.offset(1e-12));
                assertThat(p.y).isCloseTo(5 + node - 1, org.assertj.core.data.Offset.offset(1e-12));
                assertThat(p.z).isCloseTo(step * v * dt, org.assertj.core.data.Offset.offset(1e-12));
                assertThat(w.linearVelocity(b, vel).z).isCloseTo(v, org.assertj.core.data.Offset.offset(1e-12));
                w.orientation(b, q);
                assertThat(Math.abs(q.dot(turn))).isCloseTo(1, org.assertj.core.data.Offset.offset(1e-12));
            }
            w.step();
        }
    }

    @Test
    void aSleepingCollectionStillBreaksUnderStrainAndItsPiecesFallAgain() {
        // SPEC §2 (a user call wakes the island) with §5: strain on an asleep collection breaks it at the next step
        PhysicsWorld w = world();
        w.addBody(dev.rubble.api.BodySpec.fixed(new dev.rubble.spi.shape.Box(10, 0.5, 10))
                .withPosition(new Vector3d(0, -0.5, 0)));
        WorldDestruction d = w.destruction();
        CollectionId c = d.place("bar", TestAssets.chain(3, 1000), new Vector3d(-1, 0.25, 0), new Quaterniond(),
                new double[] {100}, null);
        List<Integer> broke = breaks(d);
        for (int i = 0; i < 600 && !w.isAsleep(d.bodyOf(c, 1)); i++) {
            w.step();
        }
        assertThat(w.isAsleep(d.bodyOf(c, 1))).as("the bar rests and sleeps").isTrue();
        d.applyStrain(c, 2, 100);
        w.step();
        assertThat(broke).containsExactly(2);
        for (int node = 1; node <= 3; node++) {
            assertThat(d.isFree(c, node)).isTrue();
        }
        w.step(600);
        for (int node = 1; node <= 3; node++) {
            Vector3d p = w.centerOfMass(d.bodyOf(c, node), new Vector3d());
            assertThat(p.y).as("node %d still rests on the ground", node).isCloseTo(0.25, org.assertj.core.data.Offset.offset(0.02));
        }
    }

    @Test
    void internalStrainAtAPointReachesEveryNodeWithinTheRadius() {
        // WorldDestruction.addInternalStrainAt: "every node of the piece under point whose bounds come within
        // radius of it (the leaf under the point at least) gets delta added to its threshold"
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
        WorldDestruction d = w.destruction();
        CollectionId c = d.place("bar", TestAssets.chain(4, 1000), new Vector3d(0, 5, 0), new Quaterniond(),
                new double[] {100}, null);
        // node 2's centre is at x = 1; the bounds of nodes 1 and 3 are 0.5 m from it, node 4's 1.5 m
        int changed = d.addInternalStrainAt(new Vector3d(1, 5, 0), 1.2, -30);
        w.step();
        assertThat(d.threshold(c, 1)).isEqualTo(70);
        assertThat(d.threshold(c, 2)).isEqualTo(70);
        assertThat(d.threshold(c, 3)).isEqualTo(70);
        assertThat(d.threshold(c, 4)).isEqualTo(100);
        assertThat(changed).isEqualTo(3);
    }

    @Test
    void internalStrainAtAPointReachesHeldNodesAtEveryLevelButNotThePiecesOwnTopNode() {
        // root -> clusters 1 (x 0..1), 2 (x 2..3) -> leaves 3, 4 | 5, 6 at x = 0, 1, 2, 3 (1 m boxes)
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
        WorldDestruction d = w.destruction();
        CollectionId c = d.place("tree", TestAssets.threeLevels(), new Vector3d(0, 5, 0), new Quaterniond(),
                new double[] {100, 50}, null);
        // at leaf 4's centre, reach 0.6 m: cluster 1 (inside), cluster 2, leaves 3 and 5 (0.5 m), not leaf 6 (1.5 m)
        assertThat(d.addInternalStrainAt(new Vector3d(1, 5, 0), 0.6, -10)).isEqualTo(5);
        w.step();
        assertThat(d.threshold(c, 0)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(d.threshold(c, 1)).isEqualTo(90);
        assertThat(d.threshold(c, 2)).isEqualTo(90);
        assertThat(d.threshold(c, 3)).isEqualTo(40);
        assertThat(d.threshold(c, 4)).isEqualTo(40);
        assertThat(d.threshold(c, 5)).isEqualTo(40);
        assertThat(d.threshold(c, 6)).isEqualTo(50);
        // reach 0: the leaf under the point and the cluster around it
        assertThat(d.addInternalStrainAt(new Vector3d(3, 5, 0), 0, -10)).isEqualTo(2);
        w.step();
        assertThat(d.threshold(c, 6)).isEqualTo(40);
        assertThat(d.threshold(c, 2)).isEqualTo(80);
    }
}
