package dev.rubble.cache.journal;

import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Path;

/** Child process for {@link KilledRecordingTest}: records a pile forever, printing each finished step. */
public final class RecorderMain {
    private RecorderMain() {
    }

    public static void main(String[] args) {
        String json = Scenarios.pile(200);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), Stages.load());
        JournalWriter jw = JournalWriter.create(Path.of(args[0]), sw.world(), "pile", json);
        sw.world().addObserver(jw);
        while (true) {
            sw.step();
            System.out.println("step " + sw.world().profile().step());
            System.out.flush();
        }
    }
}
