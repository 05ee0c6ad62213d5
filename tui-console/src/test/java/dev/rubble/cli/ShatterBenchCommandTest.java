package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rubble bench shatter} (issue 27 item 1) on a small wall: the two report lines per run, the
 * counts the 2 × 2 × 2 wall gives (every node breaks, every leaf ends as a body), the debris file, and
 * bad input. What the scene does in detail is ShatterSceneTest's.
 */
final class ShatterBenchCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.execute(args, new PrintWriter(out), new PrintWriter(err));
    }

    @Test
    void benchShatterPrintsBothRunsAndWritesTheDebrisAtThePeak(@TempDir Path dir) throws Exception {
        Path debris = dir.resolve("d.json");
        assertThat(run("bench", "shatter", "--steps", "8", "--wall-sites", "2,2,2", "--wall-cache", dir.toString(),
                "--debris-out", debris.toString())).as(err.toString()).isZero();
        String[] lines = out.toString().split("\\R");
        assertThat(lines).hasSize(6);
        // 2, 4, 8 nodes per level under the root: 14 breaks; the 8 leaves all become bodies in the third
        // step after the explosion (queued before step index 1: breaks in steps 2, 3, 4)
        assertThat(lines[0]).startsWith("scene=shatter steps=8 break_step=2 last_break_step=4 peak_active_pieces=8"
                + " peak_step=4 peak_bodies=9 breaks=14 releases=14 deferred_left=0 throttled=0 median_ms=")
                .contains(" budgets=off state_hash=");
        assertThat(lines[1]).startsWith("cpu median_ms=").contains(" alloc_median_bytes=");
        assertThat(lines[2]).startsWith("debris step=4 dynamic_hulls=8 static_hulls=0 file=");
        // budgets on: the leaves stay in their 4 level-2 chunks
        assertThat(lines[3]).startsWith("scene=shatter steps=8 break_step=2 last_break_step=3 peak_active_pieces=4")
                .contains(" breaks=6 ").contains(" deferred_left=0 ").contains(" budgets=on ");
        assertThat(lines[5]).startsWith("info engine=rubble scene=shatter wall_sites=2,2,2 leaves=8 ");
        assertThat(Files.readString(debris)).contains("\"format\": \"rubble-scenario/1\"");
    }

    @Test
    void benchShatterRefusesTheSoakAndDebrisWithoutTheBudgetsOffRun() {
        assertThat(run("bench", "shatter", "--soak", "2")).isEqualTo(2);
        assertThat(err.toString()).contains("--soak 2 is not allowed with shatter");
        assertThat(run("bench", "shatter", "--budgets", "on", "--debris-out", "x.json")).isEqualTo(2);
        assertThat(err.toString()).contains("--debris-out needs the budgets-off run");
    }
}
