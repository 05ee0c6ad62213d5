package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.BodyId;
import dev.rubble.api.PhysicsWorld;
import java.nio.file.Files;
import java.nio.file.Path;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scene looks31 found (docs/dynamics.md, "Physical limits", "A heavy block rocking on a light piece", mechanism 2):
 * a 2 000 kg block dropped onto the middle of a sliced 4 m beam anchored at both ends breaks out its middle segments
 * and comes to rest on a 109 kg one lying flat on the ground (1:18.3). At one sub-step the pair wobbled on their soft
 * contacts for as long as it ran (29 J in the 2nd second, 15 J in the 20th, never asleep): 7 iterations did not pass
 * the block's weight through the light segment. The bound is the 3 s the finding gave for the same masses set down
 * flat (they sleep within 0.57-0.92 s); and the extra pass keeps the result the same bits at one and two threads.
 */
final class BeamBlockRestTest {
    private static final String SCENE = """
            {
              "format": "rubble-scenario/1",
              "name": "a sliced beam anchored at both ends; a 2 000 kg block dropped 0.25 m onto its middle",
              "steps": 180,
              "world": { "threads": %d },
              "bodies": [
                { "id": "ground", "state": "static", "shape": { "type": "box", "halfExtents": [20, 0.5, 20] },
                  "position": [0, -0.5, 0] },
                { "id": "block", "shape": { "type": "box", "halfExtents": [0.3, 0.2, 0.3] }, "mass": 2000,
                  "position": [0.05, 1.6, 0.02] }
              ],
              "collections": [
                { "id": "beam",
                  "recipe": { "box": [2, 0.15, 0.2],
                              "levels": [{ "method": "slice", "options": { "x": 10, "y": 0, "z": 0, "angleJitter": 8 } }],
                              "seed": 6 },
                  "destruction": { "damageOptions": { "thresholds": [300] } },
                  "position": [0, 1.0, 0],
                  "anchors": { "boxes": [{ "min": [-2.1, -0.3, -0.3], "max": [-1.65, 0.3, 0.3] },
                                         { "min": [1.65, -0.3, -0.3], "max": [2.1, 0.3, 0.3] }] } }
              ]
            }
            """;

    private static PhysicsWorld load(Path dir, int threads) throws Exception {
        Path file = dir.resolve("beam-" + threads + ".json");
        Files.writeString(file, SCENE.formatted(threads));
        return Scenarios.load(file);
    }

    @Test
    void theBlockComesToRestOnTheBrokenOutSegmentAndSleeps(@TempDir Path dir) throws Exception {
        PhysicsWorld w = load(dir, 1);
        BodyId block = w.find("block");
        int asleep = -1;
        for (int i = 1; i <= 180 && asleep < 0; i++) {
            w.step();
            if (w.isAsleep(block)) {
                asleep = i;
            }
        }
        assertThat(asleep).as("step at which the block sleeps (bound: 180, 3 s)").isPositive();
        // on a segment lying on the ground: the block's bottom 0.3 m up (the segment's thickness)
        assertThat(w.position(block, new Vector3d()).y).isBetween(0.49, 0.51);
    }

    @Test
    void oneAndTwoThreadsGiveTheSameBits(@TempDir Path dir) throws Exception {
        PhysicsWorld one = load(dir, 1), two = load(dir, 2);
        for (int i = 0; i < 150; i++) {
            one.step();
            two.step();
            assertThat(two.stateHash()).as("state hash after step %d", i + 1).isEqualTo(one.stateHash());
        }
    }
}
