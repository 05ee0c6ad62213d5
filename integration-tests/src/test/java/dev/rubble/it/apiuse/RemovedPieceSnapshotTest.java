package dev.rubble.it.apiuse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.CollectionId;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.api.WorldDestruction;
import dev.rubble.spi.shape.Box;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.function.Consumer;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * docs/java-api.md allows removing a collection's piece with {@code removeBody} ("its nodes are left without
 * a body") and saving a snapshot between steps. Before the fix such a world saved a snapshot that no world
 * could restore: {@code snapshot stream is damaged: body of node 2 = 3:0 is not a live body}. The destruction
 * runtime forgets a removed piece's handle lazily, so the snapshot holds it; the restored world must take it
 * as the saved one does. Oracle: the uninterrupted world, step for step.
 */
final class RemovedPieceSnapshotTest {
    private static final int NODES = 9; // root + 8 Voronoi leaves

    private static PhysicsWorld wall() {
        PhysicsWorld world = Rubble.newWorld(WorldConfig.defaults());
        world.addBody(BodySpec.fixed(new Box(20, 0.5, 20)).withPosition(new Vector3d(0, -0.5, 0)));
        var asset = WorldDestruction.fracture("{\"box\": [1.5, 1, 0.1], \"seed\": 7,"
                + " \"levels\": [{\"method\": \"voronoi\", \"options\": {\"count\": 8}}]}");
        world.destruction().place("wall", asset, new Vector3d(0, 1, 0), new Quaterniond(), new double[] {200}, null);
        return world;
    }

    private static void restoresAndContinuesBitForBit(Consumer<PhysicsWorld> scene) throws IOException {
        PhysicsWorld world = wall();
        scene.accept(world);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        world.saveSnapshot(bytes);
        PhysicsWorld again = Rubble.defaultPlugins().restoreWorld(new ByteArrayInputStream(bytes.toByteArray()));
        WorldDestruction d = world.destruction(), e = again.destruction();
        CollectionId c = d.collection(0), c2 = e.collection(0);
        for (int step = 0; step < 30; step++) {
            for (int n = 0; n < NODES; n++) {
                assertThat(e.isFree(c2, n)).as("node %d free at step %d", n, step).isEqualTo(d.isFree(c, n));
                BodyId b = d.bodyOf(c, n), b2 = e.bodyOf(c2, n);
                assertThat(b2 == null ? -1 : b2.handle()).as("node %d body at step %d", n, step)
                        .isEqualTo(b == null ? -1 : b.handle());
            }
            world.step();
            again.step();
            assertThat(again.stateHash()).as("state hash after step %d", step).isEqualTo(world.stateHash());
        }
        assertThat(again.bodyCount()).isEqualTo(world.bodyCount());
    }

    @Test
    void aWorldWhosePieceWasRemovedBetweenStepsSavesASnapshotThatRestores() throws IOException {
        restoresAndContinuesBitForBit(w -> {
            WorldDestruction d = w.destruction();
            CollectionId c = d.collection(0);
            d.crumble(c, 0);
            w.step();
            BodyId piece = d.bodyOf(c, 2);
            w.removeBody(piece);
            w.step();
            assertThat(d.bodyOf(c, 2)).isNull();
            assertThat(w.contains(piece)).isFalse();
        });
    }

    @Test
    void aWorldWhosePieceWasRemovedByABreakListenerSavesASnapshotThatRestores() throws IOException {
        restoresAndContinuesBitForBit(w -> {
            WorldDestruction d = w.destruction();
            int[] removed = new int[1];
            d.addBreakListener(ev -> {
                if (ev.body() != null) {
                    w.removeBody(ev.body()); // allowed from a listener: a queued command
                    removed[0]++;
                }
            });
            d.applyStrain(d.collection(0), 3, Double.POSITIVE_INFINITY);
            w.step(2);
            assertThat(removed[0]).as("pieces removed from the listener").isPositive();
        });
    }

    @Test
    void aWorldWhoseBrokenWallsRestWasRemovedSavesASnapshotThatRestores() throws IOException {
        restoresAndContinuesBitForBit(w -> {
            WorldDestruction d = w.destruction();
            CollectionId c = d.collection(0);
            d.applyStrain(c, 3, Double.POSITIVE_INFINITY);
            w.step();
            BodyId rest = d.bodyOf(c, 1); // node 1 is held by the cluster left after node 3 broke off
            assertThat(d.pieceOf(rest)).isNotNull();
            w.removeBody(rest);
            w.step();
        });
    }
}
