package dev.rubble.cache.playback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The overlay's "breaks" counter is the number of pieces broken off so far (BREAK events, as the demo's
 * summary, the console and the viewer count them) on scenario and journal frames alike
 * (docs/rendering.md): scenario frames counted holders broken instead (the demo at step 120: 195 on its
 * scenario's sheet, 425 on its journal's, and 440 in the summary `rubble demo` prints at step 300).
 * Per step, the playback's count must equal the live run's BREAK events.
 */
final class BreaksCounterTest {
    private static final Stages STAGES = Stages.load();

    @ParameterizedTest
    @ValueSource(strings = {"examples/wall.json", "examples/fields-explosion.json", "examples/union-bridge.json"})
    void aJournalsPlaybackCountsTheBreaksTheLiveRunCounted(String scenario, @TempDir Path dir) throws Exception {
        String json = Files.readString(Path.of("..").resolve(scenario));
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        int steps = 90;
        long[] live = new long[steps + 1];
        try (JournalWriter jw = JournalWriter.create(dir, sw, "b", json)) {
            sw.world().addObserver(jw);
            for (int i = 1; i <= steps; i++) {
                sw.step();
                dev.rubble.core.destruction.BreakEvents ev = sw.world().destruction().events();
                long n = 0;
                for (int e = 0; e < ev.count(); e++) {
                    n += ev.kind[e] == dev.rubble.core.destruction.BreakEvents.BREAK ? 1 : 0;
                }
                live[i] = live[i - 1] + n;
            }
        }
        assertThat(live[steps]).as("pieces broke off in %s", scenario).isPositive();
        try (Playback pb = Playback.open(dir, STAGES)) {
            for (int i = 1; i <= steps; i++) {
                pb.step();
                assertThat(pb.breaksEntered()).as("%s after step %d", scenario, i).isEqualTo(live[i]);
            }
        }
    }
}
