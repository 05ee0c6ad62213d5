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
        // "behind" (issue 27): the command line's write-behind journal
        JournalWriter jw = args.length > 1 && args[1].equals("behind")
                ? JournalWriter.createWriteBehind(Path.of(args[0]), sw, "pile", json)
                : JournalWriter.create(Path.of(args[0]), sw.world(), "pile", json);
        sw.world().addObserver(jw);
        boolean caughtUp = false;
        while (true) {
            sw.step();
            if (!caughtUp && jw.writerCaughtUp()) { // write-behind: the queue is open and the opening backlog written
                caughtUp = true;
                System.out.println("caught up");
            }
            System.out.println("step " + sw.world().profile().step());
            System.out.flush();
        }
    }
}
