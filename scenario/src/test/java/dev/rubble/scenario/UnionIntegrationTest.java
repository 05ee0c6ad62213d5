package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.BodyId;
import dev.rubble.api.Fields;
import dev.rubble.api.FieldOptions;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import org.junit.jupiter.api.Test;

/**
 * An outsider's integration pass over cluster unions (issue 29): the places of the runtime and the
 * public API that look at "the body a contact, field or query touches", checked on a union's body and
 * on its disabled members against the same scene without the union (where the union must not matter)
 * or against hand-computed values.
 */
final class UnionIntegrationTest {

    /** A Voronoi wall (8 leaves, threshold 500 N·s) and a 400 kg beam on it, welded when {@code union}; no gravity when {@code still}. */
    private static String scene(boolean union, boolean gravity) {
        return """
                {"format": "rubble-scenario/1", "name": "union integration",
                 "world": {"gravity": [0, %2$s, 0]},
                 "bodies": [{"id": "ground", "state": "static", "shape": {"type": "box", "halfExtents": [20, 0.5, 20]}, "position": [0, -0.5, 0]},
                            {"id": "beam", "shape": {"type": "box", "halfExtents": [0.9, 0.15, 0.5]}, "position": [0, 2.15, -1.5], "mass": 400}],
                 "collections": [
                   {"id": "wallA", "recipe": {"box": [1, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 1},
                    "position": [0, 1, -1.5], "destruction": {"damageOptions": {"thresholds": [500]}}}]
                 %1$s}"""
                .formatted(union ? ", \"unions\": [{\"id\": 0, \"step\": 0, \"members\": [{\"collection\": \"wallA\"}, {\"body\": \"beam\"}]}]" : "",
                        gravity ? "-9.81" : "0");
    }

    private static PhysicsWorld world(boolean union, boolean gravity) {
        return Scenarios.parse(scene(union, gravity), Rubble.defaultPlugins());
    }

    /** A field that enables disabled bodies must not bring a welded member back beside its union's body. */
    @Test
    void activateDisabledFieldLeavesWeldedMembersToTheirUnion() {
        PhysicsWorld w = world(true, true);
        w.step();
        BodyId u = w.unions().body(0);
        assertThat(u).isNotNull();
        w.applyField(Fields.Target.ACTIVATE_DISABLED, Fields.uniformInteger(0), FieldOptions.once().state("disabled"));
        w.step();
        BodyStore b = w.kernel().bodies();
        for (BodyId m : w.unions().members(0)) {
            assertThat(b.state(b.slot(m.handle()))).as("member %s while welded", m).isEqualTo(BodyState.DISABLED);
        }
    }
}
