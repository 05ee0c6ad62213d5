package dev.rubble.cache.journal;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Path;
import java.time.Duration;

/** The journals the damage tests cut and garble: a recorded 20-box pile, and a reader that reads it all. */
final class PileJournals {
    private static final Stages STAGES = Stages.load();

    private PileJournals() {
    }

    /** Records {@code steps} steps of a 20-box pile into {@code dir}. */
    static void record(Path dir, int steps) {
        String json = Scenarios.pile(20);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        try (JournalWriter jw = JournalWriter.create(dir, sw.world(), "pile", json)) {
            sw.world().addObserver(jw);
            sw.run(steps);
        }
    }

    /** Reads every step (30 s at most: a stall fails); returns how many, or throws. */
    static long readAll(Path dir) {
        return assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            try (JournalReader r = JournalReader.open(dir)) {
                StepRecord rec = new StepRecord();
                long n = 0;
                while (r.next(rec)) {
                    n++;
                }
                return n;
            }
        });
    }
}
