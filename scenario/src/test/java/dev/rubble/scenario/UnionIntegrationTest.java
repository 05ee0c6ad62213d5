package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.BodyId;
import dev.rubble.api.CollectionId;
import dev.rubble.api.Fields;
import dev.rubble.api.FieldOptions;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.PieceHit;
import dev.rubble.api.Rubble;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import org.joml.Vector3d;
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

    /** A ray that strikes a welded wall names the piece it struck, as it does on the wall alone. */
    @Test
    void rayCastNamesThePieceOfAWeldedWall() {
        for (boolean union : new boolean[] {false, true}) {
            PhysicsWorld w = world(union, true);
            w.step();
            PieceHit hit = new PieceHit();
            assertThat(w.destruction().rayCast(new Vector3d(0.2, 0.8, -6), new Vector3d(0, 0, 1), 20, hit)).isTrue();
            assertThat(hit.collection()).as("union %s: the collection struck", union).isEqualTo(w.destruction().collection(0));
            assertThat(hit.node()).as("union %s: the leaf struck", union).isGreaterThan(0);
        }
    }

    /** Internal strain at a point reaches the welded wall's pieces there, as on the wall alone. */
    @Test
    void internalStrainAtAPointReachesAWeldedWall() {
        int[] counts = new int[2];
        for (int k = 0; k < 2; k++) {
            PhysicsWorld w = world(k == 1, true);
            w.step();
            counts[k] = w.destruction().addInternalStrainAt(new Vector3d(0.2, 0.8, -1.65), 0.2, -1000);
        }
        assertThat(counts[0]).isGreaterThan(0);
        assertThat(counts[1]).as("welded").isEqualTo(counts[0]);
    }
}
