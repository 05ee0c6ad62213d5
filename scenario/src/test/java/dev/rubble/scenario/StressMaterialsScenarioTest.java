package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rubble.spi.stress.StressLimits;
import org.junit.jupiter.api.Test;

/**
 * {@code collections[i].stress.materials} (docs/destruction.md "Stress limits per material,
 * collection and bond"): limits per material index. The wall of examples/stress/wall-hole.json is
 * all material 0, so moving its explicit limits from the stress options into material 0 must give
 * the same run bit for bit (the options then name no limit and the material's apply); bad entries
 * are refused naming the field.
 */
final class StressMaterialsScenarioTest {
    static final ObjectMapper MAPPER = new ObjectMapper();

    static ObjectNode wall() throws Exception {
        return (ObjectNode) MAPPER.readTree(StressScenesTest.DIR.resolve("wall-hole.json").toFile());
    }

    static long[] hashes(ObjectNode root, int steps) {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(root.toString()), StressScenesTest.STAGES);
        long[] h = new long[steps];
        for (int s = 0; s < steps; s++) {
            sw.step();
            h[s] = sw.world().stateHash();
        }
        return h;
    }

    @Test
    void limitsGivenPerMaterialActAsTheSameLimitsGivenPerCollection() throws Exception {
        ObjectNode root = wall();
        long[] ref = hashes(root, 40); // past the shot at step 20 and the first breaks
        ObjectNode stress = (ObjectNode) root.get("collections").get(0).get("stress");
        ObjectNode m0 = MAPPER.createObjectNode();
        int moved = 0;
        for (String k : StressLimits.KEYS) {
            if (stress.has(k)) {
                m0.set(k, stress.remove(k));
                moved++;
            }
        }
        assertThat(moved).as("limits the example sets").isGreaterThanOrEqualTo(2);
        stress.set("materials", MAPPER.createObjectNode().set("0", m0));
        var spec = ScenarioLoader.parse(root.toString()).collections().get(0).stress();
        assertThat(spec.materials()).containsOnlyKeys(0);
        assertThat(hashes(root, 40)).containsExactly(ref);
        // and a weaker material 0 changes the run
        m0.put("tensionElastic", 100).put("tensionFatal", 200);
        assertThat(hashes(root, 40)).isNotEqualTo(ref);
    }

    @Test
    void badMaterialEntriesAreRefusedNamingTheField() throws Exception {
        ObjectNode root = wall();
        ObjectNode stress = (ObjectNode) root.get("collections").get(0).get("stress");
        stress.set("materials", MAPPER.readTree("{\"x\": {}}"));
        assertThatThrownBy(() -> ScenarioLoader.parse(root.toString())).hasMessageContaining("collections[0].stress.materials.x")
                .hasMessageContaining("allowed: a material index");
        stress.set("materials", MAPPER.readTree("{\"0\": {\"tensionFatl\": 1}}"));
        assertThatThrownBy(() -> ScenarioLoader.parse(root.toString())).hasMessageContaining("tensionFatl")
                .hasMessageContaining("allowed: compressionElastic");
        stress.set("materials", MAPPER.readTree("{\"0\": {\"tensionElastic\": 5, \"tensionFatal\": 1}}"));
        assertThatThrownBy(() -> ScenarioLoader.parse(root.toString())).hasMessageContaining("collections[0].stress.materials.0")
                .hasMessageContaining("'tensionFatal' = 1.0; allowed: >= 'tensionElastic' (5.0)");
        stress.set("materials", MAPPER.readTree("{\"3\": {\"tensionElastic\": 5}}"));
        assertThatThrownBy(() -> ScenarioWorld.create(ScenarioLoader.parse(root.toString()), StressScenesTest.STAGES))
                .hasMessageContaining("collections[0].stress.materials.3").hasMessageContaining("material = 3");
    }
}
