package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import org.junit.jupiter.api.Test;

/**
 * Issue 17, items 2, 10, 12, 14: the scenario values that produced impossible state are refused
 * naming their JSON path; the ones that are merely huge are clamped; commands that cannot be
 * applied name their JSON path and leave the steps already simulated in place.
 */
final class ScenarioDefenceTest {
    private static final Stages STAGES = Stages.load();
    static final String G = "{\"id\":\"ground\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[20,0.5,20]},"
            + "\"position\":[0,-0.5,0]}";

    private static String scene(String world, String body, String commands) {
        return "{\"format\":\"rubble-scenario/1\"" + (world.isEmpty() ? "" : ",\"world\":" + world) + ",\"bodies\":[" + G
                + (body.isEmpty() ? "" : "," + body) + "]" + (commands.isEmpty() ? "" : ",\"commands\":[" + commands + "]")
                + "}";
    }

    private static void refused(String json, String path) {
        assertThatThrownBy(() -> ScenarioLoader.parse(json)).as(json).isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith(path + ":").hasMessageContaining("allowed");
    }

    @Test
    void valuesThatGaveImpossibleStateAreRefusedNamingTheirPath() {
        String box = "{\"id\":\"b\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.5,0.5,0.5]},\"position\":[0,2,0]%s}";
        refused(scene("", "{\"id\":\"s\",\"shape\":{\"type\":\"sphere\",\"radius\":5e-324}}", ""), "$.bodies[1].shape.radius");
        refused(scene("", "{\"shape\":{\"type\":\"box\",\"halfExtents\":[5e-324,1,1]}}", ""),
                "$.bodies[1].shape.halfExtents[0]");
        refused(scene("", box.formatted(",\"mass\":5e-324"), ""), "$.bodies[1].mass");
        refused(scene("", box.formatted(",\"density\":5e-324"), ""), "$.bodies[1].density");
        refused(scene("", box.formatted(",\"density\":1e308"), ""), "$.bodies[1].density");
        refused(scene("", box.formatted(",\"orientation\":[1e200,0,0,0]"), ""), "$.bodies[1].orientation[0]");
        refused(scene("", box.formatted(",\"gravityScale\":1e308"), ""), "$.bodies[1].gravityScale");
        refused(scene("{\"solver\":{\"dampingRatio\":1e308}}", "", ""), "$.world.solver.dampingRatio");
        refused(scene("{\"motion\":{\"maxAngularSpeed\":1e308}}", "", ""), "$.world.motion.maxAngularSpeed");
        refused(scene("{\"gravity\":[0,-1e308,0]}", "", ""), "$.world.gravity[1]");
        // a density that is fine alone but gives an unrepresentable mass for this shape
        refused(scene("", "{\"shape\":{\"type\":\"box\",\"halfExtents\":[1e6,1e6,1e6]},\"density\":1e9}", ""),
                "$.bodies[1].density");
    }

    @Test
    void aDynamicPlaneIsRefusedInBodiesAndInSpawn() {
        String plane = "{\"shape\":{\"type\":\"plane\"},\"state\":\"dynamic\"}";
        refused(scene("", plane, ""), "$.bodies[1].state");
        refused(scene("", "", "{\"type\":\"spawn\",\"step\":1,\"body\":" + plane + "}"), "$.commands[0].body.state");
    }

    @Test
    void stageOptionsForAnUnknownFamilyAreAnError() {
        assertThatThrownBy(() -> ScenarioLoader.parse(scene("{\"stageOptions\":{\"broadphse\":{\"cellSize\":2}}}", "", "")))
                .hasMessageStartingWith("$.world.stageOptions.broadphse:").hasMessageContaining("known: broadphase");
    }

