package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sixth outsider's pass (cliout): the examples mutated field by field (seeded, 11 160 scenarios) and run for five
 * steps. Integers past 64 bits that wrapped to small ones, a plane far from its body's origin, a recipe box of any
 * size, and a stress graph whose factorisation rounding broke (exit 1).
 */
final class OutsiderFuzz6CliTest extends TwoBoxesCliTestBase {

    static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64), TWO_32 = BigInteger.ONE.shiftLeft(32);

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Runs {@code scenario} for {@code steps} steps into {@code dir/out.json}; the exit code. */
    private int runScene(Path dir, String scenario, int steps) throws Exception {
        Path f = dir.resolve("s.json");
        Files.writeString(f, scenario);
        return run("run", f.toString(), "--steps", Integer.toString(steps), "--headless", "--out", dir.resolve("out.json").toString());
    }

    private static String box(String extra) {
        return "{\"format\": \"rubble-scenario/1\", \"steps\": 5, \"bodies\": [{\"id\": \"floor\", \"state\": \"static\","
                + " \"shape\": {\"type\": \"box\", \"halfExtents\": [5, 0.5, 5]}, \"position\": [0, -0.5, 0]}]" + extra + "}";
    }

    /**
     * JSON integers past 64 bits were read with {@code longValue()}, which keeps the low 64 bits: a field's
     * {@code "step": 2^64} ran at step 0, a fracture level's {@code "count": 2^64 + 5} made 5 pieces, a stage option
     * {@code 2^64 + 4} was 4, a soft body's pin {@code 2^64} was point 0, and a collection file's {@code "material":
     * 2^32 + 1} was material 1 (the int cast). Each is refused now, naming the path and the value as written.
     */
    @Test
    void integersPastTheirTypeAreRefusedNotWrapped(@TempDir Path dir) throws Exception {
        assertThat(runScene(dir, box(", \"fields\": [{\"target\": \"kill\", \"step\": " + TWO_64
                + ", \"field\": {\"node\": \"radial-falloff\", \"position\": [0, 0, 0], \"radius\": 1}}]"), 5)).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: $.fields[0].step: " + TWO_64 + "; allowed: a whole number in [0,"
                + " 100000000]" + System.lineSeparator());

        assertThat(runScene(dir, box(", \"collections\": [{\"id\": \"c\", \"recipe\": {\"levels\": [{\"method\": \"voronoi\","
                + " \"options\": {\"count\": " + TWO_64.add(BigInteger.valueOf(5)) + "}}]}, \"position\": [0, 1, 0]}]"), 5))
                .isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: $.collections[0].recipe.levels[0]: ")
                .contains("'count' = 1.8446744073709552E19 is out of range; allowed: [1, ");

        String soft = ", \"softBodies\": [{\"id\": \"s\", \"source\": \"box:half=0.5,0.5,0.5\", \"position\": [0, 2, 0]}]";
        assertThat(runScene(dir, box(", \"world\": {\"stageOptions\": {\"soft-solver\": {\"iterations\": "
                + TWO_64.add(BigInteger.valueOf(4)) + "}}}" + soft), 5)).isEqualTo(2);
        assertThat(err.toString()).contains("'iterations' = " + TWO_64.add(BigInteger.valueOf(4)) + " is out of range");
        // the same option at 4 runs: the refusal is the value's, not the option's
        assertThat(runScene(dir, box(", \"world\": {\"stageOptions\": {\"soft-solver\": {\"iterations\": 4}}}" + soft), 5))
                .as(err.toString()).isZero();

        assertThat(runScene(dir, box(", \"softBodies\": [{\"id\": \"s\", \"source\": \"box:half=0.5,0.5,0.5\","
                + " \"position\": [0, 2, 0], \"pins\": [" + TWO_64 + "]}]"), 5)).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: $.softBodies[0].pins[0]: ");

        String collection = Files.readString(Path.of(System.getProperty("user.dir")).getParent()
                .resolve("examples/collections/bridge.json"))
                .replace("\"material\": \"glass\"", "\"material\": " + TWO_32.add(BigInteger.ONE));
        Files.writeString(dir.resolve("bridge.json"), collection);
        assertThat(run("collection", "convert", dir.resolve("bridge.json").toString(), dir.resolve("bridge.rbc").toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("nodes[4].material").contains(TWO_32.add(BigInteger.ONE).toString())
                .contains("allowed: a material index 0..1");
        assertThat(dir.resolve("bridge.rbc")).doesNotExist();
    }

    /**
     * A static plane whose surface lies more than {@code Plane.EXTENT} (1e5 m) below its body's origin had a bounding
     * box with min above max: {@code "offset": -1e9} (inside the documented ±1e9) failed the first step with "internal
     * error: Index -2147483648 out of bounds" in the grid broadphase, and at -2e5 m the plane met nothing. A 0.5 m ball
     * let go 0.6 m above such a plane now rests on it: after 2 s its centre is the radius above the surface.
     */
    @Test
    void aPlaneFarBelowItsOriginHoldsWhatFallsOnIt(@TempDir Path dir) throws Exception {
        for (String broadphase : new String[] {"grid", "sap", "bruteforce"}) {
            String scene = "{\"format\": \"rubble-scenario/1\", \"world\": {\"stages\": {\"broadphase\": \"" + broadphase + "\"}},"
                    + " \"bodies\": [{\"id\": \"ground\", \"state\": \"static\", \"shape\": {\"type\": \"plane\", \"offset\": %s}},"
                    + " {\"id\": \"ball\", \"shape\": {\"type\": \"sphere\", \"radius\": 0.5}, \"position\": [0, %s, 0]}]}";
            assertThat(runScene(dir, String.format(scene, "-1e9", "-999999999.4"), 5)).as(broadphase + ": " + err).isZero();
            assertThat(runScene(dir, String.format(scene, "-200000", "-199998.9"), 120)).as(broadphase + ": " + err).isZero();
            JsonNode ball = JSON.readTree(dir.resolve("out.json").toFile()).get("bodies").get(1);
            assertThat(ball.get("id").asText()).isEqualTo("ball");
            assertThat(ball.get("position").get(1).asDouble()).as(broadphase).isCloseTo(-200000 + 0.5,
                    org.assertj.core.api.Assertions.within(0.01));
        }
        // past the range the refusal says what the range is ("allowed: a finite number, m" refused a finite number)
        assertThat(runScene(dir, box("").replace("{\"type\": \"box\", \"halfExtents\": [5, 0.5, 5]}",
                "{\"type\": \"plane\", \"offset\": 1000000001}"), 1)).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: $.bodies[0].shape.offset: 1000000001 is out of range; allowed:"
                + " [-1e9, 1e9] m" + System.lineSeparator());
    }

    /**
     * A recipe box took any positive half extent: 2^31 m failed in the fracture with no path ("convex hull points
     * are collinear"). It takes the half extents {@code rubble fracture --source box:half=} takes, [5e-5, 5e5] m.
     */
    @Test
    void recipeBoxesTakeTheFractureCommandsRange(@TempDir Path dir) throws Exception {
        String scene = box(", \"collections\": [{\"id\": \"c\", \"recipe\": {\"box\": [1, 1, %s], \"levels\": [{\"method\":"
                + " \"voronoi\", \"options\": {\"count\": 4}}]}, \"position\": [0, 2, 0]}]");
        assertThat(runScene(dir, String.format(scene, "2147483648"), 1)).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: $.collections[0].recipe.box[2]: 2.147483648E9 is out of range;"
                + " allowed: [5.0E-5, 500000.0] (half extents, m)" + System.lineSeparator());
        assertThat(runScene(dir, String.format(scene, "4e-5"), 1)).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: $.collections[0].recipe.box[2]: 4.0E-5 is out of range;");
        for (String edge : new String[] {"5e-5", "5e5"}) {
            assertThat(runScene(dir, String.format(scene, edge), 1)).as(edge + ": " + err).isZero();
        }
    }

    /**
     * examples/stress/wall-hole.json with its wall 300 km thick (half extent 1.5e5 m, inside the recipe range) failed
     * with "internal error: stress graph stiffness not positive definite", exit 1: the bonds' stiffnesses span so
     * many orders that rounding ate a Cholesky pivot (K = A W Aᵀ is positive definite in exact arithmetic). Neither a
     * floored pivot nor conjugate gradients gave bond forces within a factor of ten of a cantilever's statics on such
     * weights, so it is bad input: exit 2 naming the model, the cause and what is allowed. The example as written runs.
     */
    @Test
    void aStressGraphRoundingCannotFactorIsBadInput(@TempDir Path dir) throws Exception {
        Path root = Path.of(System.getProperty("user.dir")).getParent();
        JsonNode wall = JSON.readTree(root.resolve("examples/stress/wall-hole.json").toFile());
        assertThat(runScene(dir, JSON.writeValueAsString(wall), 5)).as(err.toString()).isZero();
        ((com.fasterxml.jackson.databind.node.ArrayNode) wall.get("collections").get(0).get("recipe").get("box")).set(2, 1.5e5);
        assertThat(runScene(dir, JSON.writeValueAsString(wall), 5)).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: stress model 'support-graph': the bonds' stiffnesses (contact area /"
                + " distance between pieces) span too many orders for the solve (the factorisation lost row ")
                .endsWith("allowed: pieces of less extreme sizes and proportions (contact areas within ~1e14 of each other)"
                        + System.lineSeparator());
    }

    /**
     * An output the permission bits allow but the file system refuses (as root, every path under /proc: {@code
     * isWritable} is true and no file can be made) failed as "internal error: /proc/x.json", exit 1, and {@code run}
     * only after the whole simulation; {@code journal compress} said "Can't append to a read-only chronicle". Each
     * output is now tried (a file made and removed in its directory) before the work: exit 2 naming the option.
     */
    @Test
    void outputsTheFileSystemRefusesAreBadInputBeforeTheWork(@TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self")), "a Linux /proc");
        String[][] lines = {
                {"run", scene.toString(), "--headless", "--out", "/proc/x.json"},
                {"run", scene.toString(), "--headless", "--out", dir.resolve("o.json").toString(), "--events", "/proc/x.jsonl"},
                {"run", scene.toString(), "--headless", "--out", dir.resolve("o.json").toString(), "--snapshot-at", "1",
                        "--snapshot", "/proc/x.rsnap"},
                {"render", scene.toString(), "--renderer", "png", "--size", "32x32", "--frames", "0:0:1", "--out", "/proc/x.png"},
                {"fracture", "--sites", "4", "--out", "/proc/x.rbc"},
                {"softbody", "--source", "box:half=0.5,0.25,0.5", "--out", "/proc/x.rbsb"},
                {"export", scene.toString(), "--out", "/proc/x.obj"},
                {"journal", "seek", journal.toString(), "3", "--out", "/proc/x.rsnap"},
                {"journal", "compress", journal.toString(), "--out", "/proc/x"},
                {"replay", journal.toString(), "--headless", "--out", "/proc/x.json"},
        };
        for (String[] line : lines) {
            String option = line[line.length - 2], path = line[line.length - 1];
            assertThat(run(line)).as(String.join(" ", line) + ": " + err).isEqualTo(2);
            assertThat(err.toString()).as(String.join(" ", line)).startsWith("rubble: " + option + " " + path + ": ")
                    .doesNotContain("internal error").doesNotContain("ran ").doesNotContain("replayed");
        }
        assertThat(dir.resolve("o.json")).doesNotExist();
    }

    /**
     * Whatever file the checks could not foresee (a directory removed between the check and the write, a race), a
     * {@link java.nio.file.FileSystemException} is bad input naming the file and the reason, not "internal error:"
     * and the bare path.
     */
    @Test
    void aFileSystemRefusalIsOneLineNamingTheFileAndWhy() {
        @picocli.CommandLine.Command(name = "refused")
        final class Refused implements java.util.concurrent.Callable<Integer> {
            @Override
            public Integer call() throws Exception {
                throw new java.io.UncheckedIOException(new java.nio.file.AccessDeniedException("/data/out.json"));
            }
        }
        java.io.StringWriter o = new java.io.StringWriter(), e = new java.io.StringWriter();
        int code = Main.execute(new String[] {"refused"}, new java.io.PrintWriter(o), new java.io.PrintWriter(e),
                cl -> cl.addSubcommand(new Refused()));
        assertThat(code).isEqualTo(2);
        assertThat(e.toString()).isEqualTo("rubble: /data/out.json: cannot be opened, created or replaced (access denied);"
                + " allowed: an input that exists and can be read, an output in a directory that exists and can be written"
                + System.lineSeparator());
    }

    /**
     * {@code render --renderer gif --out x.txt} wrote a GIF named .txt and {@code --renderer console --out x.png}
     * character cells named .png (only image extensions were compared with the renderer's): each renderer of Rubble's
     * refuses the extension of another of Rubble's formats, as {@code run --out x.png} does.
     */
    @Test
    void renderRefusesTheExtensionOfAnotherFormat(@TempDir Path dir) {
        String[][] refused = {{"gif", "x.txt", "GIF"}, {"sheet", "x.txt", "PNG"}, {"console", "x.png", "text"},
                {"console", "x.gif", "text"}, {"png", "x.json", "PNG"}};
        for (String[] r : refused) {
            Path out = dir.resolve(r[1]);
            assertThat(run("render", scene.toString(), "--renderer", r[0], "--size", "32x32", "--frames", "0:1:1", "--out",
                    out.toString())).as(r[0] + " " + r[1]).isEqualTo(2);
            assertThat(err.toString()).startsWith("rubble: --out " + out + ": the " + r[0] + " renderer writes " + r[2]
                    + ", not " + r[1].substring(1) + "; allowed: a name without the extension of another format");
            assertThat(out).doesNotExist();
        }
        for (String[] r : new String[][] {{"gif", "x.gif"}, {"sheet", "x.png"}, {"console", "x.txt"}, {"console", "frames"}}) {
            assertThat(run("render", scene.toString(), "--renderer", r[0], "--size", "32x32", "--frames", "0:1:1", "--out",
                    dir.resolve(r[1]).toString())).as(r[0] + " " + r[1] + ": " + err).isZero();
        }
    }

    /**
     * {@code fracture --density 1e308} wrote a collection of 1e308 kg (any positive finite density passed): it takes a
     * scenario recipe's range, [1e-9, 1e9] kg/m³; the edges are accepted and the mass is density x volume.
     */
    @Test
    void fractureDensityTakesTheRecipesRange(@TempDir Path dir) {
        Path out = dir.resolve("c.rbc");
        for (String d : new String[] {"1e308", "2e9", "5e-10"}) {
            assertThat(run("fracture", "--sites", "4", "--density", d, "--out", out.toString())).as(d).isEqualTo(2);
            assertThat(err.toString()).startsWith("rubble: --density ").endsWith(" is out of range; allowed: [1e-9, 1e9] kg/m^3"
                    + System.lineSeparator());
            assertThat(out).doesNotExist();
        }
        // the default source is a 2 x 1 x 0.5 m box: 1 m³
        assertThat(run("fracture", "--sites", "4", "--density", "1e9", "--out", out.toString())).as(err.toString()).isZero();
        assertThat(this.out.toString()).contains("mass:         1.00000e+09 kg");
        // an 8 m3 box in one piece: pieces under a body's 1e-9 kg are refused since fuzz13 (FractureMassRangeTest)
        assertThat(run("fracture", "--source", "box:half=1,1,1", "--sites", "1", "--density", "1e-9", "--out",
                out.toString())).as(err.toString()).isZero();
        assertThat(this.out.toString()).contains("mass:         8.00000e-09 kg");
    }

    /** {@code demo --list --steps 5 --journal j} listed the scenes and dropped the other options without a word. */
    @Test
    void demoListRefusesTheOptionsOfARun(@TempDir Path dir) {
        assertThat(run("demo", "--list", "--steps", "5")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: --steps with --list: --list names the scenes and runs none; allowed: one"
                + " of them" + System.lineSeparator());
        assertThat(run("demo", "--list", "--journal", dir.resolve("j").toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --journal with --list");
        assertThat(dir.resolve("j")).doesNotExist();
        assertThat(run("demo", "--list")).isZero();
        assertThat(out.toString()).startsWith("wall ");
    }

    /**
     * The soft solver is made when the first soft body steps, so its options in a scenario without soft bodies
     * were never read: an unknown option and a word where a number belongs ran, exit 0 (docs/scenario-format.md
     * says unknown options are errors). They are checked when the world is made now.
     */
    @Test
    void softSolverOptionsAreCheckedWithoutSoftBodies(@TempDir Path dir) throws Exception {
        assertThat(runScene(dir, box(", \"world\": {\"stageOptions\": {\"soft-solver\": {\"nope\": 1}}}"), 3)).isEqualTo(2);
        assertThat(err.toString()).contains("soft-solver 'xpbd': unknown option 'nope'; allowed: ");
        assertThat(runScene(dir, box(", \"world\": {\"stageOptions\": {\"soft-solver\": {\"iterations\": 0}}}"), 3)).isEqualTo(2);
        assertThat(err.toString()).contains("iterations");
        assertThat(runScene(dir, box(", \"world\": {\"stageOptions\": {\"soft-solver\": {\"iterations\": 6}}}"), 3))
                .as(err.toString()).isZero();
    }
}
