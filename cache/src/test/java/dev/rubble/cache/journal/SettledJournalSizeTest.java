package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14: once a scene has settled, a step's journal size is proportional to what moved, not to
 * the body count: N sleeping boxes cost nothing per step; one falling ball costs one moved-body
 * entry. Since format version 5 (issue 27) that entry records what the ball's last record did not
 * predict (docs/journal-format.md, "Moved bodies"): in free flight at one sub-step without damping
 * the integrator does exactly {@code v += g dt; p += v dt}, which is the prediction, and its
 * orientation does not turn, so all 13 fields cost 0 bytes and the entry is its slot varint (1 byte
 * below 128, 2 below 16 384), generation varint (1), flags (1) and 7 bytes of field codes.
 */
final class SettledJournalSizeTest {
    /** The ball's entry in free flight: slot varint + generation (1) + flags (1) + 7 code bytes. */
    private static int entry(int slot) {
        return (slot < 128 ? 1 : 2) + 1 + 1 + 7;
    }

    /** Bytes of the documents of steps 40..59, each; they must all be the same. */
    private static int bytesPerSettledStep(Path dir, int sleepers, boolean ball) {
        StringBuilder sb = new StringBuilder("{\"format\":\"rubble-scenario/1\",\"name\":\"settled\",\"bodies\":[");
        sb.append("{\"id\":\"floor\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[100,0.5,100]},"
                + "\"position\":[0,-0.5,0]}");
        for (int i = 0; i < sleepers; i++) {
            sb.append(String.format(Locale.ROOT, ",{\"id\":\"s%d\",\"state\":\"sleeping\",\"shape\":{\"type\":\"box\","
                    + "\"halfExtents\":[0.25,0.25,0.25]},\"position\":[%d,0.25,%d]}", i, -50 + i % 50 * 2, -50 + i / 50 * 2));
        }
        if (ball) {
            sb.append(",{\"id\":\"ball\",\"shape\":{\"type\":\"sphere\",\"radius\":0.5},\"position\":[80,500,80]}");
        }
        sb.append("]}");
        String json = sb.toString();
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), Stages.load());
        try (JournalWriter jw = JournalWriter.create(dir, sw, "settled", json)) {
            sw.world().addObserver(jw);
            sw.run(60);
        }
        int size = -1;
        try (JournalReader r = JournalReader.open(dir)) {
            StepRecord rec = new StepRecord();
            while (r.next(rec)) {
                if (rec.step >= 40) {
                    assertThat(rec.sleeping).isEqualTo(sleepers);
                    assertThat(rec.movedCount).isEqualTo(ball ? 1 : 0);
                    if (size < 0) {
                        size = rec.bytes;
                    }
                    assertThat(rec.bytes).as("step %d", rec.step).isEqualTo(size);
                }
            }
        }
        return size;
    }

    @Test
    void aSettledStepCostsTheSameWhateverTheNumberOfSleepingBodies(@TempDir Path dir) {
        int few = bytesPerSettledStep(dir.resolve("a"), 50, false);
        int many = bytesPerSettledStep(dir.resolve("b"), 2000, false);
        assertThat(many).isEqualTo(few);
        int fewBall = bytesPerSettledStep(dir.resolve("c"), 50, true);
        int manyBall = bytesPerSettledStep(dir.resolve("d"), 2000, true);
        // the ball is the body after the floor and the sleepers
        assertThat(fewBall).isEqualTo(few + entry(51));
        assertThat(manyBall).isEqualTo(many + entry(2001));
    }
}
