package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.spi.collection.CollectionAsset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Bond cuts (issue 23, Blast style): after a {@link Command.CutBond} step, the leaves of a holder
 * are grouped into bodies exactly as a breadth-first search over the remaining bonds (the
 * independent reference here) groups them; a redundant bond's cut makes no new body.
 */
final class BondCutTest {

    /** A w x h grid of unit boxes under one root, 4-neighbour bonds (row-major leaf ids 1..w*h). */
    static CollectionAsset grid(int w, int h) {
        int n = w * h;
        int[] parent = new int[n + 1];
        double[][] boxes = new double[n + 1][];
        parent[0] = -1;
        boxes[0] = new double[] {(w - 1) * 0.5, (h - 1) * 0.5, 0, w * 0.5, h * 0.5, 0.5};
        List<int[]> bonds = new ArrayList<>();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int id = 1 + y * w + x;
                parent[id] = 0;
                boxes[id] = new double[] {x, y, 0, 0.5, 0.5, 0.5};
                if (x + 1 < w) {
                    bonds.add(new int[] {id, id + 1});
                }
                if (y + 1 < h) {
                    bonds.add(new int[] {id, id + w});
                }
            }
        }
        double[] areas = new double[bonds.size()];
        java.util.Arrays.fill(areas, 1.0);
        return TestAssets.build(1000, parent, boxes, bonds.toArray(new int[0][]), areas);
    }

    static World placed(CollectionAsset a) {
        World w = Scenes.world(0);
        w.placeCollection(a, CollectionPlacement.at(0, 0, 0).withOptions(Scenes.thresholds(1e9)));
        return w;
    }

    /** The bond (edge id) joining asset nodes a and b. */
    static int bond(CollectionAsset a, int x, int y) {
        for (int e = 0; e < a.edgeCount(); e++) {
            if ((a.edgeA()[e] == x && a.edgeB()[e] == y) || (a.edgeA()[e] == y && a.edgeB()[e] == x)) {
                return e;
            }
        }
        throw new AssertionError("no bond " + x + "-" + y);
    }

    /** Reference: components of leaves 1..n over the bonds not in {@code cut}, by breadth-first search. */
    static List<TreeSet<Integer>> reference(CollectionAsset a, java.util.Set<Integer> cut) {
        int n = a.nodeCount();
        Map<Integer, List<Integer>> adj = new HashMap<>();
        for (int e = 0; e < a.edgeCount(); e++) {
            if (!cut.contains(e)) {
                adj.computeIfAbsent(a.edgeA()[e], k -> new ArrayList<>()).add(a.edgeB()[e]);
                adj.computeIfAbsent(a.edgeB()[e], k -> new ArrayList<>()).add(a.edgeA()[e]);
            }
        }
        boolean[] seen = new boolean[n];
        List<TreeSet<Integer>> comps = new ArrayList<>();
        for (int s = 1; s < n; s++) {
            if (seen[s]) {
                continue;
            }
            TreeSet<Integer> c = new TreeSet<>();
            java.util.ArrayDeque<Integer> q = new java.util.ArrayDeque<>(List.of(s));
            seen[s] = true;
            while (!q.isEmpty()) {
                int x = q.poll();
                c.add(x);
                for (int y : adj.getOrDefault(x, List.of())) {
                    if (!seen[y]) {
                        seen[y] = true;
                        q.add(y);
                    }
                }
            }
            comps.add(c);
        }
        return comps;
    }

    /** The simulated grouping: leaves by the body that holds them now. */
    static List<TreeSet<Integer>> simulated(World w, int leaves) {
        Map<Long, TreeSet<Integer>> byBody = new java.util.TreeMap<>();
        for (int i = 1; i <= leaves; i++) {
            byBody.computeIfAbsent(w.destruction().holderBody(0, i), k -> new TreeSet<>()).add(i);
        }
        return new ArrayList<>(byBody.values());
    }

    static java.util.Set<java.util.Set<Integer>> asSet(List<TreeSet<Integer>> l) {
        return new java.util.HashSet<>(l);
    }

    @Test
    void aGridCutAlongTwoColumnsSplitsIntoThreeIslands() {
        CollectionAsset a = grid(3, 3); // leaves 1 2 3 / 4 5 6 / 7 8 9
        World w = placed(a);
        assertThat(w.bodies().size()).isEqualTo(1);
        java.util.Set<Integer> cut = new java.util.HashSet<>();
        for (int[] p : new int[][] {{1, 2}, {4, 5}, {7, 8}, {2, 3}, {5, 6}, {8, 9}}) {
            int e = bond(a, p[0], p[1]);
            cut.add(e);
            w.queue(new Command.CutBond(0, e));
        }
        w.step();
        List<TreeSet<Integer>> ref = reference(a, cut);
        assertThat(ref).hasSize(3);
        assertThat(asSet(simulated(w, 9))).isEqualTo(asSet(ref))
                .contains(new TreeSet<>(List.of(1, 4, 7)), new TreeSet<>(List.of(2, 5, 8)), new TreeSet<>(List.of(3, 6, 9)));
        assertThat(w.bodies().size()).isEqualTo(3); // the root's body is retired, three columns have bodies
        // the root came apart: one holder broke this step (the overlay's and console's break counter)
        assertThat(w.profile().breaks()).isEqualTo(1);
        BreakEvents ev = w.destruction().events();
        assertThat(ev.count()).isEqualTo(3);
        for (int i = 0; i < 3; i++) {
            assertThat(ev.kind[i]).isEqualTo(BreakEvents.CLUSTER);
            assertThat(ev.mass[i]).isEqualTo(3 * 1000.0); // three unit boxes at 1000 kg/m³
        }
        for (int e : cut) {
            assertThat(w.destruction().bondAlive(0, e)).isFalse();
        }
    }

    @Test
    void aRedundantBondsCutMakesNoNewBodyAndTheSecondCutOfTheRingSplitsIt() {
        CollectionAsset a = grid(2, 2); // a ring of four bonds: 1-2, 1-3, 2-4, 3-4
        World w = placed(a);
        long before = w.destruction().holderBody(0, 1);
        long hash = w.stateHash();
        w.queue(new Command.CutBond(0, bond(a, 1, 2)));
        w.step();
        assertThat(w.destruction().events().count()).isZero();
        assertThat(w.profile().breaks()).as("a cut that splits nothing breaks nothing").isZero();
        assertThat(w.bodies().size()).isEqualTo(1);
        for (int i = 1; i <= 4; i++) {
            assertThat(w.destruction().holderBody(0, i)).isEqualTo(before);
        }
        assertThat(w.stateHash()).isNotEqualTo(hash); // the cut is lasting state
        w.queue(new Command.CutBond(0, bond(a, 3, 4)));
        w.step();
        assertThat(asSet(simulated(w, 4))).isEqualTo(asSet(reference(a,
                java.util.Set.of(bond(a, 1, 2), bond(a, 3, 4))))).hasSize(2);
        assertThat(w.bodies().size()).isEqualTo(2);
    }

    @Test
    void cuttingADeadBondDoesNothingAndABadBondIsNamed() {
        CollectionAsset a = TestAssets.chain(3, 1000);
        World w = placed(a);
        w.queue(new Command.CutBond(0, 0));
        w.step();
        assertThat(w.bodies().size()).isEqualTo(2); // {1} and {2, 3}
        long h = w.stateHash();
        w.queue(new Command.CutBond(0, 0));
        w.step();
        assertThat(w.bodies().size()).isEqualTo(2);
        assertThat(w.destruction().events().count()).isZero();
        assertThatThrownBy(() -> w.queue(new Command.CutBond(0, 2)))
                .hasMessageContaining("bond = 2; allowed: [0, 2) in collection 0");
        assertThatThrownBy(() -> w.queue(new Command.CutBond(1, 0))).hasMessageContaining("collection = 1");
        assertThat(h).isNotZero();
    }

    @Test
    void randomGraphsSplitAsBreadthFirstSearchSays() {
        SplittableRandom r = new SplittableRandom(23);
        for (int round = 0; round < 40; round++) {
            CollectionAsset a = grid(2 + r.nextInt(4), 2 + r.nextInt(4));
            World w = placed(a);
            java.util.Set<Integer> cut = new java.util.HashSet<>();
            for (int e = 0; e < a.edgeCount(); e++) {
                if (r.nextInt(3) == 0) {
                    cut.add(e);
                    w.queue(new Command.CutBond(0, e));
                }
            }
            w.step();
            List<TreeSet<Integer>> ref = reference(a, cut);
            assertThat(asSet(simulated(w, a.nodeCount() - 1))).as("round %d", round).isEqualTo(asSet(ref));
            assertThat(w.bodies().size()).as("round %d", round).isEqualTo(ref.size());
        }
    }

    @Test
    void snapshotsCarryQueuedCutsOverridesAndCutBonds() throws java.io.IOException {
        CollectionAsset a = grid(4, 3);
        World w = Scenes.world(-9.81);
        w.placeCollection(a, CollectionPlacement.at(0, 3, 0).withOptions(Scenes.thresholds(50)));
        w.step();
        // queued (not yet applied) when saved: the snapshot's command section must bring them back
        for (int[] p : new int[][] {{2, 3}, {6, 7}, {10, 11}}) {
            w.queue(new Command.CutBond(0, bond(a, p[0], p[1])));
        }
        w.queue(new Command.SetNodeThreshold(0, 5, Double.POSITIVE_INFINITY));
        World r = dev.rubble.core.snapshot.SnapshotFixtures.restore(dev.rubble.core.snapshot.SnapshotFixtures.save(w, "cuts"));
        for (int i = 0; i < 20; i++) {
            w.step();
            r.step();
            assertThat(r.stateHash()).as("step %d after restore", i).isEqualTo(w.stateHash());
            if (i == 0) {
                assertThat(w.bodies().size()).as("the cut split the grid").isEqualTo(2);
                // and again, with the bonds cut and the override in the saved state
                r = dev.rubble.core.snapshot.SnapshotFixtures.restore(dev.rubble.core.snapshot.SnapshotFixtures.save(r, "cut"));
                assertThat(r.destruction().bondAlive(0, bond(a, 6, 7))).isFalse();
                assertThat(r.destruction().store().threshold[r.destruction().globalNode(0, 5)])
                        .isEqualTo(Double.POSITIVE_INFINITY);
            }
        }
        assertThat(dev.rubble.core.snapshot.SnapshotFixtures.rigidBits(r)).containsExactly(
                dev.rubble.core.snapshot.SnapshotFixtures.rigidBits(w));
    }
}
