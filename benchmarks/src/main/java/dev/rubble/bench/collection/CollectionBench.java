package dev.rubble.bench.collection;

import dev.rubble.authoring.CollectionBuilder;
import dev.rubble.authoring.GeometryCollection;
import dev.rubble.authoring.Proximity;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.fracture.FractureMethod;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.graph.ConnectionGraphMethod;
import dev.rubble.spi.graph.GraphInput;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Geometry-collection authoring costs (issue 6): Voronoi cells of a box, auto-cluster and
 * proximity of many pieces, and every connection-graph method. Single-shot style (each
 * invocation does the whole job); results in docs/benchmarks.md.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(1)
public class CollectionBench {
    static final ConvexPolytope BOX = ConvexPolytope.box(0, 0, 0, 5, 2, 1);

    static List<ConvexPolytope> pieces(Stages stages, int n) {
        FractureMethod v = stages.create(StageFamily.FRACTURE, "voronoi", StageConfig.of(Map.of("count", n)));
        return v.fracture(BOX, 1);
    }

    @State(Scope.Benchmark)
    public static class VoronoiState {
        @Param({"1000", "10000"})
        public int cells;
        FractureMethod voronoi;

        @Setup(Level.Trial)
        public void setup() {
            voronoi = Stages.load().create(StageFamily.FRACTURE, "voronoi", StageConfig.of(Map.of("count", cells)));
        }
    }

    @Benchmark
    public List<ConvexPolytope> voronoiCells(VoronoiState s) {
        return s.voronoi.fracture(BOX, 7);
    }

    @State(Scope.Benchmark)
    public static class PiecesState {
        @Param({"10000"})
        public int pieces;
        List<ConvexPolytope> list;
        ConvexPolytope[][] hulls;

        @Setup(Level.Trial)
        public void setup() {
            list = pieces(Stages.load(), pieces);
            hulls = new ConvexPolytope[list.size()][];
            for (int i = 0; i < hulls.length; i++) {
                hulls[i] = new ConvexPolytope[] {list.get(i)};
            }
        }
    }

    @Benchmark
    public Proximity.Contacts proximity(PiecesState s) {
        return Proximity.compute(s.hulls);
    }

    /** k-means into pieces/10 clusters + proximity components + small-cluster merge. */
    @Benchmark
    public int autoCluster(PiecesState s) {
        CollectionBuilder b = new CollectionBuilder(BOX);
        b.fracture(0, (src, seed) -> s.list, 0);
        return b.autoCluster(0, s.pieces / 10, 2, 3);
    }

    @State(Scope.Benchmark)
    public static class GraphState {
        @Param({"1000", "10000"})
        public int nodes;
        @Param({"delaunay", "minimal-spanning-subset-delaunay", "none", "bounds-overlap-delaunay", "point-implicit",
            "point-implicit-augmented"})
        public String method;
        ConnectionGraphMethod graph;
        GraphInput input;

        @Setup(Level.Trial)
        public void setup() {
            Stages stages = Stages.load();
            List<ConvexPolytope> list = pieces(stages, nodes);
            int n = list.size();
            double[] pos = new double[3 * n];
            double[] bounds = new double[6 * n];
            ConvexPolytope[][] geo = new ConvexPolytope[n][];
            for (int i = 0; i < n; i++) {
                ConvexPolytope p = list.get(i);
                for (int k = 0; k < 3; k++) {
                    pos[3 * i + k] = p.centroid(k);
                }
                System.arraycopy(p.bounds(), 0, bounds, 6 * i, 6);
                geo[i] = new ConvexPolytope[] {p};
            }
            input = new GraphInput(n, pos, bounds, geo);
            graph = stages.create(StageFamily.CONNECTION_GRAPH, method, StageConfig.empty());
        }
    }

    @Benchmark
    public int[] connectionGraph(GraphState s) {
        return s.graph.connect(s.input);
    }

    /** End to end: 1 000 Voronoi pieces, proximity, mass properties and the default graph. */
    @State(Scope.Benchmark)
    public static class BuildState {
        Stages stages;
        FractureMethod voronoi;
        ConnectionGraphMethod graph;

        @Setup(Level.Trial)
        public void setup() {
            stages = Stages.load();
            voronoi = stages.create(StageFamily.FRACTURE, "voronoi", StageConfig.of(Map.of("count", 1000)));
            graph = stages.create(StageFamily.CONNECTION_GRAPH, "none", StageConfig.empty());
        }
    }

    @Benchmark
    public GeometryCollection build1000(BuildState s) {
        CollectionBuilder b = new CollectionBuilder(BOX);
        b.fractureLevel(s.voronoi, 5);
        return b.build(s.graph, Integer.MAX_VALUE);
    }
}
