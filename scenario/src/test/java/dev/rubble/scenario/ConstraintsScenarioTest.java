package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.world.World;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Issue 29: the scenario section constraints[] and examples/joints.json. */
class ConstraintsScenarioTest {
    private static final Path EXAMPLE = Path.of("..", "examples", "joints.json");

    @Test
    void theJointsExampleHoldsItsTrapdoorOnTheLowerLimitAndItsChainOnThePivot() {
        Scenario sc = ScenarioLoader.load(EXAMPLE);
        assertThat(sc.constraints()).hasSize(15);
        ScenarioWorld sw = ScenarioWorld.create(sc, Stages.load());
        sw.run(sc.steps());
        World w = sw.world();
        BodyStore b = w.bodies();
        assertThat(w.context().constraints.size()).isEqualTo(15);
        // the trapdoor hangs on a limit: gravity turns it about z until the hinge angle reaches 0.7 rad
        int flap = b.slot(w.findByLabel("flap"));
        double angle = 2 * Math.atan2(b.qz[flap], b.qw[flap]);
        assertThat(Math.abs(angle)).isCloseTo(0.7, within(0.03));
        // the first link's top anchor stays on the pivot (1.0, 3.0, 1.0)
        int link0 = b.slot(w.findByLabel("link0"));
        double topX = b.px[link0], topY = b.py[link0];
        double d = Math.hypot(topX - 1.0, topY - 3.0);
        assertThat(d).isCloseTo(0.15, within(0.01));
    }

    /**
     * The door of examples/joints.json (20 kg, 1 × 2 × 0.1 m, hinged on a vertical axis along its edge at
     * x = −2.5, limits ±1.2 rad) is pushed at step 10 with 40 N·s along +z at x = −1.6, 0.9 m from the
     * axis: it turns at ω = J r / I = 36 / 6.683 = 5.39 rad/s (I = m (w² + t²)/12 + m (w/2)² about the
     * hinge) and swings open onto its limit 1.2 rad after about 0.22 s. Its edge touched the post it is
     * hinged to, and with contacts between the two on (the default) the post pushed it back: it rocked
     * within ±0.3 rad and never opened ("pushed open", said the example).
     */
    @Test
    void theJointsExamplesDoorSwingsOpenOntoItsLimit() {
        Scenario sc = ScenarioLoader.load(EXAMPLE);
        ScenarioWorld sw = ScenarioWorld.create(sc, Stages.load());
        World w = sw.world();
        BodyStore b = w.bodies();
        double m = 20, width = 1.0, thick = 0.1;
        double inertia = m * (width * width + thick * thick) / 12 + m * (width / 2) * (width / 2);
        double omega = 40 * 0.9 / inertia;
        sw.run(11); // the push is queued for step 10
        int door = b.slot(w.findByLabel("door"));
        assertThat(Math.abs(b.wy[door])).as("door's turn rate just after the push, rad/s").isCloseTo(omega, within(0.03 * omega));
        double most = 0;
        for (int i = 11; i < 60; i++) {
            sw.step();
            most = Math.max(most, Math.abs(2 * Math.atan2(b.qy[door], b.qw[door])));
        }
        double yaw = Math.abs(2 * Math.atan2(b.qy[door], b.qw[door]));
        assertThat(yaw).as("door's hinge angle after 1 s, rad (limit 1.2)").isCloseTo(1.2, within(0.05));
        assertThat(most).as("door's largest hinge angle, rad").isLessThan(1.25);
    }

    @Test
    void aBadConstraintNamesItsJsonPath() throws Exception {
        String text = Files.readString(EXAMPLE).replaceFirst("\"type\": \"hinge\"", "\"type\": \"gear\"");
        Scenario sc = ScenarioLoader.parse(text);
        assertThatThrownBy(() -> ScenarioWorld.create(sc, Stages.load())).isInstanceOf(ScenarioException.class)
                .hasMessageContaining("$.constraints[0].type").hasMessageContaining("gear");
        String unknownBody = Files.readString(EXAMPLE).replaceFirst("\"bodyA\": \"door\"", "\"bodyA\": \"nope\"");
        assertThatThrownBy(() -> ScenarioWorld.create(ScenarioLoader.parse(unknownBody), Stages.load()))
                .hasMessageContaining("$.constraints[0].bodyA");
        String badKey = Files.readString(EXAMPLE).replaceFirst("\"anchor\":", "\"anchr\":");
        assertThatThrownBy(() -> ScenarioLoader.parse(badKey)).hasMessageContaining("$.constraints[0].anchr");
    }

