package dev.rubble.cache.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.cache.journal.JournalCopy;
import dev.rubble.cache.journal.JournalFormat;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.playback.JournalSeek;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.snapshot.WorldSnapshot;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Journals written before 2026-12-06 by {@code JournalWriter.attach} to a world with commands queued: their start
 * keyframe held the queued commands, which the first step's document lists too (AttachedQueuedCommandsTest is the
 * writer's fix). Such a journal is made here as that writer made it: this writer's journal with its start keyframe
 * replaced by the world saved with its queue ({@code WorldSnapshot.save}, what the old writer called). Verify, seek
 * and replay must re-simulate the recorded run, whose states the live world gives.
 */
final class LegacyAttachedJournalTest {

    /** A keyframe document (tag, step, length, snapshot, END) around {@code snapshot}, for the step of {@code doc}. */
    private static byte[] keyframe(byte[] doc, byte[] snapshot) {
        ByteBuffer in = ByteBuffer.wrap(doc).order(ByteOrder.LITTLE_ENDIAN);
        return ByteBuffer.allocate(4 + 8 + 4 + snapshot.length + 4).order(ByteOrder.LITTLE_ENDIAN)
                .putInt(JournalFormat.KIND_KEYFRAME).putLong(in.getLong(4)).putInt(snapshot.length).put(snapshot)
                .putInt(JournalFormat.END).array();
    }

    @Test
    void aStartKeyframeHoldingTheQueuedCommandsReplaysTheRecordedRun(@TempDir Path dir) throws IOException {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(5, 0.5, 5)).withPosition(new Vector3d(0, -0.5, 0)).withLabel("ground"));
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 3, 0)).withLabel("ball"));
        w.step(5);
        w.applyImpulse(ball, new Vector3d(0, 0, 100));
        ByteArrayOutputStream old = new ByteArrayOutputStream();
        WorldSnapshot.save(w.kernel(), old, "journal start"); // the start keyframe as attach wrote it before
        assertThat(WorldSnapshot.read(new ByteArrayInputStream(old.toByteArray()), "old").queuedCommandCount())
                .as("the legacy keyframe holds the impulse").isEqualTo(1);
        Path j = dir.resolve("j");
        Map<Long, Long> hashes = new HashMap<>();
        w.addStepListener((step, time, profile) -> hashes.put(step, profile.stateHash()));
        try (JournalWriter journal = JournalWriter.attach(j, w, "queued")) {
            w.step(30);
        }
        Path legacy = dir.resolve("legacy");
        int[] replaced = {0};
        JournalCopy.replace(j, legacy, (i, doc) -> {
            if (ByteBuffer.wrap(doc).order(ByteOrder.LITTLE_ENDIAN).getInt(0) != JournalFormat.KIND_KEYFRAME) {
                return null;
            }
            replaced[0]++;
            return keyframe(doc, old.toByteArray());
        });
        assertThat(replaced[0]).isEqualTo(1);
        // before: "diverged at step 5: body 1:0 'ball' field position.z recorded 0.0032, re-simulated 0.0064"
        VerifyResult r = Verifier.verify(legacy, Stages.load());
        assertThat(r.divergence()).as(r.ok() ? "" : r.divergence().describe()).isNull();
        assertThat(r.stepsChecked()).isEqualTo(30);
        try (JournalSeek seek = JournalSeek.open(legacy, Stages.load())) {
            for (long step : new long[] {5, 20, 34}) {
                assertThat(seek.seekAfter(step).stateHash()).as("after step %d", step).isEqualTo(hashes.get(step));
            }
        }
    }
}
