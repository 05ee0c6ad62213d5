package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.journal.JournalReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rubble view} refuses bad input with one line and exit 2 before or instead of serving: a
 * missing source, a damaged journal, a port already in use, a collection, a mesh file, a bad port number.
 * (The page itself is tested in a browser by ViewerInBrowserTest in integration-tests.)
 */
@org.junit.jupiter.api.Timeout(value = 120, unit = java.util.concurrent.TimeUnit.SECONDS,
        threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD) // a command that serves never returns
final class ViewCommandTest {
    private static final String SCENE = "{\"format\":\"rubble-scenario/1\",\"name\":\"drop\",\"steps\":30,\"bodies\":["
            + "{\"id\":\"floor\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[10,0.5,10]},\"position\":[0,-0.5,0]},"
            + "{\"id\":\"a\",\"shape\":{\"type\":\"sphere\",\"radius\":0.5},\"position\":[0,5,0]}]}";

    record Result(int code, String out, String err) {
    }

    static Result rubble(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Result(code, out.toString(), err.toString());
    }

    private static void assertOneLineBadInput(Result r, String... fragments) {
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip()).doesNotContain("\n").startsWith("rubble: ").contains(fragments);
        assertThat(r.out()).doesNotContain("http://");
    }

    @Test
    void aMissingJournalIsOneLineAndExitTwo(@TempDir Path tmp) {
        assertOneLineBadInput(rubble("view", tmp.resolve("nope").toString()), "nope", "does not exist",
                "journal directory");
    }

    @Test
    void aJournalCutShortIsOneLineNamingTheDamageAndExitTwo(@TempDir Path tmp) throws IOException {
        Path scene = tmp.resolve("drop.json");
        Files.writeString(scene, SCENE);
        Path j = tmp.resolve("j");
        assertThat(rubble("run", scene.toString(), "--journal", j.toString(), "--out", tmp.resolve("s.json").toString())
                .code()).isZero();
        Path f = JournalReader.cycleFiles(j).get(0);
        // the cycle file cut short, as a crash or a bad copy leaves it (cache's JournalDamageTest)
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(16_384);
        }
        Result r = rubble("view", j.toString());
        assertOneLineBadInput(r, j.toString());
        assertThat(r.err()).containsAnyOf("truncated", "damaged");
    }

    @Test
    void oneFlippedBitInAChronicleHeaderHalfWayThroughIsDamageNotAShorterRun(@TempDir Path tmp) throws IOException {
        // the reported defect (issue 31): the "not complete" bit of the header before a step document
        // half way through made the viewer play the first half as if the recorder had been killed
        Path scene = tmp.resolve("drop.json");
        Files.writeString(scene, SCENE);
        Path j = tmp.resolve("j");
        assertThat(rubble("run", scene.toString(), "--journal", j.toString(), "--out", tmp.resolve("s.json").toString())
                .code()).isZero();
        Path f = JournalReader.cycleFiles(j).get(0);
        byte[] d = Files.readAllBytes(f);
        int tag = dev.rubble.cache.journal.JournalFormat.KIND_STEP;
        java.util.List<Integer> steps = new java.util.ArrayList<>();
        for (int i = 4; i + 4 <= d.length; i += 4) {
            if ((d[i] & 0xFF | (d[i + 1] & 0xFF) << 8 | (d[i + 2] & 0xFF) << 16 | (d[i + 3] & 0xFF) << 24) == tag) {
                steps.add(i - 4); // Chronicle's header word sits before the kind tag
            }
        }
        assertThat(steps).hasSize(30);
        int at = steps.get(15) + 3;
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.seek(at);
            raf.write(d[at] ^ 0x80);
        }
        Result r = rubble("view", j.toString());
        assertOneLineBadInput(r, j.toString(), "is damaged", "still being written");
    }

    @Test
    void aDirectoryThatHoldsNoJournalIsBadInput(@TempDir Path tmp) throws IOException {
        Files.createDirectories(tmp.resolve("empty"));
        Result r = rubble("view", tmp.resolve("empty").toString());
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip()).doesNotContain("\n");
    }

    @Test
    void aPortInUseIsOneLineAndExitTwo(@TempDir Path tmp) throws IOException {
        Path scene = tmp.resolve("drop.json");
        Files.writeString(scene, SCENE);
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            assertOneLineBadInput(rubble("view", scene.toString(), "--port", String.valueOf(port)),
                    "--port " + port, "in use", "0 for any free one");
        }
    }

    @Test
    void badPortsStepsAndCollectionsAreRefused(@TempDir Path tmp) throws IOException {
        Path scene = tmp.resolve("drop.json");
        Files.writeString(scene, SCENE);
        assertOneLineBadInput(rubble("view", scene.toString(), "--port", "70000"), "--port 70000", "65535");
        assertOneLineBadInput(rubble("view", scene.toString(), "--steps", "-1"), "--steps -1");
        assertOneLineBadInput(rubble("view", scene.toString(), "--resimulate"), "--resimulate", "journals");
        Path rbc = tmp.resolve("wall.rbc");
        Files.writeString(rbc, "not really");
        assertOneLineBadInput(rubble("view", rbc.toString()), "collection");
        Path obj = tmp.resolve("statue.OBJ"); // a mesh named for its kind, whatever the case: not "malformed JSON"
        Files.writeString(obj, "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
        assertOneLineBadInput(rubble("view", obj.toString()), "triangle mesh", "rubble fracture --source statue.OBJ");
        Path bad = tmp.resolve("bad.json");
        Files.writeString(bad, "{\"format\":\"rubble-scenario/1\",\"bodies\":[{\"id\":1}]}");
        Result r = rubble("view", bad.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(2);
    }
}
