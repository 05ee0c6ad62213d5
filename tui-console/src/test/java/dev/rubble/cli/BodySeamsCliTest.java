package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seam pass between separate static bodies from a scenario (docs/dynamics.md, "Seams between separate bodies"):
 * on by default, switched off by the narrowphase option {@code bodySeams}, a bad value refused with exit 2, and a
 * journal of a cube crossing the seam verifies on two threads.
 */
final class BodySeamsCliTest {

    private static String scenario(String world) {
        return "{\"format\":\"rubble-scenario/1\",\"steps\":90," + world + "\"bodies\":["
                + "{\"id\":\"left\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[2,0.5,2]},\"position\":[-2,-0.5,0],\"friction\":0},"
                + "{\"id\":\"right\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[2,0.5,2]},\"position\":[2,-0.5,0],\"friction\":0},"
                + "{\"id\":\"cube\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.2,0.2,0.2]},\"position\":[-1.5,0.2,0.3],"
                + "\"linearVelocity\":[2,0,0],\"friction\":0}]}";
    }

    private static double cubeX(Path state) throws IOException {
        JsonNode root = new ObjectMapper().readTree(state.toFile());
        for (JsonNode b : root.get("bodies")) {
            if (b.get("id").asText().equals("cube")) {
                return b.get("position").get(0).asDouble();
            }
        }
        throw new AssertionError("no cube in " + state);
    }

    @Test
    void onByDefaultOffByOptionBadValuesRefusedAndTheJournalVerifies(@TempDir Path tmp) throws IOException {
        Path on = tmp.resolve("on.json"), off = tmp.resolve("off.json"), bad = tmp.resolve("bad.json");
        Files.writeString(on, scenario(""));
        Files.writeString(off, scenario("\"world\":{\"stageOptions\":{\"narrowphase\":{\"bodySeams\":false}}},"));
        Files.writeString(bad, scenario("\"world\":{\"stageOptions\":{\"narrowphase\":{\"bodySeams\":\"yes\"}}},"));
        Path j = tmp.resolve("j"), onOut = tmp.resolve("on-state.json"), offOut = tmp.resolve("off-state.json");
        RunDefenceTest.Result r = RunDefenceTest.rubble("run", on.toString(), "--out", onOut.toString(), "--journal", j.toString());
        assertThat(r.code()).as(r.err()).isZero();
        // 90 steps at 2 m/s from x = -1.5: over one 8 m box it ends at 1.5; before the pass it stopped at 0.35
        assertThat(cubeX(onOut)).as("cube over the seam").isCloseTo(1.5, within(1e-3));
        RunDefenceTest.Result v = RunDefenceTest.rubble("verify", j.toString(), "--threads", "2");
        assertThat(v.code()).as(v.err()).isZero();
        assertThat(v.out() + v.err()).contains("identical");
        r = RunDefenceTest.rubble("run", off.toString(), "--out", offOut.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(cubeX(offOut)).as("cube with the pass off").isLessThan(0.5);
        r = RunDefenceTest.rubble("run", bad.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("'bodySeams' = \"yes\" (a string) is not a boolean; allowed: true, false").doesNotContain("Exception");
    }
}
