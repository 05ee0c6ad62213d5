package dev.rubble.cache.verify;

import dev.rubble.geometry.hull.QuickHull;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.spi.shape.ConvexHull;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17, item 4: a hull spawned by a scenario command verifies. Rebuilding a hull from its own
 * vertices (how version 1 journalled it) reorders this one's vertices and changes its principal
 * inertia in the last bits, so the re-simulation diverged at step 27; the hull is now journalled
 * with its full structure.
 */
final class SpawnedHullVerifyTest {
    static final String SCENE = "{\"format\":\"rubble-scenario/1\",\"name\":\"hull\",\"bodies\":[{\"id\":\"ground\","
            + "\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[20,0.5,20]},\"position\":[0,-0.5,0]}],"
            + "\"commands\":[{\"type\":\"spawn\",\"step\":1,\"body\":{\"id\":\"h\",\"shape\":{\"type\":\"convexHull\","
            + "\"points\":[[0,0,0],[0.5,0,0],[0,0.5,0],[0,0,0.5],[0.4,0.4,0.4]]},\"position\":[0,1,0]}}]}";

    @Test
    void rebuildingThisHullFromItsVerticesIsNotExactButItsStructureIs() {
        ConvexHull h = QuickHull.of(0, 0, 0, 0.5, 0, 0, 0, 0.5, 0, 0, 0, 0.5, 0.4, 0.4, 0.4);
        double[] v = new double[3 * h.vertexCount()];
        for (int i = 0; i < h.vertexCount(); i++) {
            for (int k = 0; k < 3; k++) {
                v[3 * i + k] = h.vertex(i, k);
            }
        }
        assertThat(QuickHull.of(v).massProperties(1000)).isNotEqualTo(h.massProperties(1000));
        int[] start = new int[h.faceCount() + 1];
        for (int f = 0; f < h.faceCount(); f++) {
            start[f + 1] = start[f] + h.faceSize(f);
        }
        int[] fv = new int[start[h.faceCount()]];
        double[] planes = new double[4 * h.faceCount()];
        for (int f = 0; f < h.faceCount(); f++) {
            for (int k = 0; k < h.faceSize(f); k++) {
                fv[start[f] + k] = h.faceVertex(f, k);
            }
            for (int c = 0; c < 4; c++) {
                planes[4 * f + c] = h.plane(f, c);
            }
        }
        assertThat(ConvexHull.ofFaces(v, start, fv, planes).massProperties(1000)).isEqualTo(h.massProperties(1000));
    }

    @Test
    void aSpawnedHullVerifies(@TempDir Path dir) {
        Stages stages = Stages.load();
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(SCENE), stages);
        try (JournalWriter jw = JournalWriter.create(dir, sw.world(), "hull", SCENE)) {
            sw.world().addObserver(jw);
            sw.run(60);
        }
        VerifyResult r = Verifier.verify(dir, stages);
        assertThat(r.ok()).as(r.ok() ? "" : r.divergence().describe()).isTrue();
        assertThat(r.stepsChecked()).isEqualTo(60);
    }
}
