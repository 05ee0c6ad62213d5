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
        for (int i = 0; i < 40; i++) {
            sw.step(); // the ball breaks wall A, which leaves
        }
        assertThat(ConsoleRenderer.unions(sw.world())).isEqualTo("unions 1: #0 2 members");
    }
}
