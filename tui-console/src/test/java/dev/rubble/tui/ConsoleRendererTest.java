package dev.rubble.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.core.step.StepProfile;
import dev.rubble.core.step.StepSlot;
import java.io.IOException;
import org.junit.jupiter.api.Test;

final class ConsoleRendererTest {
    static final Stages STAGES = Stages.load();
    static final String SCENE = "{\"format\":\"rubble-scenario/1\",\"name\":\"scene\",\"world\":{\"budgets\":{\"maxBodies\":8}},\"bodies\":["
            + "{\"id\":\"floor\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[30,0.5,30]},\"position\":[0,-0.5,0]},"
            + "{\"id\":\"ball\",\"shape\":{\"type\":\"sphere\",\"radius\":0.2},\"position\":[0,1,0]},"
            + "{\"id\":\"nap\",\"state\":\"sleeping\",\"shape\":{\"type\":\"sphere\",\"radius\":0.2},\"position\":[-5,3,0]},"
            + "{\"id\":\"far\",\"shape\":{\"type\":\"sphere\",\"radius\":0.2},\"position\":[500,1,0]}]}";

    static LiveSession session() {
        return new LiveSession(ScenarioWorld.create(ScenarioLoader.parse(SCENE), STAGES), null, Long.MAX_VALUE);
    }

    /** Renders one frame onto a virtual terminal of the given size and returns it. */
    static DefaultVirtualTerminal render(ConsoleSession s, ConsoleState st, int cols, int rows) throws IOException {
        DefaultVirtualTerminal vt = new DefaultVirtualTerminal(new TerminalSize(cols, rows));
        TerminalScreen screen = new TerminalScreen(vt);
        screen.startScreen();
        ConsoleRenderer.render(screen.newTextGraphics(), screen.getTerminalSize(), s, st);
        screen.refresh();
        return vt;
    }

    static char at(DefaultVirtualTerminal vt, int col, int row) {
        return vt.getCharacter(col, row).getCharacter();
    }

