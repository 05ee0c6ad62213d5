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
 * Issue 14: once destruction debris has settled, a step's journal size is proportional to what
 * moved, not to the number of pieces. A Voronoi slab lying on the floor is crumbled at step 1;
 * its pieces settle and fall asleep (time to sleep 0.2 s). A settled step of a 6-piece and of a
 * 40-piece slab costs the same bytes; a ball falling far away adds exactly one moved-body entry,
 * which since format version 5 (issue 27, docs/journal-format.md "Moved bodies") holds only what
 * its previous record did not predict: nothing in free flight (one sub-step, no damping: the
 * integrator's {@code v += g dt; p += v dt} is the prediction), so the entry is slot (1 byte),
 * generation (1), flags (1) and the 7 bytes of field codes.
 */
final class SettledDebrisJournalSizeTest {
    private static final int ENTRY = 1 + 1 + 1 + 7;
    private static final int STEPS = 60, SETTLED_FROM = 45;

    /** Bytes of each step document of steps 45..59, checked to be all the same. */
    private static int bytesPerSettledStep(Path dir, int pieces, boolean ball) {
        String json = String.format(Locale.ROOT, "{\"format\":\"rubble-scenario/1\",\"name\":\"debris\","
                + "\"world\":{\"sleep\":{\"timeToSleep\":0.2}},\"bodies\":["
                + "{\"id\":\"floor\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[50,0.5,50]},"
                + "\"position\":[0,-0.5,0]}%s],"
                + "\"collections\":[{\"id\":\"slab\",\"recipe\":{\"box\":[1.5,0.1,1.5],\"levels\":[{\"method\":\"voronoi\","
                + "\"options\":{\"count\":%d}}],\"seed\":5},\"position\":[0,0.1,0]}],"
                + "\"commands\":[{\"step\":1,\"type\":\"crumble\",\"collection\":\"slab\"}]}",
                ball ? ",{\"id\":\"ball\",\"shape\":{\"type\":\"sphere\",\"radius\":0.5},\"position\":[40,500,40]}" : "",
                pieces);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), Stages.load());
        try (JournalWriter jw = JournalWriter.create(dir, sw, "debris", json)) {
            sw.world().addObserver(jw);
            sw.run(STEPS);
        }
        int size = -1, breaks = 0;
        try (JournalReader r = JournalReader.open(dir)) {
            StepRecord rec = new StepRecord();
            while (r.next(rec)) {
                breaks += rec.eventCount;
                if (rec.step >= SETTLED_FROM) {
                    assertThat(rec.sleeping).as("pieces asleep at step %d", rec.step).isEqualTo(pieces);
                    assertThat(rec.movedCount).isEqualTo(ball ? 1 : 0);
                    if (size < 0) {
                        size = rec.bytes;
                    }
                    assertThat(rec.bytes).as("step %d", rec.step).isEqualTo(size);
                }
            }
        }
        assertThat(breaks).as("crumble events").isGreaterThanOrEqualTo(pieces);
        return size;
    }

    @Test
    void aSettledStepOfDebrisCostsTheSameWhateverTheNumberOfPieces(@TempDir Path dir) {
        int few = bytesPerSettledStep(dir.resolve("a"), 6, false);
        int many = bytesPerSettledStep(dir.resolve("b"), 40, false);
        assertThat(many).isEqualTo(few);
        int fewBall = bytesPerSettledStep(dir.resolve("c"), 6, true);
        int manyBall = bytesPerSettledStep(dir.resolve("d"), 40, true);
        assertThat(manyBall).isEqualTo(fewBall).isEqualTo(few + ENTRY);
    }
}
