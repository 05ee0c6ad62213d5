package dev.rubble.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The live console's view marks anchoring (docs/console.md): examples/wall.json's intact wall is anchored along its
 * base, so it is kinematic ('k') and its anchored pieces show '=' — along its bottom, not at its top. Before, the
 * console's frame carried no anchoring at all.
 */
final class ConsoleAnchoredViewTest {

    @Test
    void theWallsAnchoredBaseShowsTheMarkAndItsTopDoesNot() throws IOException {
        String wall = Files.readString(Path.of("..", "examples", "wall.json"));
        LiveSession s = new LiveSession(ScenarioWorld.create(ScenarioLoader.parse(wall), ConsoleRendererTest.STAGES), null,
                Long.MAX_VALUE);
        ConsoleState st = new ConsoleState();
        st.viewX = 0;
        st.viewY = 1.25; // the wall: x -2..2, y 0..2.5 (0.2 m a row: about 13 rows)
        st.scale = 0.1;
        st.cursorCol = 10_000; // keep the cursor out of the view
        DefaultVirtualTerminal vt = ConsoleRendererTest.render(s, st, 100, 31);
        int top = -1, bottom = -1;
        String[] rows = new String[27];
        for (int row = 2; row < 27; row++) {
            rows[row] = ConsoleRendererTest.rowText(vt, row).substring(ConsoleRenderer.PANEL_WIDTH + 1);
            if (rows[row].indexOf('k') >= 0 || rows[row].indexOf('=') >= 0) {
                top = top < 0 ? row : top;
                bottom = row;
            }
        }
        assertThat(top).as("the wall is in the view").isPositive();
        assertThat(bottom - top).as("the wall's rows").isGreaterThan(8);
        assertThat(rows[top]).as("the wall's top row").contains("k").doesNotContain("=");
        assertThat(rows[bottom]).as("the wall's bottom row").contains("=");
    }
}
