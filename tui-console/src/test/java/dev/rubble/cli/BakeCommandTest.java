package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rubble bake} and {@code rubble bake report} on the shipped example, a failing sweep and bad sweep files. */
final class BakeCommandTest {
    private static final Path EXAMPLE = Path.of("../examples/bake").toAbsolutePath().normalize();

    @TempDir
    Path tmp;

    record Result(int code, String out, String err) {
    }

    static Result rubble(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void theExampleSweepBakesResumesAndReports() throws Exception {
        // the shipped example, cut to 4 variants of 20 steps
        Path sweep = tmp.resolve("sweep.json");
        Files.writeString(sweep, Files.readString(EXAMPLE.resolve("wall-sweep.json"))
                .replace("\"scenario\": \"wall.json\"", "\"scenario\": \"" + EXAMPLE.resolve("wall.json") + "\"")
                .replace("\"steps\": 60,", "\"steps\": 20, \"sample\": {\"count\": 4, \"seed\": 2},"));
        Path out = tmp.resolve("out");
        Result r = rubble("bake", sweep.toString(), "--out", out.toString(), "--workers", "2");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("baking 4 variants on 2 worker threads", "4/4 100%", "4 variants (4 run, 0 reused");
        assertThat(Files.readAllLines(out.resolve("manifest.csv"))).hasSize(5);
        assertThat(Files.readAllLines(out.resolve("hashes.tsv"))).hasSize(5);
        Result again = rubble("bake", sweep.toString(), "--out", out.toString(), "--workers", "1");
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.err()).contains("4 variants (0 run, 4 reused and verified)");

        Result rep = rubble("bake", "report", out.toString());
        assertThat(rep.code()).as(rep.err()).isZero();
        assertThat(rep.out()).contains("4 variants, 4 ok, 0 failed", "breaks", "peak pieces", "speed: by value",
                "plot: " + out.resolve("report/breaks-vs-speed.png"));
        var img = ImageIO.read(out.resolve("report/breaks-vs-speed.png").toFile());
        assertThat(img.getWidth()).isEqualTo(720);
        // the journal of a variant verifies with the ordinary command
        String id = Files.readAllLines(out.resolve("hashes.tsv")).get(1).split("\t")[0];
        Result v = rubble("verify", out.resolve("variants").resolve(id).resolve("journal").toString());
        assertThat(v.code()).as(v.err()).isZero();
        assertThat(v.out()).contains("verified 20 steps", "identical");
    }

    @Test
    void aFailedVariantMakesExitCode1AndTheRestComplete() throws Exception {
        Path sweep = tmp.resolve("sweep.json");
        Files.writeString(sweep, """
                {"format": "rubble-sweep/1", "steps": 10,
                 "scenario": {"format": "rubble-scenario/1", "bodies": [
                    {"id": "paddle", "state": "kinematic", "shape": {"type": "box", "halfExtents": [1, 0.1, 1]}}],
                  "commands": [{"step": 3, "type": "kinematicTarget", "body": "paddle", "position": [0, 1, 0]}]},
                 "parameters": [{"name": "paddle", "path": "/bodies/0/state", "values": ["kinematic", "dynamic", "static"]}]}
                """);
        Result r = rubble("bake", sweep.toString(), "--out", tmp.resolve("out").toString(), "--workers", "1");
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        assertThat(r.err()).contains("variant 1 (", "{\"paddle\":\"dynamic\"} failed: $.commands[0]", "2 failed");
        List<String> rows = Files.readAllLines(tmp.resolve("out/manifest.csv"));
        assertThat(rows).hasSize(4);
        assertThat(rows.get(1)).contains(",ok,kinematic,10,");
        assertThat(rows.get(2)).contains(",failed,dynamic,3,");
    }

    @Test
    void sweepFileErrorsExit2NamingTheField() throws Exception {
        Files.copy(EXAMPLE.resolve("wall.json"), tmp.resolve("wall.json"));
        Path sweep = tmp.resolve("sweep.json");
        Files.writeString(sweep, "{\"format\": \"rubble-sweep/1\", \"scenario\": \"wall.json\", \"parameters\": ["
                + "{\"name\": \"speed\", \"path\": \"/bodies/1/linearVelocity/2\", \"range\": {\"from\": 10, \"to\": 40, \"step\": -5}}]}");
        Result r = rubble("bake", sweep.toString(), "--out", tmp.resolve("out").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("rubble: $.parameters[0].range.step: -5 is not allowed; allowed: > 0");
        assertThat(tmp.resolve("out")).doesNotExist(); // nothing written for a bad sweep

        Files.writeString(sweep, "{\"format\": \"rubble-sweep/1\", \"scenario\": \"wall.json\", \"parameters\": ["
                + "{\"name\": \"mass\", \"path\": \"/bodies/1/mass\", \"values\": [80, 0]}]}");
        r = rubble("bake", sweep.toString(), "--out", tmp.resolve("out").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("rubble: $.parameters: variant 1 {\"mass\":0} gives an invalid scenario: $.bodies[1].mass: 0");

        r = rubble("bake", tmp.resolve("missing.json").toString(), "--out", tmp.resolve("out").toString());
        assertThat(r.code()).isEqualTo(2);
        // one line naming the file and what is allowed (it began "$: sweep file ...", a JSON path of no field)
        assertThat(r.err()).contains("sweep file " + tmp.resolve("missing.json") + ": does not exist; allowed: a readable sweep .json file")
                .doesNotContain("$:");
        r = rubble("bake", sweep.toString(), "--out", tmp.resolve("out").toString(), "--workers", "0");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--workers 0 is not allowed; allowed: 1..4096");
        r = rubble("bake", "report", tmp.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("has no manifest.jsonl");
        // a directory that is not there is named as such (it was "has no manifest.jsonl")
        r = rubble("bake", "report", tmp.resolve("nowhere").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("bake directory " + tmp.resolve("nowhere") + " does not exist; allowed: the --out directory of a finished rubble bake");
    }
}
