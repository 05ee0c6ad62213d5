package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rubble run} of a scenario whose soft body's cage points lie beyond ±1e9 m once placed (a 1 m box cage at
 * x = 1e9 − 0.2: its +x corners at 1e9 + 0.3 m) exits 2 naming the field, the point and the range, as a body or a
 * collection placed there does; before, it ran. At 1e9 − 0.5 (corners exactly at 1e9 m) it runs.
 */
final class SoftCageRangeCliTest extends TwoBoxesCliTestBase {
    private static String scene(String x) {
        return "{\"format\": \"rubble-scenario/1\", \"softBodies\": [{\"id\": \"jelly\", \"source\": \"box:half=0.5,0.5,0.5\","
                + " \"position\": [" + x + ", 0, 0]}]}";
    }

    @Test
    void aCageBeyondTheRangeIsBadInput(@TempDir Path dir) throws Exception {
        Path far = dir.resolve("far.json"), edge = dir.resolve("edge.json");
        Files.writeString(far, scene("999999999.8"));
        Files.writeString(edge, scene("999999999.5"));
        assertThat(run("run", far.toString(), "--headless", "--steps", "1", "--out", dir.resolve("o.json").toString()))
                .isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: $.softBodies[0].source: cage point ")
                .contains("lies beyond ±1.0E9 m in the world at position [9.999999998E8, 0.0, 0.0]; allowed: every cage"
                        + " point within ±1.0E9 m on each axis once placed");
        assertThat(dir.resolve("o.json")).doesNotExist();
        assertThat(run("run", edge.toString(), "--headless", "--steps", "1", "--out", dir.resolve("o.json").toString()))
                .as(err.toString()).isZero();
    }
}
