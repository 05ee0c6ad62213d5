package dev.rubble.plugin.graph;

import dev.rubble.geometry.delaunay.Predicates;
import dev.rubble.geometry.delaunay.Delaunay3;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.spi.StageConfig;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.graph.ConnectionGraphFactory;
import dev.rubble.spi.graph.ConnectionGraphMethod;
import dev.rubble.spi.graph.DisjointSets;
import dev.rubble.spi.graph.GraphInput;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

final class ConnectionGraphTest {

    static ConnectionGraphMethod method(String name, Map<String, ?> opts) {
        for (ConnectionGraphFactory f : new ConnectionGraphPlugin().connectionGraphs()) {
            if (f.name().equals(name)) {
                return f.create(StageConfig.of(opts));
            }
        }
        throw new AssertionError(name);
    }

    private static double[] random(int n, long seed, double scale) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] p = new double[3 * n];
        for (int i = 0; i < 3 * n; i++) {
            p[i] = r.nextDouble() * scale;
        }
        return p;
    }

    private static TreeSet<Long> bruteForceDelaunayEdges(double[] p, int n) {
        TreeSet<Long> edges = new TreeSet<>();
        for (int a = 0; a < n; a++) {
            for (int b = a + 1; b < n; b++) {
                for (int c = b + 1; c < n; c++) {
                    for (int d = c + 1; d < n; d++) {
                        int o = Predicates.orient(p, a, b, c, d);
                        if (o == 0) {
                            continue;
                        }
                        int x = o > 0 ? a : b, y = o > 0 ? b : a;
                        boolean empty = true;
                        for (int e = 0; e < n && empty; e++) {
                            if (e != a && e != b && e != c && e != d && Predicates.insphere(p, x, y, c, d, e) > 0) {
                                empty = false;
                            }
                        }
                        if (empty) {
                            int[] v = {a, b, c, d};
                            for (int i = 0; i < 4; i++) {
                                for (int j = i + 1; j < 4; j++) {
                                    edges.add(Delaunay3.key(v[i], v[j]));
                                }
                            }
                        }
                    }
                }
            }
        }
        return edges;
    }

    private static TreeSet<Long> set(long[] keys) {
        TreeSet<Long> s = new TreeSet<>();
        for (long k : keys) {
            s.add(k);
        }
        return s;
    }

    @Test
    void predicatesHaveTheDocumentedSigns() {
        double[] p = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0.2, 0.2, 0.2, 5, 5, 5, 1, 1, 0};
        assertThat(Predicates.orient(p, 0, 1, 2, 3)).isEqualTo(1);
        assertThat(Predicates.orient(p, 1, 0, 2, 3)).isEqualTo(-1);
        assertThat(Predicates.orient(p, 0, 1, 2, 6)).isZero();
        assertThat(Predicates.insphere(p, 0, 1, 2, 3, 4)).isEqualTo(1);
        assertThat(Predicates.insphere(p, 0, 1, 2, 3, 5)).isEqualTo(-1);
        // (1,1,0) lies exactly on the circumsphere of the unit corner tetrahedron (centre (.5,.5,.5))
        assertThat(Predicates.insphere(p, 0, 1, 2, 3, 6)).isZero();
        // a tiny perturbation beyond double filter reach is still decided exactly
        double[] q = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1e-300, 1e-300, 0};
        assertThat(Predicates.orient(q, 0, 1, 2, 3)).isEqualTo(0);
        double[] s = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0.5, 0.5, 1e-300};
        assertThat(Predicates.orient(s, 0, 1, 2, 3)).isEqualTo(1);
    }

    @Test
    void delaunayEdgesMatchTheBruteForceEmptySphereCheck() {
        for (long seed = 1; seed <= 3; seed++) {
            int n = 32;
            double[] p = random(n, seed, 10);
            assertThat(set(Delaunay3.edges(p, n, 7))).isEqualTo(bruteForceDelaunayEdges(p, n));
        }
    }

    @Test
    void delaunayOfAGridContainsEveryGridEdgeAndIsDeterministic() {
        int s = 4;
        double[] p = new double[3 * s * s * s];
        int n = 0;
        for (int z = 0; z < s; z++) {
            for (int y = 0; y < s; y++) {
                for (int x = 0; x < s; x++) {
                    p[3 * n] = x;
                    p[3 * n + 1] = y;
                    p[3 * n + 2] = z;
                    n++;
                }
            }
        }
        long[] e = Delaunay3.edges(p, n, 3);
        TreeSet<Long> es = set(e);
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double d = Math.abs(p[3 * i] - p[3 * j]) + Math.abs(p[3 * i + 1] - p[3 * j + 1])
                        + Math.abs(p[3 * i + 2] - p[3 * j + 2]);
                if (d == 1) {
                    assertThat(es).contains(Delaunay3.key(i, j));
                }
            }
        }
        assertThat(Delaunay3.edges(p, n, 3)).isEqualTo(e);
        assertThat(components(n, Edges.toPairs(e))).isEqualTo(1);
    }

    @Test
    void delaunayHandlesDuplicatesAndTinyInputs() {
        assertThat(Delaunay3.edges(new double[] {0, 0, 0}, 1, 0)).isEmpty();
        assertThat(Delaunay3.edges(new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0}, 3, 0)).hasSize(3);
        double[] p = random(50, 4, 1);
        double[] q = java.util.Arrays.copyOf(p, 153);
        System.arraycopy(p, 0, q, 150, 3); // point 50 duplicates point 0
        long[] e = Delaunay3.edges(q, 51, 1);
        assertThat(e.length).isGreaterThan(0);
        // only one of the duplicates is used
        boolean has0 = false, has50 = false;
        for (long k : e) {
            int a = (int) (k >>> 32), b = (int) k;
            has0 |= a == 0 || b == 0;
            has50 |= a == 50 || b == 50;
        }
        assertThat(has0 ^ has50).isTrue();
    }

    static int components(int n, int[] pairs) {
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
        int c = n;
        for (int i = 0; i < pairs.length; i += 2) {
            if (DisjointSets.union(parent, pairs[i], pairs[i + 1])) {
                c--;
            }
        }
        return c;
    }

    private static GraphInput input(double[] pos, int n, double half) {
        double[] b = new double[6 * n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                b[6 * i + k] = pos[3 * i + k] - half;
                b[6 * i + 3 + k] = pos[3 * i + k] + half;
            }
        }
        return new GraphInput(n, pos, b, null);
    }

    @Test
    void minimalSpanningSubsetKeepsShortEdgesAndBridgesFarClustersOnce() {
        int n = 60;
        double[] p = random(n, 5, 3);
        for (int i = 30; i < n; i++) {
            p[3 * i] += 100; // a second cluster 100 m away
        }
        GraphInput in = input(p, n, 0.1);
        int[] mss = method("minimal-spanning-subset-delaunay", Map.of()).connect(in);
        assertThat(components(n, mss)).isEqualTo(1);
        int bridges = 0;
        for (int i = 0; i < mss.length; i += 2) {
            double len = Edges.length(p, ((long) mss[i] << 32) | mss[i + 1]);
            if (len >= 5) {
                bridges++;
            }
            assertThat(mss[i]).isLessThan(mss[i + 1]);
        }
        assertThat(bridges).isEqualTo(1);
        // every short Delaunay edge is kept
        long[] del = Delaunay3.edges(p, n, DelaunayGraphs.DELAUNAY_SEED);
        TreeSet<Long> kept = new TreeSet<>();
        for (int i = 0; i < mss.length; i += 2) {
            kept.add(((long) mss[i] << 32) | mss[i + 1]);
        }
        for (long e : del) {
            if (Edges.length(p, e) < 5) {
                assertThat(kept).contains(e);
            }
        }
        assertThat(method("none", Map.of()).connect(in)).isEqualTo(mss);
        // a tiny connection factor keeps only a spanning tree (n - 1 edges)
        assertThat(method("minimal-spanning-subset-delaunay", Map.of("connectionFactor", 0.0)).connect(in))
                .hasSize(2 * (n - 1));
    }

    @Test
    void pointImplicitConnectsTouchingCubesAndBoundsOverlapFiltersDelaunay() {
        // 2 x 2 x 2 unit cubes: every pair touches at least at a corner -> complete graph
        int n = 8;
        double[] pos = new double[3 * n];
        ConvexPolytope[][] geo = new ConvexPolytope[n][];
        for (int i = 0; i < n; i++) {
            pos[3 * i] = (i & 1) + 0.5;
            pos[3 * i + 1] = ((i >> 1) & 1) + 0.5;
            pos[3 * i + 2] = ((i >> 2) & 1) + 0.5;
            geo[i] = new ConvexPolytope[] {ConvexPolytope.box(pos[3 * i], pos[3 * i + 1], pos[3 * i + 2], 0.5, 0.5, 0.5)};
        }
        GraphInput touching = new GraphInput(n, pos, input(pos, n, 0.5).bounds(), geo);
        assertThat(method("point-implicit", Map.of()).connect(touching)).hasSize(2 * 28);
        // separate the cubes by 1 m: nothing touches; augmented still connects everything
        double[] far = pos.clone();
        ConvexPolytope[][] g2 = new ConvexPolytope[n][];
        for (int i = 0; i < 3 * n; i++) {
            far[i] = pos[i] * 2;
        }
        for (int i = 0; i < n; i++) {
            g2[i] = new ConvexPolytope[] {ConvexPolytope.box(far[3 * i], far[3 * i + 1], far[3 * i + 2], 0.5, 0.5, 0.5)};
        }
        GraphInput apart = new GraphInput(n, far, input(far, n, 0.5).bounds(), g2);
        assertThat(method("point-implicit", Map.of()).connect(apart)).isEmpty();
        int[] aug = method("point-implicit-augmented", Map.of()).connect(apart);
        assertThat(components(n, aug)).isEqualTo(1);
        assertThat(aug).hasSize(2 * (n - 1));
        assertThat(method("bounds-overlap-delaunay", Map.of()).connect(apart)).isEmpty();
        assertThat(components(n, method("bounds-overlap-delaunay", Map.of("margin", 0.5)).connect(apart))).isEqualTo(1);
        assertThatThrownBy(() -> method("point-implicit", Map.of()).connect(input(pos, n, 0.5)))
                .hasMessageContaining("geometry is null");
        assertThatThrownBy(() -> method("delaunay", Map.of("x", 1))).hasMessageContaining("unknown option 'x'");
        assertThatThrownBy(() -> method("minimal-spanning-subset-delaunay", Map.of("connectionFactor", -1.0)))
                .hasMessageContaining("'connectionFactor' = -1.0");
    }

    @Test
    void delaunayScalesToThousandsOfPoints() {
        int n = 5000;
        double[] p = random(n, 11, 50);
        long[] e = Delaunay3.edges(p, n, 1);
        // random points in 3-D: about 7.7 edges per point on average (Meijering), minus hull effects
        assertThat(e.length).isBetween(6 * n, 8 * n);
        assertThat(components(n, Edges.toPairs(e))).isEqualTo(1);
    }
}
