package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The playback-only "release" scenario command (SPEC §9 blend). */
final class ScenarioReleaseCommandTest {
    private static String scene(String command) {
        return "{\"format\":\"rubble-scenario/1\",\"bodies\":[{\"id\":\"a\",\"shape\":{\"type\":\"sphere\",\"radius\":1}}],"
                + "\"commands\":[" + command + "]}";
    }

    @Test
    void releaseNamesABodyOrARegion() {
        ScheduledCommand byBody = ScenarioLoader.parse(scene("{\"type\":\"release\",\"step\":7,\"body\":\"a\"}")).commands().get(0);
        assertThat(byBody.type()).isEqualTo("release");
        assertThat(byBody.step()).isEqualTo(7);
        assertThat(byBody.body()).isEqualTo("a");
        ScheduledCommand byRegion = ScenarioLoader.parse(scene(
                "{\"type\":\"release\",\"step\":3,\"region\":{\"min\":[-1,0,-2],\"max\":[1,5,2]}}")).commands().get(0);
        assertThat(byRegion.body()).isNull();
        assertThat(byRegion.vector()).containsExactly(-1, 0, -2);
        assertThat(byRegion.vector2()).containsExactly(1, 5, 2);
    }

    @Test
    void badReleasesNameTheirPath() {
        assertThatThrownBy(() -> ScenarioLoader.parse(scene("{\"type\":\"release\",\"step\":1}")))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("$.commands[0]").hasMessageContaining("neither");
        assertThatThrownBy(() -> ScenarioLoader.parse(scene(
                "{\"type\":\"release\",\"body\":\"a\",\"region\":{\"min\":[0,0,0],\"max\":[1,1,1]}}")))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("both");
        assertThatThrownBy(() -> ScenarioLoader.parse(scene(
                "{\"type\":\"release\",\"region\":{\"min\":[0,2,0],\"max\":[1,1,1]}}")))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("$.commands[0].region.max[1]")
                .hasMessageContaining("allowed: max >= min");
    }

    @Test
    void aLiveRunIgnoresReleases() {
        Scenario sc = ScenarioLoader.parse(scene("{\"type\":\"release\",\"step\":0,\"body\":\"a\"}"));
        ScenarioWorld sw = ScenarioWorld.create(sc, dev.rubble.core.plugin.Stages.load());
        sw.step();
        assertThat(sw.world().appliedCommands()).isEmpty();
    }
}
