package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The outsider's tour of tour17 (README, docs, examples followed literally): what it found on the command line. */
final class OutsiderTour17CliTest extends TwoBoxesCliTestBase {

    private static String[] listing(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toArray(String[]::new);
        }
    }

    /**
     * {@code run S --journal J --events J/e.jsonl} with J an empty directory (the README allows a new or empty one)
     * created the events file, then refused J as "not empty" (exit 2) and left the file behind; with {@code --out
     * J/state.json} the run succeeded and wrote its state among the journal's files. Each output inside the journal
     * directory is now refused before anything is written, naming the option, the path and what is allowed.
     */
    @Test
    void anOutputInsideTheJournalDirectoryIsRefusedBeforeAnythingIsWritten(@TempDir Path dir) throws Exception {
        for (String option : new String[] {"--events", "--out", "--snapshot"}) {
            Path j = Files.createDirectory(dir.resolve("j" + option.substring(2)));
            Path file = j.resolve(option.equals("--snapshot") ? "s.rsnap" : option.equals("--out") ? "state.json" : "e.jsonl");
            String[] args = option.equals("--snapshot")
                    ? new String[] {"run", scene.toString(), "--headless", "--journal", j.toString(), "--out",
                        dir.resolve("o.json").toString(), "--snapshot-at", "2", "--snapshot", file.toString()}
                    : new String[] {"run", scene.toString(), "--headless", "--journal", j.toString(), option, file.toString()};
            assertThat(run(args)).as(option + ": " + err).isEqualTo(2);
            assertThat(err.toString()).isEqualTo("rubble: " + option + " " + file + " is inside --journal " + j
                    + ", the journal directory this command writes; allowed: a path outside it (a journal directory holds"
                    + " the journal only)" + System.lineSeparator());
            assertThat(listing(j)).as(option + ": nothing written into the journal directory").isEmpty();
        }
        // a journal directory not made yet is named the same way (before: "directory .../new does not exist")
        Path fresh = dir.resolve("new");
        assertThat(run("run", scene.toString(), "--headless", "--journal", fresh.toString(), "--events",
                fresh.resolve("e.jsonl").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--events " + fresh.resolve("e.jsonl") + " is inside --journal " + fresh);
        assertThat(Files.exists(fresh)).isFalse();
        // beside it, the same run records the journal and writes the events
        Path j = dir.resolve("jok");
        assertThat(run("run", scene.toString(), "--headless", "--journal", j.toString(), "--events",
                dir.resolve("e.jsonl").toString(), "--out", dir.resolve("ok.json").toString())).as(err.toString()).isZero();
        assertThat(listing(j)).noneMatch(n -> n.endsWith(".jsonl") || n.endsWith(".json"));
        assertThat(run("verify", j.toString())).as(err.toString()).isZero();
    }

    /**
     * {@code rubble --help} and {@code rubble demo --help} said the demo's wall "breaks and collapses"; it is holed and
     * its anchored rest stands (DemoWallStandsTest, the README's pictures). The help now names the ball the demo
     * scenario gives, read here from that scenario.
     */
    @Test
    void theDemosHelpNamesTheBallOfItsScenarioAndNoCollapse() throws Exception {
        JsonNode scenario;
        try (InputStream in = DemoCommand.class.getResourceAsStream(DemoCommand.RESOURCE)) {
            scenario = new ObjectMapper().readTree(in);
        }
        JsonNode ball = null;
        for (JsonNode b : scenario.get("bodies")) {
            if (!"static".equals(b.path("state").asText("dynamic"))) {
                ball = b;
            }
        }
        assertThat(ball).isNotNull();
        JsonNode v = ball.get("linearVelocity");
        double speed = Math.sqrt(v.get(0).asDouble() * v.get(0).asDouble() + v.get(1).asDouble() * v.get(1).asDouble()
                + v.get(2).asDouble() * v.get(2).asDouble());
        String ballText = String.format(Locale.ROOT, "%.0f kg ball at %.0f m/s", ball.get("mass").asDouble(), speed);
        assertThat(run("demo", "--help")).isZero();
        String help = out.toString().replaceAll("\\s+", " ");
        assertThat(help).contains(ballText).doesNotContain("collapses");
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).doesNotContain("breaks and collapses");
    }

    /**
     * {@code bench wall --wall-cache F} with F a regular file authored the wall, then failed with "cannot write the
     * wall cache F/wall-....rbc: F" and no allowed value; {@code --budgets on --debris-out X} authored the wall and
     * cached it before refusing. Both are refused before the wall is authored now: the cache directory stays empty.
     */
    @Test
    void theWallBenchRefusesABadCacheAndDebrisWithoutTheBudgetsOffRunBeforeAuthoring(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("cache.txt"), "not a directory");
        assertThat(run("bench", "wall", "--wall-sites", "3,2", "--steps", "2", "--budgets", "off", "--wall-cache", file.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: --wall-cache " + file + " is a file; allowed: a directory (made if missing)"
                + " where the authored wall is cached" + System.lineSeparator());
        assertThat(Files.readString(file)).isEqualTo("not a directory");
        Path cache = Files.createDirectory(dir.resolve("cache"));
        assertThat(run("bench", "wall", "--wall-sites", "3,2", "--steps", "2", "--budgets", "on", "--debris-out",
                dir.resolve("debris.json").toString(), "--wall-cache", cache.toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --debris-out needs the budgets-off run");
        assertThat(listing(cache)).as("no wall authored and cached before the refusal").isEmpty();
        assertThat(Files.exists(dir.resolve("debris.json"))).isFalse();
    }

    /**
     * The default wall cache ($RUBBLE_CACHE, else ~/.cache/rubble) only saves authoring time; when it could not be
     * written (here ~ lies under a regular file) {@code bench wall} failed with exit 2 after authoring, naming
     * {@code --wall-cache}, an option the command line did not have. It now warns, names the file, and runs with the
     * wall in a temporary file.
     */
    @Test
    void anUnwritableDefaultWallCacheIsAWarningNotAFailure(@TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv("RUBBLE_CACHE") == null || System.getenv("RUBBLE_CACHE").isBlank(),
                "RUBBLE_CACHE is set: the default cache is not under user.home");
        Path file = Files.writeString(dir.resolve("home"), "a file, not a home directory");
        String home = System.getProperty("user.home");
        System.setProperty("user.home", file.toString());
        try {
            assertThat(run("bench", "wall", "--wall-sites", "3,2", "--steps", "2", "--budgets", "off")).as(err.toString()).isZero();
        } finally {
            System.setProperty("user.home", home);
        }
        Path cacheFile = file.resolve(".cache").resolve("rubble");
        assertThat(err.toString()).contains("rubble: warning: cannot write the wall cache " + cacheFile)
                .contains("the wall was authored and is kept in a temporary file for this run");
        assertThat(out.toString()).contains("wall_sites=3,2 ").contains("author_ms=").contains(" cache=" + Path.of(
                System.getProperty("java.io.tmpdir")).resolve("rubble-wall-"));
        assertThat(Files.readString(file)).isEqualTo("a file, not a home directory");
    }

    /**
     * A sweep file with NaN failed with Jackson's own words: "Non-standard token 'NaN': enable
     * `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to allow", a parser switch the user does not have. It is named as a
     * scenario file's is now: the token and what is allowed.
     */
    @Test
    void aSweepWithNanIsNamedInTheUsersTerms(@TempDir Path dir) throws Exception {
        Path sweep = Files.writeString(dir.resolve("sweep.json"), "{\"format\": \"rubble-sweep/1\", \"scenario\": \""
                + scene.toString().replace("\\", "/") + "\", \"steps\": NaN}");
        assertThat(run("bake", sweep.toString(), "--out", dir.resolve("out").toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: $: malformed JSON at line 1, column " + (Files.readString(sweep).indexOf("NaN") + 4)
                + ": NaN is not a JSON number; allowed: a finite number (JSON has no NaN or Infinity)" + System.lineSeparator());
        assertThat(Files.exists(dir.resolve("out"))).isFalse();
    }

    /**
     * {@code run S --restore F --steps 4} reported "ran 4 steps ... (0.133 s simulated)" for a snapshot taken after
     * step 3: the world's time, which counts the steps before the snapshot too. It says the 4 steps' own 4/60 s now,
     * and the world time and first step beside it.
     */
    @Test
    void aRestoredRunReportsTheTimeItSimulatedAndTheWorldTimeApart(@TempDir Path dir) throws Exception {
        Path snap = dir.resolve("s.rsnap");
        assertThat(run("run", scene.toString(), "--headless", "--steps", "6", "--out", dir.resolve("a.json").toString(),
                "--snapshot-at", "3", "--snapshot", snap.toString())).as(err.toString()).isZero();
        assertThat(run("run", scene.toString(), "--headless", "--restore", snap.toString(), "--steps", "4", "--out",
                dir.resolve("b.json").toString())).as(err.toString()).isZero();
        JsonNode b = new ObjectMapper().readTree(dir.resolve("b.json").toFile());
        long end = b.get("steps").asLong();
        long first = end - 4;
        assertThat(err.toString()).contains(String.format(Locale.ROOT, "rubble: ran 4 steps of 'two boxes' (%.3f s simulated,"
                + " world time %.3f s from step %d) in ", 4 / 60.0, end / 60.0, first));
        assertThat(b.get("time").asDouble()).isCloseTo(end / 60.0, org.assertj.core.api.Assertions.within(1e-9));
        // a run from step 0 says the simulated time alone, as before
        assertThat(run("run", scene.toString(), "--headless", "--steps", "6", "--out", dir.resolve("c.json").toString()))
                .isZero();
        assertThat(err.toString()).contains("rubble: ran 6 steps of 'two boxes' (0.100 s simulated) in ");
    }

    /**
     * {@code render S --renderer console --camera 1,2,3:0,0,0} wrote the very cells it wrote without the camera (the
     * console renderer frames the moving bodies from the side), and {@code --color piece} failed as "renderer
     * 'console': unknown option 'color'; allowed: (none)", naming neither the flag given nor its value. Both are
     * refused now, naming the flag, its value and the renderers that take it; an existing output is left as it was.
     */
    @Test
    void theConsoleRendererRefusesACameraAndAColourItWouldNotUse(@TempDir Path dir) throws Exception {
        Path txt = Files.writeString(dir.resolve("cells.txt"), "kept");
        assertThat(run("render", scene.toString(), "--renderer", "console", "--camera", "1,2,3:0,0,0", "--out", txt.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: --camera 1,2,3:0,0,0: renderer console draws character cells from the"
                + " side, framed on the moving bodies, with no camera; allowed: --camera with a pixel renderer (png, sheet,"
                + " gif), or auto" + System.lineSeparator());
        assertThat(run("render", scene.toString(), "--renderer", "console", "--color", "piece", "--out", txt.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: --color piece: renderer console draws character cells, a letter per"
                + " body state, with no colours; allowed: --color with a pixel renderer (png, sheet, gif)" + System.lineSeparator());
        assertThat(Files.readString(txt)).isEqualTo("kept");
        // the camera still reaches a pixel renderer, and the console renderer still draws without one
        assertThat(run("render", scene.toString(), "--renderer", "console", "--camera", "auto", "--frames", "2", "--size",
                "20x6", "--out", txt.toString())).as(err.toString()).isZero();
        assertThat(Files.readString(txt)).startsWith("frame 2 step 2\n");
        Path a = dir.resolve("a.png"), b = dir.resolve("b.png");
        assertThat(run("render", scene.toString(), "--frames", "2", "--size", "64x36", "--out", a.toString())).isZero();
        assertThat(run("render", scene.toString(), "--frames", "2", "--size", "64x36", "--camera", "1,2,3:0,0,0", "--out",
                b.toString())).isZero();
        assertThat(Files.readAllBytes(b)).isNotEqualTo(Files.readAllBytes(a));
    }

    /**
     * {@code view C.json} of a JSON collection (which {@code render} and {@code export} draw) read it as a scenario
     * and failed with "$.density: unknown key; allowed: format, name, steps, ...", as if the file were a broken
     * scenario. It is named a collection now, as a {@code .rbc} is, with what to do instead.
     */
    @Test
    void viewNamesACollectionJsonAsACollection(@TempDir Path dir) throws Exception {
        Path bridge = Path.of(System.getProperty("user.dir")).resolveSibling("examples").resolve("collections").resolve("bridge.json");
        assertThat(bridge).isRegularFile();
        Path copy = Files.copy(bridge, dir.resolve("bridge.json"));
        assertThat(run("view", copy.toString(), "--port", "0")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: SOURCE " + copy + " is a collection; allowed: a journal directory or a"
                + " scenario .json file (render or export a collection instead)" + System.lineSeparator());
        assertThat(run("render", copy.toString(), "--size", "64x36", "--out", dir.resolve("b.png").toString())).as(err.toString())
                .isZero();
    }

    /**
     * Rubble's other files given where a scenario goes failed as broken scenarios: a JSON collection with "$.density:
     * unknown key; allowed: format, name, steps, ...", a sweep with "$.scenario: unknown key", a run's state with
     * "$.stateHash: unknown key", a .rbc, cage or snapshot with "cannot read the scenario file (Input length = 4)", a
     * journal directory with "(Is a directory)", a mesh with "malformed JSON at line 1". Each is named for what it is
     * now, with what to give instead; the output given is not written.
     */
    @Test
    void runNamesRubblesOtherFilesForWhatTheyAre(@TempDir Path dir) throws Exception {
        Path examples = Path.of(System.getProperty("user.dir")).resolveSibling("examples");
        Path rbc = dir.resolve("w.rbc"), cage = dir.resolve("c.rbsb"), snap = dir.resolve("s.rsnap"), state = dir.resolve("st.json");
        assertThat(run("fracture", "--sites", "4", "--out", rbc.toString())).as(err.toString()).isZero();
        assertThat(run("softbody", "--source", "box:half=0.5,0.5,0.5", "--out", cage.toString())).as(err.toString()).isZero();
        assertThat(run("run", scene.toString(), "--headless", "--steps", "2", "--out", state.toString(), "--snapshot-at", "1",
                "--snapshot", snap.toString())).as(err.toString()).isZero();
        String allowed = "; allowed: a scenario .json file (docs/scenario-format.md)";
        Object[][] cases = {
            {examples.resolve("collections/bridge.json"), "is a geometry collection (JSON), not a scenario" + allowed},
            {examples.resolve("bake/wall-sweep.json"), "is a sweep file, not a scenario" + allowed},
            {state, "is a run's final state (rubble-state/1), not a scenario" + allowed},
            {rbc, "is a geometry collection (.rbc), not a scenario" + allowed},
            {cage, "is a soft-body cage (.rbsb), not a scenario" + allowed},
            {snap, "is a world snapshot, not a scenario" + allowed},
            {journal, "is a journal directory, not a scenario" + allowed},
            {examples.resolve("meshes/statue.obj"), "is a triangle mesh (.obj), not a scenario" + allowed},
        };
        Path out = dir.resolve("out.json");
        for (Object[] c : cases) {
            Path file = (Path) c[0];
            assertThat(run("run", file.toString(), "--headless", "--out", out.toString())).as(file.toString()).isEqualTo(2);
            assertThat(err.toString()).as(file.toString()).startsWith("rubble: " + file + ": " + c[1]).doesNotContain("\n\t");
            assertThat(err.toString().strip()).doesNotContain("\n");
            assertThat(Files.exists(out)).isFalse();
        }
        // a broken scenario is still named as one
        Path broken = Files.writeString(dir.resolve("broken.json"), "{\"steps\": 3, \"bodys\": []}");
        assertThat(run("run", broken.toString(), "--headless", "--out", out.toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: $.bodys: unknown key; allowed: ");
    }
}
