package dev.rubble.bake;

import java.io.Serializable;
import java.util.Objects;

/**
 * One variant of a sweep: the base scenario with the sweep's parameters set to one combination of
 * values. Plain strings, so it serializes the same way to a Spark executor as it stays in a thread.
 *
 * @param index        position in the sweep's variant list, 0.. (the manifest's row order)
 * @param id           stable id from the parameter values alone ({@link VariantIds}); names the
 *                     variant's directory
 * @param paramsJson   the parameter values as a JSON object, name to value, in the sweep's order
 * @param scenarioJson the full scenario text of this variant (rubble-scenario/1), written with exact
 *                     decimal numbers so every JVM reads the same doubles from it
 * @param scenarioSha  SHA-256 (hex) of {@code scenarioJson}: a resumed bake reuses a variant only when it matches
 * @param steps        steps to run, ≥ 0
 * @param baseDir      directory relative collection files of the scenario resolve against (may be null)
 */
public record Variant(int index, String id, String paramsJson, String scenarioJson, String scenarioSha, long steps,
                      String baseDir) implements Serializable {
    public Variant {
        Objects.requireNonNull(id, "id is null");
        Objects.requireNonNull(paramsJson, "paramsJson is null");
        Objects.requireNonNull(scenarioJson, "scenarioJson is null");
        Objects.requireNonNull(scenarioSha, "scenarioSha is null");
        if (index < 0 || steps < 0) {
            throw new IllegalArgumentException("variant index " + index + ", steps " + steps + "; allowed: >= 0");
        }
    }
}
