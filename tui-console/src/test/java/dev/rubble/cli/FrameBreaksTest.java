package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.destruction.BreakEvents;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.spi.render.FrameBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The overlay's breaks counter on a scenario's frames counts pieces broken off (BREAK events), as
 * `rubble demo`'s summary and a journal's frames do (docs/rendering.md); it counted holders broken, so
 * the same run read 195 on its scenario's sheet and 425 on its journal's at step 120.
 */
final class FrameBreaksTest {
    @Test
    void aScenariosFramesCountThePiecesBrokenOff() throws Exception {
        Path scenario = Path.of("..", "examples", "wall.json");
        Stages stages = Stages.load();
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(Files.readString(scenario)), stages);
        long pieces = 0, holders = 0;
        for (int i = 0; i < 60; i++) {
            sw.step();
            BreakEvents ev = sw.world().destruction().events();
            for (int e = 0; e < ev.count(); e++) {
                pieces += ev.kind[e] == BreakEvents.BREAK ? 1 : 0;
            }
            holders += sw.world().profile().breaks();
        }
        assertThat(pieces).as("the wall lost pieces to more than one of its holders").isGreaterThan(holders);
        try (FrameSource live = FrameSource.open(scenario, stages)) {
            FrameBuffer f = new FrameBuffer();
            live.frame(60, f);
            assertThat(f.breaks()).isEqualTo(pieces);
        }
    }
}
