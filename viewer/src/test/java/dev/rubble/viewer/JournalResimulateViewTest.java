package dev.rubble.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 31 item 6 ("colour by ... strain"): a journal records no strain, so the viewer can re-simulate
 * it from its recorded inputs ({@code rubble view JOURNAL --resimulate}); its frames are then byte for
 * byte those of the live scenario, strain ratios included, while played-back frames carry none.
 */
final class JournalResimulateViewTest {
    private static final Stages STAGES = Stages.load(List.of());

    /** A two-level Voronoi wall anchored at its base, struck by a 200 kg ball at 60 m/s (examples/wall.json). */
    private static final String SLAB = wall();

    private static String wall() {
        try {
            return java.nio.file.Files.readString(Path.of("..", "examples", "wall.json"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static final int STEPS = 40;

    @Test
    void aResimulatedJournalDrawsTheLiveRunsFramesStrainIncluded(@TempDir Path dir) {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(SLAB), STAGES);
        try (JournalWriter jw = JournalWriter.create(dir, sw, "wall", SLAB)) {
            sw.world().addObserver(jw);
            for (int i = 0; i < STEPS; i++) {
                sw.step();
            }
        }
        ViewerRun live;
        try (ViewSource src = new ScenarioViewSource(ScenarioLoader.parse(SLAB), "wall", STAGES, STEPS)) {
            live = ViewerRun.of(src);
        }
        ViewerRun resim;
        try (JournalViewSource src = new JournalViewSource(dir, STAGES, true)) {
            resim = ViewerRun.of(src);
        }
        ViewerRun played;
        try (JournalViewSource src = new JournalViewSource(dir, STAGES)) {
            played = ViewerRun.of(src);
        }
        assertThat(resim.frameCount()).isEqualTo(STEPS + 1).isEqualTo(live.frameCount());
        for (int k = 0; k <= STEPS; k++) {
            assertThat(resim.pose(k)).as("frame %d", k).isEqualTo(live.pose(k));
        }
        assertThat(maxStrain(live)).as("the live run's largest strain ratio").isGreaterThan(0.1f);
        assertThat(maxStrain(played)).as("played back: a journal records no strain").isZero();
    }

    /** The largest strain ratio (the frame entries' last float) over every frame of a run. */
    private static float maxStrain(ViewerRun run) {
        float max = 0;
        for (int k = 0; k < run.frameCount(); k++) {
            ByteBuffer b = ByteBuffer.wrap(run.pose(k)).order(ByteOrder.LITTLE_ENDIAN);
            b.getInt();
            int n = b.getInt();
            for (int e = 0; e < n; e++) {
                b.getInt();
                float[] v = new float[ViewerRun.F];
                for (int a = 0; a < ViewerRun.F; a++) {
                    v[a] = b.getFloat();
                }
                max = Math.max(max, v[9]);
            }
        }
        return max;
    }
}
