package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.BodyId;
import dev.rubble.api.BreakEvent;
import dev.rubble.api.EventKind;
import dev.rubble.api.EventView;
import dev.rubble.api.FieldOptions;
import dev.rubble.api.Fields;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.destruction.ClusterStore;
import dev.rubble.core.destruction.DestructionRuntime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A kill field's pieces are reported (docs/events.md, {@code REMOVAL}; docs/fields.md, {@code kill}): each held
 * piece a kill takes out of its holder is one removal event of the step, cause 1, with no body, at the centre of
 * mass and velocity its holder carried it with, its mass and volume; a break listener hears it as {@code KILLED}.
 * The expected values come from the same wall falling untouched beside it (the kill does not change how the rest
 * falls, {@link FieldPartialKillTest}). Before (2026-12-06) a kill left no event at all, so an embedder could not
 * free what it had attached to the piece.
 */
final class FieldKillEventsTest {
    private static final String WALL = """
            {"format": "rubble-scenario/1", "name": "falling wall",
             "collections": [{"id": "wall", "recipe": {"box": [1, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 1},
                "position": [0, 3, 0], "destruction": {"damageOptions": {"thresholds": [1e9]}}}]}""";
    private static final int LEAVES = 8, BEFORE = 10;

    /** World centre of mass and velocity of leaf k of the untouched wall: x y z vx vy vz. */
    private static double[] leaf(PhysicsWorld w, int k) {
        DestructionRuntime d = w.kernel().destruction();
        ClusterStore st = d.store();
        BodyStore b = w.kernel().bodies();
        int g = d.globalNode(0, k);
        int h = st.top(g);
        int s = b.slot(st.body[h]);
        Vector3d r = new org.joml.Quaterniond(b.qx[s], b.qy[s], b.qz[s], b.qw[s]).transform(new Vector3d(
                st.com[3 * g] - st.com[3 * h], st.com[3 * g + 1] - st.com[3 * h + 1], st.com[3 * g + 2] - st.com[3 * h + 2]));
        Vector3d v = new Vector3d(b.wx[s], b.wy[s], b.wz[s]).cross(r).add(b.vx[s], b.vy[s], b.vz[s]);
        return new double[] {b.px[s] + r.x, b.py[s] + r.y, b.pz[s] + r.z, v.x, v.y, v.z};
    }

