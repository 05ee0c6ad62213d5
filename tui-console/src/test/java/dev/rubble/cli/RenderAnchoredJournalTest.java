package dev.rubble.cli;

import static dev.rubble.cli.JournalCommandsTest.rubble;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cli.JournalCommandsTest.Result;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.render.FrameBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Anchored pieces in {@code rubble render} of a journal (docs/rendering.md "Anchored pieces"): examples/wall.json is
 * anchored along its base by a box, so its intact wall, and after the ball's hit the remnant that keeps the base (an
 * internal cluster made by the break), hold anchored and free pieces. Played back, each is drawn piece by piece with
 * only the anchored pieces marked, as the scenario's own frames draw it. Before, a journal knew only that the body
 * was kinematic and hatched it whole (the demo's journal rendered its wall striped all over).
 */
final class RenderAnchoredJournalTest {
    @TempDir
    Path tmp;

    private static final Path SCENARIO = Path.of("..", "examples", "wall.json");

    /** A journal of the wall scenario's first {@code steps} steps. */
    private Path record(int steps) {
        Path journal = tmp.resolve("j");
        Result r = rubble("run", SCENARIO.toString(), "--steps", String.valueOf(steps), "--journal", journal.toString(),
                "--out", tmp.resolve("state.json").toString());
        assertThat(r.code()).as(r.err()).isZero();
        return journal;
    }

    @Test
    void aPartlyAnchoredWallAndItsRemnantAreMarkedPieceByPieceAsLive() throws Exception {
        Path scenario = SCENARIO;
        Path journal = record(60);
        Stages stages = Stages.load();
        int partlyAnchored = 0;
        try (FrameSource live = FrameSource.open(scenario, stages); FrameSource played = FrameSource.open(journal, stages)) {
            FrameBuffer a = new FrameBuffer(), b = new FrameBuffer();
            for (long k : new long[] {0, 10, 30, 60}) {
                live.frame(k, a);
                played.frame(k, b);
                java.util.Map<Integer, Integer> drawnAt = new java.util.HashMap<>(); // body slot -> drawable
                for (int i = 0; i < a.count(); i++) {
                    drawnAt.put(a.piece(i), i);
                }
                for (int j = 0; j < b.count(); j++) {
                    Integer i = drawnAt.get(b.piece(j));
                    assertThat(i).as("frame %d: slot %d drawn live", k, b.piece(j)).isNotNull();
                    assertThat(b.anchored(j)).as("frame %d slot %d: anchored", k, b.piece(j)).isEqualTo(a.anchored(i));
                    boolean[] want = a.anchoredParts(i), got = b.anchoredParts(j);
                    assertThat(got == null ? null : Arrays.toString(got)).as("frame %d slot %d: the anchored parts", k, b.piece(j))
                            .isEqualTo(want == null ? null : Arrays.toString(want));
                    if (want != null) {
                        boolean some = false, all = true;
                        for (boolean p : want) {
                            some |= p;
                            all &= p;
                        }
                        assertThat(some && !all).as("frame %d slot %d: anchored and free pieces", k, b.piece(j)).isTrue();
                        partlyAnchored++;
                    }
                }
            }
        }
        assertThat(partlyAnchored).as("drawables holding anchored and free pieces, over the four frames").isGreaterThanOrEqualTo(4);
    }

    @Test
    void theConsoleRendererMarksTheAnchoredPiecesOfTheWallLiveAndPlayedBackAlike() throws Exception {
        String[] marks = new String[2];
        Path[] sources = {SCENARIO, record(5)};
        for (int k = 0; k < 2; k++) {
            Path out = tmp.resolve("cells" + k + ".txt");
            Result c = rubble("render", sources[k].toString(), "--renderer", "console", "--frames", "0:0:1", "--size", "80x24",
                    "--out", out.toString());
            assertThat(c.code()).as(c.err()).isZero();
            String[] rows = java.nio.file.Files.readString(out).split("\\n");
            // the intact wall: kinematic live ('k'), following the recording played back ('o'); its anchored pieces '='
            int top = -1, bottom = -1;
            StringBuilder mask = new StringBuilder();
            for (int row = 1; row < rows.length; row++) {
                String wall = rows[row].replaceAll("[^ko=]", " ");
                if (!wall.isBlank()) {
                    top = top < 0 ? row : top;
                    bottom = row;
                }
                mask.append(rows[row].replaceAll("[^=]", ".")).append('\n');
            }
            assertThat(top).as("%s: the wall is drawn", sources[k]).isPositive();
            assertThat(bottom - top).as("%s: the wall's rows", sources[k]).isGreaterThanOrEqualTo(3);
            for (int row = top; row < bottom; row++) {
                assertThat(rows[row]).as("%s: row %d, above the wall's base", sources[k], row).doesNotContain("=");
            }
            assertThat(rows[bottom]).as("%s: the wall's base", sources[k]).contains("=");
            marks[k] = mask.toString();
        }
        assertThat(marks[1]).as("the journal marks the cells the scenario marks").isEqualTo(marks[0]);
    }
}
