package dev.rubble.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.playback.Playback;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import dev.rubble.spi.render.FrameBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console's replay view marks anchoring as its live view does (docs/console.md, view glyphs): a journal
 * records which bodies are kinematic, not which pieces of a kinematic holder are anchored, so before, a replayed
 * examples/wall.json showed its wall with no '=' at all. Now the replay's frame marks the bodies and the pieces the
 * live run's frame marks, step for step (before and after the ball's hit), and before anything moves the two views
 * mark the same cells.
 */
final class ConsoleAnchoredReplayTest {
    @TempDir
    Path tmp;

    @Test
    void theReplayedWallsAnchoredBaseShowsTheMarksTheLiveViewShows() throws IOException {
        String wall = Files.readString(Path.of("..", "examples", "wall.json"));
        Path journal = tmp.resolve("j");
        ScenarioWorld recorded = ScenarioWorld.create(ScenarioLoader.parse(wall), ConsoleRendererTest.STAGES);
        int steps = 40; // the ball reaches the wall (x = 0) at about step 25 and knocks pieces out
        try (JournalWriter w = JournalWriter.create(journal, recorded, "wall", wall)) {
            recorded.world().addObserver(w); // records each step as the world ends it
            recorded.run(steps);
        }
        LiveSession live = new LiveSession(ScenarioWorld.create(ScenarioLoader.parse(wall), ConsoleRendererTest.STAGES), null,
                Long.MAX_VALUE);
        try (Playback pb = Playback.open(journal, ConsoleRendererTest.STAGES)) {
            ReplaySession replay = new ReplaySession(pb, journal);
            for (int k = 0; k < steps; k += 15) {
                while (live.world().stepIndex() < k) {
                    live.step();
                }
                while (replay.world().stepIndex() < k && !replay.finished()) {
                    replay.step();
                }
                assertThat(replay.world().stepIndex()).as("the replay reached step %d", k).isEqualTo(k);
                ConsoleState ls = state(), rs = state();
                String[] a = marks(live, ls), b = marks(replay, rs);
                int bottom = -1;
                for (int row = 2; row < a.length; row++) {
                    if (a[row].indexOf('=') >= 0) {
                        bottom = row;
                    }
                }
                assertThat(bottom).as("step %d: the live view marks the wall's base", k).isPositive();
                assertThat(b[bottom]).as("step %d: the replay marks the wall's bottom row", k).contains("=");
                if (k == 0) { // before anything moved the two views draw the same bodies in the same cells
                    assertThat(b).as("step 0: the '=' cells of the replay against the live view").containsExactly(a);
                }
                // every drawn body: anchored and its anchored parts as the live frame has them (other glyphs
                // differ by design, and bodies drawn over each other hide different cells, so compare the frames)
                FrameBuffer lf = ls.frame, rf = rs.frame;
                java.util.Map<Integer, Integer> liveAt = new java.util.HashMap<>();
                for (int i = 0; i < lf.count(); i++) {
                    liveAt.put(lf.piece(i), i);
                }
                int partly = 0;
                for (int j = 0; j < rf.count(); j++) {
                    Integer i = liveAt.get(rf.piece(j));
                    if (i == null) {
                        continue; // a union's member drawables, none here
                    }
                    assertThat(rf.anchored(j)).as("step %d slot %d: anchored", k, rf.piece(j)).isEqualTo(lf.anchored(i));
                    boolean[] want = lf.anchoredParts(i), got = rf.anchoredParts(j);
                    assertThat(got == null ? null : Arrays.toString(got)).as("step %d slot %d: anchored parts", k, rf.piece(j))
                            .isEqualTo(want == null ? null : Arrays.toString(want));
                    partly += want != null ? 1 : 0;
                }
                assertThat(partly).as("step %d: holders drawn piece by piece", k).isPositive();
            }
        }
    }

    private static ConsoleState state() {
        ConsoleState st = new ConsoleState();
        st.viewX = 0;
        st.viewY = 1.25; // the wall: x -2..2, y 0..2.5
        st.scale = 0.1;
        st.cursorCol = 10_000; // keep the cursor out of the view
        return st;
    }

    /** Each view row reduced to its '=' cells (every other cell a space): the glyphs of the rest differ by design. */
    private static String[] marks(ConsoleSession s, ConsoleState st) throws IOException {
        DefaultVirtualTerminal vt = ConsoleRendererTest.render(s, st, 100, 31);
        String[] rows = new String[27];
        rows[0] = rows[1] = "";
        for (int row = 2; row < 27; row++) {
            String t = ConsoleRendererTest.rowText(vt, row).substring(ConsoleRenderer.PANEL_WIDTH + 1);
            StringBuilder m = new StringBuilder(t.length());
            for (int i = 0; i < t.length(); i++) {
                m.append(t.charAt(i) == '=' ? '=' : ' ');
            }
            rows[row] = m.toString();
        }
        return rows;
    }
}
