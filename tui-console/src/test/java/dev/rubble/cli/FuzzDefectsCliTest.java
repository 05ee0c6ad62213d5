package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.CageFile;

import java.io.RandomAccessFile;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28, item 10: the command-line defects an outside fuzz run found, each as the user met it.
 * Every one is now bad input: exit 2, one line naming the option or field, nothing run first.
 */
final class FuzzDefectsCliTest extends CliHarness {
    private static final String SCENE = "{\"format\":\"rubble-scenario/1\",\"name\":\"jelly\",\"steps\":5,\"bodies\":["
            + "{\"id\":\"floor\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[5,0.5,5]},\"position\":[0,-0.5,0]}],"
            + "\"softBodies\":[{\"id\":\"block\",%s,\"position\":[0,0.4,0],\"youngsModulus\":2e5}]}";

    private Path scene(Path dir, String softSource) throws Exception {
        Path f = dir.resolve("jelly.json");
        Files.writeString(f, String.format(SCENE, softSource));
        return f;
    }

    @Test
    void outputsNamingADirectoryAreRefusedBeforeAnyStepRuns(@TempDir Path dir) throws Exception {
        Path scene = scene(dir, "\"source\":\"box:half=0.5,0.25,0.5\"");
        Path empty = Files.createDirectory(dir.resolve("empty"));
        Path full = Files.createDirectory(dir.resolve("full"));
        Files.writeString(full.resolve("keep.txt"), "mine");

        assertThat(run("run", scene.toString(), "--out", full.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--out " + full + " is a directory; allowed: a file path")
                .doesNotContain("ran "); // refused before the steps, not after
        for (Path d : new Path[] {empty, full}) {
            assertThat(run("run", scene.toString(), "--headless", "--snapshot-at", "2", "--snapshot", d.toString())).isEqualTo(2);
            assertThat(err.toString()).contains("--snapshot " + d + " is a directory").doesNotContain("ran ");
            assertThat(Files.isDirectory(d)).as("the directory is not replaced").isTrue();
        }
        assertThat(Files.readString(full.resolve("keep.txt"))).isEqualTo("mine");
        assertThat(run("softbody", "--source", "box:half=0.5,0.25,0.5", "--out", full.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--out " + full + " is a directory");
        assertThat(out.toString()).as("no cage was built first").doesNotContain("control points");
    }

    /** Relative soft-body files are read beside the scenario, like collections[].file, from any working directory. */
    @Test
    void cageAndSourceFilesAreReadBesideTheScenario(@TempDir Path dir) throws Exception {
        Path sub = Files.createDirectory(dir.resolve("scenes"));
        assertThat(run("softbody", "--source", "box:half=0.5,0.25,0.5", "--out", sub.resolve("block.rbsb").toString())).isZero();
        Files.writeString(sub.resolve("pts.txt"), "-0.5 -0.25 -0.5\n0.5 -0.25 -0.5\n-0.5 0.25 -0.5\n0.5 0.25 -0.5\n"
                + "-0.5 -0.25 0.5\n0.5 -0.25 0.5\n-0.5 0.25 0.5\n0.5 0.25 0.5\n");
        Files.writeString(sub.resolve("box.obj"), "v -0.5 -0.25 -0.5\nv 0.5 -0.25 -0.5\nv -0.5 0.25 -0.5\nv 0.5 0.25 -0.5\n"
                + "v -0.5 -0.25 0.5\nv 0.5 -0.25 0.5\nv -0.5 0.25 0.5\nv 0.5 0.25 0.5\nf 1 2 4\nf 1 4 3\n");
        for (String src : new String[] {"\"cage\":\"block.rbsb\"", "\"source\":\"points:pts.txt\"", "\"source\":\"obj:box.obj\""}) {
            Path scene = scene(sub, src);
            assertThat(Path.of("").toAbsolutePath()).isNotEqualTo(sub);
            assertThat(run("run", scene.toString(), "--headless", "--out", dir.resolve("o.json").toString()))
                    .as(src + ": " + err).isZero();
            assertThat(Files.readString(dir.resolve("o.json"))).contains("\"block\"");
        }
        assertThat(run("run", scene(sub, "\"cage\":\"missing.rbsb\"").toString(), "--headless")).isEqualTo(2);
        assertThat(err.toString()).contains("$.softBodies[0].cage").contains(sub.resolve("missing.rbsb").toString());
    }

    @Test
    void sourcesThatWouldNeverFinishAreRefusedAtOnce(@TempDir Path dir) {
        assertThat(run("softbody", "--source", "sphere:1,100000")).isEqualTo(2);
        assertThat(err.toString()).contains("point count 100000.0; allowed: an integer in [4, 5000]");
        // 1 m block at 2 cm: 132 651 control points (7 s per step before); refused with the spacing that fits
        assertThat(run("softbody", "--source", "box:half=0.5,0.5,0.5", "--spacing", "0.02")).isEqualTo(2);
        assertThat(err.toString()).contains("spacing = 0.02 gives").contains("allowed: at most 20000 (spacing >= ");
    }

    @Test
    void checkRefusesACageThatRunWouldRefuse(@TempDir Path dir) throws Exception {
        Path good = dir.resolve("good.rbsb");
        assertThat(run("softbody", "--source", "box:half=0.5,0.25,0.5", "--out", good.toString())).isZero();
        Cage c = CageFile.read(good);
        // drop the last edge: some tetrahedron now has an edge the list does not hold
        int[] edges = Arrays.copyOf(c.edges(), c.edges().length - 2);
        Cage bad = new Cage(c.points(), c.masses(), c.tets(), edges, c.surface(), c.skinVertices(), c.skinPoints(),
                c.skinWeights(), c.meshIndices());
        Path f = dir.resolve("bad.rbsb");
        CageFile.write(bad, f);
        assertThat(run("softbody", "--check", f.toString())).isEqualTo(2);
        int last = c.edges().length / 2 - 1;
        assertThat(err.toString()).contains("which is not in the edge list")
                .contains(c.edges()[2 * last] + "-" + c.edges()[2 * last + 1]);
        assertThat(run("run", scene(dir, "\"cage\":\"bad.rbsb\"").toString(), "--headless")).isEqualTo(2);
        assertThat(err.toString()).contains("$.softBodies[0].cage").contains("which is not in the edge list");
    }

    @Test
    void collectionAndSoftBodyPositionsHaveTheBodiesLimits(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("c.json");
        Files.writeString(f, "{\"format\":\"rubble-scenario/1\",\"collections\":[{\"recipe\":{\"box\":[1,0.25,1],"
                + "\"levels\":[{\"options\":{\"count\":10}}],\"seed\":2},"
                + "\"position\":[1e308,0,0]}]}");
        assertThat(run("run", f.toString(), "--headless")).isEqualTo(2);
        assertThat(err.toString()).contains("$.collections[0].position[0]: 1.0E308 is out of range; allowed: [-1.0E9, 1.0E9] m");
        Files.writeString(f, SCENE.formatted("\"source\":\"box:half=1,1,1\"").replace("[0,0.4,0]", "[0,-2e9,0]"));
        assertThat(run("run", f.toString(), "--headless")).isEqualTo(2);
        assertThat(err.toString()).contains("$.softBodies[0].position[1]: -2.0E9 is out of range");
    }

    /** A 4-byte flip inside metadata.cq4t's header printed Chronicle's stack trace and exited 0. */
    @Test
    void aFlipInTheJournalsMetadataIsAClearMessageAndExitTwo(@TempDir Path dir) throws Exception {
        Path scene = scene(dir, "\"source\":\"box:half=0.5,0.25,0.5\"");
        Path j = dir.resolve("j");
        assertThat(run("run", scene.toString(), "--headless", "--journal", j.toString(), "--out", dir.resolve("o.json").toString()))
                .as(err.toString()).isZero();
        try (RandomAccessFile raf = new RandomAccessFile(j.resolve("metadata.cq4t").toFile(), "rw")) {
            raf.seek(64); // inside the header's metadata type name
            raf.write(new byte[] {(byte) 0xde, (byte) 0xad, (byte) 0xbe, (byte) 0xef});
        }
        for (String cmd : new String[] {"journal info", "verify"}) {
            String[] args = (cmd + " " + j).split(" ");
            assertThat(run(args)).as(cmd).isEqualTo(2);
            assertThat(err.toString()).contains("is damaged: the header of metadata.cq4t does not parse")
                    .doesNotContain("\tat ").doesNotContain("Exception:");
            assertThat(err.toString().strip().lines().count()).as(cmd + ": one line").isEqualTo(1);
        }
    }

    /** Issue 28, item 4: "verified 0 steps: identical" passed a journal that recorded nothing. */
    @Test
    void verifyOfAJournalWithNoStepsFailsClearly(@TempDir Path dir) throws Exception {
        Path scene = scene(dir, "\"source\":\"box:half=0.5,0.25,0.5\"");
        Path j = dir.resolve("j0");
        assertThat(run("run", scene.toString(), "--steps", "0", "--journal", j.toString(), "--out", dir.resolve("o.json").toString()))
                .as(err.toString()).isZero();
        assertThat(run("verify", j.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("journal " + j + " holds no steps").contains("nothing to verify");
        assertThat(out.toString()).doesNotContain("identical");
    }

    /** Issue 28, item 9: run and journal info report the same bytes per step. */
    @Test
    void runAndJournalInfoReportTheSameBytesPerStep(@TempDir Path dir) throws Exception {
        Path scene = scene(dir, "\"source\":\"box:half=0.5,0.25,0.5\"");
        Path j = dir.resolve("j");
        assertThat(run("run", scene.toString(), "--steps", "30", "--journal", j.toString(), "--out", dir.resolve("o.json").toString()))
                .as(err.toString()).isZero();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\((\\d+) bytes of steps, (\\d+) bytes/step\\)").matcher(err.toString());
        assertThat(m.find()).as(err.toString()).isTrue();
        assertThat(run("journal", "info", j.toString())).isZero();
        assertThat(out.toString()).contains("size        " + m.group(1) + " bytes of steps (" + m.group(2) + " bytes/step)");
    }

    @Test
    void messagesNeverEchoRawBytes() {
        assertThat(Main.escape("snapshot of 'a\u001b[2Jb\ufffd\u202ec\ud800'"))
                .isEqualTo("snapshot of 'a\\u001b[2Jb\\ufffd\\u202ec\\ud800'");
        assertThat(Main.escape("Zürich 東京 \ud83d\ude00")).isEqualTo("Zürich 東京 \ud83d\ude00"); // real text stays
        assertThat(Main.escape("x".repeat(5000))).hasSizeLessThan(2100).endsWith("(3000 more characters)");
    }
}
