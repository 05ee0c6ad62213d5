package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.BodyId;
import dev.rubble.api.FieldOptions;
import dev.rubble.api.Fields;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Fields and cluster unions (issue 29): a union's body stands for the members welded into it, so a field's
 * object filter sees what it carries — {@code destruction} when it carries a collection piece, {@code rigid}
 * when it carries a plain body (docs/fields.md, "Commands", metadata {@code object}). Expected values are
 * hand computed: a uniform velocity field of (0, 0, 2) m/s in a world without gravity or contacts adds
 * exactly 2 m/s to every body it writes, and nothing to the others.
 */
final class FieldUnionTest {

    /** Two Voronoi walls and a beam 2 cm above them (within the union weld reach of 5 cm, out of contact), no gravity; {@code members} welded into union 0 before step 0 (none: no union). */
    private static PhysicsWorld world(String members) {
        String json = """
                {"format": "rubble-scenario/1", "name": "fields on unions", "world": {"gravity": [0, 0, 0]},
                 "bodies": [{"id": "beam", "shape": {"type": "box", "halfExtents": [0.9, 0.15, 1.65]}, "position": [0, 2.17, 0], "mass": 400}],
                 "collections": [
                   {"id": "wallA", "recipe": {"box": [1, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 1},
                    "position": [0, 1, -1.5], "destruction": {"damageOptions": {"thresholds": [500]}}},
                   {"id": "wallB", "recipe": {"box": [1, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 2},
                    "position": [0, 1, 1.5], "destruction": {"damageOptions": {"thresholds": [500]}}}]
                 %s}""".formatted(members == null ? "" : ", \"unions\": [{\"id\": 0, \"step\": 0, \"members\": [" + members + "]}]");
        PhysicsWorld w = Scenarios.parse(json, Rubble.defaultPlugins());
        w.step();
        return w;
    }

    private static final String WALLS = "{\"collection\": \"wallA\"}, {\"collection\": \"wallB\"}";
    private static final String WALL_AND_BEAM = "{\"collection\": \"wallA\"}, {\"body\": \"beam\"}";

    private static double vz(PhysicsWorld w, BodyId b) {
        return w.linearVelocity(b, new Vector3d()).z;
    }

    /** vz of union 0's body after one step of a uniform 2 m/s field along z with object filter {@code object}. */
    private static double pushUnion(String members, String object) {
        PhysicsWorld w = world(members);
        BodyId u = w.unions().body(0);
        assertThat(u).as("union 0 formed").isNotNull();
        assertThat(vz(w, u)).isZero();
        w.applyField(Fields.Target.LINEAR_VELOCITY, Fields.uniformVector(new Vector3d(0, 0, 1), 2), FieldOptions.once().object(object));
        w.step();
        return vz(w, u);
    }

    @Test
    void aDestructionFieldPushesAWeldedWallAsItPushesTheFreeWall() {
        // the free walls: each intact wall is one body, a destruction object
        PhysicsWorld free = world(null);
        free.applyField(Fields.Target.LINEAR_VELOCITY, Fields.uniformVector(new Vector3d(0, 0, 1), 2),
                FieldOptions.once().object("destruction"));
        free.step();
        for (int c = 0; c < 2; c++) {
            assertThat(vz(free, free.destruction().bodyOf(free.destruction().collection(c), 0))).as("free wall %d", c)
                    .isCloseTo(2, within(1e-12));
        }
        assertThat(vz(free, free.find("beam"))).as("the beam is no destruction object").isZero();
        // welded: the union's body moves for the walls
        assertThat(pushUnion(WALLS, "destruction")).as("two welded walls").isCloseTo(2, within(1e-12));
        assertThat(pushUnion(WALL_AND_BEAM, "destruction")).as("a wall and a beam welded").isCloseTo(2, within(1e-12));
    }

    @Test
    void theRigidFilterSeesAUnionOnlyWhenItCarriesAPlainBody() {
        assertThat(pushUnion(WALL_AND_BEAM, "rigid")).as("the beam is welded in").isCloseTo(2, within(1e-12));
        assertThat(pushUnion(WALLS, "rigid")).as("walls only: no rigid object").isZero();
        assertThat(pushUnion(WALLS, "all")).isCloseTo(2, within(1e-12));
    }
}
