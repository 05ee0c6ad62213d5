package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cli.RunDefenceTest.Result;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rubble run --snapshot-at N --snapshot FILE} and {@code --restore FILE} with soft bodies
 * (snapshot format 3, section SOFT): a restored run ends in exactly the state of the uninterrupted
 * one (the output holds every soft control point's position and the state hash, which covers every
 * soft point's position and velocity), from before contact, mid-impact and after settling; a
 * damaged SOFT section is bad input (exit 2) named in one line.
 */
final class RunSoftSnapshotTest {
    @TempDir
    Path tmp;

    /** A soft block pinned at a corner on the floor, a soft cube dropped onto it and a crate thrown down beside it. */
    static final String SCENE = "{\"format\":\"rubble-scenario/1\",\"name\":\"jelly\",\"steps\":90,\"bodies\":["
            + RunDefenceTest.G + ",{\"id\":\"crate\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.12,0.12,0.12]},"
            + "\"mass\":5,\"position\":[-0.3,1.4,0.25],\"linearVelocity\":[0,-2,0]}],"
            + "\"softBodies\":[{\"id\":\"block\",\"source\":\"box:half=0.5,0.25,0.5\",\"spacing\":0.25,\"density\":500,"
            + "\"position\":[0,0.255,0],\"youngsModulus\":2e5,\"poissonRatio\":0.3,\"pins\":[0]},"
            + "{\"id\":\"cube\",\"source\":\"box:half=0.2,0.15,0.2\",\"spacing\":0.1,\"density\":500,"
            + "\"position\":[0.1,0.9,-0.05],\"youngsModulus\":2e5,\"poissonRatio\":0.3}]}";

    private static Result rubble(String... args) {
        return RunDefenceTest.rubble(args);
    }

    @Test
    void aRestoredSoftRunEndsExactlyWhereTheUninterruptedOneDoes() throws IOException {
        Path scene = tmp.resolve("jelly.json");
        Files.writeString(scene, SCENE);
        Path full = tmp.resolve("full.json");
        Result r = rubble("run", scene.toString(), "--out", full.toString());
        assertThat(r.code()).as(r.err()).isZero();
        String expected = Files.readString(full);
        assertThat(expected).contains("\"softBodies\"").contains("\"id\" : \"cube\"");
        // 0: nothing has landed; 16: the crate is 2 cm into the block's top, still moving down, and the cube
        // is landing (measured: crate vy -0.32 m/s, cube bottom 0.480 m under the block top at 0.505 m);
        // 60: both resting on the block
        for (int at : new int[] {0, 16, 60}) {
            Path snap = tmp.resolve("s" + at + ".rsnap"), part = tmp.resolve("p" + at + ".json");
            Result s = rubble("run", scene.toString(), "--steps", String.valueOf(at), "--out", part.toString(),
                    "--snapshot-at", String.valueOf(at), "--snapshot", snap.toString());
            assertThat(s.code()).as(s.err()).isZero();
            assertThat(s.err()).contains("rubble: snapshot after step " + at + " written to " + snap);
            Path resumed = tmp.resolve("r" + at + ".json");
            Result t = rubble("run", scene.toString(), "--restore", snap.toString(), "--out", resumed.toString());
            assertThat(t.code()).as(t.err()).isZero();
            assertThat(t.err()).contains("ran " + (90 - at) + " steps");
            assertThat(Files.readString(resumed)).as("restored after step %d", at).isEqualTo(expected);
            if (at > 0) {
                assertThat(Files.readString(part)).as("the soft bodies moved by step %d", at).isNotEqualTo(expected);
            }
        }
    }

    @Test
    void aDamagedSoftSectionIsBadInputNamingTheField() throws IOException {
        Path scene = tmp.resolve("jelly.json");
        Files.writeString(scene, SCENE);
        Path snap = tmp.resolve("s.rsnap");
        Result s = rubble("run", scene.toString(), "--steps", "5", "--out", tmp.resolve("x.json").toString(),
                "--snapshot-at", "5", "--snapshot", snap.toString());
        assertThat(s.code()).as(s.err()).isZero();
        // the first cage image's magic ("RBSB") is the 4 bytes after i32 bodies, i32 cages, i32 image length;
        // the file is reassembled with a correct CRC-32C so that the section's own checks must catch it
        Path bad = tmp.resolve("bad.rsnap");
        Files.write(bad, withSoftByte(Files.readAllBytes(snap), 12, (byte) 'X'));
        Result r = rubble("run", scene.toString(), "--restore", bad.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains(bad + " is damaged: section SOFT: soft cage 0: not a Rubble soft-body cage: magic 0x58425342;"
                + " expected 0x52425342 (\"RBSB\")").doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(r.err().strip().lines().count()).as(r.err()).isLessThanOrEqualTo(2);
    }

    /** {@code file} (docs/snapshot-format.md container) with byte {@code at} of its SOFT payload set to {@code value}, CRC redone. */
    static byte[] withSoftByte(byte[] file, int at, byte value) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(file);
        b.position(12);
        byte[] copy = file.clone();
        while (true) {
            byte[] tag = new byte[4];
            b.get(tag);
            long len = b.getLong();
            String t = new String(tag, StandardCharsets.US_ASCII);
            if (t.equals("SOFT")) {
                copy[b.position() + at] = value;
                break;
            }
            assertThat(t).as("SOFT comes before the end").isNotEqualTo("END!");
            b.position(b.position() + (int) len);
        }
        int end = file.length - 4;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DataOutputStream o = new DataOutputStream(out);
        o.write(copy, 0, end);
        CRC32C crc = new CRC32C();
        crc.update(copy, 0, end);
        o.writeInt((int) crc.getValue());
        return out.toByteArray();
    }
}
