package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Seeded fields are reproducible (issue 24): RandomVector and Noise give identical state hashes on
 * every run, with every broadphase, and when a snapshot is restored while persistent fields run.
 */
final class FieldDeterminismTest {
    private static final String[] BROADPHASES = {"grid", "sap", "bvh", "sweep", "bruteforce"};

    private static PhysicsWorld scene(String broadphase) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withStage("broadphase", broadphase)
                .withGravity(new Vector3d(0, -9.81, 0)));
        w.addBody(BodySpec.fixed(new Box(20, 0.5, 20)).withPosition(new Vector3d(0, -0.5, 0)));
        for (int i = 0; i < 120; i++) {
            w.addBody(BodySpec.dynamic(i % 3 == 0 ? new Box(0.2, 0.2, 0.2) : new Sphere(0.2))
                    .withPosition(new Vector3d((i % 12) * 0.6 - 3.3, 0.2 + (i / 12) * 0.45, ((i * 7) % 5) * 0.5 - 1)));
        }
        Vector3d c = new Vector3d(0, 1, 0);
        // persistent: a noisy updraft everywhere and seeded random spin inside 2.5 m
        w.applyField(Fields.Target.LINEAR_FORCE, Fields.uniformVector(new Vector3d(0, 1, 0), 4)
                .times(Fields.noise(17, 0, 2).with("scale", new Vector3d(3, 3, 3))), FieldOptions.persistent("updraft"));
        w.applyField(Fields.Target.ANGULAR_VELOCITY, Fields.randomVector(99)
                .times(Fields.radialFalloff(c, 2.5).magnitude(0.2)), FieldOptions.persistent("spin"));
        return w;
    }

    private static void kick(PhysicsWorld w) {
        w.applyField(Fields.Target.LINEAR_IMPULSE, Fields.randomVector(7).times(Fields.radialFalloff(new Vector3d(1, 0, 0), 3)
                .magnitude(2)), FieldOptions.once().position("center-of-mass"));
    }

    private static long run(String broadphase) {
        PhysicsWorld w = scene(broadphase);
        w.step(30);
        kick(w);
        w.step(60);
        return w.stateHash();
    }

    @Test
    void identicalAcrossRunsAndBroadphases() {
        long reference = run("grid");
        assertThat(run("grid")).isEqualTo(reference);
        for (String bp : BROADPHASES) {
            assertThat(run(bp)).as(bp).isEqualTo(reference);
        }
        // and the fields did something: without them the hash differs
        PhysicsWorld quiet = scene("grid");
        quiet.removeField("updraft");
        quiet.removeField("spin");
        quiet.step(90);
        assertThat(quiet.stateHash()).isNotEqualTo(reference);
    }

    @Test
    void aSnapshotRestoredMidFieldContinuesBitForBit() throws IOException {
        long reference = run("grid");
        PhysicsWorld w = scene("grid");
        w.step(30);
        kick(w); // queued, not yet applied: saved with the snapshot
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        w.saveSnapshot(bytes);
        PhysicsWorld r = Rubble.defaultPlugins().restoreWorld(new ByteArrayInputStream(bytes.toByteArray()));
        r.step(60);
        assertThat(r.stateHash()).isEqualTo(reference);
        // mid-way again, with a persistent field running 40 steps old
        PhysicsWorld x = scene("grid");
        x.step(30);
        kick(x);
        x.step(40);
        ByteArrayOutputStream b2 = new ByteArrayOutputStream();
        x.saveSnapshot(b2);
        PhysicsWorld r2 = Rubble.defaultPlugins().restoreWorld(new ByteArrayInputStream(b2.toByteArray()));
        r2.step(20);
        assertThat(r2.stateHash()).isEqualTo(reference);
    }
}
