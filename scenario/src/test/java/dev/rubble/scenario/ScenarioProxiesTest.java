package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.command.CollisionProxies;
import dev.rubble.core.plugin.Stages;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code collections[i].collisionProxies} in scenario files (issue 27): reaches the placed collection; bad values name their path. */
final class ScenarioProxiesTest {
    private static Stages stages;

    @BeforeAll
    static void load() {
        stages = Stages.load();
    }

    private static String scenario(String extra) {
        return """
                {"format": "rubble-scenario/1",
                 "collections": [{"id": "slab", "recipe": {"box": [1, 0.25, 1], "levels": [{"options": {"count": 4}}], "seed": 3}
                                  %s}]}""".formatted(extra);
    }

    /** A collection entry's extra keys written with single quotes (turned into double quotes). */
    private static String q(String extra) {
        return extra.replace('\'', '"');
    }

    @Test
    void bucketsAndDebrisAsSphereReachThePlacedCollection() {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(scenario(q(", 'collisionProxies': {'buckets': [{'maxSize': 0.9, 'shape': 'box'},"
                + " {'maxSize': 0.4, 'shape': 'sphere'}, {'maxSize': 'Infinity', 'shape': 'capsule'}], 'debrisAsSphere': true}"))),
                stages);
        assertThat(sw.world().destruction().collisionProxies(0)).isEqualTo(new CollisionProxies(List.of(
                new CollisionProxies.Bucket(0.4, CollisionProxies.Kind.SPHERE),
                new CollisionProxies.Bucket(0.9, CollisionProxies.Kind.BOX),
                new CollisionProxies.Bucket(Double.POSITIVE_INFINITY, CollisionProxies.Kind.CAPSULE)), true));
        ScenarioWorld plain = ScenarioWorld.create(ScenarioLoader.parse(scenario("")), stages);
        assertThat(plain.world().destruction().collisionProxies(0)).as("off by default").isEqualTo(CollisionProxies.none());
    }

    @Test
    void badValuesNameTheirPath() {
        assertThatThrownBy(() -> ScenarioLoader.parse(scenario(q(", 'collisionProxies': {'buckets': [{'maxSize': 0, 'shape': 'box'}]}"))))
                .hasMessageContaining("$.collections[0].collisionProxies.buckets[0].maxSize").hasMessageContaining("> 0");
        assertThatThrownBy(() -> ScenarioLoader.parse(scenario(q(", 'collisionProxies': {'buckets': [{'maxSize': 1, 'shape': 'cone'}]}"))))
                .hasMessageContaining("$.collections[0].collisionProxies.buckets[0].shape")
                .hasMessageContaining("allowed: hull, box, sphere, capsule");
        assertThatThrownBy(() -> ScenarioLoader.parse(scenario(q(", 'collisionProxies': {'buckets': [{'maxSize': 1, 'shape': 'box'}, {'maxSize': 1, 'shape': 'sphere'}]}"))))
                .hasMessageContaining("$.collections[0].collisionProxies.buckets").hasMessageContaining("two buckets");
        assertThatThrownBy(() -> ScenarioLoader.parse(scenario(q(", 'collisionProxies': {'spheres': true}"))))
                .hasMessageContaining("$.collections[0].collisionProxies.spheres").hasMessageContaining("unknown key");
        assertThatThrownBy(() -> ScenarioLoader.parse(scenario(q(", 'collisionProxies': {'buckets': [{'shape': 'box'}]}"))))
                .hasMessageContaining("$.collections[0].collisionProxies.buckets[0]").hasMessageContaining("maxSize");
    }
}
