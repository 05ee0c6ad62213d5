package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The .glb of a fractured mesh (two materials, corner normals and texture coordinates) passes the
 * Khronos glTF validator; skipped with the reason where Node or the validator is missing
 * ({@link GltfValidatorTest}).
 */
final class MeshGlbValidatorTest {
    @Test
    void fracturedStatueGlbPassesTheKhronosValidator(@TempDir Path tmp) throws Exception {
        GltfValidatorTest.requireValidator();
        Path glb = tmp.resolve("statue.glb");
        CommandLineTest.Result r = CommandLineTest.rubble("fracture", "--source",
                Path.of("..", "examples", "meshes", "statue.obj").toString(), "--sites", "12", "--out", glb.toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode report = GltfValidatorTest.validate(glb);
        System.out.println("gltf-validator " + glb.getFileName() + ": " + report);
        assertThat(report.get("errors").asInt()).as(report.toString()).isZero();
        assertThat(report.get("warnings").asInt()).as(report.toString()).isZero();
        assertThat(report.get("info").get("materialCount").asInt()).isEqualTo(2);
    }
}
