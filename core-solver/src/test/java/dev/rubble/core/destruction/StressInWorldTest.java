package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.world.World;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.core.body.MotionType;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The stress pass in a world (docs/destruction.md "Stress"): a horizontal cantilever of n unit
 * blocks anchored at its first block. Its root bond carries the statics worked by hand (bending
 * σ = 6 M / (A s) with M = m g L Σ (i − ½), shear (n − 1) m g / A), and once that passes the fatal
 * limit the root bond alone is cut and everything beyond it falls as one piece.
 */
final class StressInWorldTest {
    static final double SIDE = 0.5, DENSITY = 1000;

    /** n blocks of side 0.5 m along +x (leaf ids 1..n), bonded face to face (area 0.25 m²). */
    static CollectionAsset beam(int n) {
        int[] parent = new int[n + 1];
        double[][] boxes = new double[n + 1][];
        parent[0] = -1;
        boxes[0] = new double[] {(n - 1) * SIDE / 2, 0, 0, n * SIDE / 2, SIDE / 2, SIDE / 2};
        int[][] bonds = new int[n - 1][];
        double[] areas = new double[n - 1];
        for (int i = 1; i <= n; i++) {
            parent[i] = 0;
            boxes[i] = new double[] {(i - 1) * SIDE, 0, 0, SIDE / 2, SIDE / 2, SIDE / 2};
            if (i < n) {
                bonds[i - 1] = new int[] {i, i + 1};
                areas[i - 1] = SIDE * SIDE;
            }
        }
        return TestAssets.build(DENSITY, parent, boxes, bonds, areas);
    }

    static World cantilever(int n, double tensionFatal) {
        World w = Scenes.world(9.81);
        CollectionAsset a = beam(n);
        int c = w.placeCollection(a, CollectionPlacement.at(0, 5, 0).withAnchors(new int[] {1}, null)
                .withOptions(Scenes.thresholds(1e12)));
        w.setStressModel(c, "support-graph", StageConfig.of(Map.of("tensionElastic", Math.min(1e6, tensionFatal), "tensionFatal", tensionFatal,
                "compressionElastic", 1e9, "compressionFatal", 1e9, "shearElastic", 1e9, "shearFatal", 1e9)));
        return w;
    }

    @Test
    void rootBondCarriesTheStaticsAndFailsAloneAtItsLimit() {
        int n = 8;
        double m = DENSITY * SIDE * SIDE * SIDE, g = 9.81, area = SIDE * SIDE;
        double sum = 0;
        for (int i = 1; i <= n - 1; i++) {
            sum += i - 0.5;
        }
        double moment = m * g * SIDE * sum;
        double bend = 6 * moment / (area * SIDE); // Pa, the root bond's tension fibre
        // fatal above the bending stress: it stands, and the root bond's ratio is σ / elastic
        World w = cantilever(n, 1e9);
        w.step();
        DestructionRuntime d = w.destruction();
        int root = BondCutTest.bond(d.asset(0), 1, 2);
        assertThat(d.stress().bondStress(0, root)).isCloseTo(bend / 1e6, Offset.offset(1e-9 * bend / 1e6));
        for (int e = 0; e < d.asset(0).edgeCount(); e++) {
            assertThat(d.stress().bondStress(0, e)).isLessThanOrEqualTo(d.stress().bondStress(0, root));
        }
        Scenes.steps(w, 30);
        assertThat(d.activeCount()).isEqualTo(1); // still one (kinematic) body
        // fatal just under the bending stress: the root bond breaks in the first step, alone
        World v = cantilever(n, bend * 0.99);
        v.step();
        DestructionRuntime dv = v.destruction();
        for (int e = 0; e < dv.asset(0).edgeCount(); e++) {
            assertThat(dv.bondAlive(0, e)).as("bond %d", e).isEqualTo(e != root);
        }
        assertThat(dv.activeCount()).isEqualTo(2); // the anchored block and the rest, one cluster
        long beyond = dv.holderBody(0, 2);
        BodyStore b = v.bodies();
        assertThat(b.motion(b.slot(beyond))).isEqualTo(MotionType.DYNAMIC);
        double y0 = b.py[b.slot(beyond)];
        Scenes.steps(v, 20);
        assertThat(b.py[b.slot(dv.holderBody(0, 2))]).isLessThan(y0 - 0.3); // it falls
        assertThat(dv.holderBody(0, 2)).isEqualTo(dv.holderBody(0, n)); // in one piece
    }

