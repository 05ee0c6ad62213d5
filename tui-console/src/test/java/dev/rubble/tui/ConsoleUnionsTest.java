package dev.rubble.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
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
}
