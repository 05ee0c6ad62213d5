package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.collection.Strengths;
import dev.rubble.spi.stress.StressLimits;
import java.util.HashMap;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * Stress limits per material, collection and bond (issue 30; docs/destruction.md "Stress limits per
 * material, collection and bond"): a symmetric T — an anchored centre block with an arm of three
 * 0.5 m blocks on either side — puts the same load on both arms' root bonds (each arm hangs from the
 * support alone: statically determinate, bending stress σ = 6 M / (A s) with M = m g L Σ_{i=1..3}(i − ½)
 * worked here by hand). The left arm is made of material 1, the rest of material 0.
 */
final class StressLimitsTest {
    static final int ARM = 3;
    static final double SIDE = StressInWorldTest.SIDE, M = StressInWorldTest.DENSITY * SIDE * SIDE * SIDE, G = 9.81;

    /** The root bending stress of one arm, by hand. */
    static double bend() {
        double sum = 0;
        for (int i = 1; i <= ARM; i++) {
            sum += i - 0.5;
        }
        return 6 * (M * G * SIDE * sum) / (SIDE * SIDE * SIDE);
    }

    /** Leaves 1..7 along x; leaf 4 (the centre) anchored; leaves 1..3 (the left arm) material 1. */
    static World tee(Map<String, Object> options) {
        CollectionAsset a = StressInWorldTest.beam(2 * ARM + 1);
        int n = a.nodeCount();
        double[] thr = new double[n];
        java.util.Arrays.fill(thr, Double.NaN);
        int[] material = new int[n];
        for (int i = 1; i <= ARM; i++) {
            material[i] = 1;
        }
        double[] bondStrength = new double[a.edgeCount()];
        java.util.Arrays.fill(bondStrength, Double.NaN);
        a = a.withStrengths(new Strengths(thr, material, new double[] {1, 1}, bondStrength));
        World w = Scenes.world(G);
        int c = w.placeCollection(a, CollectionPlacement.at(0, 5, 0).withAnchors(new int[] {ARM + 1}, null)
                .withOptions(Scenes.thresholds(1e12)));
        Map<String, Object> o = new HashMap<>(Map.of("compressionElastic", 1e9, "compressionFatal", 1e9,
                "shearElastic", 1e9, "shearFatal", 1e9));
        o.putAll(options);
        w.setStressModel(c, "support-graph", StageConfig.of(o));
        return w;
    }

    static int leftRoot(World w) {
        return BondCutTest.bond(w.destruction().asset(0), ARM, ARM + 1);
    }

    static int rightRoot(World w) {
        return BondCutTest.bond(w.destruction().asset(0), ARM + 1, ARM + 2);
    }

    static StressLimits tension(double elastic, double fatal) {
        return new StressLimits(Double.NaN, Double.NaN, elastic, fatal, Double.NaN, Double.NaN);
    }

    @Test
    void theWeakerMaterialsBondsBreakFirstUnderTheSameLoad() {
        double bend = bend();
        World w = tee(Map.of());
        // material 1 fails just under the arms' root bending; material 0 keeps the default tension limits (2/3 MPa)
        w.setMaterialStressLimits(0, 1, tension(0.5 * bend, 0.99 * bend));
        w.step();
        DestructionRuntime d = w.destruction();
        assertThat(d.bondAlive(0, leftRoot(w))).as("the weak arm's root").isFalse();
        assertThat(d.bondAlive(0, rightRoot(w))).as("the strong arm's root").isTrue();
        for (int e = 0; e < d.asset(0).edgeCount(); e++) {
            assertThat(d.bondAlive(0, e)).as("bond %d", e).isEqualTo(e != leftRoot(w)); // the weak root alone
        }
        // the strong arm's root carries the same statics against material 0's (default) elastic limit, 2 MPa
        // (read a step later: the holder split in the break step and its remaining part is solved anew)
        w.step();
        assertThat(d.bondAlive(0, rightRoot(w))).isTrue();
        assertThat(d.stress().bondStress(0, rightRoot(w))).isCloseTo(bend / 2e6, Offset.offset(1e-9 * bend / 2e6));
    }

    @Test
    void aMaterialsLimitsSetTheRatioAndABondsEdgeTakesTheWeakerMaterial() {
        double bend = bend();
        World w = tee(Map.of());
        w.setMaterialStressLimits(0, 1, tension(2 * bend, 4 * bend));
        w.setMaterialStressLimits(0, 0, tension(4 * bend, 8 * bend));
        w.step();
        DestructionRuntime d = w.destruction();
        // the left root joins material 1 and 0: the weaker set limit, material 1's elastic 2σ
        assertThat(d.stress().bondStress(0, leftRoot(w))).isCloseTo(0.5, Offset.offset(1e-9));
        assertThat(d.stress().bondStress(0, rightRoot(w))).isCloseTo(0.25, Offset.offset(1e-9));
    }

