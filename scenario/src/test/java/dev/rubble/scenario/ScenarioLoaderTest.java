package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.body.MotionType;
import dev.rubble.core.world.World;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.plugin.UnknownStageException;
import dev.rubble.spi.shape.Box;
import org.junit.jupiter.api.Test;

final class ScenarioLoaderTest {
    /** A scenario file that is missing or not a file is named in the error, with what is allowed. */
    @Test
    void aMissingOrUnreadableFileIsNamedInTheError(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        java.nio.file.Path missing = dir.resolve("nope.json");
        assertThatThrownBy(() -> ScenarioLoader.load(missing)).isInstanceOf(ScenarioException.class)
                .hasMessage(missing + ": scenario file does not exist; allowed: a readable scenario .json file")
                .satisfies(e -> assertThat(((ScenarioException) e).path()).isEqualTo(missing.toString()));
        assertThatThrownBy(() -> ScenarioLoader.load(dir)).isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith(dir + ": cannot read the scenario file (")
                .hasMessageEndingWith("); allowed: a readable scenario .json file");
    }


    private static String scenario(String body) {
        return "{\"format\":\"rubble-scenario/1\",\"bodies\":[" + body + "]}";
    }

    @Test
    void readsACompleteScenario() {
        Scenario s = ScenarioLoader.parse("""
                {"format": "rubble-scenario/1", "name": "t", "steps": 12,
                 "world": {"dt": 0.01, "subSteps": 2, "gravity": [0, -1, 0], "velocityIterations": 4,
                           "positionIterations": 1, "stages": {"broadphase": "bruteforce"},
                           "budgets": {"maxBodies": 10}},
                 "bodies": [
                   {"id": "g", "state": "static", "shape": {"type": "box", "halfExtents": [5, 0.5, 5]}},
                   {"id": "b", "shape": {"type": "sphere", "radius": 0.5}, "position": [0, 2, 0], "mass": 2,
                    "friction": 0.3, "restitution": 0.4, "linearVelocity": [1, 0, 0]}],
                 "commands": [{"step": 3, "type": "impulse", "body": "b", "impulse": [0, 1, 0]}]}
                """);
        assertThat(s.name()).isEqualTo("t");
        assertThat(s.steps()).isEqualTo(12);
        assertThat(s.settings().dt()).isEqualTo(0.01);
        assertThat(s.settings().subSteps()).isEqualTo(2);
        assertThat(s.settings().maxBodies()).isEqualTo(10);
        assertThat(s.bodies()).hasSize(2);
        assertThat(s.bodies().get(0).motion()).isEqualTo(MotionType.STATIC);
        assertThat(s.bodies().get(0).shape()).isEqualTo(new Box(5, 0.5, 5));
        assertThat(s.bodies().get(1).mass()).isEqualTo(2);
        assertThat(s.commands()).hasSize(1);
    }

    @Test
    void negativeMassNamesTheField() {
        assertThatThrownBy(() -> ScenarioLoader.parse(scenario(
                "{\"shape\":{\"type\":\"sphere\",\"radius\":1}},{\"shape\":{\"type\":\"sphere\",\"radius\":1},\"mass\":-3}")))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("$.bodies[1].mass")
                .hasMessageContaining("-3")
                .hasMessageContaining("allowed");
    }

    @Test
    void unknownShapeListsTheKnownOnes() {
        assertThatThrownBy(() -> ScenarioLoader.parse(scenario("{\"shape\":{\"type\":\"torus\"}}")))
                .hasMessageContaining("$.bodies[0].shape.type")
                .hasMessageContaining("torus")
                .hasMessageContaining("sphere, box, capsule");
    }

