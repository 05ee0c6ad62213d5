package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.shape.Box;
import java.nio.file.Path;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 29: constraints (with their warm-start impulses and a queued one) survive a snapshot bit for bit (section JNTS, format 6). */
class ConstraintSnapshotTest {

    @Test
    void aRestoredWorldContinuesExactlyAsTheUninterruptedOne(@TempDir Path dir) throws Exception {
        // the determinism scene: a chain with a weak joint, a hinged door, a rope, a spring, a weld
        PhysicsWorld w = ConstraintDeterminismTest.world("grid");
        w.step(80);
        // one constraint queued and not yet applied when the snapshot is taken
        BodyId extra = w.addBody(BodySpec.dynamic(new Box(0.1, 0.1, 0.1)).withPosition(new Vector3d(4, 2, 0)));
        ConstraintId queued = w.addConstraint(extra, null, ConstraintSpec.rope(new Vector3d(4, 2, 0),
                new Vector3d(4, 3, 0), 1.5).breakForce(1e6));
        Path file = dir.resolve("joints.snap");
        w.saveSnapshot(file);
        PhysicsWorld restored = Rubble.restoreWorld(file);
        assertThat(restored.constraintCount()).isEqualTo(w.constraintCount());
        for (int k = 0; k < 120; k++) {
            w.step();
            restored.step();
            assertThat(restored.stateHash()).as("step %d after the restore", k).isEqualTo(w.stateHash());
        }
        assertThat(restored.contains(queued)).isTrue();
    }
}
