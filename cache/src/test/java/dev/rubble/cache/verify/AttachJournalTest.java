package dev.rubble.cache.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.BodySpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.nio.file.Path;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28, item 4: journalling from a library is one call. {@link JournalWriter#attach} hooks the
 * writer into the world; every step until {@code close()} is recorded, the steps after it are not
 * (closing unhooks it, so stepping on is safe), and the journal verifies bit for bit.
 */
final class AttachJournalTest {
    @Test
    void oneCallRecordsEveryStepUntilCloseAndTheJournalVerifies(@TempDir Path dir) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(5, 0.5, 5)).withPosition(new Vector3d(0, -0.5, 0)).withLabel("ground"));
        w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 3, 0)).withLabel("ball"));
        Path j = dir.resolve("j");
        try (JournalWriter journal = JournalWriter.attach(j, w, "attached")) {
            w.step(90);
            assertThat(journal.steps()).isEqualTo(90);
        }
        w.step(10); // after close: not recorded, and no write to the closed queue
        try (JournalReader r = JournalReader.open(j)) {
            assertThat(r.header().scenarioName()).isEqualTo("attached");
        }
        VerifyResult r = Verifier.verify(j, Stages.load());
        assertThat(r.divergence()).as(r.ok() ? "" : r.divergence().describe()).isNull();
        assertThat(r.stepsChecked()).isEqualTo(90);
    }

    @Test
    void aListenerThatThrowsBeforeTheJournalLosesNoStepFromIt(@TempDir Path dir) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(5, 0.5, 5)).withPosition(new Vector3d(0, -0.5, 0)).withLabel("ground"));
        w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 3, 0)).withLabel("ball"));
        // registered before the journal: its exception cut the step's notifications short, so the
        // journal never heard the step (verify then found the journal a step behind the world)
        w.addStepListener((step, time, profile) -> {
            throw new IllegalStateException("game bug");
        });
        Path j = dir.resolve("j");
        try (JournalWriter journal = JournalWriter.attach(j, w, "attached")) {
            for (int k = 0; k < 60; k++) {
                org.assertj.core.api.Assertions.assertThatThrownBy(w::step).hasMessage("game bug");
            }
            assertThat(journal.steps()).isEqualTo(60);
        }
        VerifyResult r = Verifier.verify(j, Stages.load());
        assertThat(r.divergence()).as(r.ok() ? "" : r.divergence().describe()).isNull();
        assertThat(r.stepsChecked()).isEqualTo(60);
    }
}
