package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.WallScene;
import java.io.IOException;
import java.io.InputStream;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rubble bench wall} on a small wall, and the wall demo without a terminal. */
final class WallBenchAndDemoTest extends CliHarness {

    private static final String NUM = "\\d+\\.\\d{3}";

    @Test
    void benchWallPrintsABudgetsOffAndABudgetsOnLine(@TempDir Path cache) {
        assertThat(run("bench", "wall", "--steps", "12", "--wall-sites", "6,3,2", "--wall-cache", cache.toString()))
                .as(err.toString()).isZero();
        String[] lines = out.toString().split("\\R");
        assertThat(lines).hasSize(5);
        String line = "scene=wall bodies=3 steps=12 median_ms=" + NUM + " p10_ms=" + NUM + " p90_ms=" + NUM
                + " mean_ms=" + NUM + " threads=1 breaks=(\\d+) releases=(\\d+) peak_active_pieces=(\\d+)"
                + " peak_bodies=(\\d+) peak_release_step=(\\d+) budgets=";
        assertThat(lines[0]).matches(line + "off state_hash=[0-9a-f]{16}");
        assertThat(lines[1]).startsWith("cpu median_ms=");
        assertThat(lines[2]).matches(line + "on state_hash=[0-9a-f]{16}");
        assertThat(lines[3]).startsWith("cpu median_ms=");
        // 6 x 3 x 2 = 36 leaves, authored into the cache directory on this first run
        assertThat(lines[4]).startsWith("info engine=rubble wall_sites=6,3,2 leaves=36 ").contains(" author_ms=")
                .contains("budgets_on=maxClusterLevel=3");
        // the ball (12 000 N·s) reaches the wall (5 m at 60 m/s) in step 5 and breaks it: something is released
        Matcher m = Pattern.compile(line + "off state_hash=[0-9a-f]{16}").matcher(lines[0]);
        assertThat(m.matches()).isTrue();
        assertThat(Long.parseLong(m.group(1))).isPositive();
        assertThat(Integer.parseInt(m.group(4))).isGreaterThan(3);
    }

    @Test
    void benchWallOnTwoThreadsBreaksTheSameAndEndsInTheSameState(@TempDir Path cache) {
        assertThat(run("bench", "wall", "--steps", "12", "--wall-sites", "6,3,2", "--wall-cache", cache.toString(),
                "--budgets", "off", "--threads", "1,2")).as(err.toString()).isZero();
        String[] lines = out.toString().split("\\R");
        assertThat(lines).hasSize(5);
        String line = "scene=wall bodies=3 steps=12 median_ms=" + NUM + " p10_ms=" + NUM + " p90_ms=" + NUM
                + " mean_ms=" + NUM + " threads=(\\d) (breaks=.*)";
        Matcher one = Pattern.compile(line).matcher(lines[0]);
        Matcher two = Pattern.compile(line).matcher(lines[2]);
        assertThat(one.matches()).as(lines[0]).isTrue();
        assertThat(two.matches()).as(lines[2]).isTrue();
        assertThat(one.group(1)).isEqualTo("1");
        assertThat(two.group(1)).isEqualTo("2");
        assertThat(two.group(2)).isEqualTo(one.group(2)).contains(" budgets=off state_hash=");
    }

    @Test
    void benchWallRefusesBadSiteCounts() {
        assertThat(run("bench", "wall", "--wall-sites", "20,x")).isEqualTo(2);
        assertThat(err.toString()).contains("--wall-sites '20,x'").contains("'x' is not an integer");
        assertThat(run("bench", "wall", "--wall-sites", "20,1")).isEqualTo(2);
        assertThat(err.toString()).contains("level 2 sites = 1");
    }

    @Test
    void theDemoIsTheGeneratorsTwoThousandLeafWall() throws IOException {
        String json;
        try (InputStream in = DemoCommand.class.getResourceAsStream(DemoCommand.RESOURCE)) {
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        WallScene.Wall w = WallScene.author(WallScene.DEMO_COUNTS, WallScene.SEED, Stages.load());
        assertThat(w.leaves()).isEqualTo(2000);
        int from = json.indexOf("\"name\": \"") + 9;
        String name = json.substring(from, json.indexOf('"', from));
        // the demo takes impacts the resolve way, with the thresholds of a weak wall (issue 22: docs/destruction.md "Impacts")
        assertThat(json).isEqualTo(WallScene.recipeJson(name, w, 300, dev.rubble.core.destruction.ImpactMode.RESOLVE,
                WallScene.DEMO_THRESHOLDS));
    }

    @Test
    void aRecordedDemoVerifiesBitForBit(@TempDir Path dir) {
        Path j = dir.resolve("j");
        assertThat(run("demo", "--steps", "15", "--journal", j.toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("Journal: " + j + ", 15 steps");
        assertThat(run("verify", j.toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("verified 15 steps").contains("identical");
    }

    @Test
    void withoutATerminalTheDemoPrintsItsSummary() {
        assertThat(run("demo", "--steps", "20")).as(err.toString()).isZero();
        String s = out.toString();
        assertThat(s).startsWith("Rubble demo: a Voronoi wall of 2000 leaves").contains("Stage times");
        String summary = s.lines().filter(l -> l.startsWith("Summary: ")).findFirst().orElseThrow();
        Matcher m = Pattern.compile("Summary: steps=20 breaks=(\\d+) releases=(\\d+) peak_active_pieces=(\\d+)"
                + " ms_per_step=" + NUM + " state_hash=[0-9a-f]{16}").matcher(summary);
        assertThat(m.matches()).as(summary).isTrue();
        // the ball reaches the wall in step 5; by step 20 it has broken pieces off
        assertThat(Long.parseLong(m.group(1))).isPositive();
        assertThat(Long.parseLong(m.group(2))).isGreaterThanOrEqualTo(Long.parseLong(m.group(1)));
        assertThat(Integer.parseInt(m.group(3))).isGreaterThan(1);
    }

    @Test
    void aJitWarmedDemoEndsInTheSameStateAndBadBudgetsAreRefused() {
        assertThat(run("demo", "--steps", "12")).as(err.toString()).isZero();
        String cold = out.toString().lines().filter(l -> l.startsWith("Summary: ")).findFirst().orElseThrow();
        assertThat(run("demo", "--steps", "12", "--jit-warmup", "1")).as(err.toString()).isZero();
        String warm = out.toString().lines().filter(l -> l.startsWith("Summary: ")).findFirst().orElseThrow();
        // the warm-up's report on standard error, then the same breaks and the same final state
        assertThat(err.toString()).containsPattern("jit_warmup rounds=[1-9][0-9]* steps=[0-9]+ breaks=[0-9]+ ms=[0-9]+"
                + " destruction=true");
        assertThat(warm.replaceAll(" ms_per_step=\\S+", "")).isEqualTo(cold.replaceAll(" ms_per_step=\\S+", ""));
        assertThat(run("demo", "--jit-warmup", "-1")).isEqualTo(2);
        assertThat(err.toString()).contains("--jit-warmup -1 is not allowed; allowed: 0 (none) to 600000 ms");
    }
}
