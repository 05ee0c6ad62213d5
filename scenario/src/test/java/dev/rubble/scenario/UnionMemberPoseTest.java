package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.BodyId;
import dev.rubble.api.BreakEvent;
import dev.rubble.api.CollectionId;
import dev.rubble.api.FieldOptions;
import dev.rubble.api.Fields;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A welded member is where its union carries it from the moment a command moves the union (docs/destruction.md,
 * "Cluster unions"), not only from the step's DESTRUCTION slot on: a field later in the same step samples its
 * held pieces there. Scene: two Voronoi walls (A at z = -1.5, B at z = +1.5, thresholds 1e6) and a beam welded,
 * no gravity. In one step the union is moved 10 m along x (its pose set, on its body or through the beam) and an
 * external strain of 1e7 within 1.6 m of wall A's centre is applied: at wall A's new centre, all 8 of its
 * pieces break in that step; at its old centre, none (nothing is there). Before, the members' own bodies kept
 * their old poses until the DESTRUCTION slot, so the field found wall A where it had been: it broke the wall
 * when aimed at the empty place and missed it when aimed at the wall.
 */
final class UnionMemberPoseTest {

    private static int breaksOfWallA(boolean throughMember, boolean atNewPlace) {
        PhysicsWorld w = Scenarios.parse("""
                {"format": "rubble-scenario/1", "name": "moved union", "world": {"gravity": [0, 0, 0]},
                 "bodies": [{"id": "beam", "shape": {"type": "box", "halfExtents": [0.9, 0.15, 1.65]}, "position": [0, 2.17, 0], "mass": 400}],
                 "collections": [
                   {"id": "wallA", "recipe": {"box": [1, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 1},
                    "position": [0, 1, -1.5], "destruction": {"damageOptions": {"thresholds": [1e6]}}},
                   {"id": "wallB", "recipe": {"box": [1, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 2},
                    "position": [0, 1, 1.5], "destruction": {"damageOptions": {"thresholds": [1e6]}}}],
                 "unions": [{"id": 0, "step": 0, "members": [{"collection": "wallA"}, {"body": "beam"}, {"collection": "wallB"}]}]}""",
                Rubble.defaultPlugins());
        w.step();
        CollectionId wallA = w.destruction().collection(0);
        BodyId moved = throughMember ? w.find("beam") : w.unions().body(0);
        Vector3d p = w.position(moved, new Vector3d()).add(10, 0, 0);
        w.setPose(moved, p, w.orientation(moved, new Quaterniond()));
        Vector3d centre = new Vector3d(atNewPlace ? 10 : 0, 1, -1.5);
        w.applyField(Fields.Target.EXTERNAL_CLUSTER_STRAIN, Fields.radialFalloff(centre, 1.6).magnitude(1e7).falloff("none"),
                FieldOptions.once());
        int[] breaks = {0};
        w.destruction().addBreakListener(e -> breaks[0] += e.kind() == BreakEvent.Kind.BREAK && e.collection().equals(wallA) ? 1 : 0);
        w.step();
        return breaks[0];
    }

    @Test
    void aFieldInTheStepAUnionIsMovedFindsItsMembersWhereTheUnionNowIs() {
        for (boolean throughMember : new boolean[] {false, true}) {
            String how = throughMember ? "pose set on the beam" : "pose set on the union's body";
            assertThat(breaksOfWallA(throughMember, true)).as("%s: field at wall A's new place", how).isEqualTo(8);
            assertThat(breaksOfWallA(throughMember, false)).as("%s: field at wall A's old place", how).isZero();
        }
    }
}
