package dev.rubble.authoring.mesh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading OBJ, PLY and glb sources: welded closed meshes with their volumes; bad files named with the place. */
final class MeshFilesTest {
    @Test
    void aGlbWrittenByRubbleReadsBackAsTheSameClosedMesh(@TempDir Path dir) throws Exception {
        TriMesh h = TestMeshes.holedBlock(0.5);
        Path f = dir.resolve("h.glb");
        try (OutputStream os = Files.newOutputStream(f)) {
            MeshGlbWriter.write(List.of(h), new int[] {0}, os);
        }
        TriMesh back = MeshReader.read(f);
        assertThat(back.triangleCount()).isEqualTo(h.triangleCount());
        assertThat(back.vertexCount()).isEqualTo(h.vertexCount()); // corners written unwelded, welded again
        assertThat(MeshCheck.problem(back)).isNull();
        assertThat(back.volume()).isCloseTo(16 * 0.125, within(1e-12));
    }

    @Test
    void plyAsciiAndObjWithQuadsGiveTheSameCube(@TempDir Path dir) throws Exception {
        Path ply = dir.resolve("c.ply");
        Files.writeString(ply, """
                ply
                format ascii 1.0
                element vertex 8
                property float x
                property float y
                property float z
                element face 6
                property list uchar int vertex_indices
                end_header
                0 0 0
                1 0 0
                0 1 0
                1 1 0
                0 0 1
                1 0 1
                0 1 1
                1 1 1
                4 0 4 6 2
                4 1 3 7 5
                4 0 1 5 4
                4 2 6 7 3
                4 0 2 3 1
                4 4 5 7 6
                """);
        TriMesh p = MeshReader.read(ply);
        assertThat(p.triangleCount()).isEqualTo(12);
        assertThat(p.volume()).isCloseTo(1, within(1e-15));
        Path obj = dir.resolve("c.obj");
        Files.writeString(obj, """
                v 0 0 0
                v 1 0 0
                v 0 1 0
                v 1 1 0
                v 0 0 1
                v 1 0 1
                v 0 1 1
                v 1 1 1
                vt 0 0
                f 1/1 5/1 7/1 3/1
                f 2 4 8 6
                f 1 2 6 5
                f -6 -2 -1 -5
                f 1 3 4 2
                f 5 6 8 7
                """);
        TriMesh o = MeshReader.read(obj);
        assertThat(o.volume()).isCloseTo(1, within(1e-15));
        assertThat(MeshCheck.problem(o)).isNull();
        Files.writeString(obj, "v 0 0 0\nf 1 2 3\n");
        assertThatThrownBy(() -> MeshReader.read(obj)).hasMessageContaining(obj + ":2: vertex index 2 is out of range");
    }
}
