package dev.rubble.authoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.spi.geom.ConvexPolytope;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 27 item 4: clusters' collision proxies ({@link CollectionBuilder#clusterHulls}). An auto-clustered
 * Voronoi box gives clusters whose own geometry is their 200 pieces' hulls; with a budget of 3 each cluster
 * collides with at most 3 hulls that cover every point of its pieces, are made of its pieces' vertices only,
 * and change nothing but the clusters' hulls (leaves, mass properties, bonds are those of the build without
 * the option), the same bytes on every build.
 */
final class ClusterHullsTest {

    private static CollectionBuilder clustered() {
        CollectionBuilder b = new CollectionBuilder(ConvexPolytope.box(0, 0, 0, 4, 2, 1));
        b.fractureLevel(CollectionBuilderTest.fracture("voronoi", Map.of("count", 200)), 5);
        b.autoCluster(0, 6, 3, 1);
        return b;
    }

    @Test
    void byDefaultAClusterCollidesWithAtMostFourHulls() {
        // SPEC §4: a cluster's collision geometry is a small set of convex hulls made offline, at most 4 by default
        CollectionBuilderTest.load();
        GeometryCollection byDefault = clustered().build(CollectionBuilderTest.graph("delaunay"), Integer.MAX_VALUE);
        GeometryCollection plain = clustered().clusterHulls(0).build(CollectionBuilderTest.graph("delaunay"), Integer.MAX_VALUE);
        int many = 0;
        for (int i = 0; i < byDefault.nodeCount(); i++) {
            if (byDefault.childCount(i) > 0) {
                assertThat(byDefault.hullCount(i)).as("node %d", i).isBetween(1, 4);
                many += plain.hullCount(i) > 4 ? 1 : 0;
            } else {
                assertThat(byDefault.hullCount(i)).as("leaf %d keeps its hulls", i).isEqualTo(plain.hullCount(i));
            }
        }
        assertThat(many).as("clusters that had more than four hulls").isPositive();
    }

    @Test
    void clustersCollideWithAtMostTheBudgetAndEverythingElseStays() {
        CollectionBuilderTest.load();
        GeometryCollection plain = clustered().clusterHulls(0).build(CollectionBuilderTest.graph("delaunay"), Integer.MAX_VALUE);
        GeometryCollection proxied = clustered().clusterHulls(3).build(CollectionBuilderTest.graph("delaunay"),
                Integer.MAX_VALUE);
        assertThat(proxied.nodeCount()).isEqualTo(plain.nodeCount());
        int reduced = 0;
        for (int i = 0; i < plain.nodeCount(); i++) {
            assertThat(proxied.volume(i)).isEqualTo(plain.volume(i));
            assertThat(proxied.mass(i)).isEqualTo(plain.mass(i));
            for (int a = 0; a < 3; a++) {
                assertThat(proxied.centerOfMass(i, a)).isEqualTo(plain.centerOfMass(i, a));
            }
            for (int k = 0; k < 6; k++) {
                assertThat(proxied.inertia(i, k)).isEqualTo(plain.inertia(i, k));
            }
            if (plain.childCount(i) == 0 || plain.hullCount(i) <= 3) {
                // leaves and small clusters keep their own hulls
                assertThat(proxied.hullCount(i)).isEqualTo(plain.hullCount(i));
                for (int k = 0; k < plain.hullCount(i); k++) {
                    assertThat(proxied.hull(i, k).vertices()).containsExactly(plain.hull(i, k).vertices());
                }
                continue;
            }
            reduced++;
            assertThat(proxied.hullCount(i)).as("node %d", i).isBetween(1, 3);
            // every vertex of the cluster's pieces lies in one of its proxies
            for (int k = 0; k < plain.hullCount(i); k++) {
                ConvexPolytope piece = plain.hull(i, k);
                for (int v = 0; v < piece.vertexCount(); v++) {
                    double x = piece.vertex(v, 0), y = piece.vertex(v, 1), z = piece.vertex(v, 2);
                    double inside = Double.POSITIVE_INFINITY;
                    for (int p = 0; p < proxied.hullCount(i); p++) {
                        inside = Math.min(inside, proxied.hull(i, p).planeDistance(x, y, z));
                    }
                    assertThat(inside).as("node %d piece %d vertex %d", i, k, v).isLessThanOrEqualTo(1e-9);
                }
            }
            // and the proxies are made of those vertices (no point outside the pieces' own hull)
            java.util.Set<String> vertices = new java.util.HashSet<>();
            for (int k = 0; k < plain.hullCount(i); k++) {
                ConvexPolytope piece = plain.hull(i, k);
                for (int v = 0; v < piece.vertexCount(); v++) {
                    vertices.add(piece.vertex(v, 0) + "," + piece.vertex(v, 1) + "," + piece.vertex(v, 2));
                }
            }
            for (int p = 0; p < proxied.hullCount(i); p++) {
                ConvexPolytope proxy = proxied.hull(i, p);
                for (int v = 0; v < proxy.vertexCount(); v++) {
                    assertThat(vertices).contains(proxy.vertex(v, 0) + "," + proxy.vertex(v, 1) + "," + proxy.vertex(v, 2));
                }
            }
        }
        assertThat(reduced).as("clusters with more than 3 hulls").isGreaterThanOrEqualTo(4);
        assertThat(proxied.edgeCount()).isEqualTo(plain.edgeCount());
        for (int e = 0; e < plain.edgeCount(); e++) {
            assertThat(new double[] {proxied.edgeA(e), proxied.edgeB(e), proxied.edgeArea(e)})
                    .containsExactly(plain.edgeA(e), plain.edgeB(e), plain.edgeArea(e));
        }
        // deterministic: a second build gives the same file bytes
        GeometryCollection again = clustered().clusterHulls(3).build(CollectionBuilderTest.graph("delaunay"),
                Integer.MAX_VALUE);
        assertThat(CollectionFile.toBytes(again)).isEqualTo(CollectionFile.toBytes(proxied));
        assertThat(CollectionFile.toBytes(proxied)).isNotEqualTo(CollectionFile.toBytes(plain));
    }

    @Test
    void aBudgetOutsideZeroToSixtyFourIsRefused() {
        assertThatThrownBy(() -> new CollectionBuilder(ConvexPolytope.box(0, 0, 0, 1, 1, 1)).clusterHulls(65))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("clusterHulls = 65; allowed: 0 (off) or 1..64");
        assertThatThrownBy(() -> new CollectionBuilder(ConvexPolytope.box(0, 0, 0, 1, 1, 1)).clusterHulls(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("clusterHulls = -1; allowed: 0 (off) or 1..64");
    }
}
