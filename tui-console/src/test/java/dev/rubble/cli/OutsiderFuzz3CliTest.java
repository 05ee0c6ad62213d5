package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A third outsider's pass over the command line (twentieth session): every command driven at its edges as a
 * new user would, each defect as the user met it. Bad input is refused with exit 2 and one line naming the
 * option or file, the value and what is allowed, and nothing the user had is lost.
 */
final class OutsiderFuzz3CliTest extends TwoBoxesCliTestBase {
    /** A floor, a box and a small Voronoi wall a ball breaks (ExportNamesTest's scene, ids plain). */
    private static final String WALL = """
            {"format": "rubble-scenario/1", "steps": 30,
             "bodies": [
               {"id": "ground", "state": "static", "shape": {"type": "box", "halfExtents": [5, 0.5, 5]}, "position": [0, -0.5, 0]},
               {"id": "crate", "shape": {"type": "box", "halfExtents": [0.3, 0.3, 0.3]}, "position": [2, 0.3, 0]},
               {"id": "ball", "shape": {"type": "sphere", "radius": 0.2}, "position": [0, 1.2, -1], "linearVelocity": [0, 0, 20], "mass": 400}],
             "collections": [{"id": "wall", "recipe": {"box": [1, 0.6, 0.1], "levels": [{"method": "voronoi", "options": {"count": 6}}], "seed": 3},
               "position": [0, 0.6, 0], "destruction": {"damageOptions": {"thresholds": [50]}}}]}""";

    private static List<String> objObjects(Path obj) throws Exception {
        return Files.readAllLines(obj).stream().filter(l -> l.startsWith("o ")).map(l -> l.substring(2)).sorted().toList();
    }

