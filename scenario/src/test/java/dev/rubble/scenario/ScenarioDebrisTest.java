package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.command.Command;
import dev.rubble.core.destruction.DebrisOptions;
import dev.rubble.core.plugin.Stages;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code collections[i].debris} and the debris and removal commands of scenario files (issue 13). */
final class ScenarioDebrisTest {
    private static Stages stages;

    @BeforeAll
    static void load() {
        stages = Stages.load();
    }

    private static String scenario(String debris, String commands) {
        return """
                {"format": "rubble-scenario/1",
                 "collections": [{"id": "slab", "recipe": {"box": [1, 0.25, 1], "levels": [{"options": {"count": 4}}], "seed": 3},
                                  %s}],
                 "commands": [%s]}""".formatted(debris, commands);
    }

    @Test
    void everyDebrisKeyReachesThePlacedCollection() {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(scenario("""
                "debris": {"oneWayInteractionLevel": 2, "removeOnBreak": {"delay": [1, 2], "removal": [3, 4]},
                           "removeOnSleep": {"time": [6, 7], "removal": [0.5, 0.75]}, "slowMovingAsSleeping": false,
                           "slowSpeed": 0.05, "crumbleSize": 0.25, "seed": -9}""", "")), stages);
        assertThat(sw.world().destruction().debrisOptions(0)).isEqualTo(new DebrisOptions(2, true, 1, 2, 3, 4, true,
                6, 7, 0.5, 0.75, false, 0.05, 0.25, -9));
        ScenarioWorld plain = ScenarioWorld.create(ScenarioLoader.parse(scenario("""
                "debris": {"removeOnBreak": true}""", "")), stages);
        assertThat(plain.world().destruction().debrisOptions(0)).isEqualTo(DebrisOptions.defaults().withRemoveOnBreak(true));
    }

    @Test
    void commandsChangeTheOptionsAtTheirStep() {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(scenario("\"position\": [0, 0.25, 0]", """
                {"type": "debrisLevel", "step": 1, "collection": "slab", "level": 1},
                {"type": "removeOnBreak", "step": 1, "collection": "slab", "delay": [0.5, 1]},
                {"type": "removeOnSleep", "step": 2, "collection": "slab", "on": false, "slowSpeed": 0.2},
                {"type": "crumbleSize", "step": 2, "collection": "slab", "size": 0.5},
                {"type": "removalTimerMultiplier", "step": 2, "multiplier": 3}""")), stages);
        sw.run(2);
        var d = sw.world().destruction();
        assertThat(d.debrisOptions(0)).isEqualTo(DebrisOptions.defaults().withOneWayInteractionLevel(1)
                .withRemoveOnBreak(0.5, 1, 2, 3));
        assertThat(d.removalTimerMultiplier()).isEqualTo(1.0);
        sw.run(1);
        assertThat(d.debrisOptions(0)).isEqualTo(DebrisOptions.defaults().withOneWayInteractionLevel(1)
                .withRemoveOnBreak(0.5, 1, 2, 3).withSlowMoving(true, 0.2).withCrumbleSize(0.5));
        assertThat(d.removalTimerMultiplier()).isEqualTo(3.0);
        assertThat(sw.world().appliedCommands()).hasSize(3).allMatch(c -> c instanceof Command.Destruction);
    }

    @Test
    void badValuesNameTheirPath() {
        assertThatThrownBy(() -> ScenarioLoader.parse(scenario("\"debris\": {\"crumbleSize\": 2}", "")))
                .hasMessageContaining("$.collections[0].debris.crumbleSize");
        assertThatThrownBy(() -> ScenarioLoader.parse(scenario("\"debris\": {\"removeOnSleep\": {\"time\": [3]}}", "")))
                .hasMessageContaining("$.collections[0].debris.removeOnSleep.time");
        assertThatThrownBy(() -> ScenarioLoader.parse(scenario("\"debris\": {\"sleep\": true}", "")))
                .hasMessageContaining("$.collections[0].debris.sleep").hasMessageContaining("unknown key");
        assertThatThrownBy(() -> ScenarioLoader.parse(scenario("\"position\": [0, 0, 0]", """
                {"type": "removalTimerMultiplier", "step": 1, "multiplier": -1}""")))
                .hasMessageContaining("$.commands[0].multiplier");
    }
}
