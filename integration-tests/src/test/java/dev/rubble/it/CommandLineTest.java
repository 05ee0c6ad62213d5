package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rubble.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The `rubble` command end to end: exit codes, one-line errors, the analytic free-fall state. */
final class CommandLineTest {
    record Result(int code, String out, String err) {
    }

    static Result rubble(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Result(code, out.toString(), err.toString());
    }

    private static final String FALLING = """
            {"format": "rubble-scenario/1", "name": "falling sphere", "steps": 120,
             "world": {"dt": 0.016666666666666666, "gravity": [0, -9.81, 0]},
             "bodies": [{"id": "ball", "shape": {"type": "sphere", "radius": 0.5}, "position": [0, 100, 0], "mass": 1}]}
            """;

    @Test
    void runWritesTheAnalyticFreeFallState(@TempDir Path tmp) throws Exception {
        Path scenario = tmp.resolve("fall.json");
        Files.writeString(scenario, FALLING);
        Path out = tmp.resolve("state.json");
        Result r = rubble("run", scenario.toString(), "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("ran 120 steps");
        JsonNode state = new ObjectMapper().readTree(out.toFile());
        JsonNode ball = state.get("bodies").get(0);
        assertThat(ball.get("id").asText()).isEqualTo("ball");
        assertThat(ball.get("state").asText()).isEqualTo("awake");
        double h = 1.0 / 60, t = 2.0, g = 9.81;
        assertThat(ball.get("position").get(1).asDouble()).isCloseTo(100 - g * t * t / 2 - g * h * t / 2, within(1e-9));
        assertThat(ball.get("linearVelocity").get(1).asDouble()).isCloseTo(-g * t, within(1e-9));
        assertThat(ball.get("orientation").get(3).asDouble()).isEqualTo(1.0);
        assertThat(state.get("stateHash").asText()).hasSize(16);
        assertThat(state.get("steps").asInt()).isEqualTo(120);
    }

    @Test
    void pluginsListsTheReferenceAndTheDirectoryPlugin(@TempDir Path tmp) throws Exception {
        Path dir = PluginJars.buildSweepX(tmp);
        Result r = rubble("plugins", "--plugins", dir.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("broadphase (default: grid)");
        assertThat(r.out()).containsPattern("bruteforce +\\[plugin broadphase-bruteforce, .*broadphase-bruteforce");
        assertThat(r.out()).containsPattern("sweep-x +\\[plugin sweep-x, .*sweep-x.jar\\]");
    }

    @Test
    void runSelectsADirectoryPluginWithSet(@TempDir Path tmp) throws Exception {
        Path dir = PluginJars.buildSweepX(tmp);
        Path scenario = tmp.resolve("fall.json");
        Files.writeString(scenario, FALLING);
        Result a = rubble("run", scenario.toString(), "--steps", "30", "--plugins", dir.toString(),
                "--set", "broadphase=sweep-x", "--out", tmp.resolve("a.json").toString());
        Result b = rubble("run", scenario.toString(), "--steps", "30", "--out", tmp.resolve("b.json").toString());
        assertThat(a.code()).as(a.err()).isZero();
        assertThat(b.code()).as(b.err()).isZero();
        assertThat(Files.readString(tmp.resolve("a.json"))).isEqualTo(Files.readString(tmp.resolve("b.json")));
    }

    private static Result runText(Path tmp, String json, String... extra) throws Exception {
        Path f = tmp.resolve("bad.json");
        Files.writeString(f, json);
        String[] args = new String[2 + extra.length];
        args[0] = "run";
        args[1] = f.toString();
        System.arraycopy(extra, 0, args, 2, extra.length);
        return rubble(args);
    }

    private static void assertBadInput(Result r, String... fragments) {
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip().lines().count()).as("one line: " + r.err()).isEqualTo(1);
        assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
        for (String f : fragments) {
            assertThat(r.err()).contains(f);
        }
    }

    @Test
    void badInputsExitTwoWithOneLineNamingTheField(@TempDir Path tmp) throws Exception {
        String body = "{\"format\":\"rubble-scenario/1\",\"bodies\":[%s]}";
        assertBadInput(runText(tmp, body.formatted("{\"shape\":{\"type\":\"sphere\",\"radius\":1},\"mass\":-1}")),
                "$.bodies[0].mass", "-1", "allowed");
        assertBadInput(runText(tmp, body.formatted("{\"shape\":{\"type\":\"cone\"}}")),
                "$.bodies[0].shape.type", "cone", "allowed: sphere, box, capsule");
        assertBadInput(runText(tmp, "{\"format\":\"rubble-scenario/1\",\"world\":{\"stages\":{\"broadphase\":\"octree\"}}}"),
                "unknown broadphase 'octree'", "known: bruteforce");
        assertBadInput(runText(tmp, "{\"format\":\"rubble-scenario/1\",\"bodies\":[{]}"), "malformed JSON at line 1");
        assertBadInput(runText(tmp, body.formatted("{\"shape\":{\"type\":\"sphere\",\"radius\":NaN}}")), "malformed JSON");
        assertBadInput(runText(tmp, body.formatted("{\"shape\":{\"type\":\"sphere\",\"radius\":1},\"linearVelocity\":[1,\"NaN\",0]}")),
                "$.bodies[0].linearVelocity[1]");
        assertBadInput(runText(tmp, body.formatted("{\"shape\":{\"type\":\"sphere\",\"radius\":1}}"), "--set", "broadphase"),
                "--set", "KEY=VALUE", "broadphase", "rubble run --help");
        assertBadInput(runText(tmp, body.formatted("{\"shape\":{\"type\":\"sphere\",\"radius\":1}}"), "--set", "broadphase=kd"),
                "unknown broadphase 'kd'");
        assertBadInput(runText(tmp, body.formatted("{\"shape\":{\"type\":\"sphere\",\"radius\":1}}"), "--steps", "-4"),
                "--steps -4");
        assertBadInput(rubble("run", tmp.resolve("missing.json").toString()), "does not exist");
        assertBadInput(rubble("frobnicate"), "frobnicate");
    }

    @Test
    void demoRunsAndReportsStageTimes() {
        Result r = rubble("demo", "--steps", "30");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("Rubble demo").contains("Stage times").contains("broadphase=");
    }
}