    @Test
    void eachPieceAKillTakesIsARemovalEventWithNoBodyWhereItsHolderCarriedIt() {
        PhysicsWorld ref = Scenarios.parse(WALL, Rubble.defaultPlugins());
        PhysicsWorld w = Scenarios.parse(WALL, Rubble.defaultPlugins());
        w.setEvents(EventKind.REMOVAL, true);
        w.setEvents(EventKind.BREAK, true);
        List<String> heard = new ArrayList<>();
        w.destruction().addBreakListener(e -> heard.add(e.kind() + " " + e.node() + " " + (e.body().handle() < 0)));
        ref.step(BEFORE);
        w.step(BEFORE);
        // a kill over the wall's upper half (centre above its origin), once
        BodyStore b = w.kernel().bodies();
        BodyId wall = w.destruction().bodyOf(w.destruction().collection(0), 1);
        int ws = b.slot(wall.handle());
        Vector3d centre = new Vector3d(b.px[ws], b.py[ws] + 0.5, b.pz[ws]);
        Vector3d size = new Vector3d(3, 1, 1);
        // the field samples the held pieces where they are when the step starts (FIELDS slot); the killed piece
        // leaves in the DESTRUCTION slot, where the wall carries it after the step's motion
        List<Integer> inBox = new ArrayList<>();
        for (int k = 1; k <= LEAVES; k++) {
            double[] at = leaf(ref, k);
            if (Math.abs(at[0] - centre.x) < 1.5 && Math.abs(at[1] - centre.y) < 0.5 && Math.abs(at[2] - centre.z) < 0.5) {
                inBox.add(k);
            }
        }
        ref.step();
        Map<Integer, double[]> expected = new TreeMap<>();
        for (int k : inBox) {
            expected.put(k, leaf(ref, k));
        }
        assertThat(expected.size()).as("leaves in the kill's box").isBetween(1, LEAVES - 1);
        w.applyField(Fields.Target.KILL, Fields.boxFalloff(centre, size), FieldOptions.once());
        w.step();
        EventView rm = w.events().of(EventKind.REMOVAL);
        assertThat(rm.count()).as("one removal per killed piece").isEqualTo(expected.size());
        Vector3d p = new Vector3d(), v = new Vector3d();
        var asset = w.kernel().destruction().asset(0);
        for (int i = 0; i < rm.count(); i++) {
            int node = rm.node(i);
            assertThat(expected).as("removal %d names a leaf in the box", i).containsKey(node);
            assertThat(rm.cause(i)).as("cause: a kill field").isEqualTo(1);
            assertThat(rm.bodyA(i)).as("a killed piece had no body").isNull();
            rm.point(i, p);
            rm.velocityA(i, v);
            double[] want = expected.get(node);
            assertThat(p.x).isCloseTo(want[0], within(1e-9));
            assertThat(p.y).isCloseTo(want[1], within(1e-9));
            assertThat(p.z).isCloseTo(want[2], within(1e-9));
            assertThat(v.y).as("it was falling with the wall").isCloseTo(want[4], within(1e-9)).isNegative();
            assertThat(rm.massA(i)).isCloseTo(asset.mass()[node], within(1e-12));
            assertThat(rm.volume(i)).isCloseTo(asset.volume()[node], within(1e-12)).isPositive();
        }
        // a kill is no break: the only break event is the rest of the wall going on as a new internal cluster
        EventView br = w.events().of(EventKind.BREAK);
        assertThat(br.count()).isEqualTo(1);
        assertThat(br.cause(0)).isEqualTo(2);
        assertThat(heard.stream().filter(s -> s.startsWith("KILLED ") && s.endsWith(" true"))).hasSize(expected.size());
        assertThat(heard.stream().filter(s -> s.startsWith("CLUSTER "))).hasSize(1);
        assertThat(heard).hasSize(expected.size() + 1);
    }

    /**
     * A kill over the whole wall (dfuzz17, seed 170015 of {@code DestructionFuzz}: an anchored wall inside a kill
     * sphere): every piece the wall holds is killed, so the FIELDS slot disables the wall's body, and the pieces then
     * left a holder already out of the simulation, which records no event (the rule for a holder killed in an earlier
     * step). The wall went without one event: neither a removal nor a {@code KILLED} break event, so an embedder
     * never heard that it was gone. Each killed piece is reported as in a partial kill.
     */
    @Test
    void aKillOverTheWholeWallReportsEveryPiece() {
        PhysicsWorld w = Scenarios.parse(WALL, Rubble.defaultPlugins());
        w.setEvents(EventKind.REMOVAL, true);
        List<String> heard = new ArrayList<>();
        w.destruction().addBreakListener(e -> heard.add(e.kind() + " " + e.node() + " " + (e.body().handle() < 0)));
        w.step(BEFORE);
        BodyId wall = w.destruction().bodyOf(w.destruction().collection(0), 1);
        Vector3d centre = w.centerOfMass(wall, new Vector3d());
        w.applyField(Fields.Target.KILL, Fields.boxFalloff(centre, new Vector3d(6, 6, 6)), FieldOptions.once());
        w.step();
        for (int k = 0; k <= LEAVES; k++) {
            assertThat(w.destruction().bodyOf(w.destruction().collection(0), k)).as("node %d has no body", k).isNull();
        }
        EventView rm = w.events().of(EventKind.REMOVAL);
        assertThat(rm.count()).as("one removal per killed piece").isEqualTo(LEAVES);
        double mass = 0;
        for (int i = 0; i < rm.count(); i++) {
            assertThat(rm.cause(i)).isEqualTo(1);
            mass += rm.massA(i);
        }
        assertThat(mass).as("the killed pieces' mass is the wall's").isCloseTo(w.kernel().destruction().asset(0).mass()[0], within(1e-9));
        assertThat(heard).hasSize(LEAVES).allMatch(s -> s.startsWith("KILLED ") && s.endsWith(" true"));
    }
}
