package dev.rubble.cli;

import static dev.rubble.cli.JournalCommandsTest.rubble;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.cli.JournalCommandsTest.Result;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.render.FrameBuffer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cluster unions (issue 29) in {@code rubble render} of a journal: the frames played back from the
 * union bridge's journal draw what the scenario's own frames draw (the union's body with its welded
 * members' shapes, the free pieces), before the impact, in its step and after it.
 */
final class RenderUnionJournalTest {
    @TempDir
    Path tmp;

    @Test
    void aUnionJournalsFramesDrawWhatTheScenarioDraws() throws Exception {
        Path scenario = Path.of("..", "examples", "union-bridge.json");
        Path journal = tmp.resolve("j");
        Result r = rubble("run", scenario.toString(), "--steps", "40", "--journal", journal.toString(), "--out",
                tmp.resolve("state.json").toString());
        assertThat(r.code()).as(r.err()).isZero();
        Stages stages = Stages.load();
        try (FrameSource live = FrameSource.open(scenario, stages); FrameSource played = FrameSource.open(journal, stages)) {
            FrameBuffer a = new FrameBuffer(), b = new FrameBuffer();
            for (long k : new long[] {5, 9, 10, 20, 40}) {
                live.frame(k, a);
                played.frame(k, b);
                assertThat(b.count()).as("frame %d: drawables", k).isEqualTo(a.count());
                java.util.Map<Integer, Integer> drawnAt = new java.util.HashMap<>(); // body slot -> drawable (orders may differ)
                for (int i = 0; i < a.count(); i++) {
                    drawnAt.put(a.piece(i), i);
                }
                for (int j = 0; j < b.count(); j++) {
                    Integer i = drawnAt.get(b.piece(j));
                    assertThat(i).as("frame %d: slot %d drawn live", k, b.piece(j)).isNotNull();
                    assertThat(b.shape(j).getClass()).as("frame %d slot %d", k, b.piece(j)).isEqualTo(a.shape(i).getClass());
                    for (int axis = 0; axis < 3; axis++) {
                        assertThat(b.position(j, axis)).as("frame %d slot %d axis %d", k, b.piece(j), axis)
                                .isCloseTo(a.position(i, axis), within(1e-6));
                    }
                }
                assertThat(b.breaks()).as("frame %d: breaks", k).isEqualTo(a.breaks());
            }
        }
    }
}
