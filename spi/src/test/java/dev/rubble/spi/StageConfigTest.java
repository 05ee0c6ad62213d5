package dev.rubble.spi;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Option errors name the option and the value the user wrote, not what it became on the way. */
class StageConfigTest {
    @Test
    void anIntegerOptionOutOfRangeIsReportedAsWritten() {
        // -1e308 is a whole number, but as a long it is Long.MIN_VALUE: the message must say -1.0E308
        assertThatThrownBy(() -> StageConfig.of(Map.of("count", -1e308)).getInt("count", 10, 1, 100_000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option 'count' = -1.0E308 is out of range; allowed: [1, 100000]");
        assertThatThrownBy(() -> StageConfig.of(Map.of("count", 3_000_000_000L)).getInt("count", 10, 1, 100_000))
                .hasMessage("option 'count' = 3000000000 is out of range; allowed: [1, 100000]");
        assertThatThrownBy(() -> StageConfig.of(Map.of("count", 2.5)).getInt("count", 10, 1, 100_000))
                .hasMessage("option 'count' = 2.5 is not an integer");
        assertThat(StageConfig.of(Map.of("count", 7.0)).getInt("count", 10, 1, 100_000)).isEqualTo(7);
        assertThat(StageConfig.of(Map.of()).getInt("count", 10, 1, 100_000)).isEqualTo(10);
    }

    @Test
    void aBooleanOptionWrittenAsAStringIsReportedAsAString() {
        // fuzz10: "bodySeams": "true" was refused as "option 'bodySeams' = true is not a boolean; allowed: true, false"
        assertThatThrownBy(() -> StageConfig.of(Map.of("bodySeams", "true")).getBoolean("bodySeams", true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option 'bodySeams' = \"true\" (a string) is not a boolean; allowed: true, false (unquoted)");
        assertThatThrownBy(() -> StageConfig.of(Map.of("bodySeams", 1.0)).getBoolean("bodySeams", true))
                .hasMessage("option 'bodySeams' = 1.0 is not a boolean; allowed: true, false (unquoted)");
        assertThat(StageConfig.of(Map.of("bodySeams", false)).getBoolean("bodySeams", true)).isFalse();
    }
}
