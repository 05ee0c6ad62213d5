package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.plugin.Stages;
import dev.rubble.core.world.World;
import org.junit.jupiter.api.Test;

/** Issue 28, item 3: {@code bodies[].collision} in scenario files (docs/scenario-format.md). */
final class CollisionFilterScenarioTest {
    private static final String SCENE = """
            {"format": "rubble-scenario/1", "bodies": [
              {"id": "ground", "state": "static", "shape": {"type": "box", "halfExtents": [10, 0.5, 10]}, "position": [0, -0.5, 0]},
              {"id": "a", "shape": {"type": "sphere", "radius": 0.5}, "position": [0, 3, 0], "collision": {"layer": 2, "mask": -3}},
              {"id": "b", "shape": {"type": "sphere", "radius": 0.5}, "position": [0.2, 3.1, 0], "collision": {"layer": 2, "mask": %s}}]}""";

    @Test
    void overlappingDebrisOnOneLayerFallsThroughEachOtherButLandsOnTheGround() {
        Scenario sc = ScenarioLoader.parse(SCENE.formatted("-3"));
        World w = ScenarioWorld.create(sc, Stages.load()).world();
        for (int i = 0; i < 10; i++) {
            w.step();
            assertThat(w.pairsTested()).as("step %d", i).isZero();
        }
        double dt = w.settings().dt(), fall = 9.81 * dt * dt * 10 * 11 / 2.0;
        assertThat(w.bodies().py[w.bodies().slot(w.findByLabel("a"))]).isCloseTo(3 - fall, within(1e-9));
        for (int i = 0; i < 200; i++) {
            w.step();
        }
        assertThat(w.bodies().py[w.bodies().slot(w.findByLabel("b"))]).isCloseTo(0.5, within(0.02));
        // b accepting layer 2 again is not enough: a pair is tested only when both masks take the other layer
        World both = ScenarioWorld.create(ScenarioLoader.parse(SCENE.formatted("-1")), Stages.load()).world();
        both.step();
        assertThat(both.pairsTested()).isEqualTo(0); // a's mask still excludes layer 2: both sides must agree
    }

    @Test
    void badFiltersNameTheField() {
        assertThatThrownBy(() -> ScenarioLoader.parse(SCENE.formatted("\"all\"")))
                .hasMessageContaining("$.bodies[2].collision.mask");
        assertThatThrownBy(() -> ScenarioLoader.parse(SCENE.formatted("-3").replace("\"mask\": -3}}]}", "\"mask\": -3, \"group\": 1}}]}")))
                .hasMessageContaining("$.bodies[2].collision.group");
    }
}
