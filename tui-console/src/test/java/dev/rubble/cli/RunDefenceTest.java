package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 17, items 9, 10, 12: what `rubble run` does with input that goes wrong while stepping. */
final class RunDefenceTest {
    static final String G = "{\"id\":\"ground\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[20,0.5,20]},"
            + "\"position\":[0,-0.5,0]}";

    record Result(int code, String out, String err) {
    }

    static Result rubble(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void aCommandFailingWhileSteppingNamesItsPathAndKeepsTheStepsDone(@TempDir Path tmp) throws IOException {
        Path f = tmp.resolve("s.json");
        Files.writeString(f, "{\"format\":\"rubble-scenario/1\",\"steps\":60,\"bodies\":[" + G + ","
                + "{\"id\":\"a\",\"shape\":{\"type\":\"sphere\",\"radius\":0.5},\"position\":[0,5,0]}],"
                + "\"commands\":[{\"type\":\"kinematicTarget\",\"step\":30,\"body\":\"a\",\"position\":[0,1,0]}]}");
        Path out = tmp.resolve("state.json"), j = tmp.resolve("j");
        Result r = rubble("run", f.toString(), "--out", out.toString(), "--journal", j.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains("rubble: $.commands[0]: ", "is dynamic", "after step 29")
                .contains("ran 30 steps").doesNotContain("Exception");
        JsonNode state = new ObjectMapper().readTree(out.toFile());
        assertThat(state.get("steps").asInt()).isEqualTo(30);
        Result info = rubble("journal", "info", j.toString());
        assertThat(info.out()).contains("steps       30 (0..29)");
    }

    @Test
    void aJitWarmedRunGivesTheSameStateAndBadBudgetsAreRefused(@TempDir Path tmp) throws IOException {
        Path f = tmp.resolve("s.json");
        Files.writeString(f, "{\"format\":\"rubble-scenario/1\",\"steps\":40,\"bodies\":[" + G + ","
                + "{\"id\":\"a\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.5,0.5,0.5]},\"position\":[0,3,0]}]}");
        Path cold = tmp.resolve("cold.json"), warm = tmp.resolve("warm.json");
        Result c = rubble("run", f.toString(), "--out", cold.toString());
        assertThat(c.code()).as(c.err()).isZero();
        Result w = rubble("run", f.toString(), "--out", warm.toString(), "--jit-warmup", "1");
        assertThat(w.code()).as(w.err()).isZero();
        assertThat(w.err()).containsPattern("jit_warmup rounds=[1-9][0-9]* steps=[0-9]+ breaks=[0-9]+ ms=[0-9]+ destruction=true");
        assertThat(Files.readString(warm)).isEqualTo(Files.readString(cold)); // the same bits: warming changes no result
        Result bad = rubble("run", f.toString(), "--jit-warmup", "-5");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--jit-warmup -5 is not allowed; allowed: 0 (none) to 600000 ms");
        // a command line found bad only once the scenario is loaded is refused before the warming, not after it
        Result late = rubble("run", f.toString(), "--jit-warmup", "600000", "--snapshot-at", "500", "--snapshot",
                tmp.resolve("snap.bin").toString(), "--out", tmp.resolve("late.json").toString());
        assertThat(late.code()).isEqualTo(2);
        assertThat(late.err()).contains("--snapshot-at 500 is outside this run").doesNotContain("jit_warmup");
    }

    @Test
    void exhaustingTheContactBudgetWarnsLoudly(@TempDir Path tmp) throws IOException {
        Path f = tmp.resolve("s.json");
        Files.writeString(f, "{\"format\":\"rubble-scenario/1\",\"steps\":60,\"world\":{\"budgets\":{\"maxContacts\":1}},"
                + "\"bodies\":[" + G + ",{\"shape\":{\"type\":\"box\",\"halfExtents\":[0.5,0.5,0.5]},\"position\":[0,0.5,0]},"
                + "{\"shape\":{\"type\":\"box\",\"halfExtents\":[0.5,0.5,0.5]},\"position\":[0,1.5,0]}]}");
        Result r = rubble("run", f.toString(), "--out", tmp.resolve("o.json").toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).containsPattern("WARNING: step \\d+: contact budget reached")
                .contains("bodies can fall through each other").contains("contact points dropped over the run");
    }

    @Test
    void spawningADynamicPlaneIsBadInput(@TempDir Path tmp) throws IOException {
        Path f = tmp.resolve("s.json");
        Files.writeString(f, "{\"format\":\"rubble-scenario/1\",\"bodies\":[" + G + "],\"commands\":[{\"type\":\"spawn\","
                + "\"step\":1,\"body\":{\"shape\":{\"type\":\"plane\"}}}]}");
        Result r = rubble("run", f.toString(), "--headless");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("$.commands[0].body.state", "allowed: static").doesNotContain("internal error");
    }
}