    /**
     * A cantilever whose root bond sits between its limits (ratio 1.5: damage grows 0.5 per second)
     * under the warm-started PCG (directMax 0, tolerance 1e-3): saved at step 40 with damage
     * accumulated, restored, and both run on through the root bond's failure (step ≈ 120) — every
     * step's world hash, every bond's damage and the break step agree bit for bit.
     */
    @Test
    void aSnapshotOfAWorldWithAStressModelContinuesBitForBit() throws Exception {
        int n = 8;
        double bend = rootBending(n);
        java.util.function.Supplier<World> make = () -> {
            World w = Scenes.world(9.81);
            int c = w.placeCollection(beam(n), CollectionPlacement.at(0, 5, 0).withAnchors(new int[] {1}, null)
                    .withOptions(Scenes.thresholds(1e12)));
            w.setStressModel(c, "support-graph", StageConfig.of(Map.of("tensionElastic", 0.5 * bend, "tensionFatal",
                    1.5 * bend, "compressionElastic", 1e9, "compressionFatal", 1e9, "shearElastic", 1e9, "shearFatal", 1e9,
                    "directMax", 0, "tolerance", 1e-3, "damageTime", 1.0)));
            return w;
        };
        World a = make.get();
        Scenes.steps(a, 40);
        int root = BondCutTest.bond(a.destruction().asset(0), 1, 2);
        assertThat(a.destruction().stress().bondDamage(0, root)).isGreaterThan(0.3).isLessThan(0.4);
        byte[] bytes = SnapshotOfCollectionsTest.save(a);
        World b = SnapshotOfCollectionsTest.restore(bytes);
        assertThat(b.destruction().stress().hasStressModel(0)).isTrue();
        assertThat(b.stateHash()).isEqualTo(a.stateHash());
        int brokeA = -1, brokeB = -1;
        for (int s = 0; s < 120; s++) {
            a.step();
            b.step();
            assertThat(b.stateHash()).as("step %d after the snapshot", s).isEqualTo(a.stateHash());
            for (int e = 0; e < a.destruction().asset(0).edgeCount(); e++) {
                assertThat(Double.doubleToRawLongBits(b.destruction().stress().bondDamage(0, e)))
                        .isEqualTo(Double.doubleToRawLongBits(a.destruction().stress().bondDamage(0, e)));
            }
            if (brokeA < 0 && !a.destruction().bondAlive(0, root)) {
                brokeA = s;
            }
            if (brokeB < 0 && !b.destruction().bondAlive(0, root)) {
                brokeB = s;
            }
        }
        assertThat(brokeA).as("the root bond failed by damage after the snapshot").isGreaterThan(0);
        assertThat(brokeB).isEqualTo(brokeA);
        // saved again after the break, restored, equal again (the graphs of the two new holders)
        World c = SnapshotOfCollectionsTest.restore(SnapshotOfCollectionsTest.save(a));
        for (int s = 0; s < 20; s++) {
            a.step();
            c.step();
            assertThat(c.stateHash()).isEqualTo(a.stateHash());
        }
    }

    @Test
    void aModelSetAsAnInstanceCannotBeSavedAndSaysWhy() {
        World w = Scenes.world(9.81);
        int c = w.placeCollection(beam(3), CollectionPlacement.at(0, 5, 0).withAnchors(new int[] {1}, null));
        w.destruction().setStressModel(c, w.stages().create(dev.rubble.core.plugin.StageFamily.STRESS_MODEL, "support-graph",
                StageConfig.empty()));
        w.step();
        assertThatThrownBy(() -> dev.rubble.core.snapshot.WorldSnapshot.save(w, new java.io.ByteArrayOutputStream(), "test"))
                .hasMessageContaining("stress model").hasMessageContaining("plugin name");
    }

    /** The tension fibre stress of an n-block cantilever's root bond under its own weight, Pa (worked by hand). */
    static double rootBending(int n) {
        double m = DENSITY * SIDE * SIDE * SIDE, g = 9.81, area = SIDE * SIDE;
        double sum = 0;
        for (int i = 1; i <= n - 1; i++) {
            sum += i - 0.5;
        }
        return 6 * m * g * SIDE * sum / (area * SIDE);
    }

