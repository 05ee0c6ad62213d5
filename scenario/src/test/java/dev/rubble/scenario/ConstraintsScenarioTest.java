package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.world.World;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Issue 29: the scenario section constraints[] and examples/joints.json. */
class ConstraintsScenarioTest {
    private static final Path EXAMPLE = Path.of("..", "examples", "joints.json");

    @Test
    void theJointsExampleHoldsItsTrapdoorOnTheLowerLimitAndItsChainOnThePivot() {
        Scenario sc = ScenarioLoader.load(EXAMPLE);
        assertThat(sc.constraints()).hasSize(15);
        ScenarioWorld sw = ScenarioWorld.create(sc, Stages.load());
        sw.run(sc.steps());
        World w = sw.world();
        BodyStore b = w.bodies();
        assertThat(w.context().constraints.size()).isEqualTo(15);
        // the trapdoor hangs on a limit: gravity turns it about z until the hinge angle reaches 0.7 rad
        int flap = b.slot(w.findByLabel("flap"));
        double angle = 2 * Math.atan2(b.qz[flap], b.qw[flap]);
        assertThat(Math.abs(angle)).isCloseTo(0.7, within(0.03));
        // the first link's top anchor stays on the pivot (1.0, 3.0, 1.0)
        int link0 = b.slot(w.findByLabel("link0"));
        double topX = b.px[link0], topY = b.py[link0];
        double d = Math.hypot(topX - 1.0, topY - 3.0);
        assertThat(d).isCloseTo(0.15, within(0.01));
    }

    @Test
    void aBadConstraintNamesItsJsonPath() throws Exception {
        String text = Files.readString(EXAMPLE).replaceFirst("\"type\": \"hinge\"", "\"type\": \"slider\"");
        Scenario sc = ScenarioLoader.parse(text);
        assertThatThrownBy(() -> ScenarioWorld.create(sc, Stages.load())).isInstanceOf(ScenarioException.class)
                .hasMessageContaining("$.constraints[0].type").hasMessageContaining("slider");
        String unknownBody = Files.readString(EXAMPLE).replaceFirst("\"bodyA\": \"door\"", "\"bodyA\": \"nope\"");
        assertThatThrownBy(() -> ScenarioWorld.create(ScenarioLoader.parse(unknownBody), Stages.load()))
                .hasMessageContaining("$.constraints[0].bodyA");
        String badKey = Files.readString(EXAMPLE).replaceFirst("\"anchor\":", "\"anchr\":");
        assertThatThrownBy(() -> ScenarioLoader.parse(badKey)).hasMessageContaining("$.constraints[0].anchr");
    }
}
