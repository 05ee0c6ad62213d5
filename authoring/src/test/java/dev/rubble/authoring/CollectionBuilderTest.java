package dev.rubble.authoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.fracture.FractureMethod;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.graph.ConnectionGraphMethod;
import dev.rubble.spi.graph.DisjointSets;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

final class CollectionBuilderTest {
    static Stages stages;

    @BeforeAll
    static void load() {
        stages = Stages.load();
    }

    static FractureMethod fracture(String name, Map<String, ?> opts) {
        return stages.create(StageFamily.FRACTURE, name, StageConfig.of(opts));
    }

    static ConnectionGraphMethod graph(String name) {
        return stages.create(StageFamily.CONNECTION_GRAPH, name, StageConfig.empty());
    }

    static int components(GeometryCollection g, int[] nodes) {
        int[] parent = new int[g.nodeCount()];
        for (int i = 0; i < parent.length; i++) {
            parent[i] = i;
        }
        for (int e = 0; e < g.edgeCount(); e++) {
            int a = DisjointSets.find(parent, g.edgeA(e)), b = DisjointSets.find(parent, g.edgeB(e));
            parent[Math.max(a, b)] = Math.min(a, b);
        }
        TreeSet<Integer> roots = new TreeSet<>();
        for (int i : nodes) {
            roots.add(DisjointSets.find(parent, i));
        }
        return roots.size();
    }

    @Test
    void cubeCutInto2x2x2HasTwelveContactsOfAQuarterSideSquaredEach() {
        double side = 3.0;
        ConvexPolytope cube = ConvexPolytope.box(0, 0, 0, side / 2, side / 2, side / 2);
        CollectionBuilder b = new CollectionBuilder(cube).density(1000);
        b.fractureLevel(fracture("plane", Map.of("planes", "1 0 0 0; 0 1 0 0; 0 0 1 0")), 1);
        GeometryCollection g = b.build(graph("minimal-spanning-subset-delaunay"), Integer.MAX_VALUE);
        assertThat(g.nodeCount()).isEqualTo(9);
        assertThat(g.leaves()).hasSize(8);
        assertThat(g.contactCount()).isEqualTo(12);
        for (int c = 0; c < 12; c++) {
            assertThat(g.contactArea(c)).isCloseTo(side * side / 4, within(1e-12));
            assertThat(g.contactA(c)).isLessThan(g.contactB(c));
            // contacts are between pieces whose centres differ along exactly one axis
            int diff = 0;
            for (int a = 0; a < 3; a++) {
                if (Math.abs(g.centerOfMass(g.contactA(c), a) - g.centerOfMass(g.contactB(c), a)) > 1e-9) {
                    diff++;
                }
            }
            assertThat(diff).isEqualTo(1);
        }
        // mass properties: root is the whole cube
        assertThat(g.mass(0)).isCloseTo(1000 * 27, within(1e-9));
        assertThat(g.inertia(0, 0)).isCloseTo(1000 * 27 * (9 + 9) / 12.0, within(1e-8));
        assertThat(g.inertia(0, 3)).isCloseTo(0, within(1e-9));
        for (int leaf : g.leaves()) {
            assertThat(g.volume(leaf)).isCloseTo(27 / 8.0, within(1e-12));
            assertThat(g.relativeSize(leaf)).isCloseTo(1, within(1e-12));
            assertThat(g.level(leaf)).isEqualTo(1);
            assertThat(g.parent(leaf)).isZero();
            assertThat(Math.abs(g.transform(leaf, 0))).isCloseTo(0.75, within(1e-12));
        }
        assertThat(g.relativeSize(0)).isCloseTo(2, within(1e-12));
        assertThat(components(g, g.leaves())).isEqualTo(1);
    }

