package dev.rubble.cache.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17, item 13: a command on a body spawned earlier in the same step applies to it (it was
 * refused: the body has no handle until the step applies the spawn). The command names the body
 * as "the k-th spawn of this step"; the journal records that reference and verify resolves it the
 * same way.
 */
final class SameStepSpawnCommandTest {
    // gravity off: the ball, spawned at rest at step 3, gets a velocity and an impulse in the same step
    static final String SCENE = "{\"format\":\"rubble-scenario/1\",\"name\":\"same-step\",\"world\":{\"gravity\":[0,0,0]},"
            + "\"bodies\":[{\"id\":\"crate\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.5,0.5,0.5]},\"position\":[0,5,0]}],"
            + "\"commands\":["
            + "{\"type\":\"spawn\",\"step\":3,\"body\":{\"id\":\"ball\",\"shape\":{\"type\":\"sphere\",\"radius\":0.5},"
            + "\"mass\":2,\"position\":[10,0,0]}},"
            + "{\"type\":\"velocity\",\"step\":3,\"body\":\"ball\",\"linear\":[1,0,0],\"angular\":[0,0,0]},"
            + "{\"type\":\"impulse\",\"step\":3,\"body\":\"ball\",\"impulse\":[0,4,0]}]}";

    @Test
    void commandsOnABodySpawnedEarlierInTheSameStepApplyAndVerify(@TempDir Path dir) {
        Stages stages = Stages.load();
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(SCENE), stages);
        try (JournalWriter jw = JournalWriter.create(dir, sw.world(), "same-step", SCENE)) {
            sw.world().addObserver(jw);
            sw.run(30);
        }
        var b = sw.world().bodies();
        int s = b.slot(sw.world().findByLabel("ball"));
        // velocity set to (1, 0, 0), then an impulse of 4 N·s on 2 kg at the centre: +2 m/s in y
        assertThat(b.vx[s]).isCloseTo(1, offset(1e-12));
        assertThat(b.vy[s]).isCloseTo(2, offset(1e-12));
        // it moved from step 3's end on: 27 steps of 1/60 s
        assertThat(b.px[s]).isCloseTo(10 + 27.0 / 60, offset(1e-9));
        VerifyResult r = Verifier.verify(dir, stages);
        assertThat(r.ok()).as(r.ok() ? "" : r.divergence().describe()).isTrue();
        assertThat(r.stepsChecked()).isEqualTo(30);
    }
}
