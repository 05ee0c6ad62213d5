package dev.rubble.cache.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.journal.DestructionScenes;
import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.core.command.Command;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 23: bond cuts and node threshold overrides are journalled and verify bit for bit. */
final class BondCommandJournalTest {
    private static final Stages STAGES = Stages.load();

    @Test
    void cutsAndThresholdOverridesReplayIdentically(@TempDir Path dir) {
        String json = DestructionScenes.slabs(2);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        var d = sw.world().destruction();
        int bonds = d.asset(1).edgeCount();
        int releasedByCuts = 0;
        try (JournalWriter jw = JournalWriter.create(dir, sw, "cuts", json)) {
            sw.world().addObserver(jw);
            for (int step = 0; step < 60; step++) {
                if (step == 2) {
                    // slab 1, in the air: cut every bond of node 1 (it leaves alone) and make node 2 unbreakable
                    for (int e = 0; e < bonds; e++) {
                        if (d.asset(1).edgeA()[e] == 1 || d.asset(1).edgeB()[e] == 1) {
                            sw.world().queue(new Command.CutBond(1, e));
                        }
                    }
                    sw.world().queue(new Command.SetNodeThreshold(1, 2, Double.POSITIVE_INFINITY));
                    sw.world().queue(new Command.SetNodeThreshold(0, 4, 0.5));
                }
                sw.step();
                if (step == 2) {
                    releasedByCuts = d.events().count();
                }
            }
        }
        assertThat(releasedByCuts).as("the cuts split slab 1 in the step they were applied").isGreaterThanOrEqualTo(2);
        assertThat(d.store().threshold[d.globalNode(1, 2)]).isEqualTo(Double.POSITIVE_INFINITY);
        int commands = 0;
        try (JournalReader r = JournalReader.open(dir)) {
            StepRecord rec = new StepRecord();
            while (r.next(rec)) {
                commands += rec.commands.size();
            }
        }
        assertThat(commands).isGreaterThanOrEqualTo(4);
        VerifyResult v = Verifier.verify(dir, STAGES);
        assertThat(v.divergence()).as(v.ok() ? "" : v.divergence().describe()).isNull();
        assertThat(v.ok()).isTrue();
    }

    /** Issue 23: damage model, material and multiplier changes at run time are journalled and verify bit for bit. */
    @Test
    void modelAndMaterialChangesReplayIdentically(@TempDir Path dir) {
        String json = DestructionScenes.slabs(2);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        var d = sw.world().destruction();
        double before;
        try (JournalWriter jw = JournalWriter.create(dir, sw, "materials", json)) {
            sw.world().addObserver(jw);
            for (int step = 0; step < 80; step++) {
                if (step == 1) {
                    sw.world().queue(new Command.SetMaterialMultiplier(0, 0, 0.25)); // slab 0 four times weaker
                }
                if (step == 3) {
                    sw.world().queue(new Command.SetDamageModel(1, "material-strength",
                            dev.rubble.spi.StageConfig.of(java.util.Map.of("tensileStrength", 2000.0, "mode", "max"))));
                    sw.world().queue(new Command.SetNodeMaterial(1, 2, 0));
                }
                sw.step();
            }
            before = d.store().threshold[d.globalNode(0, 1)];
        }
        assertThat(before).as("slab 0's level threshold 400 x 0.25").isEqualTo(100);
        int commands = 0;
        try (JournalReader r = JournalReader.open(dir)) {
            StepRecord rec = new StepRecord();
            while (r.next(rec)) {
                for (Command c : rec.commands) {
                    if (c instanceof Command.SetDamageModel || c instanceof Command.SetNodeMaterial
                            || c instanceof Command.SetMaterialMultiplier) {
                        commands++;
                    }
                }
            }
        }
        assertThat(commands).isEqualTo(3);
        VerifyResult v = Verifier.verify(dir, STAGES);
        assertThat(v.divergence()).as(v.ok() ? "" : v.divergence().describe()).isNull();
        assertThat(v.ok()).isTrue();
    }
}
