package dev.rubble.core.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.spi.StageConfig;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class StagesTest {

    @Test
    void classPathPluginIsFoundAndSelectableByName() {
        Stages stages = Stages.load();
        assertThat(stages.factories(StageFamily.BROADPHASE)).containsKey("bruteforce");
        Registration r = stages.plugins().registrations(StageFamily.BROADPHASE).get(0);
        assertThat(r.plugin()).isEqualTo("broadphase-bruteforce");
        assertThat(r.source()).contains("broadphase-bruteforce");
        assertThat(stages.create(StageFamily.BROADPHASE, "bruteforce", StageConfig.empty()).size()).isZero();
    }

    @Test
    void unknownNameListsKnownNames() {
        assertThatThrownBy(() -> Stages.load().factory(StageFamily.BROADPHASE, "nope"))
                .isInstanceOf(UnknownStageException.class)
                .hasMessageStartingWith("unknown broadphase 'nope'; known: ")
                .hasMessageContaining("bruteforce").hasMessageContaining("sap").hasMessageContaining("sweep");
    }

    @Test
    void unknownOptionIsRejectedByTheFactory() {
        assertThatThrownBy(() -> Stages.load().create(StageFamily.BROADPHASE, "bruteforce",
                StageConfig.of(Map.of("cellSize", 2))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("broadphase 'bruteforce': unknown option 'cellSize'");
    }

    @Test
    void unknownFamilyIsRejected() {
        assertThatThrownBy(() -> StageFamily.byName("broadfase"))
                .hasMessageContaining("unknown stage family 'broadfase'; known: broadphase");
    }
}
