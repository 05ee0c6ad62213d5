package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rubble replay} of a journal with joints (docs/journal-format.md, "Joints in playback"): a released body keeps
 * its joints, and {@code replay --out} writes the recorded velocities. {@code examples/joints.json}: a 20 kg door
 * (1 x 2 m) on a hinge to a static post at (-2.5, 1.1, 0), axis y; a 12-link chain of capsules, link0 on a ball joint
 * to the world at (1, 3, 1), each next one 0.3 m along x joined at the midpoint; a 2 kg bob on a spring to the world.
 * Before, the playback world held no constraints: a released door dropped to the ground (its centre 1.0 m up instead
 * of 1.1), the bob fell 1.9 m, the chain's end fell off the chain; and driven bodies were written with zero
 * velocities.
 */
final class ReplayJointsCliTest extends CliHarness {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path shared;
    static Path journal, ran;

    /** 120 steps of the joints example into a journal with a keyframe every 30 steps, and its final state. */
    @BeforeAll
    static void recordOnce() {
        journal = shared.resolve("j");
        ran = shared.resolve("run.json");
        int code = Main.execute(new String[] {"run", Path.of("..", "examples", "joints.json").toString(), "--headless",
            "--steps", "120", "--journal", journal.toString(), "--keyframe-interval", "30", "--out", ran.toString()},
                new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        assertThat(code).isZero();
    }

    private static JsonNode body(JsonNode state, String id) {
        for (JsonNode b : state.get("bodies")) {
            if (b.get("id").asText().equals(id)) {
                return b;
            }
        }
        throw new AssertionError("no body " + id);
    }

    /** World position of point {@code local} (body frame, from the centre) of a written body. */
    private static double[] point(JsonNode b, double[] local) {
        JsonNode p = b.get("position"), q = b.get("orientation");
        double[] r = rotate(q.get(0).asDouble(), q.get(1).asDouble(), q.get(2).asDouble(), q.get(3).asDouble(), local);
        return new double[] {p.get(0).asDouble() + r[0], p.get(1).asDouble() + r[1], p.get(2).asDouble() + r[2]};
    }

    private static double[] rotate(double x, double y, double z, double w, double[] v) {
        // v + 2 w (q x v) + 2 q x (q x v)
        double tx = 2 * (y * v[2] - z * v[1]), ty = 2 * (z * v[0] - x * v[2]), tz = 2 * (x * v[1] - y * v[0]);
        return new double[] {v[0] + w * tx + (y * tz - z * ty), v[1] + w * ty + (z * tx - x * tz),
            v[2] + w * tz + (x * ty - y * tx)};
    }

    private static double distance(double[] a, double[] b) {
        return Math.sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
    }

    /** A capsule link's anchor 0.15 m from its centre along its long axis, which starts along world x: (-0.15, 0, 0) rotated by -90° about z. */
    private static final double[] LINK_BACK = {0, 0.15, 0}, LINK_FRONT = {0, -0.15, 0};

    /**
     * The door released at step 60 keeps hanging on its hinge: its hinge point (its edge at (-0.5, 0, 0) in its
     * frame) stays within 5 mm of the post's (-2.5, 1.1, 0), its centre 1.1 m up within 5 mm (before: 1.0 m, on the
     * ground); it swings on as the recording does (its centre within 1 cm of the run's). The chain's last link,
     * released at 60, hangs from the still driven link before it: their joint's two anchors within 5 mm, and it swings
     * on near the recorded link (its centre within 4 cm of the run's: the end of a chain whose links strike each other
     * and the ground, solved against a driven neighbour, is sensitive to every bit; measured at 0.2 to 34 mm from the
     * run's over steps 61 to 160 before the geometric stiffness reached the contact solve (2.5 mm at 120), 0.2 to 23 mm
     * after (13 mm at 120)). The bob released at 60 bounces on its spring within 1 cm of where the run has it (before:
     * 1.9 m lower).
     */
    @Test
    void releasedBodiesKeepTheirJoints(@TempDir Path dir) throws Exception {
        Path o = dir.resolve("o.json");
        assertThat(run("replay", journal.toString(), "--headless", "--release", "door@60", "--release", "link11@60",
                "--release", "bob@60", "--out", o.toString())).as(err.toString()).isZero();
        assertThat(err.toString()).contains("3 bodies released");
        JsonNode played = JSON.readTree(o.toFile()), recorded = JSON.readTree(ran.toFile());
        JsonNode door = body(played, "door");
        assertThat(door.get("motion").asText()).isEqualTo("dynamic");
        assertThat(distance(point(door, new double[] {-0.5, 0, 0}), new double[] {-2.5, 1.1, 0})).isLessThan(0.005);
        assertThat(door.get("position").get(1).asDouble()).isCloseTo(1.1, org.assertj.core.api.Assertions.within(0.005));
        for (String id : new String[] {"door", "bob", "link11"}) {
            double[] a = point(body(played, id), new double[3]), b = point(body(recorded, id), new double[3]);
            assertThat(distance(a, b)).as("%s off the run's place", id).isLessThan(id.equals("link11") ? 0.04 : 0.01);
        }
        JsonNode end = body(played, "link11"), before = body(played, "link10");
        assertThat(end.get("motion").asText()).isEqualTo("dynamic");
        assertThat(before.get("motion").asText()).isEqualTo("kinematic");
        assertThat(distance(point(end, LINK_BACK), point(before, LINK_FRONT))).as("link11's joint to link10").isLessThan(0.005);
    }

    /**
     * A seek ({@code --from 70}, after the keyframe at step 59) builds the joints from the keyframe: the door released
     * at 80 keeps hanging on its hinge, its centre within 1 cm of the run's.
     */
    @Test
    void aSeekKeepsTheJoints(@TempDir Path dir) throws Exception {
        Path o = dir.resolve("o.json");
        assertThat(run("replay", journal.toString(), "--headless", "--from", "70", "--release", "door@80", "--out",
                o.toString())).as(err.toString()).isZero();
        assertThat(err.toString()).contains("1 bodies released");
        JsonNode door = body(JSON.readTree(o.toFile()), "door");
        assertThat(distance(point(door, new double[] {-0.5, 0, 0}), new double[] {-2.5, 1.1, 0})).isLessThan(0.005);
        assertThat(distance(point(door, new double[3]), point(body(JSON.readTree(ran.toFile()), "door"), new double[3])))
                .isLessThan(0.01);
    }

    /**
     * {@code replay --out} writes every body's velocity as {@code run --out} of the same run does, bit for bit: the
     * journal records velocities losslessly. Before, every driven body was written with zero velocities (the chain's
     * links swing at up to 2.6 m/s at step 120).
     */
    @Test
    void replayOutWritesTheRecordedVelocities(@TempDir Path dir) throws Exception {
        Path o = dir.resolve("o.json");
        assertThat(run("replay", journal.toString(), "--headless", "--out", o.toString())).as(err.toString()).isZero();
        JsonNode a = JSON.readTree(ran.toFile()).get("bodies"), b = JSON.readTree(o.toFile()).get("bodies");
        assertThat(b.size()).isEqualTo(a.size());
        int moving = 0;
        for (int i = 0; i < a.size(); i++) {
            assertThat(b.get(i).get("id").asText()).isEqualTo(a.get(i).get("id").asText());
            for (String f : new String[] {"linearVelocity", "angularVelocity"}) {
                for (int k = 0; k < 3; k++) {
                    assertThat(b.get(i).get(f).get(k).asDouble()).as("%s %s[%d]", a.get(i).get("id").asText(), f, k)
                            .isEqualTo(a.get(i).get(f).get(k).asDouble());
                }
            }
            moving += a.get(i).get("linearVelocity").get(0).asDouble() != 0 ? 1 : 0;
        }
        assertThat(moving).as("bodies moving at the end").isGreaterThan(5);
    }

    /** A 1 kg weight on a ball joint to the world that breaks at 30 N, and a 20 N·s knock down at step 30. */
    private static final String BREAK = """
            {"format": "rubble-scenario/1", "name": "a weight whose joint breaks", "steps": 120,
             "bodies": [{"id": "ground", "state": "static", "shape": {"type": "box", "halfExtents": [5, 0.5, 5]}, "position": [0, -0.5, 0]},
              {"id": "weight", "shape": {"type": "box", "halfExtents": [0.2, 0.2, 0.2]}, "position": [0, 2.0, 0], "mass": 1}],
             "constraints": [{"type": "ball", "bodyA": "weight", "anchor": [0, 2.2, 0], "breakForce": 30}],
             "commands": [{"step": 30, "type": "impulse", "body": "weight", "impulse": [0, -20, 0]}]}""";

    /** {@code rubble verify} of the joints example's journal is identical. */
    @Test
    void verifyOfTheJointsJournalPasses() {
        assertThat(run("verify", journal.toString())).as(err.toString() + out).isZero();
    }

    /**
     * A weight whose joint breaks at step 30 (a 20 N·s knock on a 30 N joint), released at step 60, falls on to the
     * ground as recorded (its broken joint is not in the playback world, which would pull it back to its anchor), and
     * the journal, which records the break, verifies.
     */
    @Test
    void aBrokenJointStaysBroken(@TempDir Path dir) throws Exception {
        Path s = Files.writeString(dir.resolve("break.json"), BREAK);
        Path j = dir.resolve("j"), r = dir.resolve("r.json"), o = dir.resolve("o.json");
        assertThat(run("run", s.toString(), "--headless", "--journal", j.toString(), "--out", r.toString()))
                .as(err.toString()).isZero();
        assertThat(run("verify", j.toString())).as(err.toString() + out).isZero();
        assertThat(run("replay", j.toString(), "--headless", "--release", "weight@60", "--out", o.toString()))
                .as(err.toString()).isZero();
        JsonNode w = body(JSON.readTree(o.toFile()), "weight");
        assertThat(w.get("position").get(1).asDouble()).isCloseTo(0.2, org.assertj.core.api.Assertions.within(0.01));
    }
}
