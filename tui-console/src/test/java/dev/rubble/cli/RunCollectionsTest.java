package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rubble run} with geometry collections (issue 12). */
final class RunCollectionsTest extends CliHarness {

    private static final String SCENARIO = """
            {"format": "rubble-scenario/1",
             "bodies": [{"id": "ground", "shape": {"type": "box", "halfExtents": [20, 1, 20]}, "state": "static", "position": [0, -1, 0]},
                        {"id": "ball", "shape": {"type": "sphere", "radius": 0.3}, "mass": 300, "position": [0, 3, 0]}],
             "collections": [%s]}""";

    @Test
    void aScenarioWithACollectionRunsAndBreaks(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("s.json");
        Files.writeString(f, SCENARIO.formatted("""
                {"id": "slab", "recipe": {"box": [1, 0.25, 1], "levels": [{"options": {"count": 10}}], "seed": 2},
                 "position": [0, 0.25, 0], "destruction": {"damageOptions": {"thresholds": [50]},
                 "strainModifiers": [{"name": "toughness-noise", "options": {"seed": 5}}]}}"""));
        int code = run("run", f.toString(), "--steps", "60", "--headless", "--out", dir.resolve("o.json").toString());
        assertThat(code).as(err.toString()).isZero();
        String state = Files.readString(dir.resolve("o.json"));
        assertThat(state.split("\"handle\"", -1).length - 1).isGreaterThan(3); // ground, ball and pieces
    }

    @Test
    void badCollectionInputExitsWithTwoNamingThePath(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("s.json");
        Files.writeString(f, SCENARIO.formatted("{\"file\": \"nothing-here.rbc\"}"));
        assertThat(run("run", f.toString(), "--steps", "1", "--headless")).isEqualTo(2);
        assertThat(err.toString()).contains("$.collections[0].file").contains("does not exist");
        Files.writeString(f, SCENARIO.formatted(
                "{\"recipe\": {}, \"destruction\": {\"damageModel\": \"glass\"}}"));
        assertThat(run("run", f.toString(), "--steps", "1", "--headless")).isEqualTo(2);
        assertThat(err.toString()).contains("unknown damage-model 'glass'");
    }

    @Test
    void aJournalOfACollectionWithDestructionCommandsVerifiesIdentical(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("s.json");
        String scenario = SCENARIO.formatted("""
                {"id": "slab", "recipe": {"box": [1, 0.25, 1], "levels": [{"options": {"count": 10}}], "seed": 2},
                 "position": [0, 0.25, 0], "destruction": {"damageOptions": {"thresholds": [50]}}}""");
        scenario = scenario.substring(0, scenario.lastIndexOf('}')) + """
                , "commands": [{"type": "externalStrain", "step": 3, "collection": "slab", "node": 2, "strain": 100},
                               {"type": "anchor", "step": 4, "collection": "slab", "node": 5},
                               {"type": "internalStrain", "step": 5, "collection": "slab", "node": 6, "delta": -10},
                               {"type": "externalStrain", "step": 6, "point": [0.5, 0.25, 0], "radius": 0.2, "strain": 80},
                               {"type": "crumble", "step": 40, "collection": "slab"}]}""";
        Files.writeString(f, scenario);
        Path j = dir.resolve("j");
        assertThat(run("run", f.toString(), "--steps", "60", "--headless", "--journal", j.toString(), "--out",
                dir.resolve("o.json").toString())).as(err.toString()).isZero();
        assertThat(run("verify", j.toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("identical");
    }
}
