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

    @Test
    void stageTimesAreBarsProportionalToTheStepTotal() throws IOException {
        LiveSession s = session();
        for (int i = 0; i < 3; i++) {
            s.step();
        }
        DefaultVirtualTerminal vt = render(s, new ConsoleState(), 100, 30);
        assertThat(rowText(vt, 0)).startsWith("rubble | scene | step 3 | t 0.05 s | speed x1 | RUNNING");
        assertThat(rowText(vt, 1)).startsWith("Stage time (last step) " + s.world().profile().totalNanos() / 1000 + " us");
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
            String row = rowText(vt, 2 + i);
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
        s.step();
        DefaultVirtualTerminal vt = render(s, new ConsoleState(), 100, 30);
        int r = 2 + ConsoleRenderer.stageRows(s.world()); // after the stage rows (the total is in the heading)
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
        assertThat(rowText(vt, r + 6)).startsWith("contacts 0 in 0 manifolds")
                .contains("islands " + s.world().profile().islands());
        assertThat(rowText(vt, r + 7)).startsWith("Budgets");
        String bodies = rowText(vt, r + 8);
        assertThat(bodies).startsWith("bodies");
        assertThat(bodies.substring(L, L + barW).chars().filter(c -> c == '=').count()).isEqualTo(barW / 2); // 4 of 8
        assertThat(bodies.substring(L + barW, 44).trim()).isEqualTo("50.0%");
        assertThat(rowText(vt, r + 11)).startsWith("Journal off");
    }

    @Test
    void theSideViewPlacesBodiesInTheirCells() throws IOException {
        LiveSession s = session();
        ConsoleState st = new ConsoleState();
        st.viewX = 0;
        st.viewY = 2;
        st.scale = 0.5;
        DefaultVirtualTerminal vt = render(s, st, 100, 30);
        // view: columns 44..99 with a border, interior columns 46-98 (53 wide, centre column 26 -> 72);
        // interior rows 2..26 (25 tall, centre row 12 -> screen row 14); one row is 1 m tall at 0.5 m/col
        assertThat(at(vt, 72, 14)).isEqualTo('+');                  // the view centre (0, 2) is empty
        assertThat(at(vt, 72, 15)).isEqualTo('o');                  // the ball at (0, 1), one metre lower
        assertThat(at(vt, 71, 15)).isEqualTo(' ');
        assertThat(at(vt, 73, 15)).isEqualTo(' ');
        assertThat(at(vt, 62, 13)).isEqualTo('z');                  // the sleeper at (-5, 3): 10 columns left, one row up
        assertThat(rowText(vt, 16).substring(46, 98)).matches("#+"); // the floor, y in [-1, 0]
        assertThat(rowText(vt, 17).substring(46, 98)).matches("#+");
        assertThat(rowText(vt, 18).substring(46, 98)).isBlank();
        assertThat(rowText(vt, 1)).contains("side view x,y, 0.50 m/col");
        assertThat(rowText(vt, 29)).startsWith(ConsoleRenderer.KEYS.substring(0, 40));
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
        DefaultVirtualTerminal vt = render(s, new ConsoleState(), 60, 30);
        int r = 2 + ConsoleRenderer.stageRows(s.world()) + 1;
        String awake = rowText(vt, r);
        assertThat(awake).startsWith("awake");
        int barW = 60 - ConsoleRenderer.LABEL - 10; // the whole width: no view panel
        assertThat(awake.substring(ConsoleRenderer.LABEL, ConsoleRenderer.LABEL + barW).chars().filter(c -> c == '=').count())
                .isEqualTo(barW / 2); // 2 of 4
        for (int row = 1; row < 27; row++) {
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
