package dev.rubble.authoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.fracture.FractureMethod;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.graph.ConnectionGraphMethod;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 27 item 5: the builder takes the leaves' face contacts from the Voronoi fracture's own
 * neighbour list instead of searching all pairs of overlapping bounds. The neighbour list is
 * checked against a brute-force reference (every pair of pieces, the shared face's overlap
 * area), and collections built with and without it must be identical bit for bit, on random and
 * degenerate site sets.
 */
final class FractureNeighboursTest {
    static Stages stages;
    static final ConvexPolytope BOX = ConvexPolytope.box(0, 0, 0, 5, 2, 1);

    @BeforeAll
    static void load() {
        stages = Stages.load();
    }

    static FractureMethod voronoi(Map<String, ?> opts) {
        return stages.create(StageFamily.FRACTURE, "voronoi", StageConfig.of(opts));
    }

    static FractureMethod custom(double[] pts) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < pts.length; i += 3) {
            s.append(String.format(Locale.ROOT, "%.17g %.17g %.17g; ", pts[i], pts[i + 1], pts[i + 2]));
        }
        return voronoi(Map.of("sites", "custom", "points", s.toString()));
    }

    /** Named site sets: random, and the degenerate ones (lattice, co-planar, duplicates, boundary, one site). */
    static Map<String, FractureMethod> cases() {
        Map<String, FractureMethod> m = new LinkedHashMap<>();
        m.put("uniform 400", voronoi(Map.of("count", 400)));
        m.put("clustered", voronoi(Map.of("sites", "clustered", "clusters", 6)));
        double[] lattice = new double[3 * 6 * 4 * 3];
        int k = 0;
        for (int z = 0; z < 3; z++) {
            for (int y = 0; y < 4; y++) {
                for (int x = 0; x < 6; x++) {
                    lattice[k++] = -5 + 10 * (x + 0.5) / 6;
                    lattice[k++] = -2 + 4 * (y + 0.5) / 4;
                    lattice[k++] = -1 + 2 * (z + 0.5) / 3;
                }
            }
        }
        m.put("lattice (cospherical, zero-area corner faces)", custom(lattice));
        SplittableRandom r = new SplittableRandom(5);
        double[] planar = new double[3 * 60];
        for (int i = 0; i < 60; i++) {
            planar[3 * i] = -5 + 10 * r.nextDouble();
            planar[3 * i + 1] = -2 + 4 * r.nextDouble();
            planar[3 * i + 2] = 0.25;
        }
        m.put("co-planar", custom(planar));
        double[] dup = new double[3 * 80];
        for (int i = 0; i < 40; i++) {
            for (int c = 0; c < 2; c++) {
                dup[3 * (2 * i + c)] = -5 + 10 * ((i * 7) % 40) / 40.0 + 0.1;
                dup[3 * (2 * i + c) + 1] = -2 + 4 * ((i * 3) % 11) / 11.0;
                dup[3 * (2 * i + c) + 2] = -1 + 2 * ((i * 5) % 7) / 7.0;
            }
        }
        m.put("every site twice", custom(dup));
        double[] boundary = new double[3 * 50];
        for (int i = 0; i < 50; i++) {
            boundary[3 * i] = i % 5 == 0 ? -5 : i % 5 == 1 ? 5 : -5 + 10 * r.nextDouble();
            boundary[3 * i + 1] = i % 3 == 0 ? 2 : -2 + 4 * r.nextDouble();
            boundary[3 * i + 2] = i % 2 == 0 ? -1 : 1;
        }
        m.put("on the box boundary", custom(boundary));
        m.put("one site", custom(new double[] {0.3, -0.2, 0.1}));
        return m;
    }

    @Test
    void neighboursIncludeEveryPairSharingAFaceAndTheirAreasMatchTheOverlap() {
        for (Map.Entry<String, FractureMethod> e : cases().entrySet()) {
            FractureMethod.Pieces p = e.getValue().fractureWithNeighbours(BOX, 11);
            List<ConvexPolytope> pieces = p.pieces();
            assertThat(pieces).as(e.getKey()).isEqualTo(e.getValue().fracture(BOX, 11));
            assertThat(p.hasNeighbours()).isTrue();
            int n = pieces.size();
            double vol = 0;
            for (ConvexPolytope c : pieces) {
                vol += c.volume();
            }
            assertThat(vol).as(e.getKey()).isCloseTo(80, within(1e-9));
            TreeMap<Long, Double> listed = new TreeMap<>();
            for (int k = 0; k < p.a().length; k++) {
                assertThat(p.a()[k]).isLessThan(p.b()[k]);
                listed.put(CollectionBuilder.key(p.a()[k], p.b()[k]), p.area()[k]);
            }
            // brute force: every pair, the overlap of their coplanar opposite faces
            double tol = Proximity.RELATIVE_TOLERANCE * Math.sqrt(10 * 10 + 4 * 4 + 2 * 2);
            Proximity.Scratch s = new Proximity.Scratch();
            double shared = 0;
            int touching = 0;
            for (int a = 0; a < n; a++) {
                for (int b = a + 1; b < n; b++) {
                    double area = Proximity.contactArea(pieces.get(a), pieces.get(b), tol, s);
                    Double got = listed.get(CollectionBuilder.key(a, b));
                    if (area > 1e-9) {
                        touching++;
                        assertThat(got).as("%s: pair %d-%d shares %s m² but is not listed", e.getKey(), a, b, area)
                                .isNotNull();
                        assertThat(got).as("%s: pair %d-%d", e.getKey(), a, b).isCloseTo(area, within(1e-9));
                    } else if (got != null) {
                        assertThat(got).as("%s: listed pair %d-%d without a shared face", e.getKey(), a, b)
                                .isLessThan(1e-9);
                    }
                }
            }
            for (double a : p.area()) {
                shared += a;
            }
            // cell surfaces = the box's surface + twice the internal faces
            double surface = 0;
            for (ConvexPolytope c : pieces) {
                surface += surface(c);
            }
            assertThat(2 * shared + 136).as(e.getKey()).isCloseTo(surface, within(1e-9 * surface));
            // the pieces of a box are face-connected: at least n - 1 touching pairs (none for one piece)
            assertThat(touching).as(e.getKey()).isGreaterThanOrEqualTo(n - 1);
            if (n == 1) {
                assertThat(listed).isEmpty();
            }
        }
    }

    @Test
    void collectionsBuiltFromTheFracturesNeighboursAreIdenticalToTheSearchedOnes() {
        ConnectionGraphMethod graph = stages.create(StageFamily.CONNECTION_GRAPH, "minimal-spanning-subset-delaunay",
                StageConfig.empty());
        for (Map.Entry<String, FractureMethod> e : cases().entrySet()) {
            FractureMethod m = e.getValue();
            FractureMethod hidden = m::fracture; // the default: no neighbour list, the builder searches
            for (int variant = 0; variant < 3; variant++) {
                GeometryCollection fast = build(m, graph, variant);
                GeometryCollection slow = build(hidden, graph, variant);
                String what = e.getKey() + " variant " + variant;
                assertThat(fast.contactCount()).as(what).isEqualTo(slow.contactCount());
                for (int c = 0; c < slow.contactCount(); c++) {
                    assertThat(fast.contactA(c)).as(what).isEqualTo(slow.contactA(c));
                    assertThat(fast.contactB(c)).as(what).isEqualTo(slow.contactB(c));
                    assertThat(fast.contactArea(c)).as(what).isEqualTo(slow.contactArea(c));
                }
                assertThat(fast.edgeCount()).as(what).isEqualTo(slow.edgeCount());
                for (int c = 0; c < slow.edgeCount(); c++) {
                    assertThat(fast.edgeA(c)).as(what).isEqualTo(slow.edgeA(c));
                    assertThat(fast.edgeB(c)).as(what).isEqualTo(slow.edgeB(c));
                    assertThat(fast.edgeArea(c)).as(what).isEqualTo(slow.edgeArea(c));
                }
                assertThat(fast.nodeCount()).as(what).isEqualTo(slow.nodeCount());
                for (int i = 0; i < slow.nodeCount(); i++) {
                    assertThat(fast.parent(i)).as(what).isEqualTo(slow.parent(i));
                }
            }
        }
    }

    @Test
    void theBuilderUsesTheListAndOnlyWhileThePiecesAreUnchanged() {
        ConnectionGraphMethod graph = stages.create(StageFamily.CONNECTION_GRAPH, "delaunay", StageConfig.empty());
        FractureMethod m = voronoi(Map.of("count", 200));
        // a list missing one touching pair: the built collection misses that contact, so the list is what is used
        FractureMethod dropsOne = new FractureMethod() {
            @Override
            public List<ConvexPolytope> fracture(ConvexPolytope source, long seed) {
                return m.fracture(source, seed);
            }

            @Override
            public Pieces fractureWithNeighbours(ConvexPolytope source, long seed) {
                Pieces p = m.fractureWithNeighbours(source, seed);
                int k = p.a().length;
                return new Pieces(p.pieces(), java.util.Arrays.copyOfRange(p.a(), 1, k),
                        java.util.Arrays.copyOfRange(p.b(), 1, k), java.util.Arrays.copyOfRange(p.area(), 1, k));
            }
        };
        GeometryCollection full = build(m, graph, 0);
        GeometryCollection missing = build(dropsOne, graph, 0);
        assertThat(missing.contactCount()).isEqualTo(full.contactCount() - 1);
        // after merging tiny pieces the leaves are no longer the fracture's pieces: the builder searches again
        assertThat(build(dropsOne, graph, 2).contactCount()).isEqualTo(build(m, graph, 2).contactCount());
    }

    /** Variant 0: one level; 1: auto-clustered (contacts among the root's children); 2: tiny pieces merged. */
    private static GeometryCollection build(FractureMethod m, ConnectionGraphMethod graph, int variant) {
        CollectionBuilder b = new CollectionBuilder(BOX);
        b.fractureLevel(m, 3);
        if (variant == 1) {
            b.autoCluster(0, 5, 2, 9);
        } else if (variant == 2) {
            b.fixTiny(0.3);
        }
        return b.build(graph, Integer.MAX_VALUE);
    }

    private static double surface(ConvexPolytope p) {
        double s = 0;
        int[] fs = p.faceStarts();
        int[] fi = p.faceIndices();
        double[] v = p.vertices();
        for (int f = 0; f < p.faceCount(); f++) {
            double sx = 0, sy = 0, sz = 0;
            for (int k = fs[f]; k < fs[f + 1]; k++) {
                int a = 3 * fi[k], b = 3 * fi[k + 1 < fs[f + 1] ? k + 1 : fs[f]];
                sx += v[a + 1] * v[b + 2] - v[a + 2] * v[b + 1];
                sy += v[a + 2] * v[b] - v[a] * v[b + 2];
                sz += v[a] * v[b + 1] - v[a + 1] * v[b];
            }
            s += 0.5 * Math.sqrt(sx * sx + sy * sy + sz * sz);
        }
        return s;
    }
}
