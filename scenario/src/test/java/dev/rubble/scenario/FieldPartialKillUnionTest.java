package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
 * A kill field over PART of a cluster union (docs/fields.md, "Collections"), as {@link FieldPartialKillTest}
 * for an intact wall: two falling walls welded side by side (A at x = -1, B at x = +1, 2 m wide each, so the
 * union's centre of mass, where its body is sampled, lies on their seam), shot through the middle by a 1 m
 * kill box around the union's origin. The pieces in the box leave without bodies; the rest stay in the
 * simulation and go on falling. Before, the union's body was killed as a body: both walls, every piece,
 * went out of the simulation.
 */
final class FieldPartialKillUnionTest {
    private static final String UNION = """
            {"format": "rubble-scenario/1", "name": "falling welded walls",
             "collections": [
               {"id": "wallA", "recipe": {"box": [1, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 1},
                "position": [-1, 3, 0], "destruction": {"damageOptions": {"thresholds": [1e9]}}},
               {"id": "wallB", "recipe": {"box": [1, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 2},
                "position": [1, 3, 0], "destruction": {"damageOptions": {"thresholds": [1e9]}}}],
             "unions": [{"id": 0, "step": 0, "members": [{"collection": "wallA"}, {"collection": "wallB"}]}]}""";
    private static final int LEAVES = 8, BEFORE = 10, AFTER = 5;

    @Test
    void aKillOverPartOfAUnionKillsThePiecesInItAndTheRestFallsOn() {
        PhysicsWorld w = Scenarios.parse(UNION, Rubble.defaultPlugins());
        w.step(BEFORE);
        BodyStore b = w.kernel().bodies();
        BodyId union = w.unions().body(0);
        assertThat(union).isNotNull();
        int us = b.slot(union.handle());
        Vector3d origin = new Vector3d(b.originX(us), b.originY(us), b.originZ(us));
        assertThat(origin.x).as("the union's origin lies on the seam").isCloseTo(0, within(0.05));
        double vy = b.vy[us];
        assertThat(vy).as("falling").isLessThan(-1);
        // which leaves lie in the 1 m box around the union's origin (their world centres, through their holders)
        var d = w.kernel().destruction();
        var st = d.store();
        boolean[][] inside = new boolean[2][LEAVES + 1];
        int in = 0, out = 0;
        for (int c = 0; c < 2; c++) {
            long holder = d.holderBody(c, 1);
            int hs = b.slot(holder);
            int h = st.top(d.globalNode(c, 1));
            for (int k = 1; k <= LEAVES; k++) {
                int g = d.globalNode(c, k);
                double ox = st.com[3 * g] - st.com[3 * h], oy = st.com[3 * g + 1] - st.com[3 * h + 1], oz = st.com[3 * g + 2] - st.com[3 * h + 2];
                var r = new org.joml.Quaterniond(b.qx[hs], b.qy[hs], b.qz[hs], b.qw[hs]).transform(new Vector3d(ox, oy, oz));
                double x = b.px[hs] + r.x, y = b.py[hs] + r.y, z = b.pz[hs] + r.z;
                inside[c][k] = Math.abs(x - origin.x) < 0.5 && Math.abs(y - origin.y) < 0.5 && Math.abs(z - origin.z) < 0.5;
                in += inside[c][k] ? 1 : 0;
                out += inside[c][k] ? 0 : 1;
            }
        }
        assertThat(in).as("leaves in the box").isPositive();
        assertThat(out).as("leaves outside it").isPositive();
        w.applyField(Fields.Target.KILL, Fields.boxFalloff(origin, new Vector3d(1, 1, 1)), FieldOptions.once());
        for (int s = 0; s < AFTER; s++) {
            w.step();
            for (int c = 0; c < 2; c++) {
                CollectionId col = w.destruction().collection(c);
                for (int k = 1; k <= LEAVES; k++) {
                    BodyId body = w.destruction().bodyOf(col, k);
                    if (inside[c][k]) {
                        assertThat(body).as("step %d: wall %d leaf %d, in the box, has no body", s, c, k).isNull();
                        continue;
                    }
                    assertThat(body).as("step %d: wall %d leaf %d, outside the box", s, c, k).isNotNull();
                    int slot = b.slot(body.handle());
                    // in the simulation: its own body, or (welded) its union's
                    int u = w.kernel().destruction().unions().unionOfMember(body.handle());
                    int carrier = u >= 0 ? b.slot(w.kernel().destruction().unions().body(u)) : slot;
                    assertThat(b.state(carrier)).as("step %d: wall %d leaf %d", s, c, k).isNotEqualTo(BodyState.DISABLED);
                    // still falling: g·dt faster each step, give or take what the break gave it
                    assertThat(b.vy[carrier]).as("step %d: wall %d leaf %d falls", s, c, k).isLessThan(vy + 0.1);
                }
            }
        }
    }
}
