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
 * The overlay's "breaks" counter is the number of holders broken so far on scenario and journal frames
 * alike (docs/rendering.md): a journal's playback counted every broken child instead (the demo at step
 * 120: 425 from its journal, 195 from its scenario), and a scenario's frames did not count holders
 * split by a stress model. Per step, the playback's count must equal the live step profile's.
 */
final class BreaksCounterTest {
    private static final Stages STAGES = Stages.load();

    @ParameterizedTest
    @ValueSource(strings = {"examples/wall.json", "examples/stress/tower-storeys.json", "examples/fields-explosion.json"})
    void aJournalsPlaybackCountsTheBreaksTheLiveRunCounted(String scenario, @TempDir Path dir) throws Exception {
        String json = Files.readString(Path.of("..").resolve(scenario));
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        int steps = 90;
        long[] live = new long[steps + 1];
        try (JournalWriter jw = JournalWriter.create(dir, sw, "b", json)) {
            sw.world().addObserver(jw);
            for (int i = 1; i <= steps; i++) {
                sw.step();
                live[i] = live[i - 1] + sw.world().profile().breaks();
            }
        }
        assertThat(live[steps]).as("holders broke in %s", scenario).isPositive();
        try (Playback pb = Playback.open(dir, STAGES)) {
            for (int i = 1; i <= steps; i++) {
                pb.step();
                assertThat(pb.breaksEntered()).as("%s after step %d", scenario, i).isEqualTo(live[i]);
            }
        }
    }
}
