package dev.rubble.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The console's body section lists cluster unions (issue 29). */
final class ConsoleUnionsTest {

    @Test
    void theBodySectionListsUnionsOnceTheyExist() throws Exception {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(Files.readString(Path.of("..", "examples", "union-bridge.json"))),
                ConsoleRendererTest.STAGES);
        assertThat(ConsoleRenderer.unions(sw.world())).isNull(); // nothing shown without unions
        sw.step(); // welded before step 0
        assertThat(ConsoleRenderer.unions(sw.world())).isEqualTo("unions 1: #0 3 members");
        long[] before = sw.world().destruction().unions().members(0);
        for (int i = 0; i < 40; i++) {
            sw.step(); // the ball breaks wall A: it leaves, its pieces touching the beam stay welded
        }
        long[] after = sw.world().destruction().unions().members(0);
        assertThat(after).isNotEqualTo(before).doesNotContain(before[0]); // wall A's holder left
        assertThat(ConsoleRenderer.unions(sw.world())).isEqualTo("unions 1: #0 " + after.length + " members");
    }

    /**
     * The view fills the cells of a union's members, not the whole box around the union: two boxes welded
     * into an L (a 4 x 1 m slab on the ground, a 1 x 3 m post on its right end) leave the L's inner corner
     * empty. Before, the console drew the union's bounds, a filled 4 x 4 m block.
     */
    @Test
    void theViewDrawsAWeldedUnionMemberByMember() throws Exception {
        String scene = "{\"format\":\"rubble-scenario/1\",\"name\":\"L\",\"bodies\":["
                + "{\"id\":\"floor\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[30,0.5,30]},\"position\":[0,-0.5,0]},"
                + "{\"id\":\"slab\",\"shape\":{\"type\":\"box\",\"halfExtents\":[2,0.5,0.5]},\"position\":[0,0.5,0]},"
                + "{\"id\":\"post\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.5,1.5,0.5]},\"position\":[1.5,2.5,0]}],"
                + "\"unions\":[{\"id\":0,\"step\":0,\"members\":[{\"body\":\"slab\"},{\"body\":\"post\"}]}]}";
        LiveSession s = new LiveSession(ScenarioWorld.create(ScenarioLoader.parse(scene), ConsoleRendererTest.STAGES),
                null, Long.MAX_VALUE);
        s.step(); // welded before step 0
        assertThat(ConsoleRenderer.unions(s.world())).isEqualTo("unions 1: #0 2 members");
        ConsoleState st = new ConsoleState();
        st.viewX = 0;
        st.viewY = 2;
        st.scale = 0.5;
        DefaultVirtualTerminal vt = ConsoleRendererTest.render(s, st, 100, 30);
        // as in ConsoleRendererTest's side view: world (u, v) is at screen column 72 + round(2 u), row 14 - round(v - 2)
        assertThat(ConsoleRendererTest.at(vt, 70, 15)).isEqualTo('o'); // (-1, 0.5): the slab
        assertThat(ConsoleRendererTest.at(vt, 75, 13)).isEqualTo('o'); // (1.5, 3): the post
        assertThat(ConsoleRendererTest.at(vt, 70, 13)).isEqualTo(' '); // (-1, 3): inside the L's bounds, in neither
        assertThat(ConsoleRendererTest.at(vt, 68, 12)).isEqualTo(' '); // (-2, 4): the bounds' top left corner
    }
}