    @Test
    void slicedGridHasTheCombinatorialNumberOfUnitContacts() {
        // 3 x 3 x 2 unit cubes: (a-1)bc + a(b-1)c + ab(c-1) = 12 + 12 + 9 internal faces of area 1
        CollectionBuilder b = new CollectionBuilder(ConvexPolytope.box(0, 0, 0, 1.5, 1.5, 1));
        b.fractureLevel(fracture("slice", Map.of("x", 2, "y", 2, "z", 1)), 0);
        GeometryCollection g = b.build(graph("delaunay"), Integer.MAX_VALUE);
        assertThat(g.leaves()).hasSize(18);
        assertThat(g.contactCount()).isEqualTo(33);
        for (int c = 0; c < g.contactCount(); c++) {
            assertThat(g.contactArea(c)).isCloseTo(1, within(1e-12));
            assertThat(dist(g, g.contactA(c), g.contactB(c))).isCloseTo(1, within(1e-12));
        }
        // every face-sharing pair is a Delaunay edge, and those edges carry the contact area
        int withArea = 0;
        for (int e = 0; e < g.edgeCount(); e++) {
            if (g.edgeArea(e) > 0) {
                withArea++;
                assertThat(g.edgeArea(e)).isCloseTo(1, within(1e-12));
            }
        }
        assertThat(withArea).isEqualTo(33);
    }

    @Test
    void voronoiTwoLevelsConserveVolumeHaveSymmetricAreasAndAConnectedDefaultGraph() {
        ConvexPolytope wall = ConvexPolytope.box(0, 0, 1, 3, 0.25, 1);
        CollectionBuilder b = new CollectionBuilder(wall);
        b.fractureLevel(fracture("voronoi", Map.of("count", 12)), 7);
        b.fractureLevel(fracture("voronoi", Map.of("count", 6)), 8);
        GeometryCollection g = b.build(graph("none"), Integer.MAX_VALUE);
        assertThat(g.maxLevel()).isEqualTo(2);
        double leafVolume = 0;
        for (int leaf : g.leaves()) {
            leafVolume += g.volume(leaf);
        }
        assertThat(leafVolume).isCloseTo(wall.volume(), within(1e-9 * wall.volume()));
        assertThat(g.mass(0)).isCloseTo(CollectionBuilder.DEFAULT_DENSITY * wall.volume(), within(1e-6));
        assertThat(g.centerOfMass(0, 2)).isCloseTo(1, within(1e-9));
        // contacts only between siblings; every area equals the area recomputed in the other order
        for (int c = 0; c < g.contactCount(); c++) {
            int a = g.contactA(c), bb = g.contactB(c);
            assertThat(g.parent(a)).isEqualTo(g.parent(bb));
            double ab = 0, ba = 0;
            for (ConvexPolytope x : g.hulls(a)) {
                for (ConvexPolytope y : g.hulls(bb)) {
                    ab += Proximity.contactArea(x, y, 1e-9, new Proximity.Scratch());
                    ba += Proximity.contactArea(y, x, 1e-9, new Proximity.Scratch());
                }
            }
            if (g.isLeaf(a) && g.isLeaf(bb)) {
                assertThat(g.contactArea(c)).isCloseTo(ab, within(1e-9));
            }
            assertThat(ab).isCloseTo(ba, within(1e-9));
        }
        // the default graph connects the children of every parent
        for (int i = 0; i < g.nodeCount(); i++) {
            if (g.childCount(i) > 1) {
                int[] kids = new int[g.childCount(i)];
                for (int k = 0; k < kids.length; k++) {
                    kids[k] = g.firstChild(i) + k;
                }
                assertThat(components(g, kids)).as("children of %d", i).isEqualTo(1);
            }
        }
        // determinism
        CollectionBuilder b2 = new CollectionBuilder(wall);
        b2.fractureLevel(fracture("voronoi", Map.of("count", 12)), 7);
        b2.fractureLevel(fracture("voronoi", Map.of("count", 6)), 8);
        assertThat(b2.build(graph("none"), Integer.MAX_VALUE)).isEqualTo(g);
    }

