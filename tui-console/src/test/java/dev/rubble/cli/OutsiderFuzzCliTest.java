package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An outsider's fuzz run of the command line (session 11): each defect as the user met it. Every one
 * is now bad input refused before any work: exit 2, one line naming the option, the value and what is
 * allowed, and no output file touched.
 */
final class OutsiderFuzzCliTest extends TwoBoxesCliTestBase {

    @BeforeEach
    void clear() {
        out.getBuffer().setLength(0);
    }

    /** {@code replay --speed 1e-300} played 1e300 steps per recorded step: it never ended. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // the old loop ignored interrupts
    void aReplaySpeedThatWouldNeverFinishIsRefused() {
        for (String speed : new String[] {"1e-300", "0.01", "0", "NaN", "65"}) {
            assertThat(run("replay", journal.toString(), "--headless", "--speed", speed)).as(speed).isEqualTo(2);
            assertThat(err.toString()).as(speed).contains("--speed").contains("allowed: 0.0625 (1/16) to 64")
                    .doesNotContain("replayed");
        }
        assertThat(run("replay", journal.toString(), "--headless", "--speed", "0.0625")).as(err.toString()).isZero();
    }

    /**
     * {@code journal seek --out DIR} and {@code --out} in a missing directory were an internal error (exit 1)
     * after the journal was re-simulated; {@code replay --out} in a missing directory the same after the replay.
     */
    @Test
    void seekAndReplayOutputsAreCheckedBeforeTheWork(@TempDir Path dir) {
        Path missing = dir.resolve("no").resolve("x.bin");
        assertThat(run("journal", "seek", journal.toString(), "5", "--out", dir.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--out " + dir + " is a directory").doesNotContain("internal error");
        assertThat(run("journal", "seek", journal.toString(), "5", "--out", missing.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--out " + missing + ": directory " + missing.getParent() + " does not exist");
        assertThat(out.toString()).as("nothing was re-simulated first").doesNotContain("re-simulated");

        assertThat(run("replay", journal.toString(), "--headless", "--out", missing.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--out " + missing + ": directory").doesNotContain("replayed")
                .doesNotContain("internal error");
    }

    /** {@code --events DIR} (a directory) was an internal error, exit 1: "internal error: DIR: Is a directory". */
    @Test
    void anEventsFileThatIsADirectoryIsBadInput(@TempDir Path dir) throws Exception {
        Path full = Files.createDirectory(dir.resolve("full"));
        Files.writeString(full.resolve("keep.txt"), "mine");
        assertThat(run("run", scene.toString(), "--headless", "--out", dir.resolve("o.json").toString(), "--events",
                full.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--events " + full + " is a directory").doesNotContain("internal error")
                .doesNotContain("ran ");
        assertThat(run("replay", journal.toString(), "--headless", "--events", full.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--events " + full + " is a directory").doesNotContain("internal error");
        assertThat(Files.readString(full.resolve("keep.txt"))).isEqualTo("mine");
    }

    /**
     * A bad {@code --keyframe-interval} was refused only after the {@code --events} file had been opened, so the
     * previous run's events were truncated to nothing; and without {@code --journal} the keyframe options were
     * ignored without a word ({@code --journal-meshes} alone was already refused).
     */
    @Test
    void journalOptionsAreCheckedBeforeAnyFileIsOpenedAndNeedAJournal(@TempDir Path dir) throws Exception {
        Path events = dir.resolve("events.jsonl");
        Files.writeString(events, "{\"kept\": true}\n");
        assertThat(run("run", scene.toString(), "--headless", "--out", dir.resolve("o.json").toString(), "--events",
                events.toString(), "--journal", dir.resolve("j").toString(), "--keyframe-interval", "-1")).isEqualTo(2);
        assertThat(err.toString()).contains("--keyframe-interval -1 is negative");
        assertThat(Files.readString(events)).as("the earlier events file is left alone").isEqualTo("{\"kept\": true}\n");
        assertThat(dir.resolve("j")).doesNotExist();

        for (String[] opt : new String[][] {{"--keyframe-interval", "5"}, {"--keyframe-budget", "8"}}) {
            assertThat(run("run", scene.toString(), "--headless", "--out", dir.resolve("o.json").toString(), opt[0], opt[1]))
                    .as(opt[0]).isEqualTo(2);
            assertThat(err.toString()).contains(opt[0] + " needs --journal DIR").doesNotContain("ran ");
        }
        assertThat(run("run", scene.toString(), "--headless", "--out", dir.resolve("o.json").toString(), "--journal",
                dir.resolve("j2").toString(), "--keyframe-interval", "5", "--keyframe-budget", "8")).as(err.toString()).isZero();
        assertThat(err.toString()).contains("2 keyframes");
    }

    /** {@code bench wall --debris-out} in a missing directory was refused only after the whole bench had run. */
    @Test
    void benchOutputFilesAreCheckedBeforeTheSceneRuns(@TempDir Path dir) {
        Path missing = dir.resolve("no").resolve("debris.json");
        assertThat(run("bench", "wall", "--steps", "1", "--budgets", "off", "--wall-sites", "2,2,2", "--wall-cache",
                dir.toString(), "--debris-out", missing.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--debris-out " + missing + ": directory");
        assertThat(out.toString()).as("the bench did not run first").doesNotContain("scene=wall");
        assertThat(run("bench", "shatter", "--steps", "1", "--budgets", "off", "--wall-sites", "2,2,2", "--wall-cache",
                dir.toString(), "--per-step", dir.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--per-step " + dir + " is a directory");
        assertThat(out.toString()).doesNotContain("scene=shatter");
    }

    /**
     * An output naming the file the command reads was written over it with exit 0: {@code run S --out S} left
     * the final state where the scenario was, {@code collection convert b.json b.json} rewrote a hand-made
     * collection in machine form (its name gone), {@code fracture --source m.obj --out m.obj} replaced the
     * mesh by its pieces, {@code render s.json --renderer console --out s.json} the scenario by a text frame. Now exit 2, the input untouched; also two outputs naming one file.
     */
    @Test
    void noOutputIsWrittenOverAnInputOrAnotherOutput(@TempDir Path dir) throws Exception {
        Path sc = dir.resolve("s.json");
        Files.writeString(sc, SCENE);
        String spelledOtherwise = dir.resolve("sub").resolve("..").resolve("s.json").toString();
        Files.createDirectory(dir.resolve("sub"));
        assertThat(run("run", sc.toString(), "--headless", "--out", spelledOtherwise)).isEqualTo(2);
        assertThat(err.toString()).contains("--out " + spelledOtherwise + " is the same file as SCENARIO").doesNotContain("ran ");
        assertThat(run("run", sc.toString(), "--headless", "--out", dir.resolve("o.json").toString(), "--events", sc.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--events " + sc + " is the same file as SCENARIO");
        Path o = dir.resolve("o.json");
        assertThat(run("run", sc.toString(), "--headless", "--out", o.toString(), "--events", o.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--events " + o + " is the same file as --out");
        assertThat(run("render", sc.toString(), "--renderer", "console", "--frames", "1", "--out", sc.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--out " + sc + " is the same file as SOURCE");
        assertThat(Files.readString(sc)).isEqualTo(SCENE);

        Path bridge = dir.resolve("bridge.json");
        String handMade = Files.readString(Path.of("..", "examples", "collections", "bridge.json"));
        Files.writeString(bridge, handMade);
        assertThat(run("collection", "convert", bridge.toString(), bridge.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("OUT " + bridge + " is the same file as IN");
        assertThat(Files.readString(bridge)).isEqualTo(handMade);

        Path mesh = dir.resolve("box.obj");
        String obj = "v -0.5 -0.5 -0.5\nv 0.5 -0.5 -0.5\nv -0.5 0.5 -0.5\nv 0.5 0.5 -0.5\nv -0.5 -0.5 0.5\nv 0.5 -0.5 0.5\n"
                + "v -0.5 0.5 0.5\nv 0.5 0.5 0.5\nf 1 3 4\nf 1 4 2\nf 5 6 8\nf 5 8 7\nf 1 2 6\nf 1 6 5\nf 3 7 8\nf 3 8 4\n"
                + "f 1 5 7\nf 1 7 3\nf 2 4 8\nf 2 8 6\n";
        Files.writeString(mesh, obj);
        assertThat(run("fracture", "--source", mesh.toString(), "--sites", "3", "--out", mesh.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--out " + mesh + " is the same file as --source");
        assertThat(Files.readString(mesh)).isEqualTo(obj);
        assertThat(run("fracture", "--source", mesh.toString(), "--sites", "3", "--out", dir.resolve("pieces.obj").toString()))
                .as(err.toString()).isZero();
    }

    /**
     * A key given twice, or given by a dedicated option and by {@code --option} at once, ran with one of the
     * values and no word ({@code --steps 5 --steps 6} was already refused): {@code --set broadphase=sap --set
     * broadphase=bvh} ran bvh, {@code fracture --sites 5 --option count=7} made 5 pieces, {@code render
     * --color state --option color=piece} drew pieces.
     */
    @Test
    void aKeyGivenTwiceOrByTwoOptionsIsRefused(@TempDir Path dir) {
        String png = dir.resolve("r.png").toString();
        String[][] cases = {
            {"--set broadphase is given twice (broadphase=sap, then broadphase=bvh); allowed: each key once",
                "run", scene.toString(), "--headless", "--set", "broadphase=sap", "--set", "broadphase=bvh"},
            {"--set broadphase is given twice", "replay", journal.toString(), "--headless", "--set=broadphase=sap",
                "--set", "broadphase=sap"},
            {"--option count is given twice (count=5, then count=9)", "fracture", "--option", "count=5", "--option", "count=9"},
            {"--sites 5 with --option count=7: both set the Voronoi site count; allowed: one of them",
                "fracture", "--sites", "5", "--option", "count=7"},
            {"--option shading is given twice", "render", scene.toString(), "--frames", "1", "--option", "shading=flat",
                "--option", "shading=lambert", "--out", png},
            {"--color state with --option color=piece: both set the colouring; allowed: one of them",
                "render", scene.toString(), "--frames", "1", "--color", "state", "--option", "color=piece", "--out", png}};
        for (String[] c : cases) {
            String[] args = java.util.Arrays.copyOfRange(c, 1, c.length);
            assertThat(run(args)).as(String.join(" ", args)).isEqualTo(2);
            assertThat(err.toString()).as(String.join(" ", args)).contains(c[0]);
        }
        assertThat(Path.of(png)).doesNotExist();
        assertThat(run("run", scene.toString(), "--headless", "--out", dir.resolve("o.json").toString(), "--set", "broadphase=sap",
                "--set", "narrowphase=gjk")).as(err.toString()).isZero();
        assertThat(run("fracture", "--sites", "3", "--levels", "2", "--option", "2:count=2")).as(err.toString()).isZero();
    }
}
