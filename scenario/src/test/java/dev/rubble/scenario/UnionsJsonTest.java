package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.plugin.Stages;
import dev.rubble.core.world.World;
import org.junit.jupiter.api.Test;

/** The scenario key {@code unions[]} (issue 29): members by body and collection id, later removals, bad input named by path. */
final class UnionsJsonTest {
    private static final Stages STAGES = Stages.load();

    private static String scene(String unions) {
        return """
                {"format": "rubble-scenario/1", "name": "u",
                 "bodies": [{"id": "floor", "state": "static", "shape": {"type": "box", "halfExtents": [10, 0.5, 10]}, "position": [0, -0.5, 0]},
                            {"id": "a", "shape": {"type": "box", "halfExtents": [0.5, 0.5, 0.5]}, "position": [0, 0.5, 0]},
                            {"id": "b", "shape": {"type": "box", "halfExtents": [0.5, 0.5, 0.5]}, "position": [1, 0.5, 0]}],
                 "collections": [{"id": "slab", "recipe": {"box": [1, 0.25, 1], "levels": [{"method": "voronoi", "options": {"count": 4}}], "seed": 3},
                                  "position": [0, 1.25, 0]}],
                 "unions": %s}""".formatted(unions);
    }

    @Test
    void membersJoinAtTheirStepAndLeaveAtTheirRemovalStep() {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(scene("""
                [{"id": 4, "step": 2, "members": [{"body": "a"}, {"body": "b"}, {"collection": "slab"}],
                  "remove": [{"body": "a", "step": 5}]}]""")), STAGES);
        World w = sw.world();
        sw.step();
        sw.step();
        assertThat(w.destruction().unions().ids()).isEmpty();
        sw.step(); // step 2: queued before it
        long a = w.findByLabel("a"), b = w.findByLabel("b");
        assertThat(w.destruction().unions().members(4)).containsExactly(a, b, w.destruction().holderBody(0, 0));
        sw.step();
        sw.step();
        sw.step(); // step 5: a leaves; b and the slab (which rests on both boxes) stay welded
        assertThat(w.destruction().unions().members(4)).containsExactly(b, w.destruction().holderBody(0, 0));
    }

    @Test
    void badUnionsAreNamedByPath() {
        bad("{}", "$.unions: expected an array of unions");
        bad("[{\"members\": []}]", "$.unions[0].members: expected a non-empty array of members");
        bad("[{\"members\": [{\"body\": \"zz\"}]}]", "$.unions[0].members[0].body: 'zz' is not the id of a body; known: a, b, floor");
        bad("[{\"members\": [{\"collection\": \"zz\"}]}]", "$.unions[0].members[0].collection: 'zz' is not the id of a collection; known: slab");
        bad("[{\"members\": [{\"body\": \"a\", \"collection\": \"slab\"}]}]",
                "$.unions[0].members[0]: names both a body and a collection; allowed: exactly one of body, collection");
        bad("[{\"members\": [{\"body\": \"a\", \"released\": true}]}]", "$.unions[0].members[0].released: is only for collections");
        bad("[{\"id\": -1, \"members\": [{\"body\": \"a\"}]}]", "$.unions[0].id: = -1; allowed: an integer in [0, 2147483647]");
        bad("[{\"id\": 1, \"members\": [{\"body\": \"a\"}]}, {\"id\": 1, \"members\": [{\"body\": \"b\"}]}]",
                "$.unions[1].id: 1 is used by an earlier union");
        bad("[{\"members\": [{\"body\": \"a\"}], \"remove\": [{\"body\": \"a\"}]}]", "$.unions[0].remove[0].step: missing");
        bad("[{\"members\": [{\"body\": \"a\", \"weld\": 1}]}]", "$.unions[0].members[0].weld: unknown key");
    }

    @Test
    void aStaticMemberWeldsAndAPlaneIsRefusedBeforeAnyStep() {
        // the static floor may join: the union is static, and the box welded to it stays put
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(scene(
                "[{\"id\": 0, \"members\": [{\"body\": \"floor\"}, {\"body\": \"a\"}]}]")), STAGES);
        World w = sw.world();
        for (int i = 0; i < 30; i++) {
            sw.step();
        }
        var bs = w.bodies();
        assertThat(bs.motion(bs.slot(w.destruction().unions().body(0)))).isEqualTo(dev.rubble.core.body.MotionType.STATIC);
        assertThat(bs.py[bs.slot(w.findByLabel("a"))]).isEqualTo(0.5);
        // a static plane cannot be welded (a union's body is a compound of convex shapes): named by path when created
        String plane = scene("[{\"id\": 0, \"members\": [{\"body\": \"ground\"}, {\"body\": \"a\"}]}]").replace(
                "\"bodies\": [", "\"bodies\": [{\"id\": \"ground\", \"state\": \"static\", \"shape\": {\"type\": \"plane\","
                        + " \"normal\": [0, 1, 0], \"offset\": -2}},");
        assertThatThrownBy(() -> ScenarioWorld.create(ScenarioLoader.parse(plane), STAGES)).isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("$.unions[0].members[0]: body 'ground': body = ")
                .hasMessageContaining("has shape PLANE; allowed: convex shapes");
    }

    private static void bad(String unions, String message) {
        assertThatThrownBy(() -> ScenarioLoader.parse(scene(unions))).isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith(message);
    }
}
