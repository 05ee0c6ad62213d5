package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.spi.shape.Box;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Consumer;
import java.util.zip.CRC32C;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A snapshot of a world with joints whose CRC was recomputed after an edit (docs/snapshot-format.md: "the values
 * are ones a world can hold, so a file whose CRC was recomputed after an edit cannot load NaN"). Section JNTS's
 * values were read without a check (fuzz7): a NaN anchor, orientation or row impulse restored and turned the
 * carriage NaN (disabled) within 20 steps; a slider's lowerLimit above its upperLimit, a NaN parameter, a NaN or zero
 * break threshold, a joint naming a slot no body holds or joining a body to itself all restored; a negative motor
 * force restored and made a later step throw from the solver. A queued AddConstraint (CMDS) with a bad parameter
 * restored and made the first step throw from its COMMANDS slot. Each is refused now at restore, naming the
 * constraint, the field and the value.
 */
final class DamagedJointSnapshotTest {

    /** A floor, a rail welded to the world and a carriage on a limited, motored slider along it. */
    private static PhysicsWorld world() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(20, 0.5, 20)).withPosition(new Vector3d(0, -0.5, 0)).withLabel("ground"));
        BodyId rail = w.addBody(BodySpec.dynamic(new Box(1, 0.1, 0.1)).withPosition(new Vector3d(0, 2, 0)).withLabel("rail"));
        BodyId car = w.addBody(BodySpec.dynamic(new Box(0.2, 0.2, 0.2)).withPosition(new Vector3d(0, 2.5, 0)).withLabel("car"));
        w.addConstraint(car, rail, ConstraintSpec.slider(new Vector3d(0, 2.5, 0), new Vector3d(1, 0, 0)).limits(-0.5, 0.5)
                .motor(1, 100));
        w.addConstraint(rail, null, ConstraintSpec.fixed(new Vector3d(0, 2, 0)));
        return w;
    }

    /** The payload offset of section {@code tag} (after the 12-byte header: tag, u64 length, payload). */
    private static int payload(byte[] b, String tag) {
        int at = 12;
        while (!new String(b, at, 4, StandardCharsets.US_ASCII).equals(tag)) {
            at += 12 + (int) ByteBuffer.wrap(b, at + 4, 8).getLong();
        }
        return at + 12;
    }

    /** {@code good} with {@code edit} applied and the CRC-32C recomputed, written to {@code f}. */
    private static Path damaged(byte[] good, Path f, Consumer<ByteBuffer> edit) throws Exception {
        byte[] bad = good.clone();
        edit.accept(ByteBuffer.wrap(bad));
        CRC32C crc = new CRC32C();
        crc.update(bad, 0, bad.length - 4);
        ByteBuffer.wrap(bad, bad.length - 4, 4).putInt((int) crc.getValue());
        return Files.write(f, bad);
    }

    @Test
    void damagedJointValuesAreRefusedNamingTheConstraintAndTheValue(@TempDir Path tmp) throws Exception {
        PhysicsWorld w = world();
        for (int i = 0; i < 5; i++) {
            w.step();
        }
        Path snap = tmp.resolve("w.snap");
        w.saveSnapshot(snap);
        byte[] good = Files.readAllBytes(snap);
        // the undamaged file restores and goes on as the saved world does
        PhysicsWorld r = Rubble.restoreWorld(snap);
        for (int i = 0; i < 20; i++) {
            r.step();
            w.step();
        }
        assertThat(r.stateHash()).isEqualTo(w.stateHash());

        // JNTS: next id, count, then the first constraint (the slider): id, utf type, bodies, frames, params, ...
        int id = payload(good, "JNTS") + 8;
        int typeLength = ByteBuffer.wrap(good, id + 4, 2).getShort();
        int bodyA = id + 6 + typeLength, frameA = bodyA + 16, frameB = frameA + 56, params = frameB + 56 + 4;
        int breakForce = params + 4 * 8, impulses = breakForce + 16, force = impulses + 12 * 8;
        Object[][] cases = {
                {(Consumer<ByteBuffer>) b -> b.putDouble(frameA, Double.NaN), "constraint 1 (slider) frame A = [NaN, "},
                {(Consumer<ByteBuffer>) b -> b.putDouble(frameB + 48, 0), "constraint 1 (slider) frame B = ["},
                {(Consumer<ByteBuffer>) b -> b.putDouble(params, Double.NaN), "constraint 1 (slider): lowerLimit = NaN"},
                {(Consumer<ByteBuffer>) b -> b.putDouble(params, 5), "lowerLimit = 5.0 > upperLimit = 0.5"},
                {(Consumer<ByteBuffer>) b -> b.putDouble(params + 24, -1), "maxMotorForce = -1.0; allowed: finite, >= 0 N"},
                {(Consumer<ByteBuffer>) b -> b.putDouble(breakForce, Double.NaN), "breakForce = NaN"},
                {(Consumer<ByteBuffer>) b -> b.putDouble(breakForce + 8, 0), "breakTorque = 0.0; allowed: > 0"},
                {(Consumer<ByteBuffer>) b -> b.putDouble(impulses + 8, Double.NaN), "row 1 impulse = NaN; allowed: finite"},
                {(Consumer<ByteBuffer>) b -> b.putDouble(force, Double.POSITIVE_INFINITY), "force = Infinity"},
                {(Consumer<ByteBuffer>) b -> b.putLong(bodyA, 99), "body A 99:0 is not a live body"},
                {(Consumer<ByteBuffer>) b -> b.putLong(bodyA, b.getLong(bodyA + 8)), "joins body 1:0 to itself"},
        };
        for (int k = 0; k < cases.length; k++) {
            @SuppressWarnings("unchecked")
            Path f = damaged(good, tmp.resolve("bad" + k + ".snap"), (Consumer<ByteBuffer>) cases[k][0]);
            assertThatThrownBy(() -> Rubble.restoreWorld(f)).as("case %d", k)
                    .hasMessageContaining("is damaged: section JNTS: ").hasMessageContaining((String) cases[k][1]);
        }
    }

    @Test
    void aDamagedQueuedJointIsRefusedAtRestoreNotInTheFirstStep(@TempDir Path tmp) throws Exception {
        PhysicsWorld w = world(); // the joints are queued, never stepped: they ride in CMDS
        Path snap = tmp.resolve("q.snap");
        w.saveSnapshot(snap);
        byte[] good = Files.readAllBytes(snap);
        byte[] name = "slider".getBytes(StandardCharsets.US_ASCII);
        int at = payload(good, "CMDS");
        while (!Arrays.equals(good, at, at + name.length, name, 0, name.length)) {
            at++;
        }
        // after the type: bodies (2 x i64), the frames byte, two frames (14 x f64), the parameter count
        int params = at + name.length + 16 + 1 + 112 + 4;
        Object[][] cases = {
                {(Consumer<ByteBuffer>) b -> b.putDouble(params, Double.NaN), "lowerLimit = NaN"},
                {(Consumer<ByteBuffer>) b -> b.putDouble(params, 5), "lowerLimit = 5.0 > upperLimit = 0.5"},
                {(Consumer<ByteBuffer>) b -> b.putDouble(params + 24, -1), "maxMotorForce = -1.0"},
        };
        for (int k = 0; k < cases.length; k++) {
            @SuppressWarnings("unchecked")
            Path f = damaged(good, tmp.resolve("badq" + k + ".snap"), (Consumer<ByteBuffer>) cases[k][0]);
            assertThatThrownBy(() -> Rubble.restoreWorld(f)).as("case %d", k)
                    .hasMessageContaining("is damaged: queued constraint command 1: ").hasMessageContaining((String) cases[k][1]);
        }
        PhysicsWorld r = Rubble.restoreWorld(snap);
        for (int i = 0; i < 10; i++) {
            r.step();
            w.step();
        }
        assertThat(r.constraintCount()).isEqualTo(2);
        assertThat(r.stateHash()).isEqualTo(w.stateHash());
    }
}