    @Test
    void chanceToFractureSplitsAReproducibleFractionOfLeaves() {
        ConvexPolytope box = ConvexPolytope.box(0, 0, 0, 2, 2, 2);
        CollectionBuilder b = new CollectionBuilder(box);
        b.fractureLevel(fracture("voronoi", Map.of("count", 200)), 1);
        FractureMethod halves = fracture("slice", Map.of("x", 1, "y", 0, "z", 0));
        int made = b.fractureLevel(halves, 2, 0.3);
        // each fractured leaf makes 2 pieces; about 30% of 200 leaves (binomial, 4 sigma ~ 26)
        assertThat(made % 2).isZero();
        assertThat(made / 2).isBetween(60 - 26, 60 + 26);
        CollectionBuilder again = new CollectionBuilder(box);
        again.fractureLevel(fracture("voronoi", Map.of("count", 200)), 1);
        assertThat(again.fractureLevel(halves, 2, 0.3)).isEqualTo(made);
        assertThat(again.leaves()).containsExactly(b.leaves());
        GeometryCollection g = b.build(graph("none"), Integer.MAX_VALUE);
        double v = 0;
        for (int leaf : g.leaves()) {
            v += g.volume(leaf);
        }
        assertThat(v).isCloseTo(box.volume(), within(1e-9 * box.volume()));
        assertThatThrownBy(() -> b.fractureLevel(halves, 0, 1.5)).hasMessageContaining("chance = 1.5");
    }

    @Test
    void maxConnectionsIsHonouredKeepingTheShortestEdges() {
        ConvexPolytope box = ConvexPolytope.box(0, 0, 0, 2, 2, 2);
        CollectionBuilder b = new CollectionBuilder(box);
        b.fractureLevel(fracture("voronoi", Map.of("count", 40)), 3);
        GeometryCollection all = b.build(graph("delaunay"), Integer.MAX_VALUE);
        GeometryCollection capped = b.build(graph("delaunay"), 3);
        int[] deg = new int[capped.nodeCount()];
        for (int e = 0; e < capped.edgeCount(); e++) {
            deg[capped.edgeA(e)]++;
            deg[capped.edgeB(e)]++;
        }
        for (int d : deg) {
            assertThat(d).isLessThanOrEqualTo(3);
        }
        assertThat(capped.edgeCount()).isLessThan(all.edgeCount()).isGreaterThan(0);
        // the globally shortest edge always survives
        double best = Double.POSITIVE_INFINITY;
        int ba = -1, bb = -1;
        for (int e = 0; e < all.edgeCount(); e++) {
            double d = dist(all, all.edgeA(e), all.edgeB(e));
            if (d < best) {
                best = d;
                ba = all.edgeA(e);
                bb = all.edgeB(e);
            }
        }
        boolean found = false;
        for (int e = 0; e < capped.edgeCount(); e++) {
            found |= capped.edgeA(e) == ba && capped.edgeB(e) == bb;
        }
        assertThat(found).isTrue();
        assertThatThrownBy(() -> b.build(graph("delaunay"), 0)).hasMessageContaining("maxConnections = 0");
    }

    private static double dist(GeometryCollection g, int a, int b) {
        double s = 0;
        for (int k = 0; k < 3; k++) {
            double d = g.centerOfMass(a, k) - g.centerOfMass(b, k);
            s += d * d;
        }
        return Math.sqrt(s);
    }

