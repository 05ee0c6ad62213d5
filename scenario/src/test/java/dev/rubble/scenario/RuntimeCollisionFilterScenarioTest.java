package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.plugin.Stages;
import dev.rubble.core.world.World;
import org.junit.jupiter.api.Test;

/**
 * Issue 28, item 3: the {@code collisionFilter} and {@code ignoreCollision} commands of a scenario
 * (docs/scenario-format.md). Oracles: the ball whose mask drops the ground at step 120 falls freely
 * from rest from then on ({@code y0 - g dt² k (k + 1) / 2}); the crate told to ignore the block
 * under it lands on the ground (at its half height) inside the block.
 */
final class RuntimeCollisionFilterScenarioTest {
    private static final String SCENE = """
            {"format": "rubble-scenario/1", "bodies": [
              {"id": "ground", "state": "static", "shape": {"type": "box", "halfExtents": [10, 0.5, 10]}, "position": [0, -0.5, 0]},
              {"id": "ball", "shape": {"type": "sphere", "radius": 0.5}, "position": [3, 0.5, 0]},
              {"id": "block", "shape": {"type": "box", "halfExtents": [0.5, 0.5, 0.5]}, "position": [0, 0.5, 0]},
              {"id": "crate", "shape": {"type": "box", "halfExtents": [0.25, 0.25, 0.25]}, "position": [0, 1.25, 0]}],
             "commands": [%s]}""";
    private static final String COMMANDS = """
            {"type": "collisionFilter", "step": 120, "body": "ball", "mask": -2},
            {"type": "ignoreCollision", "step": 120, "bodies": ["crate", "block"]}""";

    @Test
    void theCommandsApplyAtTheirStep() {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(SCENE.formatted(COMMANDS)), Stages.load());
        World w = sw.world();
        sw.run(120);
        var b = w.bodies();
        int ball = b.slot(w.findByLabel("ball")), crate = b.slot(w.findByLabel("crate"));
        double y0 = b.py[ball];
        assertThat(y0).isCloseTo(0.5, within(0.02));
        assertThat(b.py[crate]).as("stacked before the command").isCloseTo(1.25, within(0.02));
        double dt = w.settings().dt();
        for (int k = 1; k <= 20; k++) {
            sw.step();
            assertThat(b.py[ball]).as("step %d after the filter", k).isCloseTo(y0 - 9.81 * dt * dt * k * (k + 1) / 2.0,
                    within(1e-6));
        }
        assertThat(b.collisionLayer[ball]).as("layer kept when only the mask is given").isEqualTo(1);
        assertThat(b.collisionMask[ball]).isEqualTo(-2);
        sw.run(200);
        assertThat(b.py[crate]).as("on the ground, inside the block").isCloseTo(0.25, within(0.02));
    }

    @Test
    void badCommandsNameTheField() {
        assertThatThrownBy(() -> ScenarioLoader.parse(SCENE.formatted("""
                {"type": "collisionFilter", "step": 1, "body": "ball"}""")))
                .hasMessageContaining("$.commands[0]").hasMessageContaining("give layer, mask or both");
        assertThatThrownBy(() -> ScenarioLoader.parse(SCENE.formatted("""
                {"type": "collisionFilter", "step": 1, "body": "ball", "mask": 1.5}""")))
                .hasMessageContaining("$.commands[0].mask");
        assertThatThrownBy(() -> ScenarioLoader.parse(SCENE.formatted("""
                {"type": "ignoreCollision", "step": 1, "bodies": ["ball", "ball"]}""")))
                .hasMessageContaining("$.commands[0].bodies").hasMessageContaining("twice");
        assertThatThrownBy(() -> ScenarioLoader.parse(SCENE.formatted("""
                {"type": "ignoreCollision", "step": 1, "bodies": ["ball", "nobody"]}""")))
                .hasMessageContaining("$.commands[0].bodies[1]").hasMessageContaining("'nobody'");
        assertThatThrownBy(() -> ScenarioLoader.parse(SCENE.formatted("""
                {"type": "ignoreCollision", "step": 1, "bodies": ["ball", "crate"], "ignore": "yes"}""")))
                .hasMessageContaining("$.commands[0].ignore");
    }
}
