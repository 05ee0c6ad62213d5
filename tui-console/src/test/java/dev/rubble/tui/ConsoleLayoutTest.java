package dev.rubble.tui;

import static dev.rubble.tui.ConsoleRendererTest.at;
import static dev.rubble.tui.ConsoleRendererTest.rowText;
import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import dev.rubble.scenario.ScenarioWorld;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The console screen cell by cell on a virtual terminal: 80×24 holds every section, whole (issue 14). */
final class ConsoleLayoutTest {
    private static final int W = 80, H = 24, PW = ConsoleRenderer.PANEL_WIDTH;

    private static LiveSession wall(ConsoleState st, int steps) {
        ScenarioWorld sw = ConsoleDestructionTest.wall();
        LiveSession s = new LiveSession(sw, null, Long.MAX_VALUE);
        st.viewX = 0;
        st.viewY = 1;
        st.scale = 0.25;
        for (int i = 0; i < steps; i++) {
            st.stats.step(s);
        }
        return s;
    }

    private static String panel(DefaultVirtualTerminal vt, int row) {
        return rowText(vt, row).substring(0, PW);
    }

    @Test
    void eightyByTwentyFourShowsEverySectionWholeNextToTheView() throws IOException {
        ConsoleState st = new ConsoleState();
        st.status = "ready";
        LiveSession s = wall(st, 3);
        DefaultVirtualTerminal vt = ConsoleRendererTest.render(s, st, W, H);

        assertThat(rowText(vt, 0)).startsWith("rubble | wall | step 3 | t 0.05 s | speed x1 | RUNNING");
        // frame time: the line, the sparkline (3 steps, right-aligned, then the top of its scale), heap
        assertThat(panel(vt, 1)).matches("step +\\d+\\.\\d\\d ms p50 +\\d+\\.\\d\\d p99 +\\d+\\.\\d\\d +0/s +");
        assertThat(panel(vt, 2)).matches(" {30}[_.:\\-=+*#%@]{3} \\^ +\\d+\\.\\d\\d ms");
        assertThat(panel(vt, 3)).matches("heap \\d+ / \\d+ MB  alloc (\\d+ B|\\d+\\.\\d KB|\\d+\\.\\d MB)/step +");
        // one row left for the stages: the total, then the slowest slots while they fit
        assertThat(panel(vt, 4)).startsWith("Stages " + s.world().profile().totalNanos() / 1000 + " us on 1 thread: ");
        assertThat(panel(vt, 5)).isEqualTo(String.format("%-44s", "Bodies 2  awake 0  sleeping 0"));
        assertThat(panel(vt, 6)).isEqualTo(String.format("%-44s", "kinematic 1  static 1  disabled 0"));
        assertThat(panel(vt, 7)).startsWith("contacts ").contains(" pts ").contains(" mf ").contains(" islands");
        assertThat(panel(vt, 8)).isEqualTo("Destruction   step     60 st       run      ");
        assertThat(panel(vt, 9)).isEqualTo("breaks           0         0         0      ");
        assertThat(panel(vt, 10)).isEqualTo("releases         0         0         0      ");
        assertThat(panel(vt, 11)).isEqualTo(String.format("%-44s", "deferred 0  queue 0  oldest 0 st"));
        assertThat(panel(vt, 12)).isEqualTo(String.format("%-44s", "strained 0  throttled 0  removal 0/0"));
        assertThat(panel(vt, 13)).isEqualTo(String.format("%-44s", "active  L0 1"));
        assertThat(panel(vt, 14)).isEqualTo(String.format("%-44s", "Budgets (peak of the last 60 steps)"));
        String empty = " ".repeat(18);
        assertThat(panel(vt, 15)).isEqualTo("breaks    " + empty + String.format("%16s", "0/step no limit"));
        assertThat(panel(vt, 16)).isEqualTo("throttle  " + empty + String.format("%16s", "1 active, off"));
        assertThat(panel(vt, 17)).startsWith("manifolds ").endsWith(" drop 0");
        assertThat(panel(vt, 18)).startsWith("contacts  ").endsWith(" drop 0");
        // 2 bodies of the default budget of 1 000 000
        assertThat(panel(vt, 19)).isEqualTo("bodies    " + empty + String.format("%16s", "0.0%"));
        assertThat(panel(vt, 20)).isEqualTo(String.format("%-44s", "Journal off  0 B  0 B/s"));
        assertThat(rowText(vt, 21)).isEqualTo(String.format("%-80s", "ready"));
        // the key bar wrapped at its double spaces into two rows, nothing lost
        List<String> keys = ConsoleRenderer.keyRows(ConsoleRenderer.KEYS_LIVE, W, H);
        assertThat(keys).hasSize(2);
        assertThat(rowText(vt, 22).stripTrailing()).isEqualTo(keys.get(0));
        assertThat(rowText(vt, 23).stripTrailing()).isEqualTo(keys.get(1));
        assertThat(keys.get(0) + "  " + keys.get(1)).isEqualTo(ConsoleRenderer.KEYS_LIVE);

        // the view: box at columns 45..79, rows 1..20; column 44 stays the gap, so no panel row ran into it
        assertThat(rowText(vt, 1).substring(45)).startsWith("+- side view x,y, 0.25 m/col -").endsWith("+");
        assertThat(rowText(vt, 20).substring(45)).isEqualTo("+" + "-".repeat(33) + "+");
        for (int r = 1; r <= 20; r++) {
            assertThat(at(vt, 44, r)).as("gap column, row %d", r).isEqualTo(' ');
        }
        for (int r = 2; r <= 19; r++) {
            assertThat(at(vt, 45, r)).isEqualTo('|');
            assertThat(at(vt, 79, r)).isEqualTo('|');
        }
        // interior 33 x 18, centre column 46 + 16 = 62, centre row 2 + 9 = 11: the cursor, on the wall
        assertThat(at(vt, 62, 11)).isEqualTo(ConsoleRenderer.CURSOR);
        // the wall is pinned by its anchors (kinematic, 'k'): x in [-1.5, 1.5] = 6 columns either side,
        // y in [0, 2] = rows 9..13 at 0.25 m per column (a row is 0.5 m); the cells of its pieces anchored along its
        // base (y below 0.3) show '=' (docs/console.md), none in its upper rows
        int anchored = 0;
        for (int c = 62 - 5; c <= 62 + 5; c++) {
            for (int r = 10; r <= 12; r++) {
                if (c != 62 || r != 11) {
                    char ch = at(vt, c, r);
                    assertThat(ch).as("wall at %d,%d", c, r).isIn('k', '=');
                    anchored += ch == '=' ? 1 : 0;
                }
            }
            assertThat(at(vt, c, 10)).as("wall at %d,10 (y = 1.5)", c).isEqualTo('k');
        }
        for (int c = 62 - 5; c <= 62 + 5; c++) {
            anchored += at(vt, c, 13) == '=' ? 1 : 0;
        }
        assertThat(anchored).as("anchored cells along the base").isPositive();
        assertThat(at(vt, 62, 7)).isEqualTo(' '); // 1 m above the wall
        assertThat(rowText(vt, 15).substring(46, 79)).matches("#+"); // the ground, y in [-1, 0]
    }

