package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.destruction.ClusterStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@code rubble demo --scene smash}: the wall demo's wall struck by a ball five times as heavy (1 t at
 * 60 m/s, 60 000 N·s). The wall demo's 200 kg ball stops in the hole it makes ({@link DemoBallStopsTest});
 * this one must go on through, as an impact that should smash a wall does, and hand its momentum to
 * the pieces rather than to the anchors.
 */
final class SmashDemoTest {
    static final double M = 1000, V = 60, R = 0.5, HZ = 0.25;

    static String resource(String name) throws Exception {
        try (InputStream in = DemoCommand.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The smash scene is the wall demo's scene but for the ball's mass and the name: the wall cannot drift apart. */
    @Test
    void theSmashSceneIsTheWallDemoWithAHeavierBall() throws Exception {
        ObjectMapper om = new ObjectMapper();
        JsonNode wall = om.readTree(resource(DemoCommand.RESOURCE)), smash = om.readTree(resource("/dev/rubble/cli/demo-smash.json"));
        assertThat(smash.get("name").asText()).contains("1 t ball at 60 m/s").contains("goes on through");
        for (JsonNode n : new JsonNode[] {wall, smash}) {
            ((ObjectNode) n).remove("name");
            for (JsonNode body : n.get("bodies")) {
                if ("projectile".equals(body.get("id").asText())) {
                    assertThat(body.get("mass").asDouble()).isEqualTo(n == wall ? 200.0 : M);
                    ((ObjectNode) body).remove("mass");
                }
            }
        }
        assertThat(smash).isEqualTo(wall);
        assertThat(java.util.Arrays.stream(DemoCommand.SCENES).map(sc -> sc[0])).contains("smash");
    }

    @Test
    void theHeavyBallSmashesThroughAndPassesItsMomentumToThePieces() throws Exception {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(resource("/dev/rubble/cli/demo-smash.json")), Stages.load());
        BodyStore b = sw.world().bodies();
        ClusterStore st = sw.world().destruction().store();
        double cluster = 0; // the heaviest level-1 cluster: what the ball would carry along without local failure
        for (int g = 0; g < st.level.length; g++) {
            if (st.level[g] == 1) {
                cluster = Math.max(cluster, st.mass[g]);
            }
        }
        assertThat(cluster).as("heaviest level-1 cluster, kg").isGreaterThan(1000);
        long ball = -1;
        for (int s = 0; s < b.slotLimit(); s++) {
            if (b.isLive(s) && "projectile".equals(b.label[s])) {
                ball = b.handle(s);
            }
        }
        double anchors = 0, pieces = 0;
        for (int i = 0; i < 30; i++) {
            sw.step();
            anchors += sw.world().profile().fixedImpulse(2);
            int bs = b.slot(ball);
            pieces = 0;
            for (int s = 0; s < b.slotLimit(); s++) {
                if (s != bs && b.isLive(s) && b.motion[s] == MotionType.DYNAMIC.ordinal() && b.state(s) != BodyState.DISABLED) {
                    pieces += b.mass[s] * b.vz[s];
                }
            }
            // momentum along z: gravity is along y and only contacts exchange it, the anchors' share counted
            assertThat(M * b.vz[bs] + pieces - anchors).as("z momentum after step %d, N s", i + 1)
                    .isCloseTo(M * V, offset(1e-6 * M * V));
        }
        int bs = b.slot(ball);
        // through: after 0.5 s the ball's back has left the wall's far face and it still moves on
        assertThat(b.pz[bs] - R).as("ball's back at step 30, m (the far face is at z = %s)", HZ).isGreaterThan(HZ);
        // faster than if it had carried a whole level-1 cluster along (perfectly inelastic: M V / (M + cluster))
        assertThat(b.vz[bs]).as("ball's forward speed at step 30, m/s").isGreaterThan(M * V / (M + cluster));
        // what `rubble demo --list` and the README say it goes on at ("about 17 m/s" was left there after a
        // physics change made it 19.0): the printed figure must be the measured one, rounded
        java.util.regex.Matcher said = java.util.regex.Pattern.compile("at about (\\d+) m/s")
                .matcher(java.util.Arrays.stream(DemoCommand.SCENES).filter(sc -> sc[0].equals("smash")).findFirst().orElseThrow()[2]);
        assertThat(said.find()).as("demo --list names the smash ball's speed").isTrue();
        assertThat(Double.parseDouble(said.group(1))).as("the speed demo --list prints, m/s").isCloseTo(b.vz[bs], offset(0.5));
        // what the ball lost went mostly into the pieces it struck, not into the anchors
        double lost = M * (V - b.vz[bs]);
        assertThat(pieces).as("pieces' forward momentum at step 30, N s (the ball lost %s)", lost).isGreaterThan(0.5 * lost);
    }
}
