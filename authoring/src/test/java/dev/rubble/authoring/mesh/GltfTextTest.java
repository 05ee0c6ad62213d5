package dev.rubble.authoring.mesh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Text glTF (.gltf) sources: the same document as a Rubble-written .glb, with its BIN chunk moved
 * to a base64 data URI or to a file next to it, reads back as exactly the same mesh as the .glb.
 */
final class GltfTextTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A glb's JSON document and BIN chunk. */
    private record Glb(ObjectNode doc, byte[] bin) {
    }

    private static Glb glbOf(TriMesh m, int[] ids) throws Exception {
        ByteArrayOutputStream os = new ByteArrayOutputStream();
        MeshGlbWriter.write(List.of(m), ids, os);
        ByteBuffer b = ByteBuffer.wrap(os.toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
        int jsonLen = b.getInt(12);
        ObjectNode doc = (ObjectNode) JSON.readTree(new String(os.toByteArray(), 20, jsonLen, StandardCharsets.UTF_8));
        int binStart = 20 + jsonLen;
        byte[] bin = Arrays.copyOfRange(os.toByteArray(), binStart + 8, binStart + 8 + b.getInt(binStart));
        return new Glb(doc, bin);
    }

    private static void assertSame(TriMesh a, TriMesh b) {
        assertThat(a.positions()).isEqualTo(b.positions());
        assertThat(a.triangles()).isEqualTo(b.triangles());
        for (int t = 0; t < a.triangleCount(); t++) {
            assertThat(a.material(t)).isEqualTo(b.material(t));
            for (int k = 0; k < 3; k++) {
                for (int x = 0; x < 3; x++) {
                    assertThat(a.normal(t, k, x)).isEqualTo(b.normal(t, k, x));
                }
                for (int x = 0; x < 2; x++) {
                    assertThat(a.uv(t, k, x)).isEqualTo(b.uv(t, k, x));
                }
            }
        }
    }

    @Test
    void dataUriAndExternalBufferGiveTheGlbsMesh(@TempDir Path dir) throws Exception {
        TriMesh h = TestMeshes.holedBlock(0.5);
        Glb g = glbOf(h, new int[] {0});
        Path glb = dir.resolve("h.glb");
        try (var os = Files.newOutputStream(glb)) {
            MeshGlbWriter.write(List.of(h), new int[] {0}, os);
        }
        TriMesh fromGlb = MeshReader.read(glb);

        ObjectNode inline = g.doc().deepCopy();
        ((ObjectNode) inline.withArray("buffers").get(0)).put("uri",
                "data:application/octet-stream;base64," + Base64.getEncoder().encodeToString(g.bin()));
        Path a = dir.resolve("inline.gltf");
        Files.writeString(a, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(inline));
        TriMesh fromData = MeshReader.read(a);

        ObjectNode external = g.doc().deepCopy();
        ((ObjectNode) external.withArray("buffers").get(0)).put("uri", "sub%20dir/h%20data.bin");
        Files.createDirectories(dir.resolve("sub dir"));
        Files.write(dir.resolve("sub dir/h data.bin"), g.bin());
        Path e = dir.resolve("external.gltf");
        Files.writeString(e, JSON.writeValueAsString(external));
        TriMesh fromFile = MeshReader.read(e);

        assertThat(MeshCheck.problem(fromData)).isNull();
        assertThat(fromData.volume()).isCloseTo(16 * 0.125, within(1e-12));
        assertSame(fromData, fromGlb);
        assertSame(fromFile, fromGlb);
    }

    @Test
    void nodeTransformsApplyAsInTheGlb(@TempDir Path dir) throws Exception {
        // a second node instancing the same mesh, moved by +3 in x and scaled by 2: volume 1 + 8 for a unit cube
        TriMesh cube = TriMesh.of(new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1},
                new int[] {0, 2, 3, 0, 3, 1, 4, 5, 7, 4, 7, 6, 0, 1, 5, 0, 5, 4, 2, 6, 7, 2, 7, 3, 0, 4, 6, 0, 6, 2, 1, 3, 7,
                    1, 7, 5});
        assertThat(cube.volume()).isCloseTo(1, within(1e-15));
        Glb g = glbOf(cube, new int[] {0});
        ObjectNode doc = g.doc().deepCopy();
        ((ObjectNode) doc.withArray("buffers").get(0)).put("uri",
                "data:application/gltf-buffer;base64," + Base64.getEncoder().encodeToString(g.bin()));
        ArrayNode nodes = doc.withArray("nodes");
        int meshIndex = nodes.get(0).get("mesh").asInt();
        ObjectNode second = nodes.addObject();
        second.put("mesh", meshIndex);
        second.putArray("translation").add(3).add(0).add(0);
        second.putArray("scale").add(2).add(2).add(2);
        ((ArrayNode) ((ObjectNode) doc.withArray("scenes").get(doc.path("scene").asInt(0))).withArray("nodes"))
                .add(nodes.size() - 1);
        Path f = dir.resolve("two.gltf");
        Files.writeString(f, JSON.writeValueAsString(doc));
        TriMesh m = MeshReader.read(f);
        assertThat(m.volume()).isCloseTo(9, within(1e-12));
        double[] b = m.bounds();
        assertThat(b).containsExactly(0, 0, 0, 5, 2, 2);
    }

    @Test
    void badTextGltfNamesTheField(@TempDir Path dir) throws Exception {
        Glb g = glbOf(TestMeshes.holedBlock(0.5), new int[] {0});
        Path f = dir.resolve("x.gltf");

        Files.writeString(f, JSON.writeValueAsString(g.doc())); // buffer 0 without a uri: only a glb's BIN chunk may be
        assertThatThrownBy(() -> MeshReader.read(f)).isInstanceOf(MeshException.class)
                .hasMessageContaining("buffers[0] has no uri");

        ObjectNode web = g.doc().deepCopy();
        ((ObjectNode) web.withArray("buffers").get(0)).put("uri", "https://example.com/h.bin");
        Files.writeString(f, JSON.writeValueAsString(web));
        assertThatThrownBy(() -> MeshReader.read(f)).hasMessageContaining(
                "buffers[0].uri = 'https://example.com/h.bin'; allowed: a data: URI or a path relative to the .gltf");

        ObjectNode shortData = g.doc().deepCopy();
        ((ObjectNode) shortData.withArray("buffers").get(0)).put("uri",
                "data:application/octet-stream;base64," + Base64.getEncoder().encodeToString(new byte[8]));
        Files.writeString(f, JSON.writeValueAsString(shortData));
        assertThatThrownBy(() -> MeshReader.read(f)).hasMessageContaining("buffers[0] holds 8 bytes; byteLength says "
                + g.bin().length);

        ObjectNode notBase64 = g.doc().deepCopy();
        ((ObjectNode) notBase64.withArray("buffers").get(0)).put("uri", "data:text/plain,hello");
        Files.writeString(f, JSON.writeValueAsString(notBase64));
        assertThatThrownBy(() -> MeshReader.read(f)).hasMessageContaining("is a data URI that is not base64");

        Files.writeString(f, "{\"asset\": {\"version\": \"2.0\"},\n \"nodes\": [}");
        assertThatThrownBy(() -> MeshReader.read(f)).hasMessageContaining("bad glTF JSON at line 2");
    }
}
