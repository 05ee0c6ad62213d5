package dev.rubble.authoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.authoring.mesh.TriMesh;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.fracture.FractureMethod;
import dev.rubble.spi.geom.ConvexPolytope;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The optional piece-mesh section of {@code .rbc} (format version 2): a collection fractured from
 * a mesh saves its piece meshes and reads them back bit for bit; a collection without meshes is
 * still written as version 1, byte for byte as before; damaged mesh sections are refused.
 */
final class CollectionFileMeshesTest {
    static GeometryCollection meshCollection() {
        MeshCollectionTest.load();
        FractureMethod v = MeshCollectionTest.method("voronoi", Map.of("sites", "custom", "points",
                MeshCollectionTest.SITES));
        CollectionBuilder b = new CollectionBuilder(MeshCollectionTest.boxMesh());
        b.fractureLevel(v, 1);
        return b.build(MeshCollectionTest.stages.create(StageFamily.CONNECTION_GRAPH, "delaunay", StageConfig.empty()),
                Integer.MAX_VALUE);
    }

    private static void assertBitIdentical(TriMesh a, TriMesh b) {
        assertThat(bits(a.positions())).isEqualTo(bits(b.positions()));
        assertThat(a.triangles()).isEqualTo(b.triangles());
        assertThat(bits(a.normals())).isEqualTo(bits(b.normals()));
        assertThat(bits(a.uvs())).isEqualTo(bits(b.uvs()));
        assertThat(bits(a.cutPlanes())).isEqualTo(bits(b.cutPlanes()));
        assertThat(a.materials()).isEqualTo(b.materials());
    }

    private static long[] bits(double[] d) {
        return Arrays.stream(d).mapToLong(Double::doubleToRawLongBits).toArray();
    }

    @Test
    void pieceMeshesRoundTripBitForBit() {
        GeometryCollection g = meshCollection();
        byte[] file = CollectionFile.toBytes(g);
        assertThat(ByteBuffer.wrap(file).getInt(4)).isEqualTo(CollectionFile.VERSION_MESHES);
        GeometryCollection back = CollectionFile.fromBytes(file);
        int withMesh = 0;
        for (int i = 0; i < g.nodeCount(); i++) {
            if (g.mesh(i) == null) {
                assertThat(back.mesh(i)).isNull();
                continue;
            }
            withMesh++;
            assertBitIdentical(back.mesh(i), g.mesh(i));
            assertThat(back.mesh(i).isClosedManifold()).isTrue();
            assertThat(back.mesh(i).volume()).isEqualTo(g.mesh(i).volume());
            if (g.childCount(i) == 0) {
                assertThat(back.mesh(i).insideTriangleCount()).isGreaterThan(0); // cut faces keep the inside material
            }
        }
        assertThat(withMesh).isGreaterThanOrEqualTo(8);
        // writing what was read gives the same bytes
        assertThat(CollectionFile.toBytes(back)).isEqualTo(file);
        // without meshes: a version 1 image that reads back without them and with the same hulls and mass
        byte[] bare = CollectionFile.toBytes(g, false);
        assertThat(ByteBuffer.wrap(bare).getInt(4)).isEqualTo(CollectionFile.VERSION);
        assertThat(bare.length).isLessThan(file.length);
        GeometryCollection hullsOnly = CollectionFile.fromBytes(bare);
        for (int i = 0; i < g.nodeCount(); i++) {
            assertThat(hullsOnly.mesh(i)).isNull();
            assertThat(hullsOnly.mass(i)).isEqualTo(g.mass(i));
        }
    }

    @Test
    void aSavedMeshCollectionIsDrawnWithItsMeshesNotItsHulls() {
        GeometryCollection back = CollectionFile.fromBytes(CollectionFile.toBytes(meshCollection()));
        dev.rubble.spi.render.FrameBuffer frame = new dev.rubble.spi.render.FrameBuffer();
        new dev.rubble.authoring.export.CollectionFrame(back).fill(frame);
        int[] leaves = back.leaves();
        assertThat(frame.count()).isEqualTo(leaves.length); // one mesh per leaf, not one drawable per hull
        for (int k = 0; k < frame.count(); k++) {
            assertThat(frame.shape(k)).isInstanceOf(dev.rubble.spi.shape.TriangleMesh.class);
            assertThat(((dev.rubble.spi.shape.TriangleMesh) frame.shape(k)).triangleCount())
                    .isEqualTo(back.mesh(leaves[k]).triangleCount());
        }
    }

    @Test
    void collectionsWithoutMeshesStayVersionOneAndReadWithoutMeshes() {
        MeshCollectionTest.load();
        FractureMethod v = MeshCollectionTest.method("voronoi", Map.of("sites", "custom", "points",
                MeshCollectionTest.SITES));
        CollectionBuilder flat = new CollectionBuilder(ConvexPolytope.box(0, 0, 0, 1, 0.5, 0.25));
        flat.fractureLevel(v, 1);
        GeometryCollection f = flat.build(MeshCollectionTest.stages.create(StageFamily.CONNECTION_GRAPH, "delaunay",
                StageConfig.empty()), Integer.MAX_VALUE);
        byte[] file = CollectionFile.toBytes(f);
        assertThat(ByteBuffer.wrap(file).getInt(4)).isEqualTo(CollectionFile.VERSION);
        GeometryCollection back = CollectionFile.fromBytes(file);
        for (int i = 0; i < back.nodeCount(); i++) {
            assertThat(back.mesh(i)).isNull();
        }
        assertThat(CollectionFile.toBytes(back)).isEqualTo(file);
    }

    @Test
    void damagedMeshSectionsAreRefused() {
        GeometryCollection g = meshCollection();
        byte[] file = CollectionFile.toBytes(g);
        // cut the file inside the mesh section (checksum redone so the parser, not the checksum, must notice)
        byte[] cut = withCrc(Arrays.copyOf(file, file.length - 4 - 100));
        assertThatThrownBy(() -> CollectionFile.fromBytes(cut)).isInstanceOf(CollectionFormatException.class)
                .hasMessageContaining("mesh");
        // a material byte that is neither outside nor inside: the last byte before the checksum
        byte[] bad = file.clone();
        bad[bad.length - 5] = 7;
        byte[] badMaterial = withCrc(Arrays.copyOf(bad, bad.length - 4));
        assertThatThrownBy(() -> CollectionFile.fromBytes(badMaterial)).isInstanceOf(CollectionFormatException.class)
                .hasMessageContaining("material of triangle").hasMessageContaining("= 7; allowed: 0 (outside) or 1 (inside)");
    }

    private static byte[] withCrc(byte[] body) {
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(body);
        byte[] out = Arrays.copyOf(body, body.length + 4);
        ByteBuffer.wrap(out).putInt(body.length, (int) crc.getValue());
        return out;
    }
}
