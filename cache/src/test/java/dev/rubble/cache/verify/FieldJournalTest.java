package dev.rubble.cache.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.journal.Scenarios;
import dev.rubble.core.command.Command;
import dev.rubble.core.command.FieldMeta;
import dev.rubble.core.command.FieldSpec;
import dev.rubble.core.command.FieldTarget;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.world.World;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Field commands and forces (issue 24) are journalled inputs: a replay re-applies them and verifies bit for bit. */
final class FieldJournalTest {
    private static final Stages STAGES = Stages.load();

    static Command.ApplyField storm(boolean persistent) {
        FieldSpec.Vec c = new FieldSpec.Vec(0, 1, 0);
        FieldSpec fall = FieldSpec.of("radial-falloff", "position", c, "radius", 3.0, "magnitude", 4.0, "falloff", "squared");
        FieldSpec push = FieldSpec.of("operator", "left", FieldSpec.of("random-vector", "seed", 11L), "right",
                FieldSpec.of("operator", "left", fall, "right", FieldSpec.of("noise", "seed", 5L, "min", 0.5, "max", 2.0)));
        return new Command.ApplyField(persistent ? "storm" : "", FieldTarget.LINEAR_VELOCITY, push,
                FieldMeta.DEFAULT.withPosition(FieldMeta.PositionType.CENTER_OF_MASS), persistent);
    }

    @Test
    void aPileStirredByFieldsAndForcesVerifiesStepForStep(@TempDir Path dir) {
        String json = Scenarios.pile(40);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        World w = sw.world();
        long b3 = w.findByLabel("b3");
        try (JournalWriter jw = JournalWriter.create(dir, w, "pile", json)) {
            w.addObserver(jw);
            sw.run(20);
            w.queue(storm(false));
            w.queue(new Command.ApplyForce(b3, 0, 40, 0));
            w.queue(new Command.ApplyTorque(b3, 0, 0, 2));
            sw.run(10);
            w.queue(storm(true));
            w.queue(new Command.ApplyField("spin", FieldTarget.ANGULAR_TORQUE,
                    FieldSpec.of("random-vector", "seed", 2L, "magnitude", 0.3), FieldMeta.DEFAULT, true));
            sw.run(15);
            w.queue(new Command.RemoveField("storm"));
            sw.run(25);
        }
        VerifyResult r = Verifier.verify(dir, STAGES);
        assertThat(r.divergence()).isNull();
        assertThat(r.ok()).isTrue();
        assertThat(r.stepsChecked()).isEqualTo(70);
    }
}
