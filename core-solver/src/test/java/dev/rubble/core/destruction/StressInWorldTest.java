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

    @Test
    void aSnapshotOfAWorldWithAStressModelIsRefusedNamingIt() {
        World w = cantilever(3, 1e9);
        w.step();
        assertThatThrownBy(() -> dev.rubble.core.snapshot.WorldSnapshot.save(w, new java.io.ByteArrayOutputStream(), "test"))
                .hasStackTraceContaining("stress model");
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
