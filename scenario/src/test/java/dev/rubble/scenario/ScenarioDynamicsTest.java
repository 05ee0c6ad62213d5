package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.dynamics.DynamicsSettings;
import org.junit.jupiter.api.Test;

final class ScenarioDynamicsTest {

    private static Scenario parse(String world) {
        return ScenarioLoader.parse("{\"format\": \"rubble-scenario/1\", \"world\": " + world + ", \"bodies\": []}");
    }

    @Test
    void readsSolverMotionAndSleepObjects() {
        DynamicsSettings d = parse("""
                {"solver": {"contactHertz": 60, "dampingRatio": 5, "maxPushVelocity": 2, "linearSlop": 0.001,
                            "restitutionThreshold": 0.5},
                 "motion": {"maxLinearSpeed": 100, "maxAngularSpeed": 30, "gyroscopic": true},
                 "sleep": {"enabled": false, "linearThreshold": 0.01, "angularThreshold": 0.02, "timeToSleep": 2}}
                """).settings().dynamics();
        assertThat(d).isEqualTo(new DynamicsSettings(60, 5, 2, 0.001, 0.5, 100, 30, true, false, 0.01, 0.02, 2));
    }

    @Test
    void missingObjectsKeepTheDefaults() {
        assertThat(parse("{\"sleep\": {\"timeToSleep\": 1}}").settings().dynamics())
                .isEqualTo(DynamicsSettings.defaults().withSleep(true, 0.05, 0.05, 1));
        assertThat(parse("{}").settings().dynamics()).isEqualTo(DynamicsSettings.defaults());
    }

    @Test
    void badValuesNameTheJsonPath() {
        assertThatThrownBy(() -> parse("{\"sleep\": {\"enabled\": 1}}"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("$.world.sleep.enabled")
                .hasMessageContaining("true, false");
        assertThatThrownBy(() -> parse("{\"sleep\": {\"timeToSleap\": 1}}"))
                .hasMessageContaining("$.world.sleep.timeToSleap").hasMessageContaining("unknown key");
        assertThatThrownBy(() -> parse("{\"motion\": {\"maxLinearSpeed\": 0}}"))
                .hasMessageContaining("$.world.motion.maxLinearSpeed").hasMessageContaining("allowed: (0, 100000.0] m/s");
    }
}
