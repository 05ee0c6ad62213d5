package dev.rubble.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The world view of the console, cell for cell, for fixed scenes (the demo after 40 steps and a
 * small scene with every body state), side and top views at two scales and a pan. The golden file
 * {@code console-view.golden.txt} was written by the console's own view code before that code moved
 * behind the renderer SPI (plugin {@code console}); the console drawing through the SPI must give
 * the same cells. Rewrite with {@code -Drubble.console.golden.write=PATH} only on purpose.
 */
final class ConsoleViewGoldenTest {
    static final String GOLDEN = "/dev/rubble/tui/console-view.golden.txt";

    static String demo() throws IOException {
        try (InputStream in = ConsoleViewGoldenTest.class.getResourceAsStream("/dev/rubble/tui/throw-demo.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The view panel (columns 44.., rows 1..h-3) of every case, one block per case. */
    static String views() throws IOException {
        StringBuilder sb = new StringBuilder();
        LiveSession demo = new LiveSession(ScenarioWorld.create(ScenarioLoader.parse(demo()), ConsoleRendererTest.STAGES),
                null, Long.MAX_VALUE);
        for (int i = 0; i < 40; i++) {
            demo.step();
        }
        LiveSession scene = ConsoleRendererTest.session();
        scene.step();
        double[][] cases = {
            // topView (0/1), viewX, viewY, scale
            {0, 0, 4, 0.25}, {0, 0, 2, 0.5}, {1, 0, 0, 0.25}, {1, 2, -1, 0.5}, {0, -3, 6, 0.125}};
        for (LiveSession s : new LiveSession[] {demo, scene}) {
            for (double[] c : cases) {
                ConsoleState st = new ConsoleState();
                st.topView = c[0] == 1;
                st.viewX = c[1];
                st.viewY = c[2];
                st.scale = c[3];
                st.cursorCol = 10_000; // the console's cursor is not the renderer's: keep it out of the view
                // 31 rows: the view keeps the 27 rows it had at 30 before the key bar took two rows
                DefaultVirtualTerminal vt = ConsoleRendererTest.render(s, st, 100, 31);
                sb.append("== ").append(s.title()).append(" top=").append(st.topView).append(" x=").append(c[1])
                        .append(" y=").append(c[2]).append(" scale=").append(c[3]).append('\n');
                for (int row = 1; row < 27; row++) {
                    sb.append(ConsoleRendererTest.rowText(vt, row).substring(ConsoleRenderer.PANEL_WIDTH)).append('\n');
                }
            }
        }
        return sb.toString();
    }

    @Test
    void theWorldViewGivesTheSameCellsAsTheConsoleDidBeforeTheRendererSpi() throws IOException {
        String actual = views();
        String write = System.getProperty("rubble.console.golden.write");
        if (write != null) {
            Files.writeString(Path.of(write), actual);
        }
        String expected;
        try (InputStream in = getClass().getResourceAsStream(GOLDEN)) {
            assertThat(in).as("golden file " + GOLDEN).isNotNull();
            expected = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(actual).isEqualTo(expected);
        assertThat(actual).contains("o").contains("#").contains("k").contains("z");
    }
}
