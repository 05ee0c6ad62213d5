package dev.rubble.cache.journal;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The first document of a journal: what is needed to rebuild the recorded world exactly.
 *
 * @param formatVersion layout version ({@link JournalFormat#VERSION} when written by this code)
 * @param engineVersion the engine that recorded it, free text
 * @param scenarioName  the scenario's name, free text
 * @param scenarioJson  the scenario file's text (rubble-scenario/1), so verify and replay can
 *                      rebuild the initial world; empty when the world was not built from one
 * @param stages        stage family -> implementation chosen for the recording (plugin choices)
 * @param dt            step, seconds, in (0, 1]
 * @param subSteps      sub-steps per step, 1..64
 * @param firstStep     index of the first recorded step (0 when recording started with the world)
 * @param createdMillis wall-clock time the recording started, ms since the epoch
 */
public record JournalHeader(int formatVersion, String engineVersion, String scenarioName, String scenarioJson,
                            Map<String, String> stages, double dt, int subSteps, long firstStep,
                            long createdMillis) {
    public JournalHeader {
        Objects.requireNonNull(engineVersion, "engineVersion is null");
        Objects.requireNonNull(scenarioName, "scenarioName is null");
        Objects.requireNonNull(scenarioJson, "scenarioJson is null");
        stages = Map.copyOf(new TreeMap<>(Objects.requireNonNull(stages, "stages is null")));
        if (!(dt > 0 && dt <= 1)) {
            throw new IllegalArgumentException("dt = " + dt + "; allowed: (0, 1] seconds");
        }
        if (subSteps < 1 || subSteps > 64) {
            throw new IllegalArgumentException("subSteps = " + subSteps + "; allowed: [1, 64]");
        }
        if (firstStep < 0) {
            throw new IllegalArgumentException("firstStep = " + firstStep + "; allowed: >= 0");
        }
    }

    /** Stages in a stable order, for printing. */
    public TreeMap<String, String> sortedStages() {
        return new TreeMap<>(stages);
    }
}
