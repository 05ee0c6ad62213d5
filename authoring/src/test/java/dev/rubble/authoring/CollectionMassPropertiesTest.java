package dev.rubble.authoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.spi.geom.ConvexPolytope;
import java.nio.ByteBuffer;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Inertia tensors in collection files (fuzz13): only finiteness was checked, so a piece could carry a tensor no body
 * has. Given (1e-9, 1e-9, 500) kg·m² (its two small moments far below the third, which a body's cannot be: each
 * principal moment is at most the sum of the other two), a piece dropped 2 m left the ground spinning at 844 rad/s and
 * was 712 m up after 4 s. Now refused, in .rbc and JSON, naming the node and what is allowed. Likewise a centre of
 * mass outside the node's hulls: given 10 m off, the piece turned about that point and ended 8.5 m under the ground.
 */
final class CollectionMassPropertiesTest {
    static GeometryCollection sample;

    @BeforeAll
    static void build() {
        CollectionFileDefenceTest.build();
        sample = CollectionFileDefenceTest.sample;
    }

    /** Byte offset of node {@code i}'s inertia in {@code g}'s .rbc image (version 1 layout, docs/collection-format.md). */
    static int inertiaAt(GeometryCollection g, int i) {
        int n = g.nodeCount();
        return CollectionFileDefenceTest.nodeArrays(g) + 16 * n + 56 * n + 4 * (n + 1) + 4 * g.hullIndex.length + 8 * n
                + 8 * n + 24 * n + 48 * i;
    }

    private static byte[] withInertia(double... in) {
        byte[] d = CollectionFile.toBytes(sample);
        // the offset lands on node 1's Ixx: the unmodified image has the builder's value there
        assertThat(ByteBuffer.wrap(d).getDouble(inertiaAt(sample, 1))).isEqualTo(sample.inertia[6]);
        ByteBuffer b = ByteBuffer.wrap(d);
        for (int k = 0; k < 6; k++) {
            b.putDouble(inertiaAt(sample, 1) + 8 * k, in[k]);
        }
        return CollectionFileDefenceTest.reseal(d);
    }

    @Test
    void tensorsNoBodyHasAreRefusedInRbcFiles() {
        double[][] bad = {
            {1e-9, 1e-9, 500, 0, 0, 0}, // 500 > 1e-9 + 1e-9
            {-1, 1, 1, 0, 0, 0}, // a negative moment
            {1, 1, 1, 5, 0, 0}, // Ixy = 5: principal moments 1 - 5 < 0 and 1 + 5
            {0, 0, 0, 0, 0, 0},
        };
        for (double[] in : bad) {
            assertThatThrownBy(() -> CollectionFile.fromBytes(withInertia(in))).as("%s", java.util.Arrays.toString(in))
                    .isInstanceOf(CollectionFormatException.class).hasMessageContaining("node 1 inertia = [")
                    .hasMessageContaining("allowed: the inertia of a body").hasMessageNotContaining("\n");
        }
    }

    @Test
    void everyTensorABodyCanHaveLoads() {
        // a 2 x 1 x 0.5 m box of 1000 kg: m/12 (b^2 + c^2), ...; a thin plate (c = 0) is on the edge: Izz = Ixx + Iyy;
        // a rod (b = c = 0): Ixx = 0, Iyy = Izz; the same box turned 30 degrees about z (products from R I R^T)
        double m = 1000, a = 2, b = 1, c = 0.5;
        double ix = m / 12 * (b * b + c * c), iy = m / 12 * (a * a + c * c), iz = m / 12 * (a * a + b * b);
        double cs = Math.cos(Math.PI / 6), sn = Math.sin(Math.PI / 6);
        double[][] good = {
            {ix, iy, iz, 0, 0, 0},
            {m / 12 * b * b, m / 12 * a * a, m / 12 * (a * a + b * b), 0, 0, 0},
            {0, m / 12 * a * a, m / 12 * a * a, 0, 0, 0},
            {cs * cs * ix + sn * sn * iy, sn * sn * ix + cs * cs * iy, iz, cs * sn * (ix - iy), 0, 0},
        };
        for (double[] in : good) {
            GeometryCollection g = CollectionFile.fromBytes(withInertia(in));
            assertThat(g.inertia[6]).isEqualTo(in[0]);
        }
    }

    @Test
    void aJsonNodeGivingSuchATensorIsRefusedAtItsPath() {
        String json = CollectionJson.write(sample);
        assertThat(CollectionJson.parse(json).inertia).containsExactly(sample.inertia);
        // the lossless form gives every node its tensor: the root's first, node 1's second
        int at = json.indexOf("\"inertia\"", json.indexOf("\"inertia\"") + 1);
        int end = json.indexOf(']', at);
        String bad = json.substring(0, at) + "\"inertia\": [1e-9, 1e-9, 500, 0, 0, 0]" + json.substring(end + 1);
        assertThatThrownBy(() -> CollectionJson.parse(bad)).isInstanceOf(CollectionFormatException.class)
                .hasMessageContaining("nodes[1].inertia = [1.0E-9, 1.0E-9, 500.0, 0.0, 0.0, 0.0]; allowed: the inertia of a body")
                .hasMessageNotContaining("\n");
    }

