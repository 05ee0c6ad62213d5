package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.world.World;
import org.junit.jupiter.api.Test;

/**
 * {@code constraints[].collideConnected} (docs/scenario-format.md): false switches off the contacts of the
 * two joined bodies. Two unit cubes overlapping by 0.2 m, joined by a ball joint in the overlap, in zero
 * gravity: with the contacts off nothing acts on them and they stay exactly where they are; by default
 * (true) the overlap is pushed against the joint and they move.
 */
class CollideConnectedScenarioTest {
    private static String scene(String option) {
        return """
            {"format": "rubble-scenario/1", "name": "joined cubes", "steps": 60,
             "world": {"gravity": [0, 0, 0]},
             "bodies": [{"id": "a", "shape": {"type": "box", "halfExtents": [0.5, 0.5, 0.5]}, "mass": 1, "position": [0, 0, 0]},
                        {"id": "b", "shape": {"type": "box", "halfExtents": [0.5, 0.5, 0.5]}, "mass": 1, "position": [0.8, 0, 0]}],
             "constraints": [{"type": "ball", "bodyA": "a", "bodyB": "b", "anchor": [0.4, 0, 0]%s}]}"""
                .formatted(option);
    }

    private static double movedX(String option) {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(scene(option)), Stages.load());
        sw.run(60);
        World w = sw.world();
        BodyStore b = w.bodies();
        int a = b.slot(w.findByLabel("a")), c = b.slot(w.findByLabel("b"));
        return Math.abs(b.px[a]) + Math.abs(b.px[c] - 0.8) + Math.abs(b.py[a]) + Math.abs(b.py[c]);
    }

    @Test
    void falseKeepsTheOverlappingJoinedCubesStillAndTheDefaultPushesThem() {
        assertThat(movedX(", \"collideConnected\": false")).isZero();
        assertThat(movedX("")).isGreaterThan(1e-3);
        assertThat(movedX(", \"collideConnected\": true")).isEqualTo(movedX(""));
    }

    @Test
    void aValueThatIsNotABooleanIsRefusedNamingTheField() {
        assertThatThrownBy(() -> ScenarioLoader.parse(scene(", \"collideConnected\": \"no\"")))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("$.constraints[0].collideConnected")
                .hasMessageContaining("true or false");
        assertThatThrownBy(() -> ScenarioLoader.parse(scene(", \"collideConnected\": 0")))
                .hasMessageContaining("$.constraints[0].collideConnected");
    }
}
