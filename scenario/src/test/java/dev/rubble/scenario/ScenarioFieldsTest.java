package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.world.World;
import org.junit.jupiter.api.Test;

/** The scenario key fields[] (issue 24): node trees in JSON, steps, persistence, and bad input named by JSON path. */
final class ScenarioFieldsTest {
    private static final Stages STAGES = Stages.load();

    private static String scene(String fields) {
        return """
                {"format": "rubble-scenario/1", "steps": 30,
                 "world": {"gravity": [0, 0, 0]},
                 "bodies": [
                   {"id": "a", "shape": {"type": "sphere", "radius": 0.25}, "mass": 2, "position": [1, 0, 0]},
                   {"id": "b", "shape": {"type": "sphere", "radius": 0.25}, "mass": 2, "position": [0, -3, 0]},
                   {"id": "c", "shape": {"type": "sphere", "radius": 0.25}, "mass": 2, "position": [9, 9, 9]}],
                 "fields": %s}
                """.formatted(fields);
    }

    private static World run(String fields, int steps) {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(scene(fields)), STAGES);
        sw.run(steps);
        return sw.world();
    }

    @Test
    void transientPersistentAndEndStepFieldsRunAtTheirSteps() {
        World w = run("""
                [{"target": "linear-velocity", "step": 2,
                  "field": {"node": "operator", "left": {"node": "radial-vector"},
                            "right": {"node": "radial-falloff", "radius": 4, "magnitude": 8}}},
                 {"name": "floor", "target": "kill", "step": 5, "persistent": true, "endStep": 6,
                  "meta": {"resolution": "minimal", "state": "dynamic", "position": "center-of-mass"},
                  "field": {"node": "plane-falloff", "position": [0, -1, 0], "normal": [0, 1, 0], "distance": 100}}]
                """, 10);
        BodyStore b = w.bodies();
        int a = b.slot(w.findByLabel("a")), bb = b.slot(w.findByLabel("b")), c = b.slot(w.findByLabel("c"));
        // a at 1 m: 8 (1 - 1/4) = 6 m/s outward, once; c is outside the sphere
        assertThat(b.vx[a]).isCloseTo(6, within(1e-12));
        assertThat(b.vx[c]).isZero();
        // b flew down at 8 (1 - 3/4) = 2 m/s and was below y = -1 when the kill field ran (steps 5 only)
        assertThat(b.state(bb)).isEqualTo(BodyState.DISABLED);
        assertThat(b.state(a)).isEqualTo(BodyState.AWAKE);
    }

    @Test
    void badFieldsExitNamingTheJsonPath() {
        bad("[{\"target\": \"linear-velocity\", \"field\": {\"node\": \"tornado\"}}]",
                "$.fields[0].field.node: 'tornado': unknown field node; known: box-falloff,");
        bad("[{\"target\": \"gravity\", \"field\": {\"node\": \"uniform-vector\"}}]",
                "$.fields[0].target: 'gravity' is unknown; allowed: dynamic-state,");
        bad("[{\"target\": \"kill\", \"field\": {\"node\": \"radial-vector\"}}]",
                "$.fields[0].field: gives vector values; target 'kill' needs scalar");
        bad("[{\"target\": \"kill\", \"field\": {\"node\": \"operator\", \"left\": {\"node\": \"uniform-scalar\"},"
                + " \"right\": {\"node\": \"radial-falloff\", \"radius\": -1}}}]",
                "$.fields[0].field.right.radius: -1.0; allowed: finite, >= 0.0");
        bad("[{\"target\": \"kill\", \"field\": {\"node\": \"uniform-scalar\", \"magnitude\": \"NaN\"}}]",
                "$.fields[0].field.magnitude: 'NaN' is not a number");
        bad("[{\"target\": \"kill\", \"field\": {\"node\": \"plane-falloff\", \"normal\": [0, 1]}}]",
                "$.fields[0].field.normal: [0,1] is not a vector; allowed: [x, y, z] numbers");
        bad("[{\"target\": \"kill\", \"persistent\": true, \"field\": {\"node\": \"uniform-scalar\"}}]",
                "$.fields[0].name: missing; allowed: a non-empty name");
        bad("[{\"name\": \"x\", \"target\": \"kill\", \"persistent\": true, \"step\": 5, \"endStep\": 5,"
                + " \"field\": {\"node\": \"uniform-scalar\"}}]", "$.fields[0].endStep: 5 is not after step 5");
        bad("[{\"target\": \"kill\", \"meta\": {\"resolution\": \"all\"}, \"field\": {\"node\": \"uniform-scalar\"}}]",
                "$.fields[0].meta.resolution: 'all'; allowed: minimal, disabled-parents, maximum");
        // an outsider's pass: the message names the bad value as given and what is allowed in words
        bad("[{\"collection\": \"nope\", \"target\": \"dynamic-state\", \"field\": {\"node\": \"uniform-integer\", \"magnitude\": 3}}]",
                "$.fields[0].collection: 'nope' is not a collection of this scenario; allowed: ");
        bad("[{\"target\": \"kill\", \"field\": {\"node\": \"wave-scalar\", \"period\": 0}}]",
                "$.fields[0].field.period: 0.0; allowed: finite, > 0");
        bad("[{\"target\": \"collision-group\", \"field\": {\"node\": \"uniform-integer\", \"magnitude\": 1e20}}]",
                "$.fields[0].field.magnitude: 1.0E20; allowed: [-2147483648, 2147483647]");
        bad("[{\"target\": \"kill\", \"field\": {\"node\": \"culling\", \"input\": {\"node\": \"uniform-scalar\"},"
                + " \"culling\": {\"node\": \"uniform-vector\"}}}]",
                "$.fields[0].field.culling: gives vector; allowed: scalar");
        bad("[{\"target\": \"kill\", \"field\": {\"node\": \"culling\", \"input\": {\"node\": \"uniform-scalar\"}}}]",
                "$.fields[0].field.culling: missing; allowed: a node of type scalar");
        bad("[{\"target\": \"kill\", \"meta\": {\"object\": \"soft\"}, \"field\": {\"node\": \"uniform-scalar\"}}]",
                "$.fields[0].meta.object: 'soft' with target 'kill': soft bodies take linear-velocity, linear-impulse and linear-force only");
        bad("[{\"target\": \"kill\", \"field\": {\"node\": \"uniform-scalar\", \"magnitud\": 1}}]",
                "$.fields[0].field.magnitud: unknown parameter of uniform-scalar; allowed: magnitude");
    }

    private static double heldHeightAfter(String initField, int steps) {
        String json = """
                {"format": "rubble-scenario/1", "world": {"gravity": [0, -9.81, 0]},
                 "collections": [{"id": "slab", "recipe": {"box": [1, 1, 0.2], "levels": [{"method": "voronoi",
                                  "options": {"count": 8}}], "seed": 1}, "position": [0, 5, 0]}],
                 "fields": [%s]}""".formatted(initField);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        sw.run(steps);
        World w = sw.world();
        BodyStore b = w.bodies();
        return b.py[b.slot(w.destruction().holderBody(0, 0))];
    }

    @Test
    void anInitialisationFieldAnchorsTheLeavesInItsRegionBeforeTheClustersAreBuilt() {
        // a box over the slab's lower third: its leaves are anchored, so the intact slab is kinematic and stays up
        String anchor = """
                {"collection": "slab", "target": "dynamic-state",
                 "field": {"node": "culling", "operation": "outside",
                           "culling": {"node": "box-falloff", "position": [0, 4, 0], "scale": [4, 1.4, 2]},
                           "input": {"node": "uniform-integer", "magnitude": 3}}}""";
        double start = heldHeightAfter(anchor, 0);
        assertThat(heldHeightAfter(anchor, 30)).isEqualTo(start);
        // the same box far away anchors nothing: the slab falls
        String elsewhere = anchor.replace("[0, 4, 0]", "[30, 4, 0]");
        assertThat(heldHeightAfter(elsewhere, 30)).isLessThan(start - 1);
        bad("[{\"collection\": \"slab\", \"target\": \"kill\", \"field\": {\"node\": \"uniform-scalar\"}}]",
                "$.fields[0].target: 'kill'; allowed for an initialisation field: dynamic-state");
    }

    @Test
    void anInitialisationVelocityFieldThrowsTheCollectionWithItsLeavesMomentum() {
        // the whole slab covered: 3 m/s sideways; over 10 steps of 1/60 s without gravity it moves 0.5 m
        String json = """
                {"format": "rubble-scenario/1", "world": {"gravity": [0, 0, 0]},
                 "collections": [{"id": "slab", "recipe": {"box": [1, 1, 0.2], "levels": [{"method": "voronoi",
                                  "options": {"count": 8}}], "seed": 1}, "position": [0, 5, 0]}],
                 "fields": [{"collection": "slab", "target": "initial-linear-velocity",
                             "field": {"node": "uniform-vector", "magnitude": 3, "direction": [1, 0, 0]}}]}""";
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        World w = sw.world();
        BodyStore b = w.bodies();
        int s = b.slot(w.destruction().holderBody(0, 0));
        double x0 = b.px[s];
        sw.run(10);
        assertThat(b.vx[s]).isCloseTo(3, within(1e-9));
        assertThat(b.px[s] - x0).isCloseTo(3 * 10 / 60.0, within(1e-9));
        // the same target on an ordinary field (no "collection") is refused naming the path
        bad("[{\"target\": \"initial-linear-velocity\", \"field\": {\"node\": \"uniform-vector\"}}]",
                "$.fields[0].target: 'initial-linear-velocity' is for a collection's initialisation fields only");
    }

    private static void bad(String fields, String message) {
        assertThatThrownBy(() -> ScenarioWorld.create(ScenarioLoader.parse(scene(fields)), STAGES))
                .isInstanceOf(ScenarioException.class).hasMessageStartingWith(message);
    }
}