    @Test
    void precedenceBondOverCollectionOverMaterialOverDefault() {
        double bend = bend();
        // the collection's explicit tension limits win over material 1's weak ones: nothing breaks
        World w = tee(Map.of("tensionElastic", 4 * bend, "tensionFatal", 8 * bend));
        w.setMaterialStressLimits(0, 1, tension(0.5 * bend, 0.99 * bend));
        w.step();
        DestructionRuntime d = w.destruction();
        assertThat(d.bondAlive(0, leftRoot(w))).isTrue();
        assertThat(d.stress().bondStress(0, leftRoot(w))).isCloseTo(0.25, Offset.offset(1e-9));
        // a bond's own limits win over the collection's: the strong arm's root gets weak ones and breaks
        w.queue(new Command.SetBondLimits(0, rightRoot(w), tension(0.5 * bend, 0.99 * bend)));
        w.step();
        assertThat(d.bondAlive(0, rightRoot(w))).isFalse();
        assertThat(d.bondAlive(0, leftRoot(w))).isTrue();
        // (a material's limit over the default where the collection sets none: the first test)
        // clearing: NONE puts the model's limits back
        World u = tee(Map.of());
        u.setMaterialStressLimits(0, 1, tension(0.5 * bend, 0.99 * bend));
        u.setMaterialStressLimits(0, 1, StressLimits.NONE);
        u.step();
        assertThat(u.destruction().bondAlive(0, leftRoot(u))).isTrue();
        assertThat(u.destruction().stress().bondStress(0, leftRoot(u))).isCloseTo(bend / 2e6, Offset.offset(1e-9 * bend / 2e6));
    }

    @Test
    void aNodeMovedToTheWeakMaterialAtRunTimeBreaksItsBond() {
        double bend = bend();
        World w = tee(Map.of());
        w.setMaterialStressLimits(0, 1, tension(0.5 * bend, 0.99 * bend));
        w.setMaterialStressLimits(0, 0, tension(4 * bend, 8 * bend));
        // move the whole left arm to material 0 first: it stands
        for (int i = 1; i <= ARM; i++) {
            w.queue(new Command.SetNodeMaterial(0, i, 0));
        }
        w.step();
        assertThat(w.destruction().bondAlive(0, leftRoot(w))).isTrue();
        // then the right arm's first block to material 1: its root now fails
        w.queue(new Command.SetNodeMaterial(0, ARM + 2, 1));
        w.step();
        assertThat(w.destruction().bondAlive(0, rightRoot(w))).isFalse();
        assertThat(w.destruction().bondAlive(0, leftRoot(w))).isTrue();
    }

    @Test
    void limitsSurviveASnapshotAndTheRunContinuesBitForBit() throws Exception {
        double bend = bend();
        java.util.function.Supplier<World> make = () -> {
            World w = tee(Map.of("directMax", 0, "tolerance", 1e-3, "damageTime", 1.0));
            w.setMaterialStressLimits(0, 1, tension(0.5 * bend, 1.5 * bend)); // between the limits: damage grows
            return w;
        };
        World a = make.get();
        Scenes.steps(a, 10);
        assertThat(a.destruction().stress().bondDamage(0, leftRoot(a))).isGreaterThan(0); // material 1: damaging
        // saved with a bond-limit command still queued (CMDS), and again once it has been applied
        a.queue(new Command.SetBondLimits(0, rightRoot(a), tension(0.8 * bend, 1.2 * bend)));
        World b = SnapshotOfCollectionsTest.restore(SnapshotOfCollectionsTest.save(a));
        assertThat(b.stateHash()).isEqualTo(a.stateHash());
        World c = null;
        for (int s = 0; s < 150; s++) {
            a.step();
            b.step();
            if (c != null) {
                c.step();
                assertThat(c.stateHash()).as("step %d after the second snapshot", s).isEqualTo(a.stateHash());
            }
            assertThat(b.stateHash()).as("step %d after the snapshot", s).isEqualTo(a.stateHash());
            assertThat(b.destruction().stress().bondStress(0, leftRoot(a)))
                    .isEqualTo(a.destruction().stress().bondStress(0, leftRoot(a)));
            if (s == 5) {
                assertThat(b.destruction().stress().bondDamage(0, rightRoot(b))).as("the bond's own limits arrived").isGreaterThan(0);
                c = SnapshotOfCollectionsTest.restore(SnapshotOfCollectionsTest.save(a)); // the LIMS trailer
            }
        }
        // both damaged roots failed (the run went on with the limits the snapshot carried)
        assertThat(b.destruction().bondAlive(0, leftRoot(b))).isFalse();
        assertThat(b.destruction().bondAlive(0, rightRoot(b))).isFalse();
    }

    @Test
    void badLimitsAreRefusedNamingTheField() {
        assertThatThrownBy(() -> new StressLimits(-1, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN))
                .hasMessage("stress limit 'compressionElastic' = -1.0; allowed: >= 0 (Pa; Infinity = never; NaN = unset)");
        assertThatThrownBy(() -> tension(2, 1))
                .hasMessage("stress limit 'tensionFatal' = 1.0; allowed: >= 'tensionElastic' (2.0)");
        World w = tee(Map.of());
        assertThatThrownBy(() -> w.setMaterialStressLimits(0, 2, StressLimits.NONE))
                .hasMessageContaining("material = 2; allowed: [0, 2)");
        assertThatThrownBy(() -> w.queue(new Command.SetBondLimits(0, 999, StressLimits.NONE)))
                .isInstanceOf(IllegalArgumentException.class);
        World none = Scenes.world(G);
        none.placeCollection(StressInWorldTest.beam(3), CollectionPlacement.at(0, 5, 0));
        assertThatThrownBy(() -> none.queue(new Command.SetMaterialLimits(0, 0, StressLimits.NONE)))
                .hasMessageContaining("has no stress model");
    }
}