    /**
     * The excess load handed to the new piece (issue 30): the root bond fails at 1/0.99 of its
     * fatal limit, so the share of its load above the limit is s = 1 − 0.99 = 0.01. What the
     * anchored block exerted on the rest was F = (n − 1) m g up and the moment that balances it
     * about the bond centroid; the piece gets −s F dt at the centroid and −s M dt, whose moment about
     * the piece's own centre of mass cancels (the piece was in equilibrium under F, M and its
     * weight). So its first velocity is v = −s g dt straight down, ω = 0; with the option off it is 0.
     */
    @Test
    void aPieceTornFromItsSupportGetsTheExcessOfItsOwnLoad() {
        int n = 8;
        double bend = rootBending(n), g = 9.81;
        for (boolean on : new boolean[] {true, false}) {
            World w = Scenes.world(g);
            int c = w.placeCollection(beam(n), CollectionPlacement.at(0, 5, 0).withAnchors(new int[] {1}, null)
                    .withOptions(Scenes.thresholds(1e12)));
            w.setStressModel(c, "support-graph", StageConfig.of(Map.of("tensionElastic", 0.5 * bend, "tensionFatal", 0.99 * bend,
                    "compressionElastic", 1e9, "compressionFatal", 1e9, "shearElastic", 1e9, "shearFatal", 1e9,
                    "excessForce", on)));
            w.step();
            DestructionRuntime d = w.destruction();
            BodyStore b = w.bodies();
            int slot = b.slot(d.holderBody(0, 2));
            assertThat(b.motion(slot)).isEqualTo(MotionType.DYNAMIC);
            double dt = w.settings().dt();
            double expect = on ? -0.01 * g * dt : 0;
            assertThat(b.vy[slot]).as("excess %s", on).isCloseTo(expect, Offset.offset(1e-9 * g * dt));
            assertThat(b.vx[slot]).isCloseTo(0, Offset.offset(1e-12));
            assertThat(b.vz[slot]).isCloseTo(0, Offset.offset(1e-12));
            double wl = Math.sqrt(b.wx[slot] * b.wx[slot] + b.wy[slot] * b.wy[slot] + b.wz[slot] * b.wz[slot]);
            assertThat(wl).as("no spin: the excess acts through the piece's own balance").isLessThan(1e-9);
        }
    }

    /**
     * Journal tags 100 and 101 as commands: a cantilever without a stress model stands; the model
     * turned on at run time (limits above its load) stresses it without breaking; the root bond's
     * strength factor lowered to 0.5 puts it past the fatal limit, and it breaks in that step, alone.
     * Turning the model off again leaves no stress read-out.
     */
    @Test
    void theModelAndABondStrengthSetAtRunTime() {
        int n = 8;
        double bend = rootBending(n);
        World w = Scenes.world(9.81);
        int c = w.placeCollection(beam(n), CollectionPlacement.at(0, 5, 0).withAnchors(new int[] {1}, null)
                .withOptions(Scenes.thresholds(1e12)));
        Scenes.steps(w, 3);
        DestructionRuntime d = w.destruction();
        int root = BondCutTest.bond(d.asset(0), 1, 2);
        assertThat(d.stress().hasStressModel(c)).isFalse();
        StageConfig limits = StageConfig.of(Map.of("tensionElastic", 0.5 * bend, "tensionFatal", 1.2 * bend,
                "compressionElastic", 1e9, "compressionFatal", 1e9, "shearElastic", 1e9, "shearFatal", 1e9));
        w.queue(new dev.rubble.core.command.Command.SetStressModel(c, "support-graph", limits));
        w.step();
        assertThat(d.stress().hasStressModel(c)).isTrue();
        assertThat(d.stress().bondStress(0, root)).isCloseTo(1 + 0.5 / 0.7, Offset.offset(1e-9)); // between the limits
        assertThat(d.bondAlive(0, root)).isTrue();
        w.queue(new dev.rubble.core.command.Command.SetBondStrength(c, root, 0.5)); // fatal 0.6 bend: past it
        w.step();
        for (int e = 0; e < d.asset(0).edgeCount(); e++) {
            assertThat(d.bondAlive(0, e)).as("bond %d", e).isEqualTo(e != root);
        }
        assertThatThrownBy(() -> w.queue(new dev.rubble.core.command.Command.SetStressModel(c, "nope", null)))
                .hasMessageContaining("nope");
        assertThatThrownBy(() -> w.queue(new dev.rubble.core.command.Command.SetBondStrength(c, root, -1)))
                .hasMessageContaining("strength factor");
        assertThatThrownBy(() -> w.queue(new dev.rubble.core.command.Command.SetBondStrength(c, 999, 1)))
                .hasMessageContaining("bond = 999");
        w.queue(new dev.rubble.core.command.Command.SetStressModel(c, "off", null));
        w.step();
        assertThat(d.stress().hasStressModel(c)).isFalse();
        assertThatThrownBy(() -> w.queue(new dev.rubble.core.command.Command.SetBondStrength(c, 0, 1)))
                .hasMessageContaining("no stress model");
    }

    @Test
    void unknownModelAndBadOptionsAreRefused() {
        World w = Scenes.world(9.81);
        int c = w.placeCollection(beam(3), CollectionPlacement.at(0, 5, 0));
        assertThatThrownBy(() -> w.setStressModel(c, "nope", StageConfig.empty())).hasMessageContaining("nope")
                .hasMessageContaining("support-graph");
        assertThatThrownBy(() -> w.setStressModel(c, "support-graph", StageConfig.of(Map.of("shearFatal", -1))))
                .hasMessageContaining("shearFatal");
        assertThat(w.destruction().stress().hasStressModel(c)).isFalse();
    }
}
