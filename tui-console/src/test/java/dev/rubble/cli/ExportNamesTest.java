package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rubble.cli.CommandLineHelpTest.Result;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28, item 9: scenario ids become object names in OBJ and glTF exports (a collection piece is
 * its collection's id and node), names are unique, and an id with quotes or spaces still gives valid
 * JSON (the glTF names are escaped by Jackson) and one-word OBJ names.
 */
final class ExportNamesTest {
    private static final String SCENE = """
            {"format": "rubble-scenario/1", "steps": 30,
             "bodies": [
               {"id": "ground", "state": "static", "shape": {"type": "box", "halfExtents": [5, 0.5, 5]}, "position": [0, -0.5, 0]},
               {"id": "crate \\"A\\"", "shape": {"type": "box", "halfExtents": [0.3, 0.3, 0.3]}, "position": [2, 0.3, 0]},
               {"id": "ball", "shape": {"type": "sphere", "radius": 0.2}, "position": [0, 1.2, -1], "linearVelocity": [0, 0, 20], "mass": 400}],
             "collections": [{"id": "wall", "recipe": {"box": [1, 0.6, 0.1], "levels": [{"method": "voronoi", "options": {"count": 6}}], "seed": 3},
               "position": [0, 0.6, 0], "destruction": {"damageOptions": {"thresholds": [50]}}}]}""";

    @Test
    void objAndGlbNameTheirObjectsByScenarioId(@TempDir Path tmp) throws Exception {
        Path scene = tmp.resolve("s.json");
        Files.writeString(scene, SCENE);
        Path obj = tmp.resolve("s.obj"), glb = tmp.resolve("s.glb");
        Result r = CommandLineHelpTest.rubble("export", scene.toString(), "--out", obj.toString());
        assertThat(r.code()).as(r.err()).isZero();
        List<String> objects = Files.readAllLines(obj).stream().filter(l -> l.startsWith("o ")).map(l -> l.substring(2)).toList();
        assertThat(objects).contains("ground", "crate_\"A\"", "ball");
        assertThat(objects).as("the wall broke into named pieces").anyMatch(n -> n.matches("wall_node\\d+"));
        assertThat(objects).doesNotHaveDuplicates().noneMatch(n -> n.contains(" "));

        r = CommandLineHelpTest.rubble("export", scene.toString(), "--out", glb.toString());
        assertThat(r.code()).as(r.err()).isZero();
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(glb)).order(ByteOrder.LITTLE_ENDIAN);
        int jsonLength = b.getInt(12);
        JsonNode gltf = new ObjectMapper().readTree(new String(Files.readAllBytes(glb), 20, jsonLength, StandardCharsets.UTF_8));
        List<String> nodes = new ArrayList<>();
        gltf.get("nodes").forEach(n -> nodes.add(n.get("name").asText()));
        assertThat(nodes).contains("ground", "crate_\"A\"", "ball").anyMatch(n -> n.matches("wall_node\\d+|wall"));
        assertThat(nodes).doesNotHaveDuplicates();
    }

    @Test
    void namesAreUniqueAndFallBackToTheSlot() {
        java.util.Set<String> used = new java.util.HashSet<>();
        assertThat(Exports.objectName("wall_node3", 7, used)).isEqualTo("wall_node3");
        assertThat(Exports.objectName("wall_node3", 9, used)).isEqualTo("wall_node3_9");
        assertThat(Exports.objectName("wall_node3", 9, used)).isEqualTo("wall_node3_9_2");
        assertThat(Exports.objectName(null, 4, used)).isEqualTo("body_4");
        assertThat(Exports.objectName(" two\twords ", 5, used)).isEqualTo("two_words");
    }
}
