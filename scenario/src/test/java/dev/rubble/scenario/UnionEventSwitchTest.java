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
 * Event switches asked for on a cluster union's body (docs/events.md) belong to the welded structure and
 * outlive its rebuild, as the union's other settings do (docs/destruction.md, "Cluster unions"): a member's
 * break rebuilds the union on a new body, which carries the old body's switches. Before, the new body had
 * none and the structure fell silent.
 *
 * <p>Scene: two Voronoi walls and a beam welded into union 0, no gravity, the union drifting at 1 m/s along
 * x; MOVED events switched on for the union's body alone. Wall B is crumbled at step 3 (the union is rebuilt
 * without it). Every step's MOVED events must name the union's body of that step, before and after.
 */
final class UnionEventSwitchTest {

    @Test
    void aUnionsEventSwitchesOutliveItsRebuild() {
        PhysicsWorld w = world();
        w.step();
        BodyId first = w.unions().body(0);
        assertThat(first).isNotNull();
        w.setVelocity(first, new Vector3d(1, 0, 0), new Vector3d());
        w.setBodyEvents(first, EventKind.MOVED);
        List<BodyId> moved = new ArrayList<>();
        w.addEventListener(ev -> {
            EventView v = ev.of(EventKind.MOVED);
            moved.clear();
            for (int i = 0; i < v.count(); i++) {
                moved.add(v.bodyA(i));
            }
        });
        for (int i = 0; i < 8; i++) {
            if (i == 3) {
                w.destruction().crumble(w.destruction().collection(1), 0); // wall B breaks: the union is rebuilt
            }
            w.step();
            BodyId now = w.unions().body(0);
            if (i >= 3) {
                assertThat(now).as("rebuilt on a new body").isNotEqualTo(first);
            }
            assertThat(moved).as("MOVED events at step %d", i).containsExactly(now);
        }
    }

    /** Two Voronoi walls and a beam welded into union 0, no gravity, and a static block 1 m past the walls along x. */
    private static PhysicsWorld world() {
        return Scenarios.parse("""
                {"format": "rubble-scenario/1", "name": "events on unions", "world": {"gravity": [0, 0, 0]},
                 "bodies": [{"id": "beam", "shape": {"type": "box", "halfExtents": [0.9, 0.15, 1.65]}, "position": [0, 2.17, 0], "mass": 400},
                            {"id": "block", "state": "static", "shape": {"type": "box", "halfExtents": [0.5, 0.5, 0.5]}, "position": [2.5, 1, -1.5]}],
                 "collections": [
                   {"id": "wallA", "recipe": {"box": [1, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 1},
                    "position": [0, 1, -1.5], "destruction": {"damageOptions": {"thresholds": [1e6]}}},
                   {"id": "wallB", "recipe": {"box": [1, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 2},
                    "position": [0, 1, 1.5], "destruction": {"damageOptions": {"thresholds": [1e6]}}}],
                 "unions": [{"id": 0, "step": 0, "members": [{"collection": "wallA"}, {"body": "beam"}, {"collection": "wallB"}]}]}""",
                Rubble.defaultPlugins());
    }

    /**
     * A switch asked for on a welded member (the beam) counts for its union's body, whose contacts and
     * motion are the member's: MOVED names the union's body every step, and BEGIN fires once when the
     * drifting structure reaches the block (1 m at 1 m/s: about step 60), naming the union's body and the block.
     */
    @Test
    void aWeldedMembersSwitchesFireForItsUnionsBody() {
        PhysicsWorld w = world();
        w.step();
        BodyId u = w.unions().body(0);
        BodyId beam = w.find("beam");
        w.setVelocity(u, new Vector3d(1, 0, 0), new Vector3d());
        w.setBodyEvents(beam, EventKind.MOVED, EventKind.CONTACT_BEGIN);
        List<BodyId> moved = new ArrayList<>();
        List<BodyId[]> begun = new ArrayList<>();
        int[] beganAt = {-1};
        w.addEventListener(ev -> {
            EventView v = ev.of(EventKind.MOVED);
            moved.clear();
            for (int i = 0; i < v.count(); i++) {
                moved.add(v.bodyA(i));
            }
            EventView b = ev.of(EventKind.CONTACT_BEGIN);
            for (int i = 0; i < b.count(); i++) {
                begun.add(new BodyId[] {b.bodyA(i), b.bodyB(i)});
                beganAt[0] = beganAt[0] < 0 ? (int) ev.step() : beganAt[0];
            }
        });
        for (int i = 0; i < 90; i++) {
            w.step();
            assertThat(moved).as("MOVED events at step %d", i).containsExactly(u);
        }
        assertThat(begun).as("BEGIN events").hasSize(1);
        assertThat(begun.get(0)).containsExactlyInAnyOrder(u, w.find("block"));
        assertThat(beganAt[0]).as("the step the structure reached the block").isBetween(55, 65);
    }
}
