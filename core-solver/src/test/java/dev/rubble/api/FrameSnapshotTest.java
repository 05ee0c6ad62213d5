package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.zip.CRC32C;
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

    /** The FRAM section's payload offset in {@code b} (after the 8-byte magic, version, flags: tag, u64 length, payload). */
    private static int framPayload(byte[] b) {
        int at = 12;
        while (true) {
            String tag = new String(b, at, 4, StandardCharsets.US_ASCII);
            long len = ByteBuffer.wrap(b, at + 4, 8).getLong();
            if (tag.equals("FRAM")) {
                return at + 12;
            }
            at += 12 + (int) len;
        }
    }

    /** A damaged FRAM section (its CRC recomputed, so only the value checks can catch it) is refused, naming the value. */
    @Test
    void aDamagedGameLoopSectionIsRefusedNamingTheValue(@TempDir Path tmp) throws Exception {
        PhysicsWorld w = world();
        w.update(0.03);
        Path snap = tmp.resolve("w.snap");
        w.saveSnapshot(snap);
        byte[] good = Files.readAllBytes(snap);
        double[][] cases = {{0, Double.NaN}, {0, 1.0}, {0, -0.5}};
        String[] expected = {"accumulator = NaN", "accumulator = 1.0", "accumulator = -0.5"};
        for (int k = 0; k < cases.length; k++) {
            byte[] bad = good.clone();
            ByteBuffer.wrap(bad, framPayload(bad), 8).putDouble(cases[k][1]);
            CRC32C crc = new CRC32C();
            crc.update(bad, 0, bad.length - 4);
            ByteBuffer.wrap(bad, bad.length - 4, 4).putInt((int) crc.getValue());
            Path f = tmp.resolve("bad" + k + ".snap");
            Files.write(f, bad);
            assertThatThrownBy(() -> Rubble.restoreWorld(f)).hasMessageContaining(expected[k]);
        }
        byte[] bad = good.clone();
        ByteBuffer.wrap(bad, framPayload(bad) + 8, 4).putInt(0); // most steps per update: 0
        CRC32C crc = new CRC32C();
        crc.update(bad, 0, bad.length - 4);
        ByteBuffer.wrap(bad, bad.length - 4, 4).putInt((int) crc.getValue());
        Path f = tmp.resolve("badmax.snap");
        Files.write(f, bad);
        assertThatThrownBy(() -> Rubble.restoreWorld(f)).hasMessageContaining("maxStepsPerUpdate = 0; allowed: >= 1");
    }

    /**
     * Teleports are kept only until the step that makes them: a world moved by {@code setPose} step after step
     * (never by {@code update}) saves a snapshot that restores and goes on like it. Before the list was
     * bounded, every {@code setPose} stayed listed, and from more of them than body slots the snapshot was
     * refused on restore ("teleports; allowed: 0..3").
     */
    @Test
    void teleportsWithoutUpdatesStayBoundedAndRestore(@TempDir Path tmp) throws Exception {
        PhysicsWorld w = world();
        BodyId ball = w.find("ball");
        for (int i = 0; i < 10; i++) {
            w.setPose(ball, new Vector3d(0, 5 + i, 0), new Quaterniond());
            w.setPose(ball, new Vector3d(0, 5 + i, 0.1), new Quaterniond()); // twice before one step: listed once
            w.step();
        }
        w.setPose(ball, new Vector3d(1, 6, 0), new Quaterniond());
        Path snap = tmp.resolve("t.snap");
        w.saveSnapshot(snap);
        PhysicsWorld r = Rubble.restoreWorld(snap);
        double dt = w.timeStep();
        for (int i = 0; i < 20; i++) {
            assertThat(r.update(0.7 * dt)).isEqualTo(w.update(0.7 * dt));
        }
        assertThat(r.stateHash()).isEqualTo(w.stateHash());
        assertThat(r.interpolatedPosition(r.find("ball"), new Vector3d()))
                .isEqualTo(w.interpolatedPosition(ball, new Vector3d()));
    }
}