    /**
     * Issue 29: {@code "events": {"constraint-break": true}} switches constraint-break events on: a 2 kg
     * box hanging from a fixed joint with a 10 N threshold (its weight is 19.6 N) breaks in the first
     * step, and that step's events name the joint's body.
     */
    @Test
    void theConstraintBreakKindIsSwitchedOnByItsLabel() {
        String json = """
            {"format": "rubble-scenario/1", "name": "weak hook", "steps": 3,
             "events": {"constraint-break": true},
             "bodies": [{"id": "box", "shape": {"type": "box", "halfExtents": [0.1, 0.1, 0.1]}, "mass": 2, "position": [0, 2, 0]}],
             "constraints": [{"type": "fixed", "bodyA": "box", "anchor": [0, 2.1, 0], "breakForce": 10}]}""";
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), Stages.load());
        World w = sw.world();
        sw.step();
        var ev = w.context().events.buffer(dev.rubble.core.event.EventKinds.CONSTRAINT_BREAK);
        assertThat(ev.count()).isEqualTo(1);
        assertThat(ev.ids[dev.rubble.core.event.EventBuffer.A][0]).isEqualTo(w.findByLabel("box"));
        assertThat(ev.d[dev.rubble.core.event.EventBuffer.LOAD][0]).isGreaterThan(10);
        String bad = json.replace("\"constraint-break\": true", "\"joint-break\": true");
        assertThatThrownBy(() -> ScenarioWorld.create(ScenarioLoader.parse(bad), Stages.load())).hasMessageContaining("joint-break")
                .hasMessageContaining("constraint-break");
    }

    /** Two 0.4 m boxes, a metre apart, joined by {@code constraint} (a JSON object). */
    private static String joined(String constraint) {
        return """
            {"format": "rubble-scenario/1", "name": "joined", "steps": 5,
             "bodies": [{"id": "a", "shape": {"type": "box", "halfExtents": [0.2, 0.2, 0.2]}, "position": [0, 2, 0]},
                        {"id": "b", "shape": {"type": "box", "halfExtents": [0.2, 0.2, 0.2]}, "position": [1, 2, 0]}],
             "constraints": [%s]}""".formatted(constraint);
    }

    /**
     * Fuzzing (session 11): an anchor at 1e308, a rest or rope length of 1e308 and a motor at 1e308 rad/s
     * with an unlimited torque turned the joined bodies NaN in their first step (they were disabled, exit
     * 0), and an axis whose length overflowed became the x axis silently. Each is refused naming its
     * field, the value and the range; the edges of the ranges still run.
     */
    @Test
    void outOfRangeAnchorsAxesLengthsAndMotorSpeedsAreRefusedNamingTheField() {
        assertThatThrownBy(() -> ScenarioLoader.parse(joined(
                "{\"type\": \"ball\", \"bodyA\": \"a\", \"bodyB\": \"b\", \"anchor\": [0, 1e308, 0]}")))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("$.constraints[0].anchor[1]")
                .hasMessageContaining("1.0E308").hasMessageContaining("allowed: [-1.0E9, 1.0E9] m");
        assertThatThrownBy(() -> ScenarioLoader.parse(joined(
                "{\"type\": \"distance\", \"bodyA\": \"a\", \"anchor\": [0, 2, 0], \"anchorB\": [-1e308, 0, 0]}")))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("$.constraints[0].anchorB[0]")
                .hasMessageContaining("allowed: [-1.0E9, 1.0E9] m");
        assertThatThrownBy(() -> ScenarioLoader.parse(joined(
                "{\"type\": \"hinge\", \"bodyA\": \"a\", \"anchor\": [0, 2, 0], \"axis\": [0, 1e308, 0]}")))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("$.constraints[0].axis[1]")
                .hasMessageContaining("allowed: [-1000000.0, 1000000.0]");
        assertThatThrownBy(() -> ScenarioLoader.parse(joined(
                "{\"type\": \"hinge\", \"bodyA\": \"a\", \"anchor\": [0, 2, 0], \"axis\": [0, 1e-300, 0]}")))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("$.constraints[0].axis")
                .hasMessageContaining("is not a direction").hasMessageContaining("length >= 1e-6");
        String[][] params = {
            {"distance", "\"restLength\": 1e308", "restLength = 1.0E308; allowed: [0, 1.0E9] m"},
            {"rope", "\"maxLength\": 1e308", "maxLength = 1.0E308; allowed: [0, 1.0E9] m"},
            {"hinge", "\"motorSpeed\": 1e308, \"maxMotorTorque\": 1e308", "motorSpeed = 1.0E308; allowed: [-100000.0, 100000.0] rad/s"}};
        for (String[] c : params) {
            Scenario sc = ScenarioLoader.parse(joined("{\"type\": \"" + c[0] + "\", \"bodyA\": \"a\", \"bodyB\": \"b\","
                    + " \"anchor\": [0.5, 2, 0], \"params\": {" + c[1] + "}}"));
            assertThatThrownBy(() -> ScenarioWorld.create(sc, Stages.load())).as(c[0])
                    .isInstanceOf(ScenarioException.class).hasMessageContaining("$.constraints[0]").hasMessageContaining(c[2]);
        }
        // the edges run, every body finite
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(joined("{\"type\": \"hinge\", \"bodyA\": \"a\","
                + " \"bodyB\": \"b\", \"anchor\": [0.5, 2, 0], \"axis\": [0, 1e6, 0],"
                + " \"params\": {\"motorSpeed\": 1e5, \"maxMotorTorque\": 10}}")), Stages.load());
        sw.run(5);
        BodyStore b = sw.world().bodies();
        for (String id : new String[] {"a", "b"}) {
            int s = b.slot(sw.world().findByLabel(id));
            double sum = b.px[s] + b.py[s] + b.pz[s] + b.vx[s] + b.vy[s] + b.vz[s] + b.wx[s] + b.wy[s] + b.wz[s];
            assertThat(Double.isFinite(sum)).as(id + " is finite").isTrue();
        }
    }
}
