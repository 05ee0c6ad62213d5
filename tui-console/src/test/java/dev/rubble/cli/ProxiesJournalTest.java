package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27: a scenario whose collection has collision proxies records a journal that verifies bit
 * for bit (the proxies travel in the scenario text), and a snapshot taken mid-run resumes to the
 * same final state as the uninterrupted run.
 */
final class ProxiesJournalTest extends CliHarness {

    private static final String SCENARIO = """
            {"format": "rubble-scenario/1", "steps": 60,
             "bodies": [{"id": "ground", "shape": {"type": "box", "halfExtents": [10, 0.5, 10]}, "position": [0, -0.5, 0], "state": "static"}],
             "collections": [{"id": "wall", "recipe": {"box": [1, 0.75, 0.15], "levels": [{"method": "voronoi", "options": {"count": 24}}], "seed": 7},
                              "position": [0, 0.75, 0], "destruction": {"damageOptions": {"thresholds": [1]}},
                              "debris": {"oneWayInteractionLevel": 1},
                              "collisionProxies": {"buckets": [{"maxSize": 0.7, "shape": "capsule"}, {"maxSize": 0.9, "shape": "box"}],
                                                   "debrisAsSphere": false}}],
             "commands": [{"step": 2, "type": "externalStrain", "point": [0, 0.75, 0], "radius": 3, "strain": 100}]}""";

    @Test
    void aProxiedScenarioRecordsVerifiesAndResumes(@TempDir Path dir) throws Exception {
        Path s = dir.resolve("p.json");
        Files.writeString(s, SCENARIO);
        Path j = dir.resolve("j");
        assertThat(run("run", s.toString(), "--headless", "--journal", j.toString(), "--snapshot-at", "30", "--snapshot",
                dir.resolve("snap").toString(), "--out", dir.resolve("a.json").toString())).as(err.toString()).isZero();
        assertThat(run("verify", j.toString())).as(err.toString() + out).isZero();
        assertThat(out.toString()).contains("identical");
        assertThat(run("run", s.toString(), "--headless", "--restore", dir.resolve("snap").toString(), "--out",
                dir.resolve("b.json").toString())).as(err.toString()).isZero();
        assertThat(Files.readString(dir.resolve("b.json"))).isEqualTo(Files.readString(dir.resolve("a.json")));
    }
}
