package dev.rubble.authoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.spi.geom.ConvexPolytope;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.zip.CRC32;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 17 item 8, from its reproducers: crafted .rbc files whose checksum was recomputed, so only
 * the reader's own checks stand between them and the engine.
 */
final class CollectionFileDefenceTest {
    static GeometryCollection sample;

    @BeforeAll
    static void build() {
        CollectionBuilderTest.load();
        CollectionBuilder b = new CollectionBuilder(ConvexPolytope.box(0, 0, 0, 1, 1, 1)).density(1000);
        b.fractureLevel(CollectionBuilderTest.fracture("slice", Map.of("x", 1, "y", 1, "z", 0)), 1);
        sample = b.build(CollectionBuilderTest.graph("none"), 6);
    }

    /** Recomputes the trailing CRC-32 (big-endian) of a modified image. */
    static byte[] reseal(byte[] d) {
        CRC32 crc = new CRC32();
        crc.update(d, 0, d.length - 4);
        ByteBuffer.wrap(d).putInt(d.length - 4, (int) crc.getValue());
        return d;
    }

    /** Byte offset where the node arrays start (after the header and the hull table). */
    static int nodeArrays(GeometryCollection g) {
        int at = 36;
        for (ConvexPolytope p : g.hulls) {
            at += 12 + 24 * p.vertexCount() + 4 * (p.faceCount() + 1) + 4 * p.faceIndices().length + 32 * p.faceCount();
        }
        return at;
    }

    @Test
    void aHugeChildCountIsAFormatErrorNotAnIndexOutOfBounds() {
        byte[] d = CollectionFile.toBytes(sample);
        int n = sample.nodeCount();
        int childCountOfRoot = nodeArrays(sample) + 8 * n; // after parent[] and firstChild[]
        ByteBuffer.wrap(d).putInt(childCountOfRoot, 0x7FFFFFFF);
        assertThatThrownBy(() -> CollectionFile.fromBytes(reseal(d))).isInstanceOf(CollectionFormatException.class)
                .hasMessageContaining("node 0 children");
    }

    @Test
    void aTinyFileClaimingHugeCountsAllocatesNothing() {
        ByteBuffer b = ByteBuffer.allocate(40);
        b.putInt(CollectionFile.MAGIC).putInt(CollectionFile.VERSION).putInt(1).putInt(1 << 28).putInt(0).putInt(0)
                .putInt(0).putDouble(1000);
        byte[] d = reseal(b.array());
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = mx.getThreadAllocatedBytes(Thread.currentThread().getId());
        assertThatThrownBy(() -> CollectionFile.fromBytes(d)).isInstanceOf(CollectionFormatException.class)
                .hasMessageContaining("hulls 268435456").hasMessageContaining("the file has 40");
        long allocated = mx.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
        assertThat(allocated).as("bytes allocated refusing the file").isLessThan(10_000_000);
    }

    @Test
    void faceOffsetsThatOverflowAreRefused() {
        byte[] d = CollectionFile.toBytes(sample);
        ConvexPolytope h0 = sample.hulls[0];
        int faceStarts = 36 + 12 + 24 * h0.vertexCount();
        ByteBuffer.wrap(d).putInt(faceStarts + 4, Integer.MAX_VALUE); // face 0 would end at 2^31 - 1
        assertThatThrownBy(() -> CollectionFile.fromBytes(reseal(d))).isInstanceOf(CollectionFormatException.class)
                .hasMessageContaining("hull 0");
    }

    @Test
    void nanNegativeOrInfiniteMassOrVolumeIsRefused() {
        int n = sample.nodeCount(), hi = sample.hullIndex.length;
        int volumeAt = nodeArrays(sample) + 16 * n + 56 * n + 4 * (n + 1) + 4 * hi;
        int massAt = volumeAt + 8 * n;
        for (double bad : new double[] {Double.NaN, -1, Double.POSITIVE_INFINITY, 0}) {
            byte[] m = CollectionFile.toBytes(sample);
            ByteBuffer.wrap(m).putDouble(massAt + 8, bad); // node 1's mass
            assertThatThrownBy(() -> CollectionFile.fromBytes(reseal(m))).as("mass %s", bad)
                    .isInstanceOf(CollectionFormatException.class).hasMessageContaining("node 1 mass");
            byte[] v = CollectionFile.toBytes(sample);
            ByteBuffer.wrap(v).putDouble(volumeAt, bad);
            assertThatThrownBy(() -> CollectionFile.fromBytes(reseal(v))).as("volume %s", bad)
                    .isInstanceOf(CollectionFormatException.class).hasMessageContaining("node 0 volume");
        }
        // the offsets are right: the untouched image still loads
        assertThat(CollectionFile.fromBytes(CollectionFile.toBytes(sample))).isEqualTo(sample);
    }

    @Test
    void aDamagedFileIsRefusedByItsChecksumBeforeParsing() {
        byte[] d = CollectionFile.toBytes(sample);
        ByteBuffer.wrap(d).putInt(12, 1 << 28); // hullCount, checksum not recomputed
        assertThatThrownBy(() -> CollectionFile.fromBytes(d)).isInstanceOf(CollectionFormatException.class)
                .hasMessageContaining("checksum");
    }
}