    /** Byte offset of node {@code i}'s transform in {@code g}'s .rbc image (then the hull starts and indices, volumes, masses). */
    static int transformAt(GeometryCollection g, int i) {
        int n = g.nodeCount(), indices = 0;
        for (int k = 0; k < n; k++) {
            indices += g.hullCount(k);
        }
        return comAt(g, 0) - 8 * n - 8 * n - 4 * indices - 4 * (n + 1) - 56 * n + 56 * i;
    }

    /** Byte offset of node {@code i}'s centre of mass in {@code g}'s .rbc image. */
    static int comAt(GeometryCollection g, int i) {
        return inertiaAt(g, 0) - 24 * g.nodeCount() + 24 * i;
    }

    @Test
    void aCentreOfMassOutsideTheNodesHullsIsRefused() {
        int n = sample.nodeCount();
        byte[] d = CollectionFile.toBytes(sample);
        assertThat(ByteBuffer.wrap(d).getDouble(comAt(sample, 1))).isEqualTo(sample.centerOfMass(1, 0));
        // node 1's hull bounds, from its hulls' vertices (a slice of the 2 m cube: a box)
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (int h = 0; h < sample.hullCount(1); h++) {
            ConvexPolytope q = sample.hull(1, h);
            for (int v = 0; v < q.vertexCount(); v++) {
                lo = Math.min(lo, q.vertex(v, 0));
                hi = Math.max(hi, q.vertex(v, 0));
            }
        }
        for (double x : new double[] {hi + 10, lo - 0.01, Double.MAX_VALUE}) {
            byte[] t = d.clone();
            ByteBuffer.wrap(t).putDouble(comAt(sample, 1), x);
            assertThatThrownBy(() -> CollectionFile.fromBytes(CollectionFileDefenceTest.reseal(t))).as("x = %s", x)
                    .isInstanceOf(CollectionFormatException.class).hasMessageContaining("node 1 centreOfMass = [" + x)
                    .hasMessageContaining("allowed: a point within its hulls' bounds");
        }
        // on the bounds is a centre a body can have (all its mass on that face); n > 1: the tree is whole. The
        // node's transform (the translation from the root's centre) moves with it, as the format defines
        assertThat(ByteBuffer.wrap(d).getDouble(transformAt(sample, 1)))
                .isEqualTo(sample.centerOfMass(1, 0) - sample.centerOfMass(0, 0));
        for (double x : new double[] {lo, hi}) {
            byte[] t = d.clone();
            ByteBuffer.wrap(t).putDouble(comAt(sample, 1), x);
            ByteBuffer.wrap(t).putDouble(transformAt(sample, 1), x - sample.centerOfMass(0, 0));
            assertThat(CollectionFile.fromBytes(CollectionFileDefenceTest.reseal(t)).nodeCount()).isEqualTo(n);
        }
    }

    @Test
    void aNodeTransformThatIsNotTheFormatsIsRefused() {
        byte[] d = CollectionFile.toBytes(sample);
        int at = transformAt(sample, 1);
        // a quarter turn about y (qy = qw = sqrt(1/2)): nothing would turn the piece, so it is refused
        byte[] turned = d.clone();
        ByteBuffer.wrap(turned).putDouble(at + 8 * 4, Math.sqrt(0.5)).putDouble(at + 8 * 6, Math.sqrt(0.5));
        assertThatThrownBy(() -> CollectionFile.fromBytes(CollectionFileDefenceTest.reseal(turned)))
                .isInstanceOf(CollectionFormatException.class).hasMessageContaining("node 1 transform = [")
                .hasMessageContaining("allowed: the translation from its parent's centre of mass to its own")
                .hasMessageContaining("and the identity rotation [0, 0, 0, 1]");
        // a translation 5 m off the centres' difference
        byte[] moved = d.clone();
        ByteBuffer.wrap(moved).putDouble(at, ByteBuffer.wrap(d).getDouble(at) + 5);
        assertThatThrownBy(() -> CollectionFile.fromBytes(CollectionFileDefenceTest.reseal(moved)))
                .isInstanceOf(CollectionFormatException.class).hasMessageContaining("node 1 transform = [");
        // all zeros (not even a unit quaternion)
        byte[] zero = d.clone();
        for (int k = 0; k < 7; k++) {
            ByteBuffer.wrap(zero).putDouble(at + 8 * k, 0);
        }
        assertThatThrownBy(() -> CollectionFile.fromBytes(CollectionFileDefenceTest.reseal(zero)))
                .isInstanceOf(CollectionFormatException.class).hasMessageContaining("node 1 transform = [0.0");
        // qw = -1 is the identity too; the unchanged file loads
        byte[] flipped = d.clone();
        ByteBuffer.wrap(flipped).putDouble(at + 8 * 6, -1);
        assertThat(CollectionFile.fromBytes(CollectionFileDefenceTest.reseal(flipped)).nodeCount()).isEqualTo(sample.nodeCount());
        // the JSON form names the node by its path
        String json = CollectionJson.write(sample);
        int t = json.indexOf("\"transform\"", json.indexOf("\"transform\"") + 1);
        String bad = json.substring(0, t) + "\"transform\": [0, 0, 0, 0, 0, 0, 0]" + json.substring(json.indexOf(']', t) + 1);
        assertThatThrownBy(() -> CollectionJson.parse(bad)).isInstanceOf(CollectionFormatException.class)
                .hasMessageContaining("transform = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]; allowed:");
    }
}