    /**
     * {@code export JOURNAL --out x.obj} (or .glb) of any journal holding a collection failed with exit 2 and
     * "collection = 0; allowed: [0, 0)": the export names a piece after its collection, and asked the played-back
     * world, which places no collections. The journal's export now names its objects as the scenario's export of
     * the same run does.
     */
    @Test
    void aJournalHoldingACollectionExports(@TempDir Path dir) throws Exception {
        Path s = dir.resolve("wall.json"), j = dir.resolve("wall.journal");
        Files.writeString(s, WALL);
        assertThat(run("run", s.toString(), "--headless", "--out", dir.resolve("end.json").toString(), "--journal", j.toString()))
                .as(err.toString()).isZero();
        Path fromScenario = dir.resolve("scenario.obj"), fromJournal = dir.resolve("journal.obj");
        assertThat(run("export", s.toString(), "--out", fromScenario.toString())).as(err.toString()).isZero();
        assertThat(run("export", j.toString(), "--out", fromJournal.toString())).as(err.toString()).isZero();
        List<String> names = objObjects(fromScenario);
        assertThat(names).as("the wall broke into named pieces").anyMatch(n -> n.matches("wall_node\\d+"));
        assertThat(objObjects(fromJournal)).isEqualTo(names);
        assertThat(run("export", j.toString(), "--out", dir.resolve("journal.glb").toString())).as(err.toString()).isZero();
    }
    private static Path copyJournal(Path to) throws Exception {
        Files.createDirectories(to);
        try (var files = Files.list(journal)) {
            for (Path f : files.toList()) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
        return to;
    }

    /**
     * {@code journal seek J 5 --out J/metadata.cq4t} wrote the snapshot over the journal's own metadata file, and
     * {@code replay J --out J/metadata.cq4t} the final state, both with exit 0; the journal then no longer opened
     * ("metadata.cq4t is truncated"). Every command reading a journal now refuses an output inside it, before any
     * work, and the journal's files are left as they were.
     */
    @Test
    void noOutputIsWrittenIntoTheJournalItReads(@TempDir Path dir) throws Exception {
        Path j = copyJournal(dir.resolve("j"));
        Path meta = j.resolve("metadata.cq4t");
        byte[] before = Files.readAllBytes(meta);
        String[][] lines = {
            {"journal", "seek", j.toString(), "5", "--out", meta.toString()},
            {"replay", j.toString(), "--headless", "--out", meta.toString()},
            {"replay", j.toString(), "--headless", "--events", j.resolve("events.jsonl").toString()},
            {"render", j.toString(), "--renderer", "console", "--out", meta.toString()},
            {"export", j.toString(), "--out", j.resolve("x.obj").toString()},
            {"journal", "compress", j.toString(), "--out", j.resolve("lossy").toString()},
        };
        for (String[] line : lines) {
            assertThat(run(line)).as(String.join(" ", line) + ": " + err).isEqualTo(2);
            assertThat(err.toString()).contains(" is inside ").contains("a directory the command reads; allowed: a path outside it");
            assertThat(err.toString().strip().lines().count()).isEqualTo(1);
        }
        assertThat(Files.readAllBytes(meta)).isEqualTo(before);
        try (var files = Files.list(j)) {
            assertThat(files.map(f -> f.getFileName().toString()).toList()).as("nothing added")
                    .allMatch(n -> n.endsWith(".cq4") || n.equals("metadata.cq4t"));
        }
        assertThat(run("verify", j.toString())).as(err.toString()).isZero();
        Path snap = dir.resolve("s5.snap");
        assertThat(run("journal", "seek", j.toString(), "5", "--out", snap.toString())).as(err.toString()).isZero();
        assertThat(snap).isNotEmptyFile();
    }
    /**
     * {@code bake S --out F/x} and {@code bake report B --plots F/x}, F a regular file, failed as internal errors
     * (exit 1, "internal error: cannot create bake directory ... Not a directory"), the report after printing its
     * summary. Both are bad input now, refused before any work, naming the option.
     */
    @Test
    void bakeDirectoriesUnderAFileAreBadInput(@TempDir Path dir) throws Exception {
        Path sweep = dir.resolve("sweep.json");
        Files.writeString(sweep, """
                {"format": "rubble-sweep/1", "steps": 5,
                 "scenario": {"format": "rubble-scenario/1", "bodies": [
                    {"id": "b", "shape": {"type": "box", "halfExtents": [0.5, 0.5, 0.5]}}]},
                 "parameters": [{"name": "y", "path": "/bodies/0/position", "values": [[0, 1, 0], [0, 2, 0]]}]}
                """);
        Path file = dir.resolve("plain");
        Files.writeString(file, "not a directory");
        Path under = file.resolve("x");
        assertThat(run("bake", sweep.toString(), "--out", under.toString())).as(err.toString()).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --out " + under + ": " + file + " is a file, so no directory can be made"
                + " there; allowed: a new or earlier bake directory");
        Path bake = dir.resolve("bake");
        assertThat(run("bake", sweep.toString(), "--out", bake.toString(), "--workers", "1")).as(err.toString()).isZero();
        assertThat(run("bake", "report", bake.toString(), "--plots", under.toString())).as(err.toString()).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --plots " + under + ": " + file + " is a file");
        assertThat(out.toString()).as("refused before the summary").isEmpty();
        assertThat(run("bake", "report", bake.toString(), "--plots", dir.resolve("plots").toString())).as(err.toString()).isZero();
    }
    /**
     * {@code bench wall --wall-sites 100000,100000,100000} ran on without an end (10^15 leaves; {@code rubble
     * fracture} refuses fracturing more than 10 000 pieces again, the bench wall did not): refused at once now.
     */
    @Test
    void aBenchWallTooLargeToBuildIsRefused(@TempDir Path dir) {
        // first the smallest refused wall: without the limit it is built (a minute) and benched, exit 0
        assertThat(run("bench", "shatter", "--wall-sites", "10001,2", "--steps", "1", "--wall-cache", dir.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("wall level 1 already makes 10001 pieces");
        assertThat(run("bench", "wall", "--wall-sites", "100000,100000,100000", "--steps", "1", "--wall-cache", dir.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --wall-sites '100000,100000,100000': wall level 1 already makes 100000"
                + " pieces; fracturing each again (level 2) is refused; allowed: at most 10000 pieces before a further level");
    }
    /**
     * A scenario whose collection recipe has two levels of 100 000 sites ran on without an end; like {@code rubble
     * fracture}, a recipe may fracture at most 10 000 pieces again. (10 001 then 2: without the limit it is built,
     * 20 002 leaves, and run, exit 0.)
     */
    @Test
    void aRecipeFracturingTooManyPiecesAgainIsRefused(@TempDir Path dir) throws Exception {
        Path s = dir.resolve("big.json");
        Files.writeString(s, """
                {"format": "rubble-scenario/1", "steps": 1,
                 "collections": [{"id": "wall", "recipe": {"box": [1, 0.6, 0.1], "levels": [
                   {"method": "voronoi", "options": {"count": 10001}}, {"method": "voronoi", "options": {"count": 2}}]}}]}
                """);
        assertThat(run("run", s.toString(), "--headless")).as(err.toString()).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: $.collections[0].recipe.levels[1]: the levels before it already made 10001"
                + " pieces; fracturing each again is refused; allowed: at most 10000 pieces before a further level"
                + System.lineSeparator());

        // every recipe error was reported as "$.collections[0]: the embedded collection image is not valid: ..." though
        // nothing was embedded
        Files.writeString(s, """
                {"format": "rubble-scenario/1", "steps": 1,
                 "collections": [{"id": "wall", "recipe": {"box": [1, 0.6, 0.1], "levels": [{"method": "nope"}]}}]}
                """);
        assertThat(run("run", s.toString(), "--headless")).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: $.collections[0].recipe.levels[0]: unknown fracture 'nope'; known: ")
                .doesNotContain("embedded");
    }
    /**
     * {@code replay J --release-piece 0:0@5} on a journal holding no collection, and {@code 0:999999@5} on one whose
     * collection has 7 nodes, ran to the end with exit 0 and nothing released: no such piece can ever be released.
     */
    @Test
    void aPieceReleaseNamingNoPieceIsRefused(@TempDir Path dir) throws Exception {
        assertThat(run("replay", journal.toString(), "--headless", "--release-piece", "0:0@5")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: --release-piece 0:0@5: piece 0:0; allowed: none (the journal holds no"
                + " collection)" + System.lineSeparator());

        Path s = dir.resolve("wall.json"), j = dir.resolve("wall.journal");
        Files.writeString(s, WALL);
        assertThat(run("run", s.toString(), "--headless", "--out", dir.resolve("end.json").toString(), "--journal", j.toString()))
                .as(err.toString()).isZero();
        // the recipe's one Voronoi level of 6 sites makes 6 leaves under the root: 7 nodes, 0..6
        assertThat(run("replay", j.toString(), "--headless", "--release-piece", "0:999999@5")).isEqualTo(2);
        assertThat(err.toString()).contains("--release-piece 0:999999@5: piece 0:999999: collection 0 has 7 nodes; allowed:"
                + " node in [0, 7)");
        assertThat(run("replay", j.toString(), "--headless", "--release-piece", "0:7@5")).isEqualTo(2);
        assertThat(run("replay", j.toString(), "--headless", "--release-piece", "0:6@5")).as(err.toString()).isZero();
    }
    /**
     * A directory or a missing path given where a file or a journal is read is named for what it is: {@code run
     * --restore DIR} and {@code softbody --check DIR} said "no such file" of a directory that was there, {@code
     * collection convert DIR x.json} "does not exist", {@code journal info FILE} "journal directory FILE does not
     * exist", and {@code softbody --source obj:missing.obj} "cannot read missing.obj: missing.obj".
     */
    @Test
    void aDirectoryIsNotCalledMissing(@TempDir Path dir) throws Exception {
        Path sub = Files.createDirectory(dir.resolve("sub"));
        assertThat(run("run", scene.toString(), "--headless", "--restore", sub.toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --restore " + sub + " is a directory; allowed: a snapshot file");
        assertThat(run("softbody", "--check", sub.toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --check " + sub + " is a directory; allowed: a cage file (.rbsb)");
        Path rbc = Files.createDirectory(dir.resolve("wall.rbc"));
        assertThat(run("collection", "convert", rbc.toString(), dir.resolve("x.json").toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: IN " + rbc + " is a directory; allowed: a collection file");
        assertThat(run("journal", "info", scene.toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: journal directory " + scene + " is a file; allowed: a journal directory");
        assertThat(run("verify", dir.resolve("gone").toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: journal directory " + dir.resolve("gone") + " does not exist");
        Path missing = dir.resolve("missing.obj");
        assertThat(run("softbody", "--source", "obj:" + missing)).isEqualTo(2);
        assertThat(err.toString()).endsWith(missing + " does not exist" + System.lineSeparator());
    }
    /**
     * A journal whose cycle file was cut at a page boundary inside its data (so the whole-page check passes) was
     * refused with the JVM's words: "InternalError: a fault occurred in a recent unsafe memory access operation in
     * compiled Java code". It now says the file was cut short.
     */
    @Test
    void aJournalCutAtAPageBoundarySaysSo(@TempDir Path dir) throws Exception {
        Path j = copyJournal(dir.resolve("j"));
        Path cycle;
        try (var files = Files.list(j)) {
            cycle = files.filter(f -> f.toString().endsWith(".cq4")).findFirst().orElseThrow();
        }
        byte[] all = Files.readAllBytes(cycle);
        int last = all.length - 1;
        while (all[last] == 0) {
            last--;
        }
        int cut = (last / 4096) * 4096; // the page holding the last written byte: its steps are cut off
        assertThat(cut).isPositive();
        try (var ch = java.nio.channels.FileChannel.open(cycle, java.nio.file.StandardOpenOption.WRITE)) {
            ch.truncate(cut);
        }
        assertThat(run("verify", j.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("the file was cut short").doesNotContain("InternalError");
        assertThat(run("journal", "info", j.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("journal " + j + " ").contains("a cycle file ends before the data recorded in it"
                + " (the file was cut short)").doesNotContain("InternalError").doesNotContain("unsafe");
    }
    /**
     * A plugin directory holding a {@code .jar} that is not a jar (a damaged or half-copied download) was loaded as
     * if the jar were not there, exit 0, its stages then "unknown" with nothing saying why: it is refused, named.
     */
    @Test
    void aPluginJarThatIsNotAJarIsRefused(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("broken.jar"), "not a zip file");
        assertThat(run("plugins", "--plugins", dir.toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --plugins " + dir + ": broken.jar is not a readable jar file (")
                .contains("allowed: plugin jars (zip files with META-INF/services/dev.rubble.spi.RubblePlugin)");
        assertThat(err.toString().strip().lines().count()).isEqualTo(1);
        assertThat(run("run", scene.toString(), "--headless", "--plugins", dir.toString())).isEqualTo(2);
    }
    /**
     * Step counts past what a command can do: {@code bench pyramid --steps 2000000000} failed at once with a raw
     * "Exception in thread main java.lang.OutOfMemoryError" and its stack trace (exit 1; bench keeps each step's
     * times), {@code view S --steps 2147483647} read frames into memory until the heap ran out, and {@code run},
     * {@code console}, {@code demo} and {@code replay --hold} took any count, though a scenario's own "steps" may
     * be at most 100 000 000 (since the clitail pass 1 000 000, OutsiderFuzz4CliTest). Each is refused at once, naming the option, the value and the range.
     */
    @Test
    void stepCountsPastWhatACommandCanDoAreRefused() {
        String[][] lines = {
            {"bench", "pyramid", "--steps", "2000000000"},
            {"view", scene.toString(), "--steps", "2147483647"},
            {"run", scene.toString(), "--headless", "--steps", "1000001"},
            {"console", scene.toString(), "--steps", "9223372036854775807"},
            {"demo", "--headless", "--steps", "2147483647"},
            {"replay", journal.toString(), "--headless", "--hold", "2147483647"},
        };
        String[] allowed = {
            "--steps 2000000000 is out of range; allowed: 1 to 1000000 (each step's times are kept)",
            // the reason given was 'the viewer keeps every frame's statistics in memory', untrue since they went to a file
            "--steps 2147483647 is out of range; allowed: 0 to 100000 (a scenario is simulated whole before the page opens)",
            "--steps 1000001 is out of range; allowed: 0 to 1000000 (a scenario's \"steps\" range)",
            "--steps 9223372036854775807 is out of range; allowed: 0 to 1000000",
            "--steps 2147483647 is out of range; allowed: 0 to 1000000",
            "--hold 2147483647 is out of range; allowed: 0 to 1000000",
        };
        for (int i = 0; i < lines.length; i++) {
            assertThat(run(lines[i])).as(String.join(" ", lines[i]) + ": " + err).isEqualTo(2);
            assertThat(err.toString()).startsWith("rubble: " + allowed[i]);
            assertThat(err.toString().strip().lines().count()).isEqualTo(1);
        }
        assertThat(run("run", scene.toString(), "--headless", "--steps", "-1")).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --steps -1 is out of range; allowed: 0 to 1000000");
    }

    /** A scenario whose own "steps" is more than the viewer holds is refused by view, naming the field and --steps. */
    @Test
    void viewRefusesAScenarioLongerThanItHolds(@TempDir Path dir) throws Exception {
        Path s = dir.resolve("long.json");
        Files.writeString(s, SCENE.replace("\"steps\": 10", "\"steps\": 100001"));
        assertThat(run("view", s.toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: SOURCE " + s + ": $.steps 100001 is more than the viewer holds; allowed:"
                + " --steps 0 to 100000");
    }

    /** A command that runs out of memory. */
    @picocli.CommandLine.Command(name = "oom")
    static final class OutOfMemory implements Runnable {
        @Override
        public void run() {
            throw new OutOfMemoryError("Java heap space");
        }
    }

    /**
     * An OutOfMemoryError (or a stack overflow) escaped picocli and the JVM printed it with its stack trace; the
     * command line now reports it in one line, exit 1, saying how to give the JVM more heap.
     */
    @Test
    void runningOutOfMemoryIsOneLine() {
        java.io.StringWriter o = new java.io.StringWriter(), e = new java.io.StringWriter();
        int code = Main.execute(new String[] {"oom"}, new java.io.PrintWriter(o), new java.io.PrintWriter(e),
                cl -> cl.addSubcommand("oom", new OutOfMemory()));
        assertThat(code).isEqualTo(1);
        assertThat(e.toString()).isEqualTo("rubble: internal error: out of memory (Java heap space); ask for less, or give the"
                + " JVM more heap with RUBBLE_JAVA_OPTS=-Xmx..." + System.lineSeparator());
    }
    /**
     * {@code fracture --method brick --sites 100000} made 24 bricks and exit 0: {@code --sites} (and {@code --threads})
     * set only voronoi levels and were dropped without a word when no level is voronoi.
     */
    @Test
    void sitesWithoutAVoronoiLevelAreRefused(@TempDir Path dir) {
        Path rbc = dir.resolve("b.rbc");
        assertThat(run("fracture", "--method", "brick", "--sites", "100000", "--out", rbc.toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --sites 100000 applies to voronoi levels, and no level uses voronoi"
                + " (--method brick); allowed: the method's own --option KEY=VALUE, or --method voronoi");
        assertThat(rbc).doesNotExist();
        assertThat(run("fracture", "--method", "slice", "--threads", "2")).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --threads 2 applies to voronoi levels");
        // a voronoi level anywhere takes them
        assertThat(run("fracture", "--levels", "2", "--method", "brick", "--method", "voronoi", "--sites", "2",
                "--out", rbc.toString())).as(err.toString()).isZero();
    }
    /**
     * Options that mean something only with another were dropped without a word, exit 0: {@code fracture --color
     * level} or {@code --explode 2} without {@code --preview}, {@code --min-cluster-size} without {@code --cluster},
     * {@code --chance} with one level, {@code --max-hulls} and {@code --hull-concavity} on a box source, and
     * {@code softbody --check F} with {@code --density}, {@code --spacing} or {@code --seed}.
     */
    @Test
    void optionsThatNeedAnotherAreRefusedWithoutIt(@TempDir Path dir) throws Exception {
        String[][] lines = {
            {"fracture", "--color", "level"},
            {"fracture", "--explode", "2"},
            {"fracture", "--min-cluster-size", "3"},
            {"fracture", "--chance", "0.5"},
            {"fracture", "--max-hulls", "3"},
            {"fracture", "--hull-concavity", "0.1"},
        };
        String[] needs = {
            "--color needs --preview FILE.png (it colours the preview); allowed: with it, or not at all",
            "--explode needs --preview FILE.png",
            "--min-cluster-size needs --cluster K",
            "--chance needs --levels 2 or more",
            "--max-hulls needs a mesh source",
            "--hull-concavity needs a mesh source",
        };
        for (int i = 0; i < lines.length; i++) {
            assertThat(run(lines[i])).as(String.join(" ", lines[i])).isEqualTo(2);
            assertThat(err.toString()).startsWith("rubble: " + needs[i]);
        }
        assertThat(run("fracture", "--chance", "0.5", "--levels", "2", "--sites", "3")).as(err.toString()).isZero();
        assertThat(run("fracture", "--cluster", "2", "--min-cluster-size", "3", "--sites", "8")).as(err.toString()).isZero();

        Path cage = dir.resolve("c.rbsb");
        assertThat(run("softbody", "--source", "box:half=0.5,0.5,0.5", "--out", cage.toString())).as(err.toString()).isZero();
        for (String o : new String[] {"--density", "--spacing", "--seed"}) {
            assertThat(run("softbody", "--check", cage.toString(), o, "5")).isEqualTo(2);
            assertThat(err.toString()).startsWith("rubble: " + o + " needs --source (it shapes a cage being built; --check reads"
                    + " one as it is)");
        }
        assertThat(run("softbody", "--check", cage.toString(), "--out", cage.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--out " + cage + " is the same file as --check");
        assertThat(run("softbody", "--check", cage.toString())).as(err.toString()).isZero();
    }
    /**
     * {@code journal seek J STEP --out F} "saves that world as a snapshot" which {@code run S --restore F} continues
     * (its help, docs/journal-format.md "Seeking"), but named the snapshot after the journal's directory, so run
     * refused every one: "--restore F is a snapshot of scenario 'j', not of 'two boxes'". Continued now, it ends
     * in the state the whole recorded run ended in.
     */
    @Test
    void aSeekSnapshotContinuesUnderRun(@TempDir Path dir) throws Exception {
        Path whole = dir.resolve("whole.json"), rest = dir.resolve("rest.json"), snap = dir.resolve("s4.snap");
        assertThat(run("run", scene.toString(), "--headless", "--out", whole.toString())).as(err.toString()).isZero();
        assertThat(run("journal", "seek", journal.toString(), "4", "--out", snap.toString())).as(err.toString()).isZero();
        assertThat(run("run", scene.toString(), "--headless", "--restore", snap.toString(), "--out", rest.toString()))
                .as(err.toString()).isZero();
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        String hash = json.readTree(whole.toFile()).get("stateHash").asText();
        assertThat(hash).isNotBlank();
        assertThat(json.readTree(rest.toFile()).get("stateHash").asText()).isEqualTo(hash);
    }
    /**
     * {@code run S --set damage-model=nope} (or {@code soft-solver=nope}, {@code renderer=nope}) ran to the end,
     * exit 0: an implementation name was looked up only when first used, and a scene without collections or soft
     * bodies never used it; {@code "world": {"stages": {...}}} in a scenario the same. Every named implementation
     * is checked when the world is made, as broadphase and narrowphase always were.
     */
    @Test
    void everyStageChoiceNamesAKnownImplementation(@TempDir Path dir) throws Exception {
        for (String family : new String[] {"damage-model", "soft-solver", "renderer", "stress-model"}) {
            assertThat(run("run", scene.toString(), "--headless", "--set", family + "=nope")).as(family + ": " + err).isEqualTo(2);
            assertThat(err.toString()).startsWith("rubble: unknown " + family + " 'nope'; known: ");
        }
        assertThat(run("replay", journal.toString(), "--headless", "--set", "soft-solver=nope")).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: unknown soft-solver 'nope'; known: ");
        Path s = dir.resolve("s.json");
        Files.writeString(s, SCENE.replace("\"steps\": 10,", "\"steps\": 10, \"world\": {\"stages\": {\"damage-model\": \"nope\"}},"));
        assertThat(run("run", s.toString(), "--headless")).isEqualTo(2);
        assertThat(err.toString()).contains("unknown damage-model 'nope'; known: ");
        assertThat(run("run", scene.toString(), "--headless", "--set", "soft-solver=pbd", "--out", dir.resolve("o.json").toString()))
                .as(err.toString()).isZero();
    }
    /**
     * {@code run S --journal F/x}, F a regular file, failed only after the scene was built, with "cannot create
     * journal directory F/x: F/x: Not a directory", naming no option; run, console and demo now check {@code
     * --journal} first, as every other output.
     */
    @Test
    void aJournalDirectoryUnderAFileIsRefusedFirst(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("plain");
        Files.writeString(file, "not a directory");
        Path under = file.resolve("j");
        for (String[] line : new String[][] {{"run", scene.toString(), "--headless", "--journal", under.toString()},
            {"console", scene.toString(), "--journal", under.toString()}, {"demo", "--headless", "--journal", under.toString()}}) {
            assertThat(run(line)).as(String.join(" ", line)).isEqualTo(2);
            assertThat(err.toString()).isEqualTo("rubble: --journal " + under + ": " + file + " is a file, so no directory can be"
                    + " made there; allowed: a new or empty directory (journals are never appended to)" + System.lineSeparator());
        }
        assertThat(run("run", scene.toString(), "--headless", "--journal", journal.toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: journal directory " + journal + " is not empty");
    }
    /**
     * {@code run S --out -} writes the final state to standard output, as without {@code --out}, the common "-"
     * convention; it wrote a file named "-" in the working directory.
     */
    @Test
    void runOutDashIsStandardOutput() {
        java.io.PrintStream old = System.out;
        java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
        int code;
        System.setOut(new java.io.PrintStream(buf, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            code = run("run", scene.toString(), "--headless", "--out", "-");
        } finally {
            System.setOut(old);
        }
        assertThat(code).as(err.toString()).isZero();
        assertThat(buf.toString(java.nio.charset.StandardCharsets.UTF_8)).contains("\"format\" : \"rubble-state/1\"")
                .contains("\"scenario\" : \"two boxes\"");
        assertThat(Path.of("-")).doesNotExist();
    }
}
