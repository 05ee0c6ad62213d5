package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.BodyId;
import dev.rubble.api.EventKind;
import dev.rubble.api.EventView;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Contact events on a cluster union's body say which welded member was touched (docs/events.md,
 * "Cluster unions"): the event's body is the union's, which moves for its members, and
 * {@code memberA}/{@code memberB} name the member on that side, found from the contact's compound child.
 * Before, a hit on one wall of a welded bridge did not say which wall.
 *
 * <p>Scene: two Voronoi walls (A at z = -1.5, B at z = +1.5) and a beam welded into union 0, no gravity,
 * the union drifting at 2 m/s along x towards two static blocks, one in line with each wall (and below
 * the beam): the walls reach their blocks together, 1 m on (about step 30). Every begin and hit event
 * pairs a block with the union's body, and the member named on the union's side is the wall in line
 * with that block; the block's side names none. A contact listener's manifolds say the same.
 */
final class UnionEventMemberTest {

    @Test
    void contactsOnAUnionNameTheMemberTouched() {
        PhysicsWorld w = Scenarios.parse("""
                {"format": "rubble-scenario/1", "name": "events on welded members", "world": {"gravity": [0, 0, 0]},
                 "bodies": [{"id": "beam", "shape": {"type": "box", "halfExtents": [0.9, 0.15, 1.65]}, "position": [0, 2.17, 0], "mass": 400},
                            {"id": "blockA", "state": "static", "shape": {"type": "box", "halfExtents": [0.5, 0.5, 0.5]}, "position": [2.5, 1, -1.5]},
                            {"id": "blockB", "state": "static", "shape": {"type": "box", "halfExtents": [0.5, 0.5, 0.5]}, "position": [2.5, 1, 1.5]}],
                 "collections": [
                   {"id": "wallA", "recipe": {"box": [1, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 1},
                    "position": [0, 1, -1.5], "destruction": {"damageOptions": {"thresholds": [1e9]}}},
                   {"id": "wallB", "recipe": {"box": [1, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 2},
                    "position": [0, 1, 1.5], "destruction": {"damageOptions": {"thresholds": [1e9]}}}],
                 "unions": [{"id": 0, "step": 0, "members": [{"collection": "wallA"}, {"body": "beam"}, {"collection": "wallB"}]}]}""",
                Rubble.defaultPlugins());
        w.step();
        BodyId u = w.unions().body(0);
        BodyId wallA = w.destruction().bodyOf(w.destruction().collection(0), 0);
        BodyId wallB = w.destruction().bodyOf(w.destruction().collection(1), 0);
        BodyId blockA = w.find("blockA"), blockB = w.find("blockB");
        assertThat(wallA).isNotNull().isNotEqualTo(wallB);
        w.setVelocity(u, new Vector3d(2, 0, 0), new Vector3d());
        w.setEvents(EventKind.CONTACT_BEGIN, true);
        w.setEvents(EventKind.HIT, true);
        List<String> seen = new ArrayList<>();
        w.addEventListener(ev -> {
            for (EventKind kind : new EventKind[] {EventKind.CONTACT_BEGIN, EventKind.HIT}) {
                EventView v = ev.of(kind);
                for (int i = 0; i < v.count(); i++) {
                    boolean unionIsA = u.equals(v.bodyA(i));
                    BodyId block = unionIsA ? v.bodyB(i) : v.bodyA(i);
                    BodyId member = unionIsA ? v.memberA(i) : v.memberB(i);
                    BodyId other = unionIsA ? v.memberB(i) : v.memberA(i);
                    assertThat(unionIsA ? v.bodyA(i) : v.bodyB(i)).as("%s %d: the union's body", kind, i).isEqualTo(u);
                    assertThat(block).as("%s %d: a block", kind, i).isIn(blockA, blockB);
                    assertThat(member).as("%s %d on %s: the member touched", kind, i, block).isEqualTo(block.equals(blockA) ? wallA : wallB);
                    assertThat(other).as("%s %d: the block's side names no member", kind, i).isNull();
                    seen.add(kind + (block.equals(blockA) ? " A" : " B"));
                }
            }
        });
        w.addContactListener(c -> { // the per-manifold listener says the same
            boolean unionIsA = u.equals(c.bodyA());
            BodyId block = unionIsA ? c.bodyB() : c.bodyA();
            assertThat(unionIsA ? c.memberA() : c.memberB()).as("contact with %s", block).isEqualTo(block.equals(blockA) ? wallA : wallB);
            assertThat(unionIsA ? c.memberB() : c.memberA()).isNull();
            seen.add("contact" + (block.equals(blockA) ? " A" : " B"));
        });
        w.step(60);
        assertThat(seen).as("begins and hits on both walls").contains("CONTACT_BEGIN A", "CONTACT_BEGIN B", "HIT A", "HIT B",
                "contact A", "contact B");
    }
}
