package dev.rubble.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The console's stress rows (issue 30): the wall of examples/stress/wall-hole.json standing on its
 * own weight shows its worst bond and the live bonds in the colour bands, which add up to the
 * bonds alive; a world without a stress model shows nothing.
 */
final class StressViewTest {
    @Test
    void theRowsCountEveryLiveBondInItsBand() throws Exception {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.load(Path.of("..", "examples", "stress", "wall-hole.json")),
                Stages.load(), Map.of());
        for (int s = 0; s < 10; s++) {
            sw.step();
        }
        List<String> rows = StressView.lines(sw.world(), 80);
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0)).startsWith("stress max ").contains("wall#");
        var d = sw.world().destruction();
        int alive = 0;
        double worst = 0;
        for (int e = 0; e < d.asset(0).edgeCount(); e++) {
            if (d.bondAlive(0, e)) {
                alive++;
                worst = Math.max(worst, d.stress().bondStress(0, e));
            }
        }
        assertThat(rows.get(0)).contains(String.format(java.util.Locale.ROOT, "max %.2f", worst));
        String[] f = rows.get(1).split("\\s+");
        int sum = Integer.parseInt(f[2]) + Integer.parseInt(f[4]) + Integer.parseInt(f[6]) + Integer.parseInt(f[8]);
        assertThat(sum).as(rows.get(1)).isEqualTo(alive);
        for (String r : rows) {
            assertThat(r.length()).isLessThanOrEqualTo(80);
        }
        assertThat(StressView.lines(ScenarioWorld.create(ScenarioLoader.load(Path.of("..", "examples", "stack.json")),
                Stages.load(), Map.of()).world(), 80)).isEmpty();
    }
}
