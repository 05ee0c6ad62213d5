package dev.rubble.cache.journal;

import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Path;

/**
 * Child process for {@link KilledRecordingTest}: records falling slabs that break, forever, printing
 * each finished step with its number of destruction events ("step N events K").
 */
public final class BreakingRecorderMain {
    private BreakingRecorderMain() {
    }

    public static void main(String[] args) {
        String json = DestructionScenes.slabs(6);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), Stages.load());
        JournalWriter jw = JournalWriter.create(Path.of(args[0]), sw, "slabs", json);
        sw.world().addObserver(jw);
        while (true) {
            sw.step();
            System.out.println("step " + sw.world().profile().step() + " events " + sw.world().destruction().events().count());
            System.out.flush();
        }
    }
}
