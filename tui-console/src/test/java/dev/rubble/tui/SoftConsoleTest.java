package dev.rubble.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The console with a soft body: its counts in the panel, its control points in the view. */
final class SoftConsoleTest {
    static final String SCENE = "{\"format\":\"rubble-scenario/1\",\"name\":\"jelly\",\"bodies\":["
            + "{\"id\":\"floor\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[5,0.5,5]},\"position\":[0,-0.5,0]}],"
            + "\"softBodies\":[{\"id\":\"block\",\"source\":\"box:half=1,1,1\",\"density\":500,\"position\":[0,1.01,0]}]}";

    @Test
    void thePanelCountsTheSoftBodyAndTheViewDrawsItsEightCorners() throws IOException {
        LiveSession s = new LiveSession(ScenarioWorld.create(ScenarioLoader.parse(SCENE), ConsoleRendererTest.STAGES), null,
                Long.MAX_VALUE);
        s.step();
        int tets = s.world().softBodies().store().state.tets;
        DefaultVirtualTerminal vt = ConsoleRendererTest.render(s, new ConsoleState(), 120, 40);
        StringBuilder all = new StringBuilder();
        int tildes = 0;
        for (int r = 0; r < 40; r++) {
            String row = ConsoleRendererTest.rowText(vt, r);
            all.append(row).append('\n');
            tildes += (int) row.chars().filter(c -> c == '~').count();
        }
        // a cube cage with no added samples: its 8 hull corners are the control points
        assertThat(all.toString()).contains("soft 1: 8 points " + tets + " tets");
        // side view: the corners at x = ±1, y = 0.01 and 2.01 fall in 4 distinct cells (front and back coincide)
        assertThat(tildes).as(all.toString()).isEqualTo(4);
    }
}
