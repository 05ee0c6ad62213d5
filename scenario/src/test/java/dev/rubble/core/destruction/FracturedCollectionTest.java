package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.rubble.authoring.CollectionBuilder;
import dev.rubble.authoring.GeometryCollection;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.world.World;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.fracture.FractureMethod;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.graph.ConnectionGraphMethod;
import dev.rubble.spi.shape.Sphere;
import java.lang.management.ManagementFactory;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An authored (Voronoi-fractured) collection in a world: one body at rest, pieces when hit. */
final class FracturedCollectionTest {

    static CollectionAsset slab(int pieces) {
        FractureMethod voronoi = Scenes.stages().create(StageFamily.FRACTURE, "voronoi",
                StageConfig.of(Map.of("count", pieces)));
        ConnectionGraphMethod graph = Scenes.stages().create(StageFamily.CONNECTION_GRAPH,
                "minimal-spanning-subset-delaunay", StageConfig.empty());
        CollectionBuilder b = new CollectionBuilder(ConvexPolytope.box(0, 0, 0, 1, 0.25, 1));
        b.fractureLevel(voronoi, 3);
        GeometryCollection g = b.build(graph, Integer.MAX_VALUE);
        return g.asset();
    }

    @Test
    void theAssetKeepsTheAuthoredTreeMassAndBonds() {
        CollectionAsset a = slab(12);
        assertThat(a.nodeCount()).isEqualTo(13);
        double leaves = 0;
        for (int i = 1; i < 13; i++) {
            leaves += a.mass()[i];
        }
        assertThat(a.mass()[0]).isCloseTo(leaves, offset(1e-9));
        assertThat(a.mass()[0]).isCloseTo(2 * 0.5 * 2 * CollectionBuilder.DEFAULT_DENSITY, offset(1e-6));
        assertThat(a.edgeCount()).isGreaterThanOrEqualTo(11); // a spanning graph over 12 pieces
    }

    @Test
    void anIntactCollectionRestsAsOneBodyAndItsSteadyStepsAllocateNothing() {
        var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        // sleeping off: the collection stays awake on the ground, its contacts solved every step
        var settings = dev.rubble.core.step.WorldSettings.defaults().withDynamics(
                dev.rubble.core.dynamics.DynamicsSettings.defaults().withSleep(false, 0.05, 0.05, 0.5));
        World w = World.create(settings, Scenes.stages());
        Scenes.ground(w);
        w.placeCollection(slab(30), CollectionPlacement.at(0, 0.25, 0).withOptions(Scenes.thresholds(1e-6)));
        assertThat(w.bodies().size()).isEqualTo(2);
        // warm-up: a world of one plain hull on the ground shows a few 160-850 byte allocations in
        // its first ~2500 steps (JIT tiers; measured, not from the destruction stage)
        for (int i = 0; i < 3000; i++) {
            w.step();
        }
        long tid = Thread.currentThread().getId();
        // three windows, the least counted: an allocation in the step shows in every window, a one-off
        // (a deoptimisation materialising a scalar-replaced object) in one window at most
        long allocated = Long.MAX_VALUE;
        for (int window = 0; window < 3; window++) {
            long before = mx.getThreadAllocatedBytes(tid);
            for (int i = 0; i < 500; i++) {
                w.step();
            }
            allocated = Math.min(allocated, mx.getThreadAllocatedBytes(tid) - before);
        }
        assertThat(allocated).as("bytes allocated by 500 steps (least of three windows)").isZero();
        assertThat(w.bodies().size()).isEqualTo(2); // resting contacts never strain it
    }

    @Test
    void aHeavyBallBreaksItIntoPiecesThatKeepTheMass() {
        World w = Scenes.world(9.81);
        Scenes.ground(w);
        CollectionAsset a = slab(20);
        w.placeCollection(a, CollectionPlacement.at(0, 0.25, 0).withOptions(Scenes.thresholds(50)));
        long ball = w.createBody(BodyDef.of(new Sphere(0.3)).withMass(200).withPosition(0.2, 3, 0.1));
        Scenes.steps(w, 90);
        assertThat(w.bodies().size()).isGreaterThan(3);
        double mass = 0;
        for (int i = 0; i < w.destruction().activeCount(); i++) {
            int g = w.destruction().active(i);
            mass += w.bodies().mass[w.bodies().slot(w.destruction().store().body[g])];
        }
        assertThat(mass).isCloseTo(a.mass()[0], offset(1e-6 * a.mass()[0]));
        assertThat(w.bodies().isLive(w.bodies().slot(ball))).isTrue();
    }
}
