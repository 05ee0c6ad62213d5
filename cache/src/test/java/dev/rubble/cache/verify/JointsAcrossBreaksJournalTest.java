package dev.rubble.cache.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.CollectionId;
import dev.rubble.api.ConstraintId;
import dev.rubble.api.ConstraintSpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.api.WorldDestruction;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.shape.Box;
import java.nio.file.Path;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Joints on a Voronoi door across its breaks (constraints x destruction): a hinge along the door's left
 * edge and a rope carrying a crate from its lower right corner follow the pieces holding their anchors
 * when the door is struck and then crumbles; the journal verifies bit for bit at 1 and 2 threads and
 * replays every body onto its recorded slot and pose.
 */
final class JointsAcrossBreaksJournalTest {

    @Test
    void aHingedVoronoiDoorThatBreaksRecordsVerifiesAndReplays(@TempDir Path dir) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(20, 0.5, 20)).withPosition(new Vector3d(0, -0.5, 0)).withLabel("ground"));
        BodyId crate = w.addBody(BodySpec.dynamic(new Box(0.2, 0.2, 0.2)).withPosition(new Vector3d(1.3, 1, 0)));
        CollectionAsset door = WorldDestruction.fracture(AttachedMutationsJournalTest.WALL);
        WorldDestruction d = w.destruction();
        CollectionId[] c = new CollectionId[1];
        ConstraintId[] joints = new ConstraintId[2];
        AttachedMutationsJournalTest.Run run = AttachedMutationsJournalTest.record(dir, w, 90, (pw, i) -> {
            if (i == 1) { // placed between steps: the journal records it
                c[0] = d.place("door", door, new Vector3d(0, 3, 0), new Quaterniond(), new double[] {1e9}, null);
                BodyId whole = d.bodyOf(c[0], 0);
                joints[0] = pw.addConstraint(whole, null,
                        ConstraintSpec.hinge(new Vector3d(-1.5, 3, 0), new Vector3d(0, 1, 0)).limits(-0.5, 0.5));
                joints[1] = pw.addConstraint(crate, whole, ConstraintSpec.rope(new Vector3d(1.3, 1.2, 0),
                        new Vector3d(1.3, 2.05, 0), 0.9));
            } else if (i == 20) {
                d.applyStrainAt(new Vector3d(0, 3, 0), 0.3, 1e12, 0, 0); // the middle breaks out
            } else if (i == 40) {
                d.crumble(c[0], 0);
            }
        });
        assertThat(w.bodyCount()).as("ground, crate and the door's 12 pieces").isEqualTo(14);
        assertThat(w.contains(joints[0])).as("the hinge holds the piece at the hinge").isTrue();
        assertThat(w.contains(joints[1])).as("the rope holds the piece at the corner").isTrue();
        AttachedMutationsJournalTest.assertReproduced(dir, run);
    }
}
