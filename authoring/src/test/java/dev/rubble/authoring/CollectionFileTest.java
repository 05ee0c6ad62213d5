package dev.rubble.authoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.spi.geom.ConvexPolytope;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class CollectionFileTest {
    static GeometryCollection sample;

    @BeforeAll
    static void build() {
        CollectionBuilderTest.load();
        CollectionBuilder b = new CollectionBuilder(ConvexPolytope.box(0, 0, 0, 2, 1, 0.5)).density(2000);
        b.fractureLevel(CollectionBuilderTest.fracture("voronoi", Map.of("count", 30)), 4);
        b.autoCluster(0, 5, 2, 9);
        b.fractureLevel(CollectionBuilderTest.fracture("slice", Map.of("x", 1, "y", 0, "z", 0)), 1);
        b.fixTiny(0.01);
        sample = b.build(CollectionBuilderTest.graph("none"), 6);
        sample.setAnchored(1, true);
        sample.setInitialState(2, InitialState.SLEEPING);
    }

    @Test
    void saveThenLoadIsExact(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("wall.rbc");
        CollectionFile.save(sample, f);
        GeometryCollection back = CollectionFile.load(f);
        assertThat(back).isEqualTo(sample);
        assertThat(back.anchored(1)).isTrue();
        assertThat(back.initialState(2)).isEqualTo(InitialState.SLEEPING);
        // bit-identical doubles, and saving again gives the same bytes
        assertThat(CollectionFile.toBytes(back)).isEqualTo(Files.readAllBytes(f));
        for (int i = 0; i < sample.nodeCount(); i++) {
            assertThat(Double.doubleToRawLongBits(back.volume(i))).isEqualTo(Double.doubleToRawLongBits(sample.volume(i)));
        }
    }

    /** Issue 23: authored strengths make a version 3 file that reads back bit for bit; without them the bytes are as before. */
    @Test
    void strengthsRoundTripInVersion3(@TempDir Path dir) throws Exception {
        int n = sample.nodeCount(), e = sample.edgeCount();
        double[] thr = new double[n];
        Arrays.fill(thr, Double.NaN);
        thr[3] = 1234.5;
        thr[4] = Double.POSITIVE_INFINITY;
        thr[5] = 0;
        int[] mat = new int[n];
        mat[n - 1] = 2;
        double[] bs = new double[e];
        Arrays.fill(bs, Double.NaN);
        bs[0] = 3.25e6;
        dev.rubble.spi.collection.Strengths st = new dev.rubble.spi.collection.Strengths(thr, mat, new double[] {1, 0.5, 7}, bs);
        GeometryCollection g = sample.withStrengths(st);
        byte[] bytes = CollectionFile.toBytes(g);
        assertThat(bytes[7]).as("version").isEqualTo((byte) 3);
        GeometryCollection back = CollectionFile.fromBytes(bytes);
        assertThat(back).isEqualTo(g);
        assertThat(back.strengths()).isEqualTo(st);
        assertThat(CollectionFile.toBytes(back)).isEqualTo(bytes);
        assertThat(back.asset().strengths()).isEqualTo(st);
        assertThat(CollectionFile.toBytes(sample)).as("no strengths: version 1 as before").isEqualTo(
                CollectionFile.toBytes(sample.withStrengths(null)));
        assertThat(CollectionFile.toBytes(sample)[7]).isEqualTo((byte) 1);
        // a bad value inside the section is named (checksum recomputed so the parse reaches it)
        int at = bytes.length - 4 - 8 * e - 8 * n + 8 * 3; // thr[3]
        byte[] bad = bytes.clone();
        long bits = Double.doubleToRawLongBits(-1.0);
        for (int k = 0; k < 8; k++) {
            bad[at + k] = (byte) (bits >>> (56 - 8 * k));
        }
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(bad, 0, bad.length - 4);
        int c = (int) crc.getValue();
        bad[bad.length - 4] = (byte) (c >>> 24);
        bad[bad.length - 3] = (byte) (c >>> 16);
        bad[bad.length - 2] = (byte) (c >>> 8);
        bad[bad.length - 1] = (byte) c;
        assertThatThrownBy(() -> CollectionFile.fromBytes(bad)).isInstanceOf(CollectionFormatException.class)
                .hasMessageContaining("nodeThreshold[3] = -1.0");
    }

    /**
     * Golden hash: the file image of a fixed build. A change means fracture, proximity, graph or
     * file output changed bit-wise; update the constant only for an intended change.
     */
    @Test
    void fixedBuildMatchesTheGoldenHash() {
        CollectionBuilder b = new CollectionBuilder(ConvexPolytope.box(0, 0, 0, 2, 1, 0.5));
        b.fractureLevel(CollectionBuilderTest.fracture("voronoi", Map.of("count", 25)), 11);
        b.fractureLevel(CollectionBuilderTest.fracture("voronoi", Map.of("sites", "radial", "radius", 0.3)), 12);
        b.autoCluster(0, 6, 2, 13);
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(CollectionFile.toBytes(b.build(CollectionBuilderTest.graph("none"), 8)));
        assertThat(Long.toHexString(crc.getValue())).isEqualTo(GOLDEN);
    }

    /**
     * Changed from d854ac66 when the clusters' collision proxies became 4 hulls by default (SPEC §4), and from e03b7bfe
     * when an auto-cluster's proxies were cut back behind the pieces outside the cluster (dfuzz18, {@code ClusterHulls}).
     */
    static final String GOLDEN = "5ab04a95";

    @Test
    void badFilesGiveClearErrors(@TempDir Path dir) throws Exception {
        byte[] good = CollectionFile.toBytes(sample);
        for (int cut : new int[] {0, 3, 20, good.length / 2, good.length - 1}) {
            assertThatThrownBy(() -> CollectionFile.fromBytes(Arrays.copyOf(good, cut)))
                    .isInstanceOf(CollectionFormatException.class).hasMessageContaining("truncated")
                    .hasMessageContaining("ended at byte " + cut);
        }
        byte[] magic = good.clone();
        magic[0] = 'X';
        assertThatThrownBy(() -> CollectionFile.fromBytes(magic)).hasMessageContaining("not a Rubble collection file");
        byte[] version = good.clone();
        version[7] = 9;
        assertThatThrownBy(() -> CollectionFile.fromBytes(version))
                .hasMessageContaining("unsupported collection format version 9; supported: 1");
        byte[] flipped = good.clone();
        flipped[good.length / 2] ^= 0x10;
        assertThatThrownBy(() -> CollectionFile.fromBytes(flipped)).isInstanceOf(CollectionFormatException.class);
        byte[] extra = Arrays.copyOf(good, good.length + 3);
        // the checksum is checked first: extra bytes change what the last four bytes are
        assertThatThrownBy(() -> CollectionFile.fromBytes(extra)).hasMessageContaining("checksum");
        Path f = dir.resolve("junk.rbc");
        Files.write(f, new byte[] {1, 2});
        assertThatThrownBy(() -> CollectionFile.load(f)).hasMessageContaining("junk.rbc").hasMessageContaining("truncated");
    }
}
