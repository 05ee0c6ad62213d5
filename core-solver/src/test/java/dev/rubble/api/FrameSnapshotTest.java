package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.nio.file.Files;
import java.nio.file.Path;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The game loop's state is the world's and a snapshot keeps it (docs/snapshot-format.md, FRAM): a world
 * restored from a snapshot saved between two {@link PhysicsWorld#update} calls takes the steps, and draws
 * the poses, the saved world does. Before 2026-12-06 the restored world started with an empty accumulator:
 * {@code update(0.03); save; update(0.01)} stepped once in the saved world (0.04 s holds two 1/60 s steps,
 * one taken) and not at all in the restored one, and the two worlds' states parted.
 */
final class FrameSnapshotTest {
    private static PhysicsWorld world() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(20, 0.5, 20)).withPosition(new Vector3d(0, -0.5, 0)).withLabel("ground"));
        w.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 10, 0))
                .withAngularVelocity(new Vector3d(0, 3, 1)).withLabel("ball"));
        w.addBody(BodySpec.dynamic(new Box(0.3, 0.3, 0.3)).withPosition(new Vector3d(0.1, 2, 0.05)).withLabel("crate"));
        return w;
    }

    private static int version(Path file) throws Exception {
        byte[] b = Files.readAllBytes(file);
        return ((b[8] & 0xff) << 8) | (b[9] & 0xff); // after the 8-byte magic
    }

    @Test
    void aRestoredWorldTakesTheStepsTheSavedOneTakesAndDrawsTheSamePoses(@TempDir Path tmp) throws Exception {
        PhysicsWorld w = world();
        w.setMaxStepsPerUpdate(4);
        assertThat(w.update(0.03)).isEqualTo(1); // 1.8 steps of 1/60 s: one taken, 0.8 carried
        assertThat(w.update(10 * w.timeStep())).isEqualTo(4); // 10.8: four taken, six dropped, 0.8 carried
        assertThat(w.droppedSteps()).isEqualTo(6);
        Path snap = tmp.resolve("w.snap");
        w.saveSnapshot(snap);
        PhysicsWorld r = Rubble.restoreWorld(snap);
        assertThat(r.maxStepsPerUpdate()).isEqualTo(4);
        assertThat(r.droppedSteps()).isEqualTo(6);
        assertThat(r.interpolationAlpha()).isEqualTo(w.interpolationAlpha());
        BodyId ball = w.find("ball");
        BodyId rBall = r.find("ball");
        // before the next update: the same interpolated pose (the poses before the last step were saved)
        Vector3d pw = w.interpolatedPosition(ball, new Vector3d()), pr = r.interpolatedPosition(rBall, new Vector3d());
        assertThat(pr).isEqualTo(pw);
        assertThat(pw).isNotEqualTo(w.position(ball, new Vector3d())); // it is a blend, not the pose now
        // 0.8 + 0.6 = 1.4 steps: one step in each
        assertThat(w.update(0.01)).isEqualTo(1);
        assertThat(r.update(0.01)).isEqualTo(1);
        assertThat(r.stateHash()).isEqualTo(w.stateHash());
        for (int i = 0; i < 40; i++) {
            double frame = 0.004 + 0.001 * (i % 7);
            assertThat(r.update(frame)).as("frame %d", i).isEqualTo(w.update(frame));
        }
        assertThat(r.stateHash()).isEqualTo(w.stateHash());
        assertThat(r.interpolatedPosition(rBall, new Vector3d())).isEqualTo(w.interpolatedPosition(ball, new Vector3d()));
        assertThat(r.interpolatedOrientation(rBall, new Quaterniond())).isEqualTo(w.interpolatedOrientation(ball, new Quaterniond()));
        // saved again, the restored world writes the bytes the original writes
        Path a = tmp.resolve("a.snap"), b = tmp.resolve("b.snap");
        w.saveSnapshot(a);
        r.saveSnapshot(b);
        assertThat(Files.readAllBytes(b)).isEqualTo(Files.readAllBytes(a));
        assertThat(version(a)).isEqualTo(11);
    }

    @Test
    void aWorldNeverSteppedByUpdateWritesTheFormatItWroteBefore(@TempDir Path tmp) throws Exception {
        PhysicsWorld w = world();
        for (int i = 0; i < 5; i++) {
            w.step();
        }
        BodyId ball = w.find("ball");
        w.interpolatedPosition(ball, new Vector3d()); // reads make no game-loop state
        Path snap = tmp.resolve("plain.snap");
        w.saveSnapshot(snap);
        assertThat(version(snap)).isEqualTo(10);
        PhysicsWorld r = Rubble.restoreWorld(snap);
        assertThat(r.interpolationAlpha()).isZero();
        assertThat(r.update(0.01)).isZero(); // 0.6 of a step, as in a new world
        assertThat(w.update(0.01)).isZero();
        assertThat(r.update(0.01)).isEqualTo(w.update(0.01));
        assertThat(r.stateHash()).isEqualTo(w.stateHash());
    }
}
