package dev.rubble.cache.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.nio.file.Path;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14: a journal recorded from the Java API with non-default gravity and iterations verifies.
 * Before format version 4 the header carried dt and sub-steps only, so verify rebuilt the world
 * with the scenario's (default) gravity and iterations and reported a divergence at step 0.
 */
final class ApiSettingsJournalTest {
    private static final Stages STAGES = Stages.load();
    /** The same bodies as {@link #addBodies}, with the scenario's default settings (gravity -9.81, 8/2 iterations). */
    private static final String SCENE = "{\"format\":\"rubble-scenario/1\",\"name\":\"api\",\"bodies\":["
            + "{\"id\":\"ground\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[5,0.5,5]},\"position\":[0,-0.5,0]},"
            + "{\"id\":\"ball\",\"shape\":{\"type\":\"sphere\",\"radius\":0.5},\"position\":[0,3,0]},"
            + "{\"id\":\"crate\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.4,0.4,0.4]},\"position\":[0.2,5,0.1]}]}";

    private static WorldConfig unusual() {
        return WorldConfig.defaults().withGravity(new Vector3d(0.5, -3.0, 0)).withIterations(4, 1);
    }

    private static BodyId addBodies(PhysicsWorld w) {
        w.addBody(BodySpec.fixed(new Box(5, 0.5, 5)).withPosition(new Vector3d(0, -0.5, 0)).withLabel("ground"));
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 3, 0)).withLabel("ball"));
        w.addBody(BodySpec.dynamic(new Box(0.4, 0.4, 0.4)).withPosition(new Vector3d(0.2, 5, 0.1)).withLabel("crate"));
        return ball;
    }

    @Test
    void aJournalWithTheScenarioTextButOtherSettingsVerifies(@TempDir Path dir) {
        PhysicsWorld w = Rubble.newWorld(unusual());
        BodyId ball = addBodies(w);
        try (JournalWriter jw = JournalWriter.create(dir, w.kernel(), "api", SCENE)) {
            w.kernel().addObserver(jw);
            for (int i = 0; i < 30; i++) {
                w.step();
            }
        }
        // the ball fell with the world's gravity (-3 m/s²), not the scenario's (-9.81): x' = 0.5 t too
        Vector3d v = w.linearVelocity(ball, new Vector3d());
        assertThat(v.y).isCloseTo(-3.0 * 30 / 60, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(v.x).isCloseTo(0.5 * 30 / 60, org.assertj.core.api.Assertions.within(1e-9));
        try (JournalReader r = JournalReader.open(dir)) {
            assertThat(r.settings().gravityY()).isEqualTo(-3.0);
            assertThat(r.settings().velocityIterations()).isEqualTo(4);
            assertThat(r.settings().positionIterations()).isEqualTo(1);
        }
        VerifyResult r = Verifier.verify(dir, STAGES);
        assertThat(r.divergence()).as(r.ok() ? "" : r.divergence().describe()).isNull();
        assertThat(r.stepsChecked()).isEqualTo(30);
    }

    @Test
    void aJournalOfAnApiWorldWithoutAScenarioVerifiesFromItsInitialBodies(@TempDir Path dir) {
        PhysicsWorld w = Rubble.newWorld(unusual());
        addBodies(w);
        try (JournalWriter jw = JournalWriter.create(dir, w.kernel(), "api", "")) {
            w.kernel().addObserver(jw);
            for (int i = 0; i < 120; i++) {
                w.step();
            }
        }
        VerifyResult r = Verifier.verify(dir, STAGES);
        assertThat(r.divergence()).as(r.ok() ? "" : r.divergence().describe()).isNull();
        assertThat(r.stepsChecked()).isEqualTo(120);
    }
}
