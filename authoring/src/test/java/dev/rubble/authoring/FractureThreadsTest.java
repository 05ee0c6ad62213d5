package dev.rubble.authoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.fracture.FractureMethod;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.graph.ConnectionGraphMethod;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 27 item 5: the Voronoi cells computed on 1, 2, 3 and 8 threads give the same collection file,
 * byte for byte (pieces, mass properties, contacts, bonds): every cell is clipped on its own into
 * its own slot and the neighbour lists are merged in site order.
 */
final class FractureThreadsTest {
    static Stages stages;
    static final ConvexPolytope BOX = ConvexPolytope.box(0, 0, 0, 5, 2, 1);

    @BeforeAll
    static void load() {
        stages = Stages.load();
    }

    private static byte[] build(Map<String, Object> opts, int threads, int levels) {
        Map<String, Object> o = new HashMap<>(opts);
        o.put("threads", threads);
        FractureMethod m = stages.create(StageFamily.FRACTURE, "voronoi", StageConfig.of(o));
        ConnectionGraphMethod g = stages.create(StageFamily.CONNECTION_GRAPH,
                StageFamily.CONNECTION_GRAPH.defaultName(), StageConfig.empty());
        CollectionBuilder b = new CollectionBuilder(BOX);
        for (int l = 0; l < levels; l++) {
            b.fractureLevel(m, 7 + l, 1.0);
        }
        return CollectionFile.toBytes(b.build(g, Integer.MAX_VALUE));
    }

    private static Map<String, Map<String, Object>> cases() {
        Map<String, Map<String, Object>> m = new LinkedHashMap<>();
        m.put("uniform 3000", Map.of("count", 3000));
        m.put("clustered", Map.of("sites", "clustered", "clusters", 12));
        StringBuilder lattice = new StringBuilder();
        for (int z = 0; z < 3; z++) {
            for (int y = 0; y < 5; y++) {
                for (int x = 0; x < 10; x++) {
                    lattice.append(String.format(Locale.ROOT, "%s %s %s; ", -5 + 10 * (x + 0.5) / 10,
                            -2 + 4 * (y + 0.5) / 5, -1 + 2 * (z + 0.5) / 3));
                }
            }
        }
        m.put("lattice (ties, zero-area faces)", Map.of("sites", "custom", "points", lattice.toString()));
        // sites outside the box too: their cells vanish (null slots between live ones)
        SplittableRandom r = new SplittableRandom(3);
        StringBuilder wide = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            wide.append(String.format(Locale.ROOT, "%.17g %.17g %.17g; ", -9 + 18 * r.nextDouble(),
                    -4 + 8 * r.nextDouble(), -2 + 4 * r.nextDouble()));
        }
        m.put("sites outside the source", Map.of("sites", "custom", "points", wide.toString()));
        m.put("one site", Map.of("sites", "custom", "points", "0.1 0.2 0.3"));
        return m;
    }

    @Test
    void theCollectionFileIsTheSameOnOneTwoThreeAndEightThreads() {
        for (Map.Entry<String, Map<String, Object>> e : cases().entrySet()) {
            byte[] one = build(e.getValue(), 1, 1);
            assertThat(one.length).isGreaterThan(100);
            for (int t : new int[] {2, 3, 8}) {
                assertThat(build(e.getValue(), t, 1)).as("%s on %d threads", e.getKey(), t).isEqualTo(one);
            }
        }
    }

    @Test
    void twoLevelsAreTheSameOnEveryThreadCount() {
        byte[] one = build(Map.of("count", 40), 1, 2);
        for (int t : new int[] {2, 3, 8}) {
            assertThat(build(Map.of("count", 40), t, 2)).as("%d threads", t).isEqualTo(one);
        }
    }

    @Test
    void aThreadCountOutOfRangeIsRefusedNamingTheOption() {
        for (int t : new int[] {0, -1, 257}) {
            assertThatThrownBy(() -> stages.create(StageFamily.FRACTURE, "voronoi",
                    StageConfig.of(Map.of("threads", t)))).hasMessageContaining("'threads'")
                    .hasMessageContaining("allowed: [1, 256]");
        }
    }
}
