package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The public snapshot API: save a world to a file, restore it, and both step on identically. */
final class PhysicsWorldSnapshotTest {
    @TempDir
    Path dir;

    @Test
    void aRestoredWorldContinuesLikeTheSavedOneWithTheSameBodyIds() throws IOException {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withIterations(6, 2));
        w.addBody(BodySpec.fixed(new Box(10, 0.5, 10)).withPosition(new Vector3d(0, -0.5, 0)));
        List<BodyId> ids = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            ids.add(w.addBody(BodySpec.dynamic(i % 2 == 0 ? new Box(0.3, 0.3, 0.3) : new Sphere(0.3))
                    .withPosition(new Vector3d(0.1 * i, 0.4 + 0.7 * i, 0.05 * i))));
        }
        w.step(45);
        w.setVelocity(ids.get(11), new Vector3d(2, 0, 0), new Vector3d()); // a queued write is saved too
        Path file = dir.resolve("tower.rsnap");
        w.saveSnapshot(file);
        PhysicsWorld r = Rubble.restoreWorld(file);
        assertThat(r.stepIndex()).isEqualTo(45);
        assertThat(r.time()).isEqualTo(w.time());
        assertThat(r.bodyCount()).isEqualTo(13);
        w.step(120);
        r.step(120);
        assertThat(r.stateHash()).isEqualTo(w.stateHash());
        Vector3d a = new Vector3d(), b = new Vector3d();
        Quaterniond qa = new Quaterniond(), qb = new Quaterniond();
        for (BodyId id : ids) {
            assertThat(r.position(id, b)).isEqualTo(w.position(id, a));
            assertThat(r.orientation(id, qb)).isEqualTo(w.orientation(id, qa));
        }
    }

    @Test
    void aFileThatIsNotASnapshotIsNamed() throws IOException {
        Path file = dir.resolve("not.rsnap");
        Files.writeString(file, "{\"world\": {}}");
        assertThatThrownBy(() -> Rubble.restoreWorld(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(file + " is not a Rubble snapshot: it does not start with the magic 'RUBBLESN'");
    }
}
