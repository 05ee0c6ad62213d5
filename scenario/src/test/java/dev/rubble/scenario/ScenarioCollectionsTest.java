package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.authoring.CollectionBuilder;
import dev.rubble.authoring.CollectionFile;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.geom.ConvexPolytope;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code collections[]} key and the destruction commands of scenario files. */
final class ScenarioCollectionsTest {
    private static Stages stages;

    @BeforeAll
    static void load() {
        stages = Stages.load();
    }

    private static final String GROUND = """
            {"id": "ground", "shape": {"type": "box", "halfExtents": [20, 1, 20]}, "state": "static", "position": [0, -1, 0]}""";

    private static String scenario(String collection, String commands) {
        return """
                {"format": "rubble-scenario/1", "bodies": [%s],
                 "collections": [%s], "commands": [%s]}""".formatted(GROUND, collection, commands);
    }

    private static final String RECIPE = """
            {"id": "slab", "recipe": {"box": [1, 0.25, 1], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 3},
             "position": [0, 0.25, 0],
             "destruction": {"damageModel": "user-defined", "damageOptions": {"thresholds": [5000, 500]},
                             "strainModifiers": [{"name": "fatigue", "options": {"share": 0.2}}],
                             "propagation": true, "breakFactor": 1.0, "shockFactor": 0.0,
                             "clusterDistanceThreshold": 1.0, "maxClusterLevel": 5, "maxSimulatedLevel": 5}}""";

    @Test
    void anInlineRecipeIsOneBodyUntilACrumbleCommandBreaksIt() {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(scenario(RECIPE,
                "{\"type\": \"crumble\", \"step\": 10, \"collection\": \"slab\"}")), stages);
        assertThat(sw.world().bodies().size()).isEqualTo(2);
        sw.run(10);
        assertThat(sw.world().bodies().size()).isEqualTo(2);
        sw.run(1);
        assertThat(sw.world().bodies().size()).isEqualTo(9); // ground + 8 pieces
    }

    @Test
    void aCollectionFileWithAnchorsAndStrainCommands(@TempDir Path dir) throws Exception {
        var b = new CollectionBuilder(ConvexPolytope.box(0, 0, 0, 1, 0.25, 1));
        b.fractureLevel(stages.create(StageFamily.FRACTURE, "voronoi", StageConfig.of(Map.of("count", 6))), 1);
        var g = b.build(stages.create(StageFamily.CONNECTION_GRAPH, "minimal-spanning-subset-delaunay",
                StageConfig.empty()), Integer.MAX_VALUE);
        CollectionFile.save(g, dir.resolve("slab.rbc"));
        String col = """
                {"id": "s", "file": "slab.rbc", "position": [0, 5, 0], "state": "dynamic",
                 "anchors": {"nodes": [1], "boxes": [{"min": [-1, -1, -1], "max": [-0.9, 1, 1]}]},
                 "destruction": {"damageOptions": {"thresholds": 100}}}""";
        Path file = dir.resolve("s.json");
        Files.writeString(file, scenario(col, """
                {"type": "externalStrain", "step": 2, "collection": "s", "node": 2, "strain": 1000},
                {"type": "externalStrain", "step": 3, "point": [0, 5, 0], "radius": 0.1, "strain": 10, "propagationDepth": 1, "propagationFactor": 0.5},
                {"type": "internalStrain", "step": 3, "collection": "s", "node": 3, "delta": -50},
                {"type": "anchor", "step": 4, "collection": "s", "node": 1, "anchored": false}"""));
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.load(file), stages);
        var d = sw.world().destruction();
        assertThat(d.collectionCount()).isEqualTo(1);
        var bs = sw.world().bodies();
        assertThat(bs.motion(bs.slot(d.holderBody(0, 1))).name()).isEqualTo("KINEMATIC"); // anchored
        sw.run(3);
        assertThat(sw.world().bodies().size()).isGreaterThan(2);
        sw.run(2);
        assertThat(d.store().threshold[d.globalNode(0, 3)]).isEqualTo(50);
    }

    @Test
    void badCollectionInputNamesThePath(@TempDir Path dir) throws Exception {
        assertThatThrownBy(() -> ScenarioWorld.create(ScenarioLoader.parse(scenario(
                "{\"file\": \"" + dir.resolve("missing.rbc") + "\"}", "")), stages))
                .hasMessageContaining("$.collections[0].file").hasMessageContaining("does not exist");
        Files.write(dir.resolve("bad.rbc"), new byte[] {1, 2, 3, 4, 5});
        assertThatThrownBy(() -> ScenarioWorld.create(ScenarioLoader.parse(scenario(
                "{\"file\": \"" + dir.resolve("bad.rbc") + "\"}", "")), stages))
                .hasMessageContaining("$.collections[0].file").hasMessageContaining("not a valid collection file");
        assertThatThrownBy(() -> ScenarioWorld.create(ScenarioLoader.parse(scenario(
                RECIPE.replace("\"user-defined\"", "\"nope\""), "")), stages))
                .hasMessageContaining("$.collections[0]").hasMessageContaining("unknown damage-model 'nope'");
        assertThatThrownBy(() -> ScenarioWorld.create(ScenarioLoader.parse(scenario(
                RECIPE.replace("[5000, 500]", "[5000, -1]"), "")), stages)).hasMessageContaining("'thresholds'[1]")
                .hasMessageContaining("$.collections[0]");
        assertThatThrownBy(() -> ScenarioWorld.create(ScenarioLoader.parse(scenario(RECIPE,
                "{\"type\": \"crumble\", \"collection\": \"slab\", \"node\": 99}")), stages))
                .hasMessageContaining("$.commands").hasMessageContaining("node = 99");
        assertThatThrownBy(() -> ScenarioLoader.parse(scenario(RECIPE,
                "{\"type\": \"crumble\", \"collection\": \"wall\"}")))
                .hasMessageContaining("$.commands[0].collection").hasMessageContaining("known: slab");
        assertThatThrownBy(() -> ScenarioLoader.parse(scenario(RECIPE.replace("\"shockFactor\": 0.0",
                "\"shockFactor\": -1"), ""))).hasMessageContaining("$.collections[0].destruction.shockFactor");
        assertThatThrownBy(() -> ScenarioLoader.parse(scenario(RECIPE.replace("\"position\"", "\"pos\""), "")))
                .hasMessageContaining("$.collections[0].pos").hasMessageContaining("unknown key");
        // issue 22: impactMode is chaos or resolve, named in the message when it is neither
        assertThatThrownBy(() -> ScenarioLoader.parse(scenario(RECIPE.replace("\"shockFactor\": 0.0",
                "\"shockFactor\": 0.0, \"impactMode\": \"punch\""), "")))
                .hasMessageContaining("$.collections[0].destruction.impactMode").hasMessageContaining("'punch'")
                .hasMessageContaining("allowed: chaos, resolve");
        var resolved = ScenarioLoader.parse(scenario(RECIPE.replace("\"shockFactor\": 0.0",
                "\"shockFactor\": 0.0, \"impactMode\": \"resolve\""), ""));
        assertThat(resolved.collections().get(0).placement().options().impactMode())
                .isEqualTo(dev.rubble.core.destruction.ImpactMode.RESOLVE);
    }
}
