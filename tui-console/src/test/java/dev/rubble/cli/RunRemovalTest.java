package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rubble run} with debris and removal (issue 13): pieces are removed, and the journal verifies. */
final class RunRemovalTest extends CliHarness {

    private static final String SCENARIO = """
            {"format": "rubble-scenario/1",
             "bodies": [{"id": "ground", "shape": {"type": "box", "halfExtents": [20, 1, 20]}, "state": "static", "position": [0, -1, 0]},
                        {"id": "ball", "shape": {"type": "sphere", "radius": 0.3}, "mass": 300, "position": [3, 1, 0]}],
             "collections": [{"id": "slab", "recipe": {"box": [1, 0.25, 1], "levels": [{"options": {"count": 10}}], "seed": 2},
                 "position": [0, 0.25, 0],
                 "debris": {"oneWayInteractionLevel": 1, "removeOnBreak": {"delay": [0.2, 0.5], "removal": [0.2, 0.4]},
                            "crumbleSize": 0.5, "seed": 3}}],
             "commands": [{"type": "crumble", "step": 2, "collection": "slab"},
                          {"type": "removalTimerMultiplier", "step": 10, "multiplier": 2},
                          {"type": "removeOnSleep", "step": 11, "collection": "slab", "time": [0.1, 0.2], "removal": [0, 0]},
                          {"type": "crumbleSize", "step": 12, "collection": "slab", "size": 0.1},
                          {"type": "debrisLevel", "step": 13, "collection": "slab", "level": 2},
                          {"type": "removeOnBreak", "step": 14, "collection": "slab", "delay": [0.1, 0.3], "removal": [0.2, 0.4]}]}""";

    @Test
    void releasedPiecesAreRemovedAndTheJournalVerifiesIdentical(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("s.json");
        Files.writeString(f, SCENARIO);
        Path j = dir.resolve("j");
        assertThat(run("run", f.toString(), "--steps", "90", "--headless", "--journal", j.toString(), "--out",
                dir.resolve("o.json").toString())).as(err.toString()).isZero();
        String state = Files.readString(dir.resolve("o.json"));
        // every piece was released at step 2 and removed within 0.9 s of timer (1.5 s of steps): ground and ball remain
        assertThat(state.split("\"handle\"", -1).length - 1).isEqualTo(2);
        assertThat(run("verify", j.toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("identical");
    }

    @Test
    void badDebrisInputExitsWithTwoNamingThePath(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("s.json");
        Files.writeString(f, SCENARIO.replace("\"delay\": [0.2, 0.5]", "\"delay\": [0.5, 0.2]"));
        assertThat(run("run", f.toString(), "--steps", "1", "--headless")).isEqualTo(2);
        assertThat(err.toString()).contains("$.collections[0].debris.removeOnBreak.delay");
        Files.writeString(f, SCENARIO.replace("\"oneWayInteractionLevel\": 1", "\"oneWayInteractionLevel\": 0"));
        assertThat(run("run", f.toString(), "--steps", "1", "--headless")).isEqualTo(2);
        assertThat(err.toString()).contains("$.collections[0].debris.oneWayInteractionLevel");
    }
}
