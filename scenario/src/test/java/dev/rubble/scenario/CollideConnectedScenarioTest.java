package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.world.World;
import org.junit.jupiter.api.Test;

/**
 * {@code constraints[].collideConnected} (docs/scenario-format.md): false switches off the contacts of the
 * two joined bodies. Two unit cubes overlapping by 0.2 m, joined by a ball joint in the overlap, in zero
 * gravity: with the contacts off nothing acts on them and they stay exactly where they are; by default
 * (true) the overlap is pushed against the joint and they move.
 */
class CollideConnectedScenarioTest {
    private static String scene(String option) {
        return """
            {"format": "rubble-scenario/1", "name": "joined cubes", "steps": 60,
             "world": {"gravity": [0, 0, 0]},
             "bodies": [{"id": "a", "shape": {"type": "box", "halfExtents": [0.5, 0.5, 0.5]}, "mass": 1, "position": [0, 0, 0]},
                        {"id": "b", "shape": {"type": "box", "halfExtents": [0.5, 0.5, 0.5]}, "mass": 1, "position": [0.8, 0, 0]}],
             "constraints": [{"type": "ball", "bodyA": "a", "bodyB": "b", "anchor": [0.4, 0, 0]%s}]}"""
                .formatted(option);
    }

    private static double movedX(String option) {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(scene(option)), Stages.load());
        sw.run(60);
        World w = sw.world();
        BodyStore b = w.bodies();
        int a = b.slot(w.findByLabel("a")), c = b.slot(w.findByLabel("b"));
        return Math.abs(b.px[a]) + Math.abs(b.px[c] - 0.8) + Math.abs(b.py[a]) + Math.abs(b.py[c]);
    }

    @Test
    void falseKeepsTheOverlappingJoinedCubesStillAndTheDefaultPushesThem() {
        assertThat(movedX(", \"collideConnected\": false")).isZero();
        assertThat(movedX("")).isGreaterThan(1e-3);
        assertThat(movedX(", \"collideConnected\": true")).isEqualTo(movedX(""));
    }

    /**
     * 400 joined pairs of overlapping cubes on the ground, every other one with its contacts off, at 1, 2 and 3
     * threads (enough pairs for the narrowphase to classify them in parallel blocks, each reading the
     * constraints' pairs): the same state hash at every step, the pairs with contacts off still overlapping
     * by the 0.2 m they were made with, the others pushed apart (past the joint's projection slop).
     */
    @Test
    void manyJoinedPairsGiveTheSameBitsOnEveryThreadCount() {
        long[] one = null;
        for (int threads : new int[] {1, 2, 3}) {
            StringBuilder bodies = new StringBuilder("{\"id\": \"ground\", \"shape\": {\"type\": \"box\", "
                    + "\"halfExtents\": [40, 0.5, 40]}, \"state\": \"static\", \"position\": [0, -0.5, 0]}");
            StringBuilder cons = new StringBuilder();
            for (int k = 0; k < 400; k++) {
                double x = (k % 20) * 2.5 - 25, z = (k / 20) * 2.5 - 25, y = 0.5 + (k % 3) * 0.1;
                bodies.append(String.format(java.util.Locale.ROOT, ", {\"id\": \"a%d\", \"shape\": {\"type\": \"box\", "
                        + "\"halfExtents\": [0.5, 0.5, 0.5]}, \"mass\": 1, \"position\": [%s, %s, %s]}", k, x, y, z));
                bodies.append(String.format(java.util.Locale.ROOT, ", {\"id\": \"b%d\", \"shape\": {\"type\": \"box\", "
                        + "\"halfExtents\": [0.5, 0.5, 0.5]}, \"mass\": 1, \"position\": [%s, %s, %s]}", k, x + 0.8, y, z));
                cons.append(k == 0 ? "" : ", ").append(String.format(java.util.Locale.ROOT, "{\"type\": \"ball\", "
                        + "\"bodyA\": \"a%d\", \"bodyB\": \"b%d\", \"anchor\": [%s, %s, %s], \"collideConnected\": %s}",
                        k, k, x + 0.4, y, z, k % 2 == 0));
            }
            String json = "{\"format\": \"rubble-scenario/1\", \"name\": \"joined pairs\", \"steps\": 60, "
                    + "\"world\": {\"threads\": " + threads + "}, \"bodies\": [" + bodies + "], \"constraints\": [" + cons + "]}";
            ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), Stages.load());
            long[] h = new long[60];
            for (int i = 0; i < 60; i++) {
                sw.step();
                h[i] = sw.world().profile().stateHash();
            }
            if (one == null) {
                one = h;
                World w = sw.world();
                BodyStore b = w.bodies();
                for (int k = 0; k < 400; k += 37) {
                    int a = b.slot(w.findByLabel("a" + k)), c = b.slot(w.findByLabel("b" + k));
                    double d = Math.sqrt(Math.pow(b.px[c] - b.px[a], 2) + Math.pow(b.py[c] - b.py[a], 2)
                            + Math.pow(b.pz[c] - b.pz[a], 2));
                    if (k % 2 == 0) {
                        // pushed apart against the joint: more than the joint's 1 mm projection slop past the 0.8 m it was
                        // made with (docs/constraints.md, "The position projection"; before it, more than 5 cm)
                        assertThat(d).as("pair %d, contacts on", k).isGreaterThan(0.801);
                    } else {
                        assertThat(d).as("pair %d, contacts off", k).isCloseTo(0.8, org.assertj.core.data.Offset.offset(0.01));
                    }
                }
            } else {
                assertThat(h).as("%d threads", threads).isEqualTo(one);
            }
        }
    }

    @Test
    void aValueThatIsNotABooleanIsRefusedNamingTheField() {
        assertThatThrownBy(() -> ScenarioLoader.parse(scene(", \"collideConnected\": \"no\"")))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("$.constraints[0].collideConnected")
                .hasMessageContaining("true or false");
        assertThatThrownBy(() -> ScenarioLoader.parse(scene(", \"collideConnected\": 0")))
                .hasMessageContaining("$.constraints[0].collideConnected");
    }
}
