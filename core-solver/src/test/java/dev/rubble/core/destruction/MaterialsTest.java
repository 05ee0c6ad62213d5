package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.collection.Strengths;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 23: thresholds stored in the asset, per-material multipliers in every damage model,
 * per-bond strength in {@code material-strength} (a bond failing without its node), and run-time
 * changes of damage model, material and multiplier. Expected thresholds are computed here from the
 * asset's own numbers (level thresholds, bond areas), not read back from the runtime.
 */
final class MaterialsTest {
    static final double LEVEL = 500;

    /** A 3 x 2 grid (leaves 1..6, unit bond areas) with authored strengths. */
    static CollectionAsset asset(double[] nodeThreshold, int[] material, double[] multiplier, double[] bondStrength) {
        CollectionAsset g = BondCutTest.grid(3, 2);
        return g.withStrengths(new Strengths(nodeThreshold, material, multiplier, bondStrength));
    }

    static double[] nan(int n) {
        double[] a = new double[n];
        Arrays.fill(a, Double.NaN);
        return a;
    }

    static double thr(World w, int node) {
        return w.destruction().store().threshold[w.destruction().globalNode(0, node)];
    }

    @Test
    void authoredThresholdsWinAndEachMaterialMultipliesWhicheverModelMadeTheThreshold() {
        int e = BondCutTest.grid(3, 2).edgeCount();
        double[] t = nan(7);
        t[2] = 40; // leaf 2 authored
        t[5] = Double.POSITIVE_INFINITY; // leaf 5 unbreakable whatever its material
        int[] mat = {0, 0, 0, 1, 1, 2, 0};
        CollectionAsset a = asset(t, mat, new double[] {1, 2.5, 0}, nan(e));
        World w = Scenes.world(0);
        w.placeCollection(a, CollectionPlacement.at(0, 0, 0).withOptions(Scenes.thresholds(LEVEL)));
        assertThat(thr(w, 0)).isEqualTo(Double.POSITIVE_INFINITY); // the root: the model's +inf (x1)
        assertThat(thr(w, 1)).isEqualTo(LEVEL);
        assertThat(thr(w, 2)).isEqualTo(40);
        assertThat(thr(w, 3)).isEqualTo(LEVEL * 2.5);
        assertThat(thr(w, 4)).isEqualTo(LEVEL * 2.5);
        assertThat(thr(w, 5)).as("+inf x 0 stays +inf").isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(thr(w, 6)).isEqualTo(LEVEL);

        // run time: material 1 weaker, node 2 (authored 40) moves to material 1, node 6 to material 2 (x0)
        w.queue(new Command.SetMaterialMultiplier(0, 1, 0.5));
        w.queue(new Command.SetNodeMaterial(0, 2, 1));
        w.queue(new Command.SetNodeMaterial(0, 6, 2));
        w.step();
        assertThat(thr(w, 3)).isEqualTo(LEVEL * 0.5);
        assertThat(thr(w, 2)).isEqualTo(40 * 0.5);
        assertThat(w.destruction().material(0, 6)).isEqualTo(2);
        // threshold 0 breaks at its next evaluation: node 6 leaves in the step after it became material 2
        assertThat(w.destruction().holderBody(0, 6)).isNotEqualTo(w.destruction().holderBody(0, 1));
        assertThat(w.destruction().holderBody(0, 3)).isEqualTo(w.destruction().holderBody(0, 1));

        assertThatThrownBy(() -> w.queue(new Command.SetNodeMaterial(0, 1, 3))).hasMessageContaining("material = 3")
                .hasMessageContaining("allowed: [0, 3)");
        assertThatThrownBy(() -> new Command.SetMaterialMultiplier(0, 0, -1)).hasMessageContaining("multiplier = -1.0");
        assertThatThrownBy(() -> w.queue(new Command.SetDamageModel(0, "no-such-model", null)))
                .hasMessageContaining("damage model of collection 0").hasMessageContaining("no-such-model");
    }

