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
import dev.rubble.core.destruction.ClusterStore;
import dev.rubble.core.destruction.DestructionRuntime;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A kill field over PART of an intact collection (docs/fields.md, "Collections"): the intact wall is one
 * body holding its pieces, and a kill is of the pieces it holds: those whose centre lies in the field's
 * region leave without bodies, the rest stay in the simulation, and the wall's body is disabled only when
 * every piece it holds is killed. A falling wall is shot through its middle (the field's box holds the
 * wall's own origin): every leaf outside the box must go on falling exactly as the same wall untouched
 * does. Before, the kill disabled the wall's body in the FIELDS slot, so the rest missed that step's
 * motion and was released in the DESTRUCTION slot where the wall had been a step earlier (about 3 cm
 * higher, at 1.6 m/s) — and a rule that lets a disabled holder's pieces go without bodies would have
 * lost the rest altogether.
 */
final class FieldPartialKillTest {
    private static final String WALL = """
            {"format": "rubble-scenario/1", "name": "falling wall",
             "collections": [{"id": "wall", "recipe": {"box": [1, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 1},
                "position": [0, 3, 0], "destruction": {"damageOptions": {"thresholds": [1e9]}}}]}""";
    private static final int LEAVES = 8, BEFORE = 10, AFTER = 5;

    /** World centres of mass of the 8 leaves (NaN for a leaf without a body). */
    private static double[][] leaves(PhysicsWorld w) {
        DestructionRuntime d = w.kernel().destruction();
        ClusterStore st = d.store();
        BodyStore b = w.kernel().bodies();
        double[][] out = new double[LEAVES + 1][];
        for (int k = 1; k <= LEAVES; k++) {
            int g = d.globalNode(0, k);
            int h = st.top(g);
            long body = st.body[h];
            if (body == ClusterStore.NONE || !b.isLive((int) body) || b.handle((int) body) != body) {
                out[k] = new double[] {Double.NaN, Double.NaN, Double.NaN};
                continue;
            }
            int s = b.slot(body);
            double ox = st.com[3 * g] - st.com[3 * h], oy = st.com[3 * g + 1] - st.com[3 * h + 1], oz = st.com[3 * g + 2] - st.com[3 * h + 2];
            var r = new org.joml.Quaterniond(b.qx[s], b.qy[s], b.qz[s], b.qw[s]).transform(new Vector3d(ox, oy, oz));
            out[k] = new double[] {b.px[s] + r.x, b.py[s] + r.y, b.pz[s] + r.z};
        }
        return out;
    }

    @Test
    void aKillOverPartOfAWallKillsThePiecesInItAndTheRestFallsOn() {
        PhysicsWorld ref = Scenarios.parse(WALL, Rubble.defaultPlugins());
        PhysicsWorld w = Scenarios.parse(WALL, Rubble.defaultPlugins());
        ref.step(BEFORE);
        w.step(BEFORE);
        double[][] at = leaves(ref);
        BodyStore b = w.kernel().bodies();
        BodyId wall = w.destruction().bodyOf(w.destruction().collection(0), 1);
        Vector3d origin = new Vector3d(b.originX(b.slot(wall.handle())), b.originY(b.slot(wall.handle())), b.originZ(b.slot(wall.handle())));
        // a 1 m box around the wall's own origin (where the wall's body is sampled): a kill there took the whole body
        Vector3d size = new Vector3d(1, 1, 1);
        boolean[] inside = new boolean[LEAVES + 1];
        int in = 0;
        for (int k = 1; k <= LEAVES; k++) {
            inside[k] = Math.abs(at[k][0] - origin.x) < 0.5 && Math.abs(at[k][1] - origin.y) < 0.5 && Math.abs(at[k][2] - origin.z) < 0.5;
            in += inside[k] ? 1 : 0;
        }
        assertThat(in).as("leaves in the box").isBetween(1, LEAVES - 1);
        w.applyField(Fields.Target.KILL, Fields.boxFalloff(origin, size), FieldOptions.once());
        CollectionId c = w.destruction().collection(0);
        for (int s = 0; s < AFTER; s++) {
            ref.step();
            w.step();
            double[][] want = leaves(ref), got = leaves(w);
            for (int k = 1; k <= LEAVES; k++) {
                BodyId body = w.destruction().bodyOf(c, k);
                if (inside[k]) {
                    assertThat(body).as("step %d: leaf %d, in the box, has no body", s, k).isNull();
                    continue;
                }
                assertThat(body).as("step %d: leaf %d, outside the box", s, k).isNotNull();
                assertThat(b.state(b.slot(body.handle()))).as("step %d: leaf %d", s, k).isNotEqualTo(BodyState.DISABLED);
                for (int a = 0; a < 3; a++) {
                    assertThat(got[k][a]).as("step %d: leaf %d axis %d falls as the untouched wall's", s, k, a)
                            .isCloseTo(want[k][a], within(1e-6));
                }
            }
        }
    }
}
