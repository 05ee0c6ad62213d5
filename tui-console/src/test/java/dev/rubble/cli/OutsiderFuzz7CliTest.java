package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A seventh outsider's pass (fuzz7) over what landed last: sliders and motored hinges, unions, soft attachments,
 * replay's releases, snapshots and journals of such scenes. The kernel's findings have their tests beside the kernel
 * ({@code DamagedJointSnapshotTest}, {@code DamagedAttachmentSnapshotTest}, {@code SliderLeverTest},
 * {@code MotorSpeedLimitTest}); these are the command line's.
 */
final class OutsiderFuzz7CliTest extends TwoBoxesCliTestBase {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Two boxes thrown spinning, welded into one union at step 2, landing on the floor. */
    private static final String WELDED = """
            {"format": "rubble-scenario/1", "name": "two welded boxes", "steps": 40,
             "bodies": [{"id": "floor", "state": "static", "shape": {"type": "box", "halfExtents": [5, 0.5, 5]}, "position": [0, -0.5, 0]},
              {"id": "beam", "shape": {"type": "box", "halfExtents": [0.8, 0.1, 0.2]}, "position": [0, 1.5, 0],
               "linearVelocity": [2, 0, 1], "angularVelocity": [0, 3, 1]},
              {"id": "block", "shape": {"type": "box", "halfExtents": [0.2, 0.2, 0.2]}, "position": [0.6, 1.8, 0],
               "linearVelocity": [2, 0, 1], "angularVelocity": [0, 3, 1]}],
             "unions": [{"id": 0, "step": 2, "members": [{"body": "beam"}, {"body": "block"}]}]}""";

    /**
     * {@code replay --out} wrote a union's members where they were when they were welded: a welded member is
     * disabled and its own pose is not recorded, so in playback it never moved, while {@code run --out} of the same
     * run writes it where its union carries it (the beam 1.9 m apart here). Every body of the replay's final state
     * is now where the run's is, the members placed by their recorded places in their union.
     */
    @Test
    void replayOutWritesUnionMembersWhereTheirUnionCarriesThem(@TempDir Path dir) throws Exception {
        Path s = Files.writeString(dir.resolve("welded.json"), WELDED);
        Path j = dir.resolve("j");
        assertThat(run("run", s.toString(), "--headless", "--journal", j.toString(), "--out", dir.resolve("run.json").toString()))
                .as(err.toString()).isZero();
        assertThat(run("replay", j.toString(), "--headless", "--out", dir.resolve("replay.json").toString()))
                .as(err.toString()).isZero();
        JsonNode ran = JSON.readTree(dir.resolve("run.json").toFile()).get("bodies");
        JsonNode played = JSON.readTree(dir.resolve("replay.json").toFile()).get("bodies");
        assertThat(played.size()).isEqualTo(ran.size());
        int members = 0;
        for (int i = 0; i < ran.size(); i++) {
            JsonNode a = ran.get(i), b = played.get(i);
            assertThat(b.get("handle").asText()).isEqualTo(a.get("handle").asText());
            members += a.get("state").asText().equals("disabled") ? 1 : 0;
            // driven bodies are written with their recorded velocities, members with their union's (ReplayJointsCliTest)
            for (String f : new String[] {"position", "orientation", "linearVelocity", "angularVelocity"}) {
                for (int k = 0; k < a.get(f).size(); k++) {
                    assertThat(b.get(f).get(k).asDouble()).as("%s %s[%d]", a.get("id").asText(), f, k)
                            .isCloseTo(a.get(f).get(k).asDouble(), within(1e-9));
                }
            }
        }
        assertThat(members).as("the two welded members").isEqualTo(2);
    }

    /**
     * {@code replay --release beam@10} of a member welded into a union made the member dynamic, which its disabled
     * body never is, and counted it as released ("1 bodies released") while it stayed frozen and the union went on
     * playing back. A member's release releases its union's body, which moves for it (forces and joints on a member
     * act on its union): the union simulates live from step 10 and lands where the recording has it, within a few cm
     * (the playback world holds no contact history, so the bits differ).
     */
    @Test
    void releasingAWeldedMemberReleasesItsUnion(@TempDir Path dir) throws Exception {
        Path s = Files.writeString(dir.resolve("welded.json"), WELDED);
        Path j = dir.resolve("j");
        assertThat(run("run", s.toString(), "--headless", "--journal", j.toString(), "--out", dir.resolve("run.json").toString()))
                .as(err.toString()).isZero();
        assertThat(run("replay", j.toString(), "--headless", "--release", "beam@10", "--out", dir.resolve("replay.json").toString()))
                .as(err.toString()).isZero();
        assertThat(err.toString()).contains("1 bodies released");
        JsonNode ran = JSON.readTree(dir.resolve("run.json").toFile()).get("bodies");
        JsonNode played = JSON.readTree(dir.resolve("replay.json").toFile()).get("bodies");
        for (int i = 0; i < ran.size(); i++) {
            JsonNode a = ran.get(i), b = played.get(i);
            String id = a.get("id").asText();
            if (id.equals("union 0")) {
                assertThat(b.get("motion").asText()).as("the union is simulated").isEqualTo("dynamic");
            } else if (!id.equals("floor")) {
                assertThat(b.get("motion").asText()).as("%s stays welded", id).isEqualTo("kinematic");
                assertThat(b.get("state").asText()).isEqualTo("disabled");
            }
            for (int k = 0; k < 3; k++) {
                assertThat(b.get("position").get(k).asDouble()).as("%s position[%d]", id, k)
                        .isCloseTo(a.get("position").get(k).asDouble(), within(0.05));
            }
        }
    }

    /**
     * A scenario constraint joining a body to itself was refused naming the body's handle, not the id the file
     * gives it ({@code constraint joins body 2 to itself}); it names the field and the id now.
     */
    @Test
    void aJointOfABodyToItselfNamesTheBodysId(@TempDir Path dir) throws Exception {
        Path s = Files.writeString(dir.resolve("self.json"), WELDED.replace("\"unions\": [{\"id\": 0, \"step\": 2, \"members\": [{\"body\": \"beam\"}, {\"body\": \"block\"}]}]",
                "\"constraints\": [{\"type\": \"slider\", \"bodyA\": \"beam\", \"bodyB\": \"beam\", \"anchor\": [0, 1.5, 0], \"axis\": [1, 0, 0]}]"));
        assertThat(run("run", s.toString(), "--headless", "--steps", "1")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: $.constraints[0].bodyB: 'beam' is bodyA too: a constraint joins two bodies;"
                + " allowed: another body's id, or none (the world)" + System.lineSeparator());
    }

    /**
     * {@code replay --release floor@5} named a static body, which never moves: the replay ran to its end and said
     * "0 bodies released", exit 0, as a piece release that released nothing did before it became exit 2. It is
     * refused before the replay, naming the body; a dynamic body's release still runs.
     */
    @Test
    void releasingAStaticBodyIsRefused() {
        assertThat(run("replay", journal.toString(), "--headless", "--release", "floor@5")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: --release floor@5: 'floor' is a static body, which never moves;"
                + " allowed: a body that moves in the recording" + System.lineSeparator());
        assertThat(run("replay", journal.toString(), "--headless", "--release", "b@5")).as(err.toString()).isZero();
        assertThat(err.toString()).contains("1 bodies released");
    }
}
