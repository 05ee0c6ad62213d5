package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A scenario's {@code world.dt} takes the range the Java API's {@code WorldConfig.withTimeStep} does: [1e-6, 1] s. */
final class ScenarioTimeStepTest {
    private static String scenario(String dt) {
        return "{\"format\":\"rubble-scenario/1\",\"world\":{\"dt\":" + dt + "},"
                + "\"bodies\":[{\"shape\":{\"type\":\"sphere\",\"radius\":1}}]}";
    }

    @Test
    void aTimeStepBelowOneMicrosecondIsRefusedNamingTheFieldAndTheRange() {
        // accepted before (the range was (0, 1]): at 1e-300 the world never advanced
        for (String dt : new String[] {"1e-300", "9.99e-7", "1.5", "0.0"}) {
            assertThatThrownBy(() -> ScenarioLoader.parse(scenario(dt))).as(dt).isInstanceOf(ScenarioException.class)
                    .hasMessageContaining("$.world.dt").hasMessageContaining(Double.parseDouble(dt) + " is out of range")
                    .hasMessageContaining("allowed: [1.0E-6, 1.0] seconds");
        }
        assertThat(ScenarioLoader.parse(scenario("1e-6")).settings().dt()).isEqualTo(1e-6);
        assertThat(ScenarioLoader.parse(scenario("1")).settings().dt()).isEqualTo(1);
    }
}
