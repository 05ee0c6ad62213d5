package dev.rubble.authoring;

import dev.rubble.geometry.polytope.PolytopeClipper;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.fracture.FractureFactory;
import dev.rubble.spi.fracture.FractureMethod;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.graph.ConnectionGraphFactory;
import dev.rubble.spi.graph.GraphInput;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The contract every loaded fracture and connection-graph plugin must meet (one suite per family).
 * A newly loaded fracture method without an entry in {@link #CONFIGS} fails the test on purpose.
 */
final class StageContractTest {
    private static final Map<String, Map<String, ?>> CONFIGS = Map.of(
            "voronoi", Map.of("count", 80),
            "slice", Map.of("x", 3, "y", 2, "z", 2, "angleJitter", 20.0, "offsetJitter", 0.3),
            "brick", Map.of("length", 0.7, "height", 0.3, "depth", 0.45),
            "plane", Map.of("planes", "1 0.2 0 0.1; 0 1 1 0.3; -0.3 0.1 1 -0.2"));

    /** A non-box convex source: a box with two corners cut off. */
    private static ConvexPolytope source() {
        return PolytopeClipper.clip(PolytopeClipper.clip(ConvexPolytope.box(0.2, -0.1, 0.3, 1.5, 0.8, 0.6), 1, 1, 1, 2.0, 1e-12), -1, 0, 1, 1.2, 1e-12);
    }

    @Test
    void everyFractureMethodPartitionsTheSourceReproducibly() {
        Stages stages = Stages.load();
        ConvexPolytope src = source();
        double[] b = src.bounds();
        for (Map.Entry<String, FractureFactory> e : stages.factories(StageFamily.FRACTURE).entrySet()) {
            String name = e.getKey();
            assertThat(CONFIGS).as("contract config for fracture method '%s'", name).containsKey(name);
            FractureMethod m = e.getValue().create(StageConfig.of(CONFIGS.get(name)));
            List<ConvexPolytope> pieces = m.fracture(src, 99);
            assertThat(pieces.size()).as(name).isGreaterThan(3);
            double sum = 0;
            for (ConvexPolytope p : pieces) {
                sum += p.volume();
                for (int v = 0; v < p.vertexCount(); v++) {
                    assertThat(src.planeDistance(p.vertex(v, 0), p.vertex(v, 1), p.vertex(v, 2))).as(name)
                            .isLessThanOrEqualTo(1e-9);
                }
            }
            assertThat(sum).as("%s volume", name).isCloseTo(src.volume(), org.assertj.core.api.Assertions.within(
                    1e-9 * src.volume()));
            SplittableRandom r = new SplittableRandom(5);
            for (int s = 0; s < 1500; s++) {
                double x = b[0] + r.nextDouble() * (b[3] - b[0]);
                double y = b[1] + r.nextDouble() * (b[4] - b[1]);
                double z = b[2] + r.nextDouble() * (b[5] - b[2]);
                if (src.planeDistance(x, y, z) > 0) {
                    continue;
                }
                int in = 0;
                for (ConvexPolytope p : pieces) {
                    if (p.planeDistance(x, y, z) <= 0) {
                        in++;
                    }
                }
                assertThat(in).as("%s: pieces containing a random point", name).isEqualTo(1);
            }
            assertThat(m.fracture(src, 99)).as("%s determinism", name).isEqualTo(pieces);
        }
    }

    @Test
    void everyConnectionGraphReturnsSortedUniqueInRangePairs() {
        Stages stages = Stages.load();
        List<ConvexPolytope> pieces = stages.create(StageFamily.FRACTURE, "voronoi", StageConfig.of(Map.of("count", 60)))
                .fracture(source(), 3);
        int n = pieces.size();
        double[] pos = new double[3 * n];
        double[] bounds = new double[6 * n];
        ConvexPolytope[][] geo = new ConvexPolytope[n][];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                pos[3 * i + k] = pieces.get(i).centroid(k);
            }
            System.arraycopy(pieces.get(i).bounds(), 0, bounds, 6 * i, 6);
            geo[i] = new ConvexPolytope[] {pieces.get(i)};
        }
        GraphInput in = new GraphInput(n, pos, bounds, geo);
        for (Map.Entry<String, ConnectionGraphFactory> e : stages.factories(StageFamily.CONNECTION_GRAPH).entrySet()) {
            int[] pairs = e.getValue().create(StageConfig.empty()).connect(in);
            assertThat(pairs.length % 2).isZero();
            assertThat(pairs.length).as(e.getKey()).isGreaterThanOrEqualTo(2 * (n - 1));
            long prev = -1;
            for (int k = 0; k < pairs.length; k += 2) {
                assertThat(pairs[k]).as(e.getKey()).isBetween(0, n - 1);
                assertThat(pairs[k + 1]).as(e.getKey()).isBetween(pairs[k] + 1, n - 1);
                long key = ((long) pairs[k] << 32) | pairs[k + 1];
                assertThat(key).as(e.getKey()).isGreaterThan(prev);
                prev = key;
            }
            assertThat(e.getValue().create(StageConfig.empty()).connect(in)).as(e.getKey()).isEqualTo(pairs);
        }
    }
}