    @Test
    void autoClusterMakesConnectedClustersAndKeepsVolume() {
        ConvexPolytope box = ConvexPolytope.box(0, 0, 0, 4, 2, 1);
        CollectionBuilder b = new CollectionBuilder(box);
        b.fractureLevel(fracture("voronoi", Map.of("count", 200)), 5);
        int made = b.autoCluster(0, 10, 3, 1);
        assertThat(made).isGreaterThanOrEqualTo(5);
        GeometryCollection g = b.build(graph("none"), Integer.MAX_VALUE);
        assertThat(g.leaves()).hasSize(200);
        double v = 0;
        for (int leaf : g.leaves()) {
            v += g.volume(leaf);
        }
        assertThat(v).isCloseTo(box.volume(), within(1e-9 * box.volume()));
        // every cluster's leaves form one connected component of their contact graph
        for (int i = 1; i < g.nodeCount(); i++) {
            if (g.level(i) == 1 && g.childCount(i) > 0) {
                assertThat(g.childCount(i)).isGreaterThanOrEqualTo(3);
                int[] parent = new int[g.nodeCount()];
                for (int k = 0; k < parent.length; k++) {
                    parent[k] = k;
                }
                for (int c = 0; c < g.contactCount(); c++) {
                    if (g.parent(g.contactA(c)) == i) {
                        int x = DisjointSets.find(parent, g.contactA(c)), y = DisjointSets.find(parent, g.contactB(c));
                        parent[Math.max(x, y)] = Math.min(x, y);
                    }
                }
                TreeSet<Integer> roots = new TreeSet<>();
                for (int k = 0; k < g.childCount(i); k++) {
                    roots.add(DisjointSets.find(parent, g.firstChild(i) + k));
                }
                assertThat(roots).as("components of cluster %d", i).hasSize(1);
                assertThat(g.volume(i)).isGreaterThan(0);
            }
        }
    }

    @Test
    void fixTinyMergesSmallPiecesIntoTheirLargestNeighbour() {
        // a 10 x 1 x 1 bar cut at x = 0.05 (a sliver of 0.05 m³, under 1% of the largest 5.95 m³) and x = 6
        ConvexPolytope bar = ConvexPolytope.box(5, 0.5, 0.5, 5, 0.5, 0.5);
        CollectionBuilder b = new CollectionBuilder(bar);
        b.fractureLevel(fracture("plane", Map.of("planes", "1 0 0 0.05; 1 0 0 6")), 0);
        assertThat(b.leaves()).hasSize(3);
        assertThat(b.fixTiny(0.01)).isEqualTo(1);
        GeometryCollection g = b.build(graph("none"), Integer.MAX_VALUE);
        assertThat(g.leaves()).hasSize(2);
        double[] vols = {g.volume(g.leaves()[0]), g.volume(g.leaves()[1])};
        java.util.Arrays.sort(vols);
        assertThat(vols[0]).isCloseTo(4, within(1e-12));
        assertThat(vols[1]).isCloseTo(6, within(1e-12));
        int merged = g.volume(g.leaves()[0]) > 5 ? g.leaves()[0] : g.leaves()[1];
        assertThat(g.hullCount(merged)).isEqualTo(2);
        assertThat(g.contactCount()).isEqualTo(1);
        assertThat(g.contactArea(0)).isCloseTo(1, within(1e-12));
        assertThatThrownBy(() -> b.fixTiny(2)).hasMessageContaining("relativeVolume = 2.0");
    }

    @Test
    void fixTinyFollowsChainsOfMerges() {
        // slivers [0, 0.02] and [0.02, 0.05]: the first merges into the second, which is still tiny
        // (0.05 < 1% of 5.95) and then merges, with its contacts, into [0.05, 6]
        ConvexPolytope bar = ConvexPolytope.box(5, 0.5, 0.5, 5, 0.5, 0.5);
        CollectionBuilder b = new CollectionBuilder(bar);
        b.fractureLevel(fracture("plane", Map.of("planes", "1 0 0 0.02; 1 0 0 0.05; 1 0 0 6")), 0);
        assertThat(b.fixTiny()).isEqualTo(2);
        GeometryCollection g = b.build(graph("none"), Integer.MAX_VALUE);
        assertThat(g.leaves()).hasSize(2);
        int big = g.volume(g.leaves()[0]) > 5 ? g.leaves()[0] : g.leaves()[1];
        assertThat(g.volume(big)).isCloseTo(6, within(1e-12));
        assertThat(g.hullCount(big)).isEqualTo(3);
    }
}
