package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.authoring.CollectionBuilder;
import dev.rubble.authoring.CollectionFile;
import dev.rubble.authoring.GeometryCollection;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.geom.ConvexPolytope;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 32: worlds built through one {@link CollectionCache} share the parsed file and behave bit for bit as without it. */
final class CollectionCacheTest {
    private static final String SCENE = """
            {"format": "rubble-scenario/1", "bodies": [
              {"id": "ground", "shape": {"type": "box", "halfExtents": [20, 1, 20]}, "state": "static", "position": [0, -1, 0]},
              {"id": "ball", "shape": {"type": "sphere", "radius": 0.3}, "position": [0, 0.5, -3], "linearVelocity": [0, 0, 40], "mass": 50}],
             "collections": [{"id": "w", "file": "wall.rbc", "position": [0, 1, 0],
               "anchors": {"boxes": [{"min": [-2, -1.1, -1], "max": [2, -0.9, 1]}]},
               "destruction": {"damageOptions": {"thresholds": 200}}}]}""";

    private static GeometryCollection wall(Stages stages, int count) {
        var b = new CollectionBuilder(ConvexPolytope.box(0, 0, 0, 1.5, 1, 0.2));
        b.fractureLevel(stages.create(StageFamily.FRACTURE, "voronoi", StageConfig.of(Map.of("count", count))), 7);
        return b.build(stages.create(StageFamily.CONNECTION_GRAPH, "minimal-spanning-subset-delaunay", StageConfig.empty()),
                Integer.MAX_VALUE);
    }

    private static long[] run(Scenario s, Stages stages, CollectionCache cache, int steps) {
        ScenarioWorld sw = ScenarioWorld.create(s, stages, Map.of(), cache);
        long[] h = new long[steps + 1];
        for (int i = 0; i < steps; i++) {
            sw.step();
            h[i] = sw.world().stateHash();
        }
        h[steps] = sw.world().destruction().activeCount();
        return h;
    }

    @Test
    void sharedLoadsAreBitIdenticalToFreshOnesAndAnEditedFileIsLoadedAgain(@TempDir Path dir) throws Exception {
        Stages stages = Stages.load();
        CollectionFile.save(wall(stages, 30), dir.resolve("wall.rbc"));
        Files.writeString(dir.resolve("s.json"), SCENE);
        Scenario s = ScenarioLoader.load(dir.resolve("s.json"));
        long[] fresh = run(s, stages, null, 40);
        assertThat(fresh[40]).as("the ball breaks the wall").isGreaterThan(1);
        CollectionCache cache = new CollectionCache();
        long[] first = run(s, stages, cache, 40);
        long[] second = run(s, stages, cache, 40); // the second world reuses the first one's collection
        assertThat(first).containsExactly(fresh);
        assertThat(second).containsExactly(fresh);
        assertThat(cache.size()).isEqualTo(1);
        GeometryCollection a = cache.load(dir.resolve("wall.rbc"));
        assertThat(cache.load(dir.resolve("wall.rbc"))).isSameAs(a);
        // the journal image is the same bytes as without the cache
        ScenarioWorld sw = ScenarioWorld.create(s, stages, Map.of(), cache);
        assertThat(sw.collectionImage(0)).isEqualTo(ScenarioWorld.create(s, stages, Map.of()).collectionImage(0));
        // an edited file (same name) is a new collection, never the stale one
        CollectionFile.save(wall(stages, 12), dir.resolve("wall.rbc"));
        GeometryCollection b = cache.load(dir.resolve("wall.rbc"));
        assertThat(b).isNotSameAs(a);
        assertThat(b.nodeCount()).isLessThan(a.nodeCount());
        assertThat(run(s, stages, cache, 40)).containsExactly(run(s, stages, null, 40));
    }

    @Test
    void imagesAreKeptOnlyForCollectionsTheCacheLoaded(@TempDir Path dir) throws Exception {
        // a bake whose variants fracture their own walls (a recipe per variant) must not keep every
        // variant's wall and journal image alive until the bake ends: only loaded files are shared
        Stages stages = Stages.load();
        CollectionCache cache = new CollectionCache();
        for (int i = 0; i < 3; i++) {
            GeometryCollection own = wall(stages, 10 + i); // what a recipe builds inside one world
            byte[] img = cache.image(own);
            assertThat(img).isEqualTo(CollectionFile.toBytes(own, false));
            assertThat(cache.image(own)).as("made anew, not kept").isNotSameAs(img).isEqualTo(img);
            assertThat(cache.asset(own)).as("an asset made anew too").isNotSameAs(cache.asset(own));
        }
        assertThat(cache.imageCount()).isZero();
        CollectionFile.save(wall(stages, 20), dir.resolve("wall.rbc"));
        GeometryCollection loaded = cache.load(dir.resolve("wall.rbc"));
        byte[] img = cache.image(loaded);
        assertThat(img).isEqualTo(CollectionFile.toBytes(loaded, false));
        assertThat(cache.image(loaded)).as("a loaded file's image is made once").isSameAs(img);
        assertThat(cache.imageCount()).isEqualTo(1);
        // a loaded file's asset (read-only, shared by every world placed from it) is made once as well
        assertThat(cache.asset(loaded)).isSameAs(cache.asset(loaded));
        assertThat(cache.asset(loaded).nodeCount()).isEqualTo(loaded.asset().nodeCount());
    }
}