    @Test
    void changingTheDamageModelAtRunTimeRecomputesEveryThresholdFromTheBondsLeft() {
        CollectionAsset g = BondCutTest.grid(3, 2);
        int[] mat = {0, 0, 0, 0, 1, 0, 0};
        CollectionAsset a = asset(nan(7), mat, new double[] {1, 3}, nan(g.edgeCount()));
        World w = Scenes.world(0);
        w.placeCollection(a, CollectionPlacement.at(0, 0, 0).withOptions(Scenes.thresholds(LEVEL)));
        w.queue(new Command.CutBond(0, BondCutTest.bond(g, 1, 2)));
        w.step();
        double strength = 1e5;
        w.queue(new Command.SetDamageModel(0, "material-strength", StageConfig.of(Map.of("tensileStrength", strength))));
        w.step();
        // tensileStrength x (sum of live bond areas, 1 m^2 each) x multiplier; the cut bond no longer counts
        int[] liveBonds = new int[7];
        for (int e = 0; e < g.edgeCount(); e++) {
            if (w.destruction().bondAlive(0, e)) {
                liveBonds[g.edgeA()[e]]++;
                liveBonds[g.edgeB()[e]]++;
            }
        }
        assertThat(liveBonds[1]).isEqualTo(1); // 1-2 cut: only 1-4 left
        for (int i = 1; i <= 6; i++) {
            assertThat(thr(w, i)).as("node %d", i).isEqualTo(strength * liveBonds[i] * (mat[i] == 1 ? 3 : 1));
        }
        assertThat(DestructionState.options(w.destruction(), 0).damageModel()).isEqualTo("material-strength");
    }

    /**
     * Per-bond strength: bond 2-3 is weak (capacity 10 N), the rest strong. A load of 50 N on node 3
     * (threshold 1e6 x 1 + 10 = its bonds' capacities) breaks no node but cuts 2-3; node 3 still hangs
     * by 3-6, so nothing leaves. Then 3-6 is cut by command: 3 is bonded to nothing and leaves alone.
     */
    @Test
    void aBondWithItsOwnStrengthFailsWithoutItsNode() {
        CollectionAsset g = BondCutTest.grid(3, 2);
        double[] bs = nan(g.edgeCount());
        int weak = BondCutTest.bond(g, 2, 3);
        bs[weak] = 10; // Pa x 1 m^2 = 10 N
        CollectionAsset a = asset(nan(7), new int[7], new double[] {1}, bs);
        World w = Scenes.world(0);
        double strength = 1e6;
        w.placeCollection(a, CollectionPlacement.at(0, 0, 0).withOptions(DestructionOptions.defaults()
                .withDamageModel("material-strength", StageConfig.of(Map.of("tensileStrength", strength)))));
        // capacities: node 3 has bonds 2-3 (10 N) and 3-6 (1e6 N) -> threshold 1e6 + 10
        assertThat(thr(w, 3)).isEqualTo(strength + 10);
        assertThat(thr(w, 2)).isEqualTo(3 * strength + 10 - strength); // 1-2, 2-3 (weak), 2-5
        w.queue(new Command.ExternalStrain(0, 3, 50));
        w.step();
        assertThat(w.destruction().bondAlive(0, weak)).as("the weak bond failed on its own").isFalse();
        assertThat(w.destruction().events().count()).as("no node broke, nothing separated").isZero();
        assertThat(w.destruction().holderBody(0, 3)).isEqualTo(w.destruction().holderBody(0, 1));
        assertThat(thr(w, 3)).as("the model recomputed node 3 over the bond left").isEqualTo(strength);
        // a load below every remaining capacity cuts nothing more
        w.queue(new Command.ExternalStrain(0, 3, 50));
        w.step();
        long alive = java.util.stream.IntStream.range(0, g.edgeCount()).filter(e -> w.destruction().bondAlive(0, e)).count();
        assertThat(alive).isEqualTo(g.edgeCount() - 1);
        w.queue(new Command.CutBond(0, BondCutTest.bond(g, 3, 6)));
        w.step();
        assertThat(w.destruction().holderBody(0, 3)).as("bonded to nothing now: alone")
                .isNotEqualTo(w.destruction().holderBody(0, 6));
    }