    static String rowText(DefaultVirtualTerminal vt, int row) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < vt.getTerminalSize().getColumns(); c++) {
            sb.append(at(vt, c, row));
        }
        return sb.toString();
    }

    /** Issue 26: the stage section names the thread count the step ran on next to its total. */
    @Test
    void theStageHeadingNamesTheThreadCount() {
        for (int threads : new int[] {1, 2}) {
            dev.rubble.core.world.World w = dev.rubble.core.world.World.create(
                    dev.rubble.core.step.WorldSettings.defaults().withThreads(threads), STAGES);
            w.step(); // the world's pool (2 threads) is closed when the world becomes unreachable
            assertThat(ConsoleRenderer.onThreads(w.profile())).isEqualTo(threads == 1 ? " on 1 thread" : " on 2 threads");
        }
    }

    @Test
    void stageTimesAreBarsProportionalToTheStepTotal() throws IOException {
        LiveSession s = session();
        for (int i = 0; i < 3; i++) {
            s.step();
        }
        DefaultVirtualTerminal vt = render(s, new ConsoleState(), 100, 30);
        assertThat(rowText(vt, 0)).startsWith("rubble | scene | step 3 | t 0.05 s | speed x1 | RUNNING");
        // rows 1-3: the frame-time section; then the stages with the step's total in their heading
        assertThat(rowText(vt, 4)).startsWith("Stages (last step) " + s.world().profile().totalNanos() / 1000 + " us on 1 thread ");
        StepProfile p = s.world().profile();
        final int L = ConsoleRenderer.LABEL;
        int barW = 44 - L - 10;
        // every slot in script order, but the empty optional ones (nothing fills them here)
        java.util.List<StepSlot> shown = new java.util.ArrayList<>();
        for (StepSlot slot : StepSlot.values()) {
            if (ConsoleRenderer.shown(s.world(), slot)) {
                shown.add(slot);
            }
        }
        assertThat(shown).doesNotContain(StepSlot.DESTRUCTION, StepSlot.FIELDS).contains(StepSlot.WAKE, StepSlot.SLEEP);
        StepSlot[] stages = shown.toArray(new StepSlot[0]);
        for (int i = 0; i < stages.length; i++) {
            String row = rowText(vt, 5 + i);
            assertThat(row.substring(0, L).trim()).isEqualTo(stages[i].label());
            long filled = row.substring(L, L + barW).chars().filter(c -> c == '=').count();
            long expected = Math.round((double) p.nanos(stages[i]) / p.totalNanos() * barW);
            assertThat(filled).as(stages[i].label()).isEqualTo(expected);
            assertThat(row.substring(L + barW, 44).trim()).isEqualTo(p.nanos(stages[i]) / 1000 + " us");
        }
    }

    @Test
    void bodiesByStateAndBudgetsAreListed() throws IOException {
        LiveSession s = session();
        ConsoleState st = new ConsoleState();
        st.stats.step(s);
        // 60 rows: room for every stage and a bar row per body state
        DefaultVirtualTerminal vt = render(s, st, 100, 60);
        int r = 5 + ConsoleRenderer.stageRows(s.world()); // after the frame time and the stage rows
        assertThat(rowText(vt, r)).startsWith("Bodies (4)");
        assertThat(rowText(vt, r + 1)).startsWith("awake").contains("      2");
        assertThat(rowText(vt, r + 2)).startsWith("sleeping").contains("      1");
        assertThat(rowText(vt, r + 3)).startsWith("kinematic").contains("      0");
        assertThat(rowText(vt, r + 4)).startsWith("static").contains("      1");
        assertThat(rowText(vt, r + 5)).startsWith("disabled").contains("      0");
        // 2 of 4 awake: half of the bar (44 columns less the label and the number)
        final int L = ConsoleRenderer.LABEL;
        final int barW = 44 - L - 10;
        assertThat(rowText(vt, r + 1).substring(L, L + barW).chars().filter(c -> c == '=').count()).isEqualTo(barW / 2);
        assertThat(rowText(vt, r + 6)).startsWith("contacts 0 pts 0 mf ")
                .contains(s.world().profile().islands() + " islands");
        assertThat(rowText(vt, r + 7)).startsWith("Budgets");
        // no collections: no break or throttle rows
        assertThat(rowText(vt, r + 8)).startsWith("manifolds");
        assertThat(rowText(vt, r + 9)).startsWith("contacts");
        String bodies = rowText(vt, r + 10);
        assertThat(bodies).startsWith("bodies");
        final int BL = ConsoleRenderer.BUDGET_LABEL, bw = 44 - BL - ConsoleRenderer.BUDGET_TEXT;
        assertThat(bodies.substring(BL, BL + bw)).isEqualTo("=".repeat(bw / 2) + " ".repeat(bw - bw / 2)); // 4 of 8
        assertThat(bodies.substring(BL + bw, 44).trim()).isEqualTo("50%");
        assertThat(rowText(vt, r + 11)).startsWith("Journal off");
        assertThat(rowText(vt, r + 12)).startsWith("size 0 B  rate 0 B/s");
    }

    @Test
    void theSideViewPlacesBodiesInTheirCells() throws IOException {
        LiveSession s = session();
        ConsoleState st = new ConsoleState();
        st.viewX = 0;
        st.viewY = 2;
        st.scale = 0.5;
        DefaultVirtualTerminal vt = render(s, st, 100, 30);
        // view: columns 45..99 with a border, interior columns 46-98 (53 wide, centre column 26 -> 72);
        // interior rows 2..25 (24 tall above the status and two key rows, centre row 12 -> screen row 14);
        // one row is 1 m tall at 0.5 m/col
        assertThat(at(vt, 72, 14)).isEqualTo(ConsoleRenderer.CURSOR); // the cursor, at the view centre (0, 2)
        assertThat(at(vt, 72, 15)).isEqualTo('o');                  // the ball at (0, 1), one metre lower
        assertThat(at(vt, 71, 15)).isEqualTo(' ');
        assertThat(at(vt, 73, 15)).isEqualTo(' ');
        assertThat(at(vt, 62, 13)).isEqualTo('z');                  // the sleeper at (-5, 3): 10 columns left, one row up
        assertThat(rowText(vt, 16).substring(46, 98)).matches("#+"); // the floor, y in [-1, 0]
        assertThat(rowText(vt, 17).substring(46, 98)).matches("#+");
        assertThat(rowText(vt, 18).substring(46, 98)).isBlank();
        assertThat(rowText(vt, 1)).contains("side view x,y, 0.50 m/col");
        assertThat(rowText(vt, 28)).startsWith(ConsoleRenderer.KEYS_LIVE.substring(0, 40));
        assertThat(rowText(vt, 28).stripTrailing() + "  " + rowText(vt, 29).stripTrailing()).isEqualTo(ConsoleRenderer.KEYS_LIVE);
    }

    @Test
    void panningMovesTheWorldUnderTheView() throws IOException {
        LiveSession s = session();
        ConsoleState st = new ConsoleState();
        st.viewY = 2;
        ConsoleController.handle(new com.googlecode.lanterna.input.KeyStroke(com.googlecode.lanterna.input.KeyType.ArrowLeft), s, st);
        assertThat(st.viewX).isEqualTo(-4); // 8 columns of 0.5 m
        DefaultVirtualTerminal vt = render(s, st, 100, 30);
        assertThat(at(vt, 80, 15)).isEqualTo('o');  // the ball moved 8 columns right on screen
        assertThat(at(vt, 72, 15)).isEqualTo(' ');
    }

    @Test
    void aNarrowTerminalDropsTheViewAndWidensTheBars() throws IOException {
        LiveSession s = session();
        s.step();
        DefaultVirtualTerminal vt = render(s, new ConsoleState(), 60, 60);
        String awake = ConsoleStatsTest.rowStartingWith(vt, "awake");
        int barW = 60 - ConsoleRenderer.LABEL - 10; // the whole width: no view panel
        assertThat(awake.substring(ConsoleRenderer.LABEL, ConsoleRenderer.LABEL + barW).chars().filter(c -> c == '=').count())
                .isEqualTo(barW / 2); // 2 of 4
        for (int row = 1; row < 57; row++) {
            assertThat(rowText(vt, row)).doesNotContain("|");
        }
    }

    @Test
    void aShortTerminalKeepsTheTitleStatusAndKeys() throws IOException {
        LiveSession s = session();
        ConsoleState st = new ConsoleState();
        st.status = "hello";
        DefaultVirtualTerminal vt = render(s, st, 80, 8);
        assertThat(rowText(vt, 0)).startsWith("rubble | scene");
        assertThat(rowText(vt, 6)).startsWith("hello");
        assertThat(rowText(vt, 7)).startsWith("space pause");
    }
}
