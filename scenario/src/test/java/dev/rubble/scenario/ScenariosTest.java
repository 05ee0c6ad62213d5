package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.BodyId;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import java.nio.file.Files;
import java.nio.file.Path;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A scenario file loaded as a world of the public API keeps its bodies, settings and scheduled commands. */
final class ScenariosTest {
    private static final String SCENE = """
            {
              "format": "rubble-scenario/1",
              "world": { "dt": 0.01, "gravity": [0, -4, 0] },
              "bodies": [
                { "id": "ground", "state": "static", "shape": { "type": "box", "halfExtents": [10, 0.5, 10] },
                  "position": [0, -0.5, 0] },
                { "id": "puck", "shape": { "type": "sphere", "radius": 0.5 }, "position": [0, 8, 0],
                  "mass": 2, "gravityScale": 0 },
                { "id": "ball", "shape": { "type": "sphere", "radius": 0.25 }, "position": [5, 6, 0] }
              ],
              "commands": [ { "step": 10, "type": "impulse", "body": "puck", "impulse": [4, 0, 0] } ]
            }
            """;

    @Test
    void loadsBodiesSettingsAndQueuesScheduledCommandsBeforeTheirSteps(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("scene.json");
        Files.writeString(file, SCENE);
        PhysicsWorld w = Scenarios.load(file);
        assertThat(w.bodyCount()).isEqualTo(3);
        assertThat(w.timeStep()).isEqualTo(0.01);
        BodyId puck = w.find("puck"), ball = w.find("ball");
        Vector3d v = new Vector3d(), p = new Vector3d();
        w.step(10);
        assertThat(w.linearVelocity(puck, v).x).as("before step 10 the impulse is not applied").isZero();
        w.step();
        // the impulse queued before step 10: dv = J/m = 4/2
        assertThat(w.linearVelocity(puck, v).x).isCloseTo(2, within(1e-12));
        // the scenario's gravity (-4 m/s², dt 0.01): y = y0 - g t²/2 - g h t/2 after 11 steps
        double t = 0.11;
        assertThat(w.position(ball, p).y).isCloseTo(6 - 4 * t * t / 2 - 4 * 0.01 * t / 2, within(1e-9));
    }

    @Test
    void stepsExactlyAsTheCommandLineScenarioRunnerDoes() {
        PhysicsWorld api = Scenarios.parse(SCENE, Rubble.defaultPlugins());
        ScenarioWorld cli = ScenarioWorld.create(ScenarioLoader.parse(SCENE), Rubble.defaultPlugins().stages());
        for (int i = 0; i < 200; i++) {
            api.step();
            cli.step();
            assertThat(api.stateHash()).as("step %d", i).isEqualTo(cli.world().stateHash());
        }
    }

    @Test
    void aBadFileNamesThePathAndTheProblem(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, SCENE.replace("\"mass\": 2", "\"mass\": -2"));
        assertThatThrownBy(() -> Scenarios.load(file)).isInstanceOf(ScenarioException.class)
                .hasMessageContaining("$.bodies[1].mass").hasMessageContaining("-2");
    }
}
