package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.BodySpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.api.WorldDestruction;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.shape.Box;
import java.nio.file.Files;
import java.nio.file.Path;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fourth outsider's pass over the command line (the clitail pass): the three defects the third pass left open
 * (a render with no bound on its total pixels, pieces of collections placed between steps that {@code replay
 * --release-piece} could not name, step counts that ran for days), then the commands it covered least.
 */
final class OutsiderFuzz4CliTest extends TwoBoxesCliTestBase {

    /**
     * {@code render S --renderer gif --size 16384x16384} over many frames had no bound but the size of each frame and
     * the count of frames: 16384 x 16384 x 300 frames is 8e10 pixels, over an hour of drawing (or the heap exhausted).
     * The total, width x height x frames, is now refused above 1.5e9 pixels before any frame is drawn, naming the
     * options, the value and the limit; the console renderer's cells likewise above 16384 x 16384. The expected totals
     * are the products of the numbers given.
     */
    @Test
    void aRenderOfTooManyPixelsInAllIsRefusedBeforeDrawing(@TempDir Path dir) throws Exception {
        Path gif = dir.resolve("big.gif");
        assertThat(run("render", scene.toString(), "--renderer", "gif", "--size", "16384x16384", "--frames", "0:10:1",
                "--out", gif.toString())).as(err.toString()).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: --size 16384x16384 by 11 frame(s) (--frames 0:10:1) is "
                + 16384L * 16384 * 11 + " pixels in all; allowed: at most 1500000000 (width x height x frames): fewer"
                + " frames or a smaller --size" + System.lineSeparator());
        assertThat(gif).doesNotExist();
        // the default frames of a gif (up to 100: here the scene's 11) at a large size
        assertThat(run("render", scene.toString(), "--renderer", "gif", "--size", "16000x9000", "--out", gif.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --size 16000x9000 by 11 frame(s) (--frames default) is "
                + 16000L * 9000 * 11 + " pixels in all");
        Path txt = dir.resolve("cells.txt");
        assertThat(run("render", scene.toString(), "--renderer", "console", "--size", "16384x16384", "--frames", "0:1",
                "--out", txt.toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --size 16384x16384 by 2 frame(s) (--frames 0:1) is "
                + 16384L * 16384 * 2 + " cells in all; allowed: at most " + 16384L * 16384);
        assertThat(txt).doesNotExist();
        // the documented uses still draw: the default gif, and a tall one of a few frames
        assertThat(run("render", scene.toString(), "--renderer", "gif", "--out", gif.toString())).as(err.toString()).isZero();
        assertThat(run("render", scene.toString(), "--renderer", "gif", "--size", "64x64", "--frames", "0:10:5",
                "--out", gif.toString())).as(err.toString()).isZero();
    }

    /** A small Voronoi wall: 8 cells under the root, 9 nodes. */
    private static final String WALL = "{\"box\": [1, 0.5, 0.1], \"levels\": [{\"method\": \"voronoi\", \"options\":"
            + " {\"count\": 8}}], \"seed\": 5}";

    /** A journal attached to a world that places the wall twice between steps: "left" before step 2, "right" before 10. */
    private static Path twoWallsFromTheApi(Path dir) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(10, 0.5, 10)).withPosition(new Vector3d(0, -0.5, 0)).withLabel("ground"));
        CollectionAsset wall = WorldDestruction.fracture(WALL);
        assertThat(wall.nodeCount()).isEqualTo(9);
        Path j = dir.resolve("api.journal");
        try (JournalWriter jw = JournalWriter.attach(j, w, "two walls")) {
            for (int i = 0; i < 20; i++) {
                if (i == 2) {
                    w.destruction().place("left", wall, new Vector3d(-3, 0.5, 0), new Quaterniond(), new double[] {1e9}, null);
                } else if (i == 10) {
                    w.destruction().place("right", wall, new Vector3d(3, 0.5, 0), new Quaterniond(), new double[] {1e9}, null);
                }
                w.step();
            }
        }
        return j;
    }

    /**
     * {@code journal info} of that journal said "collections 0 embedded", which read as a journal without collections;
     * it now counts the collections placed between steps too.
     */
    @Test
    void journalInfoCountsCollectionsPlacedBetweenSteps(@TempDir Path dir) {
        Path j = twoWallsFromTheApi(dir);
        assertThat(run("journal", "info", j.toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("collections 0 embedded (0 bytes of .rbc images), 2 placed between steps"
                + System.lineSeparator());
    }

    /**
     * A journal written through the Java API (JournalWriter.attach) from a world that places two collections between
     * steps, "left" before step 2 and "right" before step 10. {@code replay --release-piece 1:0@11} was refused with
     * "allowed: collection in [0, 1)": only collection 0 could be named, as the journal's placements had not been read
     * yet. Every collection is named now, by placement index (as events number them) or by its id (as exports name its
     * pieces), and a release before the collection is placed is refused rather than dropped.
     */
    @Test
    void aPieceOfEitherCollectionPlacedBetweenStepsIsReleased(@TempDir Path dir) throws Exception {
        Path j = twoWallsFromTheApi(dir);
        // node 0 is the root: the intact wall's body, which the placement made
        for (String piece : new String[] {"1:0@11", "right:0@11", "0:0@3", "left:0@19"}) {
            assertThat(run("replay", j.toString(), "--headless", "--release-piece", piece)).as(piece + ": " + err).isZero();
            assertThat(err.toString()).as(piece).contains("; 1 bodies released;");
        }
        assertThat(run("replay", j.toString(), "--headless", "--release-piece", "1:0@10")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: --release-piece 1:0@10: piece 1:0 at step 10: collection 1 is placed"
                + " before recorded step 10; allowed: a step from 11" + System.lineSeparator());
        assertThat(run("replay", j.toString(), "--headless", "--release-piece", "2:0@11")).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --release-piece 2:0@11: piece 2:0; allowed: collection in [0, 2)");
        assertThat(run("replay", j.toString(), "--headless", "--release-piece", "right:9@11")).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --release-piece right:9@11: piece 1:9: collection 1 has 9 nodes;"
                + " allowed: node in [0, 9)");
        assertThat(run("replay", j.toString(), "--headless", "--release-piece", "middle:0@11")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: --release-piece middle:0@11: no collection has id 'middle'; known:"
                + " 0 (left), 1 (right)" + System.lineSeparator());
    }

    /**
     * {@code run S --steps 100000000} was accepted (a scenario's "steps" range) and ran for days; every step count of
     * the command line and of scenario and sweep files now shares bench's range, 0 (1 for bench) to 1 000 000.
     */
    @Test
    void stepCountsShareOneSaneRange(@TempDir Path dir) throws Exception {
        String[][] lines = {
            {"run", scene.toString(), "--headless", "--steps", "100000000"},
            {"console", scene.toString(), "--steps", "1000001"},
            {"demo", "--headless", "--steps", "1000001"},
            {"replay", journal.toString(), "--headless", "--hold", "1000001"},
            {"bench", "pyramid", "--steps", "1000001"},
        };
        for (String[] line : lines) {
            assertThat(run(line)).as(String.join(" ", line)).isEqualTo(2);
            assertThat(err.toString()).as(String.join(" ", line)).contains(" is out of range; allowed: ")
                    .contains(" to 1000000");
        }
        Path s = dir.resolve("long.json");
        Files.writeString(s, SCENE.replace("\"steps\": 10", "\"steps\": 100000000"));
        assertThat(run("run", s.toString(), "--headless")).isEqualTo(2);
        assertThat(err.toString()).contains("$.steps").contains("1000000");
        Path sweep = dir.resolve("sweep.json");
        Files.writeString(sweep, "{\"format\": \"rubble-sweep/1\", \"scenario\": \"" + scene.toString().replace("\\", "/")
                + "\", \"steps\": 100000000, \"parameters\": [{\"name\": \"y\", \"path\": \"/bodies/1/position/1\","
                + " \"values\": [0.6, 1]}]}");
        assertThat(run("bake", sweep.toString(), "--out", dir.resolve("bake").toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: $.steps: 100000000 is not allowed; allowed: an integer 0..1000000"
                + System.lineSeparator());
        assertThat(dir.resolve("bake")).doesNotExist();
        // the bound itself is allowed (checked without running it: --steps 0 runs nothing, the scenario's own count
        // is only read)
        Files.writeString(s, SCENE.replace("\"steps\": 10", "\"steps\": 1000000"));
        assertThat(run("run", s.toString(), "--headless", "--steps", "0", "--out", dir.resolve("end.json").toString()))
                .as(err.toString()).isZero();
    }

    /**
     * {@code render S --frames 2000000000} and {@code export S --out x.obj --frames 2000000000} were accepted (a
     * scenario's frames had no end) and simulated two billion steps, for days. A scenario's frames now end where every
     * command's step range does, 1 000 000, refused at once naming the frame and the range. (The timeout only keeps
     * the defect, were it back, from hanging the build: the refusal takes well under a second.)
     */
    @Test
    @org.junit.jupiter.api.Timeout(value = 300, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
    void aScenarioFrameFarPastTheStepRangeIsRefused(@TempDir Path dir) {
        assertThat(run("render", scene.toString(), "--frames", "2000000000", "--out", dir.resolve("x.png").toString()))
                .isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: --frames '2000000000': frame 2000000000 is past the last frame 1000000"
                + " of a scenario (the steps a command runs at most); allowed: 0..1000000" + System.lineSeparator());
        assertThat(run("export", scene.toString(), "--frames", "1000001", "--out", dir.resolve("x.obj").toString()))
                .isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --frames '1000001': frame 1000001 is past the last frame 1000000");
        assertThat(dir.resolve("x.png")).doesNotExist();
        assertThat(dir.resolve("x.obj")).doesNotExist();
        // past the scenario's own "steps" (10) is still simulated on, as before
        assertThat(run("export", scene.toString(), "--frames", "20", "--out", dir.resolve("x.obj").toString()))
                .as(err.toString()).isZero();
    }

    /**
     * {@code bake SWEEP --out J}, J a journal directory, wrote the bake's variants and manifest into the journal with exit
     * 0; into any other directory holding files, the bake removed a {@code manifest.csv} it held (a bake starts by
     * removing the earlier manifest) and wrote its own. An existing --out must now be empty or a bake's.
     */
    @Test
    void aBakeIsNotWrittenIntoADirectoryHoldingSomethingElse(@TempDir Path dir) throws Exception {
        Path sweep = dir.resolve("sweep.json");
        Files.writeString(sweep, "{\"format\": \"rubble-sweep/1\", \"scenario\": \"" + scene.toString().replace("\\", "/")
                + "\", \"steps\": 5, \"parameters\": [{\"name\": \"y\", \"path\": \"/bodies/1/position/1\","
                + " \"values\": [0.6, 1]}]}");
        Path mine = Files.createDirectory(dir.resolve("mine"));
        Files.writeString(mine.resolve("manifest.csv"), "my own table\n");
        assertThat(run("bake", sweep.toString(), "--out", mine.toString(), "--workers", "1")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: --out " + mine + " holds manifest.csv and no bake (no variants/ nor"
                + " manifest.jsonl); allowed: a new or empty directory, or an earlier bake directory" + System.lineSeparator());
        assertThat(Files.readString(mine.resolve("manifest.csv"))).isEqualTo("my own table\n");
        Path j = dir.resolve("j");
        assertThat(run("run", scene.toString(), "--headless", "--out", dir.resolve("s.json").toString(), "--journal", j.toString()))
                .isZero();
        assertThat(run("bake", sweep.toString(), "--out", j.toString(), "--workers", "1")).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --out " + j + " holds ");
        assertThat(j.resolve("variants")).doesNotExist();
        // a new directory, then the same one again (resumed), still bake
        Path bake = dir.resolve("bake");
        assertThat(run("bake", sweep.toString(), "--out", bake.toString(), "--workers", "1")).as(err.toString()).isZero();
        assertThat(run("bake", sweep.toString(), "--out", bake.toString(), "--workers", "1")).as(err.toString()).isZero();
        assertThat(err.toString()).contains("2 reused and verified");
    }

    /** A 2 m cube, eight corners and six quads (docs/geometry-collections.md's cube.obj). */
    static final String CUBE = """
            v -1 -1 -1
            v 1 -1 -1
            v 1 1 -1
            v -1 1 -1
            v -1 -1 1
            v 1 -1 1
            v 1 1 1
            v -1 1 1
            f 1 4 3 2
            f 5 6 7 8
            f 1 2 6 5
            f 2 3 7 6
            f 3 4 8 7
            f 4 1 5 8
            """;

    /**
     * A mesh fractured with a noise amplitude far beyond its pieces ({@code --noise 1e6} on a 2 m cube in 8 pieces)
     * wrote pieces of negative volume and a collection of negative mass (-17 134 kg), exit 0; {@code --noise 2} failed
     * as an internal error (exit 1, "open cut loop"); {@code --grout 2} (wider than the pieces) removed every piece and
     * wrote the unbroken cube with no collision hull, exit 0. A volume is positive and a piece must collide: each is
     * refused naming the option, and nothing is written.
     */
    @Test
    void aMeshFractureWithPiecesThatCannotBeIsRefused(@TempDir Path dir) throws Exception {
        Path cube = dir.resolve("cube.obj"), out = dir.resolve("cube.rbc");
        Files.writeString(cube, CUBE);
        assertThat(run("fracture", "--source", cube.toString(), "--sites", "8", "--noise", "1e6", "--out", out.toString()))
                .isEqualTo(2);
        // (the crossed cuts leave a shell of negative volume: reported as a piece of that volume or, since cavities
        // join the piece that encloses them, as a cavity that lies in no piece)
        assertThat(err.toString()).startsWith("rubble: --noise 1e6: the noisy cuts cross each other")
                .containsAnyOf("m3; allowed", "lies in no piece); allowed")
                .contains("allowed: a smaller amplitude, well under the pieces' size (the mesh is 3.46 m across)");
        assertThat(run("fracture", "--source", cube.toString(), "--sites", "8", "--noise", "2", "--out", out.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --noise 2: the noisy cuts cross each other (");
        assertThat(run("fracture", "--source", cube.toString(), "--sites", "8", "--grout", "2", "--out", out.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: --grout 2.0: the grout removed every piece, and the piece (node 0) has"
                + " no collision hull; allowed: a grout narrower than the pieces" + System.lineSeparator());
        assertThat(out).doesNotExist();
        // a documented amplitude and a narrow grout still fracture, every piece of positive volume
        assertThat(run("fracture", "--source", cube.toString(), "--sites", "8", "--noise", "0.12,1.2,3", "--grout", "0.05",
                "--out", out.toString())).as(err.toString()).isZero();
        assertThat(out).exists();
    }

    /**
     * {@code fracture --source cube.obj --cut-plane 1,0,0,5} (the plane x = 5, the cube spanning -1..1) wrote the cube
     * unbroken, one piece, exit 0: a plane with every vertex on one side cuts nothing, and was dropped without a word.
     */
    @Test
    void aCutPlaneMissingTheMeshIsRefused(@TempDir Path dir) throws Exception {
        Path cube = dir.resolve("cube.obj"), out = dir.resolve("cube.rbc");
        Files.writeString(cube, CUBE);
        assertThat(run("fracture", "--source", cube.toString(), "--cut-plane", "1,0,0,5", "--out", out.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: --cut-plane '1,0,0,5' misses the mesh: every vertex is on one side of"
                + " it (the mesh spans x -1..1, y -1..1, z -1..1); allowed: a plane through the mesh" + System.lineSeparator());
        // touching a face only (x = 1) cuts nothing either
        assertThat(run("fracture", "--source", cube.toString(), "--cut-plane", "2,0,0,2", "--out", out.toString()))
                .isEqualTo(2);
        assertThat(out).doesNotExist();
        assertThat(run("fracture", "--source", cube.toString(), "--cut-plane", "1,0,0,0.5", "--out", out.toString()))
                .as(err.toString()).isZero();
        assertThat(out.toString()).contains("cube.rbc");
        assertThat(this.out.toString()).contains("leaves:       2");
    }

    /**
     * {@code bench wall --soak 2147483647} was accepted (only a negative count was refused) and began building and
     * running the 10 000-leaf wall two billion times; the soak now takes 0 to 100 runs, as {@code --warmup} does. (The
     * timeout only keeps the defect, were it back, from hanging the build.)
     */
    @Test
    @org.junit.jupiter.api.Timeout(value = 300, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
    void aSoakOfYearsIsRefused() {
        assertThat(run("bench", "wall", "--soak", "2147483647")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: --soak 2147483647 is not allowed; allowed: 0..100 (0 = no soak)"
                + System.lineSeparator());
        assertThat(run("bench", "wall", "--soak", "101")).isEqualTo(2);
    }
}
