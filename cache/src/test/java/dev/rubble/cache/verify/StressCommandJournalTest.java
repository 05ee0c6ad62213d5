package dev.rubble.cache.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.core.command.Command;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.spi.StageConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30: the stress model and a bond's strength set at run time (journal tags 100, 101) are
 * journalled and verify bit for bit — examples/stress/wall-hole.json without its stress model,
 * which is turned on by command at step 5 with the example's limits, one bond weakened at step 8,
 * the hole shot at step 20 and what hung above it cut by the stress model.
 */
final class StressCommandJournalTest {
    private static final Stages STAGES = Stages.load();

    @Test
    void stressModelAndBondStrengthCommandsReplayIdentically(@TempDir Path dir) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = (ObjectNode) mapper.readTree(Files.readString(Path.of("..", "examples", "stress", "wall-hole.json")));
        ObjectNode col = (ObjectNode) root.get("collections").get(0);
        ObjectNode stress = (ObjectNode) col.remove("stress");
        Map<String, Object> opts = new LinkedHashMap<>();
        stress.fields().forEachRemaining(e -> {
            if (!e.getKey().equals("model")) {
                opts.put(e.getKey(), e.getValue().asDouble());
            }
        });
        String json = mapper.writeValueAsString(root);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        var d = sw.world().destruction();
        int cut = 0;
        try (JournalWriter jw = JournalWriter.create(dir, sw, "stress", json)) {
            sw.world().addObserver(jw);
            for (int step = 0; step < 60; step++) {
                if (step == 5) {
                    sw.world().queue(new Command.SetStressModel(0, "support-graph", StageConfig.of(opts)));
                }
                if (step == 8) {
                    sw.world().queue(new Command.SetBondStrength(0, 3, 0.5));
                }
                if (step == 10) { // limits per material and per bond (tags 97, 98)
                    sw.world().queue(new Command.SetMaterialLimits(0, 0, new dev.rubble.spi.stress.StressLimits(
                            5e5, 6e5, Double.NaN, Double.NaN, Double.NaN, Double.NaN)));
                    sw.world().queue(new Command.SetBondLimits(0, 7, new dev.rubble.spi.stress.StressLimits(
                            10, 20, 10, 20, 10, 20)));
                }
                sw.step();
                cut += (int) d.stress().stressCounters()[2];
            }
        }
        assertThat(d.stress().hasStressModel(0)).isTrue();
        assertThat(cut).as("bonds the stress model cut after the hole").isGreaterThan(5);
        int commands = 0;
        try (JournalReader r = JournalReader.open(dir)) {
            StepRecord rec = new StepRecord();
            while (r.next(rec)) {
                for (Command c : rec.commands) {
                    if (c instanceof Command.SetStressModel || c instanceof Command.SetBondStrength
                            || c instanceof Command.SetMaterialLimits || c instanceof Command.SetBondLimits) {
                        commands++;
                    }
                }
            }
        }
        assertThat(commands).isEqualTo(4);
        VerifyResult v = Verifier.verify(dir, STAGES);
        assertThat(v.divergence()).as(v.ok() ? "" : v.divergence().describe()).isNull();
        assertThat(v.ok()).isTrue();
    }
}
