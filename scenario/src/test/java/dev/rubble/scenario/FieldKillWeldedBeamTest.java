package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.BodyId;
import dev.rubble.api.CollectionId;
import dev.rubble.api.FieldOptions;
import dev.rubble.api.Fields;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A kill field over a cluster union of a wall and a plain beam (docs/fields.md, "A kill over part of a union
 * of plain bodies"): the beam is sampled at its own point, the wall through its held pieces. The wall (2 m,
 * 8 leaves) spans x from -2 to 0, the beam (1 m) x from 0 to 1, side by side, falling together.
 */
final class FieldKillWeldedBeamTest {
    private static final String SCENE = """
            {"format": "rubble-scenario/1", "name": "a wall and a beam welded",
             "bodies": [{"id": "beam", "shape": {"type": "box", "halfExtents": [0.5, 0.15, 0.15]}, "position": [0.5, 3, 0],
                         "mass": 50}],
             "collections": [
               {"id": "wall", "recipe": {"box": [1, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 1},
                "position": [-1, 3, 0], "destruction": {"damageOptions": {"thresholds": [1e9]}}}],
             "unions": [{"id": 0, "step": 0, "members": [{"collection": "wall"}, {"body": "beam"}]}]}""";
    private static final int LEAVES = 8;

    private static BodyState state(PhysicsWorld w, BodyId body) {
        BodyStore b = w.kernel().bodies();
        return b.state(b.slot(body.handle()));
    }

    private static PhysicsWorld welded() {
        PhysicsWorld w = Scenarios.parse(SCENE, Rubble.defaultPlugins());
        w.step(2);
        assertThat(w.unions().members(0)).hasSize(2);
        return w;
    }

    @Test
    void aKillOverTheBeamOnlyKillsTheBeamAndTheWallFallsOn() {
        PhysicsWorld w = welded();
        BodyId beam = w.find("beam");
        double y = w.position(w.unions().body(0), new Vector3d()).y;
        // around the beam's centre; the union's centre of mass lies in the wall, 0.6 m and more away
        w.applyField(Fields.Target.KILL, Fields.boxFalloff(new Vector3d(0.5, y, 0), new Vector3d(0.8, 0.6, 0.6)),
                FieldOptions.once());
        w.step();
        assertThat(state(w, beam)).as("the beam").isEqualTo(BodyState.DISABLED);
        assertThat(w.unions().ids()).as("the wall alone: the union dissolved").isEmpty();
        CollectionId wall = w.destruction().collection(0);
        BodyId holder = w.destruction().bodyOf(wall, 1);
        assertThat(holder).isNotNull();
        for (int k = 2; k <= LEAVES; k++) {
            assertThat(w.destruction().bodyOf(wall, k)).as("leaf %d is still held by the intact wall", k).isEqualTo(holder);
        }
        assertThat(state(w, holder)).isNotEqualTo(BodyState.DISABLED);
        double vy = w.linearVelocity(holder, new Vector3d()).y;
        w.step();
        assertThat(w.linearVelocity(holder, new Vector3d()).y).as("the wall falls on").isLessThan(vy);
    }

    @Test
    void aDestructionKillOverEverythingKillsTheWallAndTheBeamGoesFree() {
        PhysicsWorld w = welded();
        BodyId beam = w.find("beam");
        double y = w.position(w.unions().body(0), new Vector3d()).y;
        w.applyField(Fields.Target.KILL, Fields.boxFalloff(new Vector3d(-0.5, y, 0), new Vector3d(4, 3, 2)),
                FieldOptions.once().object("destruction"));
        w.step();
        CollectionId wall = w.destruction().collection(0);
        for (int k = 1; k <= LEAVES; k++) {
            assertThat(w.destruction().bodyOf(wall, k)).as("leaf %d, killed", k).isNull();
        }
        // a plain body, not a destruction object: not killed; alone after the wall went, it goes free and falls on
        assertThat(w.unions().unionOf(beam)).isEqualTo(-1);
        assertThat(state(w, beam)).isNotEqualTo(BodyState.DISABLED);
        double vy = w.linearVelocity(beam, new Vector3d()).y;
        assertThat(vy).isNegative();
        w.step();
        assertThat(w.linearVelocity(beam, new Vector3d()).y).isLessThan(vy);
    }
}
