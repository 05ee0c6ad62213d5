package dev.rubble.cache.verify;

import static dev.rubble.cache.verify.AttachedMutationsJournalTest.assertReproduced;
import static dev.rubble.cache.verify.AttachedMutationsJournalTest.record;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.BodySpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.api.WorldDestruction;
import dev.rubble.cache.journal.JournalReader;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.nio.file.Path;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A journal attached to a world that already holds what its header's initial bodies cannot rebuild: a collection
 * placed from the Java API before recording started (the usual order: build the world, then attach), or a world
 * that has already stepped. The journal starts with a keyframe (docs/journal-format.md, "Start keyframe"), and
 * verify on 1 and 2 threads and replay reproduce the run from it. Before, verify stopped with "collections placed
 * from the Java API cannot be rebuilt", and a journal attached after the first step could not be verified at all.
 */
final class AttachedStartKeyframeTest {

    private static PhysicsWorld groundAndShot() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(20, 0.5, 20)).withPosition(new Vector3d(0, -0.5, 0)).withLabel("ground"));
        w.addBody(BodySpec.dynamic(new Sphere(0.3)).withPosition(new Vector3d(0, 1, -2))
                .withLinearVelocity(new Vector3d(0, 2, 40)).withMass(60).withLabel("shot"));
        return w;
    }

    @Test
    void aCollectionPlacedBeforeRecordingIsVerifiedAndReplayed(@TempDir Path dir) {
        PhysicsWorld w = groundAndShot();
        CollectionAsset wall = WorldDestruction.fracture(AttachedMutationsJournalTest.WALL);
        w.destruction().place("wall", wall, new Vector3d(0, 1, 2), new Quaterniond(), new double[] {200}, null);
        var run = record(dir, w, 60, (pw, i) -> { });
        assertThat(w.kernel().destruction().activeCount()).as("the shot breaks the wall while recording").isGreaterThan(1);
        try (JournalReader r = JournalReader.open(dir)) {
            assertThat(r.startSnapshot()).as("the journal starts with a keyframe").isNotNull();
        }
        assertReproduced(dir, run);
    }

    @Test
    void aJournalAttachedAfterTheFirstStepsIsVerifiedFromWhereItStarts(@TempDir Path dir) {
        PhysicsWorld w = groundAndShot();
        CollectionAsset wall = WorldDestruction.fracture(AttachedMutationsJournalTest.WALL);
        w.destruction().place("wall", wall, new Vector3d(0, 1, 2), new Quaterniond(), new double[] {200}, null);
        w.step(5); // the shot is on its way; nothing recorded yet
        var run = record(dir, w, 55, (pw, i) -> { });
        try (JournalReader r = JournalReader.open(dir)) {
            assertThat(r.header().firstStep()).isEqualTo(5);
        }
        assertReproduced(dir, run);
    }

    @Test
    void aSoftBodyAddedBeforeRecordingIsVerified(@TempDir Path dir) {
        PhysicsWorld w = groundAndShot();
        double[] box = new double[24];
        for (int i = 0; i < 8; i++) {
            box[3 * i] = (i & 1) == 0 ? -0.4 : 0.4;
            box[3 * i + 1] = (i & 2) == 0 ? -0.2 : 0.2;
            box[3 * i + 2] = (i & 4) == 0 ? -0.4 : 0.4;
        }
        w.kernel().addSoftBodies(java.util.List.of(new dev.rubble.core.soft.SoftBodyDef("jelly",
                dev.rubble.core.soft.cage.CageBuilder.build(box, new int[0], 400, 0.2, 1),
                dev.rubble.core.soft.SoftMaterial.rubber().withYoungsModulus(2e5), new double[] {0, 1.5, 2},
                new double[] {0, 0, 0, 1}, new double[3], new int[0], new int[0], java.util.List.of())));
        var run = record(dir, w, 40, (pw, i) -> { });
        try (JournalReader r = JournalReader.open(dir)) {
            assertThat(r.startSnapshot()).as("the soft body is in the start keyframe").isNotNull();
        }
        assertReproduced(dir, run);
    }

    @Test
    void aPlainRigidWorldAtStepZeroNeedsNoStartKeyframe(@TempDir Path dir) {
        PhysicsWorld w = groundAndShot();
        var run = record(dir, w, 20, (pw, i) -> { });
        try (JournalReader r = JournalReader.open(dir)) {
            assertThat(r.startSnapshot()).as("the initial bodies rebuild it: the journal is laid out as before").isNull();
        }
        assertReproduced(dir, run);
    }
}