    @Test
    void withoutAuthoredStrengthsMaterialStrengthIsExactlyAsBefore() {
        CollectionAsset g = BondCutTest.grid(3, 2);
        CollectionAsset a = g.withStrengths(Strengths.none(7, g.edgeCount()));
        for (CollectionAsset x : new CollectionAsset[] {g, a}) {
            World w = Scenes.world(0);
            w.placeCollection(x, CollectionPlacement.at(0, 0, 0).withOptions(DestructionOptions.defaults()
                    .withDamageModel("material-strength", StageConfig.of(Map.of("tensileStrength", 2e6, "mode", "avg")))));
            for (int i = 1; i <= 6; i++) {
                assertThat(thr(w, i)).isEqualTo(2e6 * 1.0); // avg of unit areas
            }
        }
    }

    /** A snapshot carries the asset's strengths, the materials and multipliers now and the model chosen at run time. */
    @Test
    void snapshotsCarryStrengthsMaterialsAndTheModelChangedAtRunTime() throws Exception {
        CollectionAsset g = BondCutTest.grid(3, 2);
        double[] t = nan(7);
        t[4] = 123;
        double[] bs = nan(g.edgeCount());
        bs[BondCutTest.bond(g, 5, 6)] = 7;
        World w = Scenes.world(9.81);
        w.placeCollection(asset(t, new int[] {0, 0, 1, 0, 0, 1, 0}, new double[] {1, 2}, bs),
                CollectionPlacement.at(0, 3, 0).withOptions(Scenes.thresholds(LEVEL)));
        w.queue(new Command.SetMaterialMultiplier(0, 1, 4));
        w.queue(new Command.SetNodeMaterial(0, 4, 1));
        w.step();
        w.queue(new Command.SetDamageModel(0, "material-strength", StageConfig.of(Map.of("tensileStrength", 50.0))));
        w.step();
        byte[] bytes = SnapshotOfCollectionsTest.save(w);
        World r = SnapshotOfCollectionsTest.restore(bytes);
        for (int i = 0; i < 7; i++) {
            assertThat(thr(r, i)).isEqualTo(thr(w, i));
            assertThat(r.destruction().material(0, i)).isEqualTo(w.destruction().material(0, i));
        }
        assertThat(r.destruction().materialMultiplier(0, 1)).isEqualTo(4);
        assertThat(r.destruction().asset(0).strengths()).isEqualTo(w.destruction().asset(0).strengths());
        assertThat(DestructionState.options(r.destruction(), 0).damageModel()).isEqualTo("material-strength");
        // the restored world recomputes as the original does: a multiplier change, then a fall and hits
        for (World x : new World[] {w, r}) {
            x.queue(new Command.SetMaterialMultiplier(0, 0, 0.5));
        }
        for (int s = 0; s < 60; s++) {
            w.step();
            r.step();
            assertThat(r.destruction().hash(17)).as("step %d", s).isEqualTo(w.destruction().hash(17));
        }
        assertThat(SnapshotOfCollectionsTest.bits(r)).isEqualTo(SnapshotOfCollectionsTest.bits(w));
    }

    @Test
    void badStrengthsNameTheField() {
        assertThatThrownBy(() -> new Strengths(new double[] {-1}, new int[1], new double[] {1}, new double[0]))
                .hasMessageContaining("nodeThreshold[0] = -1.0");
        assertThatThrownBy(() -> new Strengths(new double[] {1}, new int[] {1}, new double[] {1}, new double[0]))
                .hasMessageContaining("nodeMaterial[0] = 1; allowed: [0, 1)");
        assertThatThrownBy(() -> new Strengths(new double[] {1}, new int[1], new double[] {Double.NaN}, new double[0]))
                .hasMessageContaining("materialMultiplier[0] = NaN");
        assertThatThrownBy(() -> BondCutTest.grid(2, 1).withStrengths(Strengths.none(5, 1)))
                .hasMessageContaining("strengths for 5 nodes");
    }
}
