package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The .glb files rubble writes pass the Khronos glTF validator (npm package {@code gltf-validator},
 * pinned in {@code integration-tests/gltf-validator/package.json}, run with Node): a fractured
 * collection at rest and a journalled run with node animation. CI installs the package
 * ({@code .ci/run}); without Node or the package the test is skipped and says why.
 */
final class GltfValidatorTest {
    static final Path DIR = Path.of("gltf-validator").toAbsolutePath();

    static String run(Path dir, long timeoutSeconds, String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(String.join(" ", cmd) + " did not finish in " + timeoutSeconds + " s");
        }
        String s = new String(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + " exited " + p.exitValue() + ": " + s.strip());
        }
        return s;
    }

    static void skip(String why) {
        System.out.println("GltfValidatorTest skipped: " + why);
        Assumptions.abort(why);
    }

    /** Makes sure node and the validator package are there (installing it with npm if needed), else skips. */
    static void requireValidator() throws InterruptedException {
        try {
            run(DIR, 30, "node", "--version");
        } catch (IOException e) {
            skip("node is not available (" + e.getMessage() + "); install Node.js to validate .glb exports");
        }
        if (!Files.isDirectory(DIR.resolve("node_modules/gltf-validator"))) {
            try {
                run(DIR, 300, "npm", "ci", "--no-audit", "--no-fund");
            } catch (IOException e) {
                skip("the npm package gltf-validator is not installed in " + DIR + " and npm ci failed: " + e.getMessage());
            }
        }
    }

    static JsonNode validate(Path glb) throws IOException, InterruptedException {
        String out = run(DIR, 120, "node", DIR.resolve("validate.js").toString(), glb.toString());
        return new ObjectMapper().readTree(out.strip());
    }

    @Test
    void glbOfACollectionAndOfAnAnimatedRunPassTheKhronosValidator(@TempDir Path tmp) throws Exception {
        requireValidator();
        Path wall = tmp.resolve("wall.glb");
        CommandLineTest.Result r = CommandLineTest.rubble("fracture", "--source", "box:half=1,0.5,0.2", "--sites", "40",
                "--levels", "2", "--chance", "0.5", "--out", wall.toString());
        assertThat(r.code()).as(r.err()).isZero();

        Path scene = tmp.resolve("drop.json");
        Files.writeString(scene, """
                {"format": "rubble-scenario/1", "name": "drop", "steps": 60,
                 "bodies": [
                  {"id": "ground", "state": "static", "shape": {"type": "plane", "normal": [0, 1, 0], "offset": 0}},
                  {"id": "ball", "shape": {"type": "sphere", "radius": 0.5}, "position": [0, 3, 0]},
                  {"id": "pill", "shape": {"type": "capsule", "radius": 0.25, "halfHeight": 0.5}, "position": [2, 4, 0],
                   "angularVelocity": [0, 0, 3]},
                  {"id": "crate", "shape": {"type": "box", "halfExtents": [0.5, 0.5, 0.5]}, "position": [-2, 5, 0],
                   "angularVelocity": [1, 2, 0]}]}
                """);
        Path journal = tmp.resolve("j");
        r = CommandLineTest.rubble("run", scene.toString(), "--journal", journal.toString(), "--out",
                tmp.resolve("s.json").toString());
        assertThat(r.code()).as(r.err()).isZero();
        Path run = tmp.resolve("run.glb");
        r = CommandLineTest.rubble("export", journal.toString(), "--out", run.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("exported 61 frame(s)");

        for (Path glb : List.of(wall, run)) {
            JsonNode report = validate(glb);
            System.out.println("gltf-validator " + glb.getFileName() + ": " + report);
            assertThat(report.get("errors").asInt()).as(report.toString()).isZero();
            assertThat(report.get("warnings").asInt()).as(report.toString()).isZero();
        }
        JsonNode info = validate(run).get("info");
        assertThat(info.get("animationCount").asInt()).isEqualTo(1);
        assertThat(info.get("drawCallCount").asInt()).isEqualTo(3); // one mesh per body; the plane has no finite surface
        assertThat(validate(wall).get("info").get("animationCount").asInt()).isZero();
    }
}