    @Test
    void velocitiesAndImpulsesWhoseSquaresOverflowAreClampedInTheirDirection() {
        // default maxLinearSpeed: what 1e150 was already clamped to, and now 1e308 and a 1e160 impulse too
        double max = dev.rubble.core.step.WorldSettings.defaults().dynamics().maxLinearSpeed();
        String json = scene("{\"gravity\":[0,0,0]}",
                "{\"id\":\"v\",\"shape\":{\"type\":\"sphere\",\"radius\":0.5},\"position\":[0,50,0],"
                        + "\"linearVelocity\":[1e308,-1e308,0]},"
                        + "{\"id\":\"j\",\"shape\":{\"type\":\"sphere\",\"radius\":0.5},\"position\":[0,50,10],\"mass\":1}",
                "{\"type\":\"impulse\",\"step\":0,\"body\":\"j\",\"impulse\":[0,0,1e160]}");
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        sw.step();
        BodyStore b = sw.world().bodies();
        int v = b.slot(sw.world().findByLabel("v")), j = b.slot(sw.world().findByLabel("j"));
        assertThat(b.vx[v]).isCloseTo(max / Math.sqrt(2), within(1e-9));
        assertThat(b.vy[v]).isCloseTo(-max / Math.sqrt(2), within(1e-9));
        assertThat(b.vz[j]).isCloseTo(max, within(1e-9));
        assertThat(b.vx[j]).isZero();
        assertThat(sw.world().profile().nonFiniteBodies()).isZero();
    }

    @Test
    void commandsThatCannotBeAppliedNameTheirPathAndKeepTheStepsSimulated() {
        String ball = "{\"id\":\"a\",\"shape\":{\"type\":\"sphere\",\"radius\":0.5},\"position\":[0,5,0]},"
                + "{\"id\":\"k\",\"state\":\"kinematic\",\"shape\":{\"type\":\"box\",\"halfExtents\":[1,0.1,1]},\"position\":[5,1,0]}";
        String[][] cases = {
            {"{\"type\":\"kinematicTarget\",\"step\":7,\"body\":\"a\",\"position\":[0,1,0]}", "$.commands[0]", "dynamic"},
            {"{\"type\":\"remove\",\"step\":7,\"body\":\"a\"},{\"type\":\"remove\",\"step\":7,\"body\":\"a\"}", "$.commands[1]",
                "removed earlier in the same step by $.commands[0]"},
            {"{\"type\":\"state\",\"step\":7,\"body\":\"k\",\"state\":\"sleeping\"}", "$.commands[0].state", "kinematic"},
        };
        for (String[] c : cases) {
            ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(scene("", ball, c[0])), STAGES);
            sw.run(7);
            long hash = sw.world().stateHash();
            assertThatThrownBy(sw::step).as(c[0]).isInstanceOf(ScenarioException.class)
                    .hasMessageStartingWith(c[1] + ":").hasMessageContaining(c[2]);
            // nothing of step 7 was applied: the world is as step 6 left it
            assertThat(sw.world().stepIndex()).isEqualTo(7);
            assertThat(sw.world().stateHash()).isEqualTo(hash);
            assertThat(sw.world().bodies().state(sw.world().bodies().slot(sw.world().findByLabel("a"))))
                    .isEqualTo(BodyState.AWAKE);
        }
    }

    /**
     * Outsider fuzz (session 12): a static plane whose normal is too short to normalise ({@code [1e-300, 0, 0]}: its
     * length underflows to 0) or too long ({@code [1e200, 1e200, 0]}: it overflows) was refused by the shape with a
     * message naming no JSON path ("plane normal = (1.0E-300, 0.0, 0.0); allowed: finite, non-zero").
     */
    @Test
    void aPlaneNormalThatCannotBeNormalisedNamesItsPath() {
        for (String normal : new String[] {"[1e-300, 0, 0]", "[1e200, 1e200, 0]"}) {
            String json = scene("", "{\"state\":\"static\",\"shape\":{\"type\":\"plane\",\"normal\":" + normal + "}}", "");
            refused(json, "$.bodies[1].shape.normal");
        }
        assertThat(ScenarioLoader.parse(scene("", "{\"state\":\"static\",\"shape\":{\"type\":\"plane\",\"normal\":[0, 3, 0]}}",
                "")).bodies()).hasSize(2);
    }
}
