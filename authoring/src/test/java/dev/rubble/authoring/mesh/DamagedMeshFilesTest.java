package dev.rubble.authoring.mesh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mesh files damaged by hand (the cliout pass): each is a {@link MeshException} naming the file, the place and what is
 * allowed (exit 2 from {@code rubble fracture}), not an internal error or an exhausted heap. The undamaged file reads.
 */
final class DamagedMeshFilesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A 1 m cube written as .gltf with its buffer inline, {@code damage} applied to the document first. */
    private static Path gltf(Path dir, String name, Consumer<ObjectNode> damage) throws Exception {
        ByteArrayOutputStream os = new ByteArrayOutputStream();
        MeshGlbWriter.write(List.of(TestMeshes.holedBlock(0.5)), new int[] {0}, os);
        byte[] glb = os.toByteArray();
        ByteBuffer b = ByteBuffer.wrap(glb).order(ByteOrder.LITTLE_ENDIAN);
        int jsonLen = b.getInt(12);
        ObjectNode doc = (ObjectNode) JSON.readTree(new String(glb, 20, jsonLen, StandardCharsets.UTF_8));
        int binStart = 20 + jsonLen;
        byte[] bin = Arrays.copyOfRange(glb, binStart + 8, binStart + 8 + b.getInt(binStart));
        ((ObjectNode) doc.withArray("buffers").get(0)).put("uri",
                "data:application/octet-stream;base64," + Base64.getEncoder().encodeToString(bin));
        damage.accept(doc);
        Path f = dir.resolve(name);
        Files.writeString(f, JSON.writeValueAsString(doc));
        return f;
    }

    /**
     * glTF indices were used unchecked: an accessor index past the accessors was "internal error: Index 99 out of
     * bounds for length 0", a node listed as a string or a matrix entry that is one a ClassCastException, and a mesh
     * index of 2^32 wrapped to mesh 0 (read as if it were right).
     */
    @Test
    void gltfIndicesAndNumbersAreChecked(@TempDir Path dir) throws Exception {
        assertThat(MeshReader.read(gltf(dir, "ok.gltf", d -> { })).triangleCount()).isPositive();
        Path f = gltf(dir, "acc.gltf", d -> ((ObjectNode) d.get("meshes").get(0).get("primitives").get(0).get("attributes"))
                .put("POSITION", 99));
        int accessors = JSON.readTree(f.toFile()).get("accessors").size();
        assertThatThrownBy(() -> MeshReader.read(f)).isInstanceOf(MeshException.class).hasMessage(f
                + ": meshes[0].primitives[0].attributes.POSITION = 99; allowed: an index into accessors, 0.." + (accessors - 1));
        Path s = gltf(dir, "str.gltf", d -> ((ObjectNode) d.withArray("scenes").get(0)).withArray("nodes").set(0,
                JSON.getNodeFactory().textNode("a")));
        assertThatThrownBy(() -> MeshReader.read(s)).isInstanceOf(MeshException.class)
                .hasMessage(s + ": scenes[0].nodes[0] = a; allowed: an index into nodes, 0.." + (JSON.readTree(s.toFile())
                        .get("nodes").size() - 1));
        Path m = gltf(dir, "matrix.gltf", d -> {
            var mx = ((ObjectNode) d.get("nodes").get(0)).putArray("matrix");
            for (int i = 0; i < 16; i++) {
                mx.add(i == 5 ? JSON.getNodeFactory().textNode("x") : JSON.getNodeFactory().numberNode(i % 5 == 0 ? 1 : 0));
            }
        });
        assertThatThrownBy(() -> MeshReader.read(m)).isInstanceOf(MeshException.class)
                .hasMessage(m + ": nodes[0].matrix[5] = x; allowed: a finite number");
        Path w = gltf(dir, "wrap.gltf", d -> ((ObjectNode) d.get("nodes").get(0)).put("mesh", 1L << 32));
        assertThatThrownBy(() -> MeshReader.read(w)).isInstanceOf(MeshException.class)
                .hasMessage(w + ": nodes[0].mesh = 4294967296; allowed: an index into meshes, 0..0");
    }

    /**
     * A PLY header's element count was trusted: "element vertex 2000000000" in a 169-byte file allocated for two
     * billion vertices first (out of memory, exit 1), -1 was a NegativeArraySizeException and "many" a bare "For
     * input string". x, y and z take at least a byte each, so a file of n bytes holds at most n / 3 vertices.
     */
    @Test
    void plyCountsTheFileCannotHoldAreRefused(@TempDir Path dir) throws Exception {
        String header = "ply\nformat ascii 1.0\nelement vertex %s\nproperty float x\nproperty float y\nproperty float z\n"
                + "element face 1\nproperty list uchar int vertex_indices\nend_header\n";
        Path lying = dir.resolve("lying.ply");
        Files.writeString(lying, String.format(header, "2000000000") + "0 0 0\n");
        long size = Files.size(lying);
        assertThatThrownBy(() -> MeshReader.read(lying)).isInstanceOf(MeshException.class).hasMessage(lying
                + ": header declares 2000000000 vertices, more than its " + size + " bytes can hold; allowed: at most "
                + size / 3 + " (a truncated or damaged file?)");
        for (String bad : new String[] {"-1", "many", "99999999999"}) {
            Path f = dir.resolve("bad.ply");
            Files.writeString(f, String.format(header, bad));
            assertThatThrownBy(() -> MeshReader.read(f)).as(bad).isInstanceOf(MeshException.class).hasMessage(f
                    + ": element 'vertex' count '" + bad + "'; allowed: a whole number 0..2147483647");
        }
        // a count the file can hold but does not: read to its end and named, as before
        Path shortFile = dir.resolve("short.ply");
        Files.writeString(shortFile, String.format(header, "4") + "0 0 0\n");
        assertThatThrownBy(() -> MeshReader.read(shortFile)).isInstanceOf(MeshException.class)
                .hasMessageContaining("ended early while reading vertex 1");
    }
}