    @Test
    void malformedJsonGivesTheLine() {
        assertThatThrownBy(() -> ScenarioLoader.parse("{\"format\": \"rubble-scenario/1\",\n \"bodies\": [ }"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("malformed JSON at line 2");
    }

    @Test
    void nanIsRejectedWhetherLiteralOrString() {
        assertThatThrownBy(() -> ScenarioLoader.parse(scenario(
                "{\"shape\":{\"type\":\"sphere\",\"radius\":1},\"position\":[0,NaN,0]}")))
                .hasMessageContaining("malformed JSON");
        assertThatThrownBy(() -> ScenarioLoader.parse(scenario(
                "{\"shape\":{\"type\":\"sphere\",\"radius\":1},\"position\":[0,\"NaN\",0]}")))
                .hasMessageContaining("$.bodies[0].position[1]")
                .hasMessageContaining("finite number");
    }

    @Test
    void unknownKeysAreErrors() {
        assertThatThrownBy(() -> ScenarioLoader.parse(scenario("{\"shape\":{\"type\":\"sphere\",\"radius\":1},\"frcition\":1}")))
                .hasMessageContaining("$.bodies[0].frcition")
                .hasMessageContaining("unknown key");
    }

    @Test
    void unknownStageNameFailsListingTheKnownNames() {
        Scenario s = ScenarioLoader.parse("{\"format\":\"rubble-scenario/1\",\"world\":{\"stages\":{\"broadphase\":\"quadtree\"}}}");
        assertThatThrownBy(() -> World.create(s.settings(), Stages.load()))
                .isInstanceOf(UnknownStageException.class)
                .hasMessageContaining("unknown broadphase 'quadtree'")
                .hasMessageContaining("known: bruteforce");
    }

    @Test
    void commandsMustNameAnExistingBody() {
        assertThatThrownBy(() -> ScenarioLoader.parse("{\"format\":\"rubble-scenario/1\",\"bodies\":[{\"id\":\"a\",\"shape\":{\"type\":\"sphere\",\"radius\":1}}],"
                + "\"commands\":[{\"type\":\"impulse\",\"body\":\"b\",\"impulse\":[0,0,0]}]}"))
                .hasMessageContaining("$.commands[0].body")
                .hasMessageContaining("known: a");
    }

    @Test
    void wrongFormatTagIsRejected() {
        assertThatThrownBy(() -> ScenarioLoader.parse("{\"format\":\"rubble-scenario/9\"}"))
                .hasMessageContaining("$.format");
    }

    @Test
    void scheduledCommandsApplyAtTheirStep() {
        Scenario s = ScenarioLoader.parse("""
                {"format": "rubble-scenario/1", "world": {"gravity": [0, 0, 0]},
                 "bodies": [{"id": "b", "shape": {"type": "sphere", "radius": 1}, "mass": 2}],
                 "commands": [{"step": 5, "type": "impulse", "body": "b", "impulse": [4, 0, 0]}]}
                """);
        ScenarioWorld sw = ScenarioWorld.create(s, Stages.load());
        sw.run(5);
        assertThat(sw.world().bodies().vx[0]).isZero();
        sw.step();
        assertThat(sw.world().bodies().vx[0]).isEqualTo(2.0); // J / m
        assertThat(sw.world().appliedCommands()).hasSize(1);
    }

    @Test
    void convexHullAndPlaneShapesParseAndBadPointsNameTheField() {
        Scenario s = ScenarioLoader.parse("""
                {"format": "rubble-scenario/1", "bodies": [
                   {"id": "g", "state": "static", "shape": {"type": "plane", "normal": [0, 2, 0], "offset": 0.5}},
                   {"id": "h", "shape": {"type": "convexHull", "points": [[0,0,0],[1,0,0],[0,1,0],[0,0,1],[0.1,0.1,0.1]]}}
                ]}""");
        assertThat(s.bodies().get(0).shape()).isEqualTo(new dev.rubble.spi.shape.Plane(0, 1, 0, 0.5));
        assertThat(s.bodies().get(1).shape().volume()).isCloseTo(1.0 / 6, org.assertj.core.api.Assertions.within(1e-12));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ScenarioLoader.parse("""
                {"format": "rubble-scenario/1", "bodies": [
                   {"id": "h", "shape": {"type": "convexHull", "points": [[0,0,0],[1,0,0],[2,0,0],[3,0,0]]}}
                ]}""")).isInstanceOf(ScenarioException.class).hasMessageContaining("bodies[0].shape.points")
                .hasMessageContaining("collinear");
    }

    @Test
    void aStaticTriangleMeshParsesAndEachBadPartIsNamed() {
        Scenario s = ScenarioLoader.parse("""
                {"format": "rubble-scenario/1", "bodies": [
                   {"id": "floor", "state": "static", "shape": {"type": "triangleMesh",
                    "vertices": [[-1, 0, -1], [1, 0, -1], [1, 0, 1], [-1, 0, 1]], "triangles": [[0, 2, 1], [0, 3, 2]]}}
                ]}""");
        dev.rubble.spi.shape.TriangleMesh m = (dev.rubble.spi.shape.TriangleMesh) s.bodies().get(0).shape();
        assertThat(m.triangleCount()).isEqualTo(2);
        assertThat(m.normal(0, 1)).as("(v2 - v0) x (v1 - v0) points up").isEqualTo(1.0);
        String[][] bad = {
            {"\"state\": \"dynamic\", \"shape\": {\"type\": \"triangleMesh\", \"vertices\": [[0,0,0],[1,0,0],[0,0,1]],"
                    + " \"triangles\": [[0, 2, 1]]}", "bodies[0].state", "allowed: static"},
            {"\"state\": \"static\", \"shape\": {\"type\": \"triangleMesh\", \"vertices\": [[0,0,0],[1,0,0],[0,0,1]],"
                    + " \"triangles\": [[0, 2, 3]]}", "bodies[0].shape.triangles[0][2]", "[0, 2]"},
            {"\"state\": \"static\", \"shape\": {\"type\": \"triangleMesh\", \"vertices\": [[0,0,0],[1,0,0],[0,0,1]],"
                    + " \"triangles\": [[0, 1.5, 2]]}", "bodies[0].shape.triangles[0][1]", "integer vertex index"},
            {"\"state\": \"static\", \"shape\": {\"type\": \"triangleMesh\", \"vertices\": [[0,0,0],[1,0,0],[2,0,0]],"
                    + " \"triangles\": [[0, 1, 2]]}", "bodies[0].shape.triangles", "zero area"},
            {"\"state\": \"static\", \"shape\": {\"type\": \"triangleMesh\", \"vertices\": [[0,0,0],[1,0,0]],"
                    + " \"triangles\": [[0, 1, 1]]}", "bodies[0].shape.vertices", "an array of 3 to"},
            {"\"state\": \"static\", \"shape\": {\"type\": \"triangleMesh\", \"vertices\": [[0,0,0],[1,0,0],[0,0,1]],"
                    + " \"triangles\": []}", "bodies[0].shape.triangles", "[a, b, c]"},
            {"\"state\": \"static\", \"shape\": {\"type\": \"triangleMesh\", \"vertices\": [[0,0,0],[1,0,0],[0,0,1e300]],"
                    + " \"triangles\": [[0, 2, 1]]}", "bodies[0].shape.vertices[2]", "m"},
        };
        for (String[] b : bad) {
            assertThatThrownBy(() -> ScenarioLoader.parse("{\"format\": \"rubble-scenario/1\", \"bodies\": [{\"id\": \"m\", "
                    + b[0] + "}]}")).as(b[1]).isInstanceOf(ScenarioException.class).hasMessageContaining(b[1])
                    .hasMessageContaining(b[2]);
        }
    }

    @Test
    void aStaticBodyWithAVelocityIsRefusedNamingTheField() {
        for (String f : new String[] {"linearVelocity", "angularVelocity"}) {
            assertThatThrownBy(() -> ScenarioLoader.parse("{\"format\": \"rubble-scenario/1\", \"bodies\": [{\"id\": \"floor\","
                    + " \"state\": \"static\", \"shape\": {\"type\": \"box\", \"halfExtents\": [5, 0.5, 5]}, \"" + f
                    + "\": [0, 0, 2]}]}")).as(f).isInstanceOf(ScenarioException.class)
                    .hasMessageContaining("bodies[0]." + f).hasMessageContaining("not allowed for a static body");
        }
        // zero is the same as none
        assertThat(ScenarioLoader.parse("{\"format\": \"rubble-scenario/1\", \"bodies\": [{\"id\": \"floor\", \"state\":"
                + " \"static\", \"shape\": {\"type\": \"box\", \"halfExtents\": [5, 0.5, 5]}, \"linearVelocity\": [0, 0, 0]}]}")
                .bodies()).hasSize(1);
    }
    /** A sleeping body is at rest: a velocity on one was dropped silently (its first step had it at rest). */
    @Test
    void aSleepingBodyWithAVelocityIsRefusedNamingTheField() {
        for (String f : new String[] {"linearVelocity", "angularVelocity"}) {
            assertThatThrownBy(() -> ScenarioLoader.parse("{\"format\": \"rubble-scenario/1\", \"bodies\": [{\"id\": \"box\","
                    + " \"state\": \"sleeping\", \"shape\": {\"type\": \"box\", \"halfExtents\": [0.5, 0.5, 0.5]}, \"" + f
                    + "\": [3, 0, 0]}]}")).as(f).isInstanceOf(ScenarioException.class)
                    .hasMessageContaining("bodies[0]." + f).hasMessageContaining("[3.0, 0.0, 0.0]")
                    .hasMessageContaining("starts \"sleeping\"");
        }
        assertThat(ScenarioLoader.parse("{\"format\": \"rubble-scenario/1\", \"bodies\": [{\"id\": \"box\", \"state\":"
                + " \"sleeping\", \"shape\": {\"type\": \"box\", \"halfExtents\": [0.5, 0.5, 0.5]}, \"linearVelocity\": [0, 0, 0]}]}")
                .bodies()).hasSize(1);
    }
    /** {@code "steps": 0} ran the default 600 steps (0 stood for "not given"): it is refused, naming the range. */
    @Test
    void zeroStepsIsRefusedNotTakenForTheDefault() {
        assertThatThrownBy(() -> ScenarioLoader.parse("{\"format\": \"rubble-scenario/1\", \"steps\": 0}"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("$.steps").hasMessageContaining("0 is out of range")
                .hasMessageContaining("allowed: [1, ");
        assertThat(ScenarioLoader.parse("{\"format\": \"rubble-scenario/1\", \"steps\": 1}").steps()).isEqualTo(1);
        assertThat(ScenarioLoader.parse("{\"format\": \"rubble-scenario/1\"}").steps()).isZero(); // not given
    }
}
