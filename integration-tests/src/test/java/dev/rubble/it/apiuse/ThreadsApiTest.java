package dev.rubble.it.apiuse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.api.BodySpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.api.WorldDestruction;
import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.verify.Verifier;
import dev.rubble.cache.verify.VerifyResult;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stepping on two threads from the public API alone. docs/parallel.md promised "the same bits on every
 * thread count", but {@code WorldConfig} had no thread count: an embedder could only reach it through the
 * internal {@code WorldSettings.withThreads} and {@code PhysicsWorld.wrap}. Oracle: the same scene on one
 * thread, step for step.
 */
final class ThreadsApiTest {

    /** 80 boxes in 16 columns of five (more than 64 contacts per level, so the solver colours and splits them), a wall and a ball. */
    private static PhysicsWorld scene(WorldConfig config) {
        PhysicsWorld w = Rubble.newWorld(config);
        w.addBody(BodySpec.fixed(new Box(30, 0.5, 30)).withPosition(new Vector3d(0, -0.5, 0)));
        for (int i = 0; i < 16; i++) {
            for (int k = 0; k < 5; k++) {
                w.addBody(BodySpec.dynamic(new Box(0.25, 0.25, 0.25))
                        .withPosition(new Vector3d(-8 + (i % 4) * 1.1, 0.25 + 0.5 * k, -8 + (i / 4) * 1.1)));
            }
        }
        var asset = WorldDestruction.fracture("{\"box\": [1.5, 1, 0.1], \"seed\": 7,"
                + " \"levels\": [{\"method\": \"voronoi\", \"options\": {\"count\": 20}}]}");
        w.destruction().place("wall", asset, new Vector3d(4, 1, 0), new Quaterniond(), new double[] {50}, null);
        w.addBody(BodySpec.dynamic(new Sphere(0.3)).withMass(60).withPosition(new Vector3d(4, 1.2, -3))
                .withLinearVelocity(new Vector3d(0, 0, 15)));
        return w;
    }

    @Test
    void aWorldConfiguredForTwoThreadsStepsOnThemWithTheBitsOfOne() throws Exception {
        assertThat(WorldConfig.defaults().threads()).isEqualTo(1);
        PhysicsWorld one = scene(WorldConfig.defaults());
        PhysicsWorld two = scene(WorldConfig.defaults().withThreads(2));
        for (int step = 0; step < 60; step++) {
            one.step();
            two.step();
            assertThat(two.stateHash()).as("state after step %d", step).isEqualTo(one.stateHash());
        }
        assertThat(one.lastProfile().threads()).isEqualTo(1);
        assertThat(two.lastProfile().threads()).isEqualTo(2);
        assertThat(two.bodyCount()).as("the wall broke: more than ground, 80 boxes, wall and ball").isGreaterThan(83)
                .isEqualTo(one.bodyCount());

        ByteArrayOutputStream saved = new ByteArrayOutputStream();
        two.saveSnapshot(saved);
        PhysicsWorld onOne = Rubble.defaultPlugins().restoreWorld(new ByteArrayInputStream(saved.toByteArray()), 1);
        PhysicsWorld asSaved = Rubble.defaultPlugins().restoreWorld(new ByteArrayInputStream(saved.toByteArray()));
        for (int step = 0; step < 20; step++) {
            two.step();
            onOne.step();
            asSaved.step();
            assertThat(onOne.stateHash()).isEqualTo(two.stateHash());
            assertThat(asSaved.stateHash()).isEqualTo(two.stateHash());
        }
        assertThat(onOne.lastProfile().threads()).isEqualTo(1);
        assertThat(asSaved.lastProfile().threads()).as("restored on the count it was saved with").isEqualTo(2);
    }

    @Test
    void aJournalOfATwoThreadWorldVerifiesOnOne(@TempDir Path dir) {
        PhysicsWorld two = scene(WorldConfig.defaults().withThreads(2));
        try (JournalWriter journal = JournalWriter.attach(dir.resolve("j"), two, "two threads")) {
            two.step(40);
        }
        try (JournalReader reader = JournalReader.open(dir.resolve("j"))) {
            assertThat(reader.recordedThreads()).isEqualTo(2);
        }
        VerifyResult v = Verifier.verify(dir.resolve("j"), Stages.load(), 1);
        assertThat(v.ok()).as("%s", v.divergence()).isTrue();
        assertThat(v.stepsChecked()).isEqualTo(40);
    }

    @Test
    void aThreadCountOutOfRangeIsRefusedNamingIt() {
        assertThatThrownBy(() -> WorldConfig.defaults().withThreads(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("threads = 0; allowed: [1, 256]");
        assertThatThrownBy(() -> WorldConfig.defaults().withThreads(257)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("threads = 257; allowed: [1, 256]");
        assertThatThrownBy(() -> Rubble.defaultPlugins().restoreWorld(new ByteArrayInputStream(new byte[0]), -1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("threads = -1; allowed: [1, 256]");
    }
}
