package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.verify.Verifier;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.snapshot.WorldSnapshot;
import dev.rubble.core.world.World;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An outsider's integration pass over cluster unions (issue 29) with resolve impacts (issue 22) and the
 * stress model (issue 30): examples/union-bridge.json with a support graph on both walls, recorded at
 * 1, 2 and 3 threads, gives the same hash every step, verifies at each count and plays back to the end;
 * snapshots taken around the impact step resume bit for bit.
 */
final class UnionIntegrationJournalTest {
    private static final Stages STAGES = Stages.load();
    private static final int STEPS = 60;

    private static String scene() throws Exception {
        String json = Files.readString(Path.of("..", "examples", "union-bridge.json"));
        String withStress = json.replace("\"impactMode\": \"resolve\" }",
                "\"impactMode\": \"resolve\" }, \"stress\": { \"model\": \"support-graph\" }");
        assertThat(withStress).isNotEqualTo(json);
        return withStress;
    }

    @Test
    void aUnionRunWithResolveAndStressIsTheSameOnEveryThreadCountAndVerifies(@TempDir Path dir) throws Exception {
        String json = scene();
        long[][] hashes = new long[4][STEPS];
        for (int t = 1; t <= 3; t++) {
            Path jd = dir.resolve("t" + t);
            ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES, Map.of(), t);
            try (JournalWriter jw = JournalWriter.create(jd, sw, "union", json)) {
                sw.world().addObserver(jw);
                for (int i = 0; i < STEPS; i++) {
                    sw.step();
                    hashes[t][i] = sw.world().profile().stateHash();
                }
            }
            assertThat(sw.world().destruction().events().count() >= 0).isTrue();
            for (int v = 1; v <= 3; v++) {
                var result = Verifier.verify(jd, STAGES, v);
                assertThat(result.ok()).as("recorded at %d threads, verified at %d: %s", t, v, result.divergence()).isTrue();
                assertThat(result.stepsChecked()).isEqualTo(STEPS);
            }
            int played = 0;
            try (dev.rubble.cache.playback.Playback pb = dev.rubble.cache.playback.Playback.open(jd, STAGES)) {
                while (!pb.finished()) {
                    pb.step();
                    played++;
                }
            }
            assertThat(played).isBetween(STEPS, STEPS + 1);
        }
        assertThat(hashes[2]).as("2 threads").containsExactly(hashes[1]);
        assertThat(hashes[3]).as("3 threads").containsExactly(hashes[1]);
    }

    @Test
    void snapshotsAroundTheUnionImpactResumeBitForBit() throws Exception {
        String json = scene();
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        World w = sw.world();
        long[] hashes = new long[STEPS];
        byte[][] saved = new byte[STEPS][];
        int impact = -1;
        for (int i = 0; i < STEPS; i++) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            WorldSnapshot.save(w, out, "test");
            saved[i] = out.toByteArray();
            sw.step();
            hashes[i] = w.profile().stateHash();
            if (impact < 0 && w.destruction().events().count() > 0) {
                impact = i;
            }
        }
        assertThat(impact).as("the ball breaks wall A").isPositive();
        for (int k : new int[] {impact - 1, impact, impact + 1}) {
            World r = WorldSnapshot.read(new ByteArrayInputStream(saved[k]), "snapshot").restore(STAGES);
            ScenarioWorld rs = ScenarioWorld.resume(ScenarioLoader.parse(json), r);
            for (int i = k; i < STEPS; i++) {
                rs.step();
                assertThat(r.profile().stateHash()).as("restored before step %d, step %d", k, i).isEqualTo(hashes[i]);
            }
        }
    }
}
