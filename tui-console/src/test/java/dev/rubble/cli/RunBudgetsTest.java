package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.verify.Verifier;
import dev.rubble.cache.verify.VerifyResult;
import dev.rubble.core.command.Command;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.world.World;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Destruction budgets (issue 13) in scenarios and journals: a scenario's {@code budgets} and its
 * budget commands, and budgets changed mid-run through the kernel's command queue, are journalled
 * and verify identical.
 */
final class RunBudgetsTest extends CliHarness {
    private static final Stages STAGES = Stages.load();

    /** Three ten-piece slabs side by side, all struck at step 3 (so a budget of 1 makes two wait). */
    private static String scenario(String budgets, String moreCommands) {
        StringBuilder cols = new StringBuilder();
        for (int i = 0; i < 3; i++) {
            cols.append(i == 0 ? "" : ",").append("""
                    {"id": "slab%d", "recipe": {"box": [1, 0.25, 1], "levels": [{"options": {"count": 10}}], "seed": 2},
                     "position": [%d, 0.25, 0], "destruction": {"damageOptions": {"thresholds": [50]}}}"""
                    .formatted(i, 3 * i));
        }
        return """
                {"format": "rubble-scenario/1",
                 "bodies": [{"id": "ground", "shape": {"type": "box", "halfExtents": [20, 1, 20]}, "state": "static", "position": [0, -1, 0]}],
                 "collections": [%s],
                 %s
                 "commands": [{"type": "externalStrain", "step": 3, "collection": "slab2", "node": 2, "strain": 100},
                              {"type": "externalStrain", "step": 3, "collection": "slab0", "node": 4, "strain": 100},
                              {"type": "externalStrain", "step": 3, "collection": "slab1", "node": 1, "strain": 100}%s]}"""
                .formatted(cols, budgets, moreCommands);
    }

    @Test
    void aScenarioWithBudgetsAndBudgetCommandsIsJournalledAndVerifiesIdentical(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("s.json");
        Files.writeString(f, scenario("\"world\": {\"budgets\": {\"breaksPerStep\": 1, \"releaseThrottle\": {\"min\": 6, \"max\": 30}}},",
                """
                , {"type": "breakBudget", "step": 4, "breaksPerStep": 2},
                  {"type": "releaseThrottle", "step": 8, "min": -1, "max": -1},
                  {"type": "levels", "step": 9, "collection": "slab0", "maxClusterLevel": 1},
                  {"type": "crumble", "step": 10, "collection": "slab0"},
                  {"type": "breakBudget", "step": 12, "breaksPerStep": "unlimited"}"""));
        Path j = dir.resolve("j");
        assertThat(run("run", f.toString(), "--steps", "40", "--headless", "--journal", j.toString()))
                .as(err.toString()).isZero();
        assertThat(run("verify", j.toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("identical");
    }

    @Test
    void budgetsChangedMidRunOutsideTheScenarioAreJournalledAndVerify(@TempDir Path dir) {
        String json = scenario("", "");
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        World w = sw.world();
        int[] deferred = new int[1];
        w.addObserver((world, p) -> deferred[0] = Math.max(deferred[0], p.deferredBreaks()));
        Path j = dir.resolve("j");
        long budgeted;
        try (JournalWriter jw = JournalWriter.create(j, w, "budgets", json)) {
            w.addObserver(jw);
            sw.run(2);
            w.queue(new Command.SetBreakBudget(1)); // as a console or an embedding program would
            w.queue(new Command.SetReleaseThrottle(1, 40));
            sw.run(3);
            w.queue(new Command.SetBreakBudget(Command.SetBreakBudget.UNLIMITED));
            sw.run(20);
            budgeted = w.stateHash();
        }
        assertThat(deferred[0]).as("the budget made holders wait").isEqualTo(2);
        VerifyResult r = Verifier.verify(j, STAGES);
        assertThat(r.divergence()).isNull();
        assertThat(r.ok()).isTrue();
        assertThat(r.stepsChecked()).isEqualTo(25);
        // the same scenario without the budget commands ends elsewhere: verify replayed them
        ScenarioWorld plain = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        plain.run(25);
        assertThat(plain.world().stateHash()).isNotEqualTo(budgeted);
    }
}
