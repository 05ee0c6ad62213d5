package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.BodyId;
import dev.rubble.api.FieldOptions;
import dev.rubble.api.Fields;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
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

    private static final String THREE = "{\"collection\": \"wallA\"}, {\"body\": \"beam\"}, {\"collection\": \"wallB\"}";

    /**
     * What a field sets on a union's body — its motion (dynamic-state 2, 3), collision group, sleep and
     * disable thresholds, and its being killed — belongs to the welded structure and outlives the rebuild
     * that a member's break causes (before, the rebuilt body took its members' settings: a frozen bridge
     * fell, a ghost collided again, a killed bridge came back awake).
     */
    @Test
    void settingsAFieldMakesOnAUnionOutliveItsRebuild() {
        for (String what : new String[] {"static", "kinematic", "ghost", "group", "sleep", "disable", "kill"}) {
            PhysicsWorld w = world(THREE);
            FieldOptions dynamicOnly = FieldOptions.once().state("dynamic"); // the union's body, not the held pieces
            switch (what) {
                case "static" -> w.applyField(Fields.Target.DYNAMIC_STATE, Fields.uniformInteger(3), dynamicOnly);
                case "kinematic" -> w.applyField(Fields.Target.DYNAMIC_STATE, Fields.uniformInteger(2), dynamicOnly);
                case "ghost" -> w.applyField(Fields.Target.COLLISION_GROUP, Fields.uniformInteger(-1), dynamicOnly);
                case "group" -> w.applyField(Fields.Target.COLLISION_GROUP, Fields.uniformInteger(5), dynamicOnly);
                case "sleep" -> w.applyField(Fields.Target.SLEEPING_THRESHOLD, Fields.uniformScalar(0.25), dynamicOnly);
                case "disable" -> w.applyField(Fields.Target.DISABLE_THRESHOLD, Fields.uniformScalar(0.25), dynamicOnly);
                default -> w.applyField(Fields.Target.KILL, Fields.uniformScalar(1), dynamicOnly);
            }
            w.step();
            BodyStore b = w.kernel().bodies();
            BodyId u = w.unions().body(0);
            int us = b.slot(u.handle());
            BodyState state = b.state(us);
            byte motion = b.motion[us];
            int layer = b.collisionLayer[us], mask = b.collisionMask[us];
            double sleep = b.sleepThreshold[us], disable = b.disableThreshold[us];
            switch (what) { // the field's effect, by hand
                case "static" -> assertThat(state).isEqualTo(BodyState.STATIC);
                case "kinematic" -> assertThat(motion).isEqualTo((byte) MotionType.KINEMATIC.ordinal());
                case "ghost" -> assertThat(layer | mask).isZero();
                case "group" -> assertThat(new int[] {layer, mask}).containsExactly(1 << 5, BodyStore.DEFAULT_LAYER | 1 << 5);
                case "sleep" -> assertThat(sleep).isEqualTo(0.25);
                case "disable" -> assertThat(state).as("at rest below 0.25 m/s: disabled").isEqualTo(BodyState.DISABLED);
                default -> assertThat(state).isEqualTo(BodyState.DISABLED);
            }
            w.destruction().crumble(w.destruction().collection(1), 0); // wall B breaks: the union is rebuilt
            w.step();
            BodyId u2 = w.unions().body(0);
            assertThat(u2).as("%s: rebuilt", what).isNotNull().isNotEqualTo(u);
            int s2 = b.slot(u2.handle());
            assertThat(b.state(s2)).as("%s: state", what).isEqualTo(state);
            assertThat(b.motion[s2]).as("%s: motion", what).isEqualTo(motion);
            assertThat(new int[] {b.collisionLayer[s2], b.collisionMask[s2]}).as("%s: collision filter", what).containsExactly(layer, mask);
            assertThat(Double.valueOf(b.sleepThreshold[s2])).as("%s: sleep threshold", what).isEqualTo(Double.valueOf(sleep));
            assertThat(b.disableThreshold[s2]).as("%s: disable threshold", what).isEqualTo(disable);
            if (what.equals("kill")) {
                assertThat(b.state(b.slot(w.find("beam").handle()))).as("the welded beam").isEqualTo(BodyState.DISABLED);
            }
        }
    }

    /** A kill field over a whole welded structure takes it all away, as it takes the same bodies unwelded. */
    @Test
    void aKillFieldOverAWeldedStructureKillsEveryPartOfIt() {
        for (String members : new String[] {null, THREE}) {
            PhysicsWorld w = world(members);
            w.applyField(Fields.Target.KILL, Fields.uniformScalar(1), FieldOptions.once());
            w.step();
            w.step();
            BodyStore b = w.kernel().bodies();
            assertThat(b.state(b.slot(w.find("beam").handle()))).as("welded %s: the beam", members != null).isEqualTo(BodyState.DISABLED);
            assertThat(b.count(BodyState.AWAKE) + b.count(BodyState.SLEEPING)).as("welded %s: bodies left in the simulation",
                    members != null).isZero();
        }
    }

    /**
     * A welded wall and beam frozen by a field (dynamic-state 3 for static, 2 for kinematic) and then the
     * wall killed: the beam, the one member left, goes free with its union's motion type as with its
     * velocity, so it stays where it was frozen — as the same field and kill leave the unwelded beam.
     */
    @Test
    void aFrozenUnionsLastMemberStaysFrozenWhenItComesApart() {
        for (int code : new int[] {3, 2}) {
            for (String members : new String[] {null, WALL_AND_BEAM}) {
                PhysicsWorld w = world(members);
                w.applyField(Fields.Target.DYNAMIC_STATE, Fields.uniformInteger(code), FieldOptions.once().state("dynamic"));
                w.step();
                w.applyField(Fields.Target.KILL, Fields.uniformScalar(1), FieldOptions.once().state("disabled")); // the walls' pieces
                w.step(3);
                BodyStore b = w.kernel().bodies();
                int s = b.slot(w.find("beam").handle());
                assertThat(w.unions().ids()).as("code %d: the union came apart", code).isEmpty();
                assertThat(b.motion[s]).as("code %d, welded %s: the beam's motion", code, members != null)
                        .isEqualTo((byte) (code == 3 ? MotionType.STATIC : MotionType.KINEMATIC).ordinal());
                assertThat(b.state(s)).isNotEqualTo(BodyState.DISABLED);
                assertThat(b.py[s]).as("where it was frozen").isCloseTo(2.17, within(1e-9));
            }
        }
    }
}
