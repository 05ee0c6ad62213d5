package dev.rubble.cache.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.nio.file.Path;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Commands queued when a journal is attached to a world that has already stepped: the start keyframe and
 * the first step's document both held them, so verify applied them twice (an impulse queued before
 * {@code attach} moved the ball twice as far in re-simulation). The first step's document is where they
 * belong; the keyframe is the world before them.
 */
final class AttachedQueuedCommandsTest {
    private static final double DT = 1.0 / 60;

    /** A 0.5 m ball (523.6 kg at 1000 kg/m³) falling from 3 m onto a ground box (gravity along -y only). */
    private static PhysicsWorld world() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(5, 0.5, 5)).withPosition(new Vector3d(0, -0.5, 0)).withLabel("ground"));
        w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 3, 0)).withLabel("ball"));
        return w;
    }

    private static void verifies(Path j, long steps) {
        VerifyResult r = Verifier.verify(j, Stages.load());
        assertThat(r.divergence()).as(r.ok() ? "" : r.divergence().describe()).isNull();
        assertThat(r.stepsChecked()).isEqualTo(steps);
    }

    @Test
    void anImpulseQueuedBeforeAttachingToASteppedWorldIsAppliedOnceOnVerify(@TempDir Path dir) {
        PhysicsWorld w = world();
        BodyId ball = w.find("ball");
        w.step(5);
        w.applyImpulse(ball, new Vector3d(0, 0, 100));
        Path j = dir.resolve("j");
        try (JournalWriter journal = JournalWriter.attach(j, w, "queued")) {
            w.step();
            // in the air: Δv = J / m = 100 / (1000 · 4/3 π 0.5³) m/s along z, over one step
            double v = 100 / (1000 * 4.0 / 3 * Math.PI * 0.125);
            assertThat(w.linearVelocity(ball, new Vector3d()).z).isCloseTo(v, within(1e-12));
            assertThat(w.position(ball, new Vector3d()).z).isCloseTo(v * DT, within(1e-12));
            w.step(29);
        }
        // before: "diverged at step 5: body 1:0 'ball' field position.z recorded 0.0032, re-simulated 0.0064"
        verifies(j, 30);
    }

    @Test
    void aJournalAttachedFromAListenerAfterOthersQueuedCommandsVerifies(@TempDir Path dir) {
        PhysicsWorld w = world();
        BodyId ball = w.find("ball");
        Path j = dir.resolve("j");
        JournalWriter[] journal = {null};
        w.addStepListener((step, time, profile) -> {
            if (step == 5) {
                w.applyImpulse(ball, new Vector3d(0, 0, 100)); // queued before the journal is attached
            }
        });
        w.addStepListener((step, time, profile) -> {
            if (step == 5) {
                journal[0] = JournalWriter.attach(j, w, "from a listener");
            }
        });
        w.addStepListener((step, time, profile) -> {
            if (step == 5) {
                w.applyImpulse(ball, new Vector3d(100, 0, 0)); // queued after it
            }
        });
        w.step(36);
        journal[0].close();
        assertThat(journal[0].steps()).isEqualTo(30);
        verifies(j, 30);
    }
}