    @Test
    void panelRowsAreNeverCutAndSectionsStayWholeAtEverySize() {
        ConsoleState st = new ConsoleState();
        LiveSession s = wall(st, 2);
        int[][] sizes = {{80, 24}, {80, 30}, {100, 30}, {120, 40}, {200, 60}, {60, 20}, {44, 16}, {80, 12}, {80, 8}, {70, 10}};
        for (int[] size : sizes) {
            int w = size[0], h = size[1];
            int keyRows = ConsoleRenderer.keyRows(ConsoleRenderer.KEYS_LIVE, w, h).size();
            int rows = h - 2 - keyRows;
            int pw = w >= ConsoleRenderer.MIN_VIEW_WIDTH && h >= 10 ? PW : w;
            List<String> lines = ConsoleRenderer.panelLines(s, st, pw, rows);
            String at = w + "x" + h;
            assertThat(lines.size()).as(at).isLessThanOrEqualTo(rows);
            for (String l : lines) {
                assertThat(l.length()).as(at + ": " + l).isLessThanOrEqualTo(pw);
            }
            for (String k : ConsoleRenderer.keyRows(ConsoleRenderer.KEYS_LIVE, w, h)) {
                assertThat(k.length()).as(at + " keys").isLessThanOrEqualTo(w);
            }
            whole(lines, "Destruction", "breaks", "releases", "deferred", "strained", "active");
            whole(lines, "Budgets", "breaks", "throttle", "manifolds", "contacts", "bodies");
            if (lines.contains("Bodies (2)")) {
                whole(lines, "Bodies (2)", "awake", "sleeping", "kinematic", "static", "disabled");
            }
            if (h >= 24) {
                // the destruction panel and the budgets always make it at 24 rows and more
                assertThat(lines).as(at).anyMatch(l -> l.startsWith("Destruction"));
                assertThat(lines).as(at).anyMatch(l -> l.startsWith("Budgets"));
                assertThat(lines).as(at).anyMatch(l -> l.startsWith("Stages"));
            }
            if (h >= 40) {
                // tall: every stage gets its own bar row, and from 60 rows every body state too
                assertThat(lines).as(at).anyMatch(l -> l.startsWith("Stages (last step)"));
            }
            if (h >= 60) {
                assertThat(lines).as(at).contains("Bodies (2)");
            }
        }
    }

    @Test
    void theSlowestStagesHeadingFitsThePanelForASlowStep() {
        // a step of 23.6 ms (a loaded machine, a destruction-heavy step): the long form is 45 columns
        assertThat("Stages (slowest 6 of 14) 23633 us on 1 thread").hasSize(45);
        assertThat(ConsoleRenderer.slowestHeading(6, 14, 23633, " on 1 thread", PW)).isEqualTo("Stages (6 of 14) 23633 us on 1 thread");
        assertThat(ConsoleRenderer.slowestHeading(6, 14, 2363, " on 1 thread", PW))
                .isEqualTo("Stages (slowest 6 of 14) 2363 us on 1 thread");
        assertThat(ConsoleRenderer.slowestHeading(6, 14, 123_456_789, " on 8 threads", PW).length()).isLessThanOrEqualTo(PW);
    }

    /** When {@code heading} is among the lines, the rows after it start with {@code parts} in order. */
    private static void whole(List<String> lines, String heading, String... parts) {
        int i = -1;
        for (int k = 0; k < lines.size(); k++) {
            if (lines.get(k).startsWith(heading)) {
                i = k;
                break;
            }
        }
        if (i < 0) {
            return;
        }
        assertThat(lines.size()).as(heading + " whole").isGreaterThanOrEqualTo(i + 1 + parts.length);
        for (int k = 0; k < parts.length; k++) {
            assertThat(lines.get(i + 1 + k)).as(heading + " row " + (k + 1)).startsWith(parts[k]);
        }
    }
}
