package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rubble bench shatter} (issue 27 item 1) on a small wall: the two report lines per run, the
 * counts the 2 × 2 × 2 wall gives (every node breaks, every leaf ends as a body), the debris file, and
 * bad input. What the scene does in detail is ShatterSceneTest's.
 */
final class ShatterBenchCommandTest extends CliHarness {

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
    void benchShatterRunsEachThreadCountWithTheSameBits(@TempDir Path dir) {
        assertThat(run("bench", "shatter", "--steps", "12", "--wall-sites", "4,2,2", "--wall-cache", dir.toString(),
                "--budgets", "off", "--threads", "1,3")).as(err.toString()).isZero();
        String[] lines = out.toString().split("\\R");
        assertThat(lines).hasSize(5);
        assertThat(lines[0]).startsWith("scene=shatter steps=12 ").endsWith(" threads=1");
        assertThat(lines[1]).startsWith("cpu median_ms=");
        assertThat(lines[2]).startsWith("scene=shatter steps=12 ").endsWith(" threads=3");
        assertThat(lines[3]).startsWith("cpu median_ms=");
        // the same breaks, releases and final state on three threads as on one (issue 26)
        assertThat(lines[2].substring(0, lines[2].indexOf(" median_ms=")))
                .isEqualTo(lines[0].substring(0, lines[0].indexOf(" median_ms=")));
        String hash = lines[0].substring(lines[0].indexOf(" state_hash="), lines[0].indexOf(" threads="));
        assertThat(lines[2]).contains(hash + " threads=3");
        assertThat(lines[4]).startsWith("info engine=rubble scene=shatter wall_sites=4,2,2 ");
    }

    @Test
    void benchShatterAndWallRefuseBadThreadCounts() {
        assertThat(run("bench", "shatter", "--threads", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("--threads 0 is not allowed; allowed: an integer 1..256");
        assertThat(run("bench", "wall", "--threads", "1,x")).isEqualTo(2);
        assertThat(err.toString()).contains("--threads 1,x: element 'x' is not allowed; allowed: an integer 1..256");
        assertThat(run("bench", "pile", "--threads", "1,,2")).isEqualTo(2);
        assertThat(err.toString()).contains("--threads 1,,2: element '' is not allowed");
        assertThat(run("bench", "pile", "--threads", "")).isEqualTo(2);
        assertThat(err.toString()).contains("--threads '' is not allowed");
        assertThat(run("bench", "wall", "--soak", "2", "--threads", "1,2")).isEqualTo(2);
        assertThat(err.toString()).contains("--threads 1,2 is not allowed with --soak; allowed: one count");
    }

    @Test
    void benchShatterRefusesTheSoakAndDebrisWithoutTheBudgetsOffRun() {
        assertThat(run("bench", "shatter", "--soak", "2")).isEqualTo(2);
        assertThat(err.toString()).contains("--soak 2 is not allowed with shatter");
        assertThat(run("bench", "shatter", "--budgets", "on", "--debris-out", "x.json")).isEqualTo(2);
        assertThat(err.toString()).contains("--debris-out needs the budgets-off run");
    }

    @Test
    void aWarmedUpRunIsTheSameRun(@TempDir Path dir) {
        String cold = smallWall(dir, "12", "on")[0];
        Path steps = dir.resolve("steps.tsv");
        String warm = smallWall(dir, "12", "on", "--warmup", "2", "--per-step", steps.toString())[0];
        // the discarded runs change nothing in the measured one: the same destruction and the same final state
        assertThat(warm.substring(warm.indexOf("state_hash="))).isEqualTo(cold.substring(cold.indexOf("state_hash=")));
        assertThat(warm.substring(0, warm.indexOf(" median_ms="))).isEqualTo(cold.substring(0, cold.indexOf(" median_ms=")));
        java.util.List<String> rows = assertDoesNotThrowRead(steps);
        assertThat(rows).hasSize(13);
        assertThat(rows.get(0)).startsWith("step\tcpu_ms\twall_ms\talloc_bytes\tawake\tpairs\tmanifolds\tpoints\tcommands_ms");
        assertThat(rows.get(12)).startsWith("12\t");
        // then one column per destruction pass (release, budget, ...), and every row as wide as the header
        assertThat(rows.get(0)).contains("\tdestruction_ms\t").contains("\tdestruction.release_ms")
                .contains("\tdestruction.budget_ms");
        int columns = rows.get(0).split("\t").length;
        for (String row : rows) {
            assertThat(row.split("\t", -1)).hasSize(columns);
        }
    }

    @Test
    void aJitWarmedRunIsTheSameRun(@TempDir Path dir) {
        String cold = smallWall(dir, "12", "on")[0];
        String[] lines = smallWall(dir, "12", "on", "--jit-warmup", "1");
        // one round at least: the small wall blown apart (84 breaks a round), then the measured run, unchanged
        assertThat(lines[0]).matches("jit_warmup rounds=[1-9][0-9]* steps=[0-9]+ breaks=[0-9]+ ms=[0-9]+ destruction=true");
        int rounds = Integer.parseInt(lines[0].replaceAll(".*rounds=([0-9]+).*", "$1"));
        assertThat(lines[0]).contains(" steps=" + 90 * rounds + " breaks=" + 84 * rounds + " ");
        assertThat(lines[1].substring(lines[1].indexOf("state_hash="))).isEqualTo(cold.substring(cold.indexOf("state_hash=")));
        assertThat(lines[1].substring(0, lines[1].indexOf(" median_ms="))).isEqualTo(cold.substring(0, cold.indexOf(" median_ms=")));
        assertThat(lines[3]).startsWith("info engine=rubble scene=shatter").endsWith(" warmup=0 jit_warmup_ms=1");
    }

    @Test
    void badJitWarmUpBudgetsAreRefused() {
        refused("--jit-warmup -1 is not allowed; allowed: 0 (none) to 600000 ms", "bench", "shatter", "--jit-warmup", "-1");
        refused("--jit-warmup 600001 is not allowed; allowed: 0 (none) to 600000 ms", "bench", "pile", "--jit-warmup", "600001");
        refused("--jit-warmup", "bench", "wall", "--jit-warmup", "soon");
        // the rest of the command line is checked before the seconds of warming, not after them
        for (String[] bad : new String[][] {{"pile", "--steps", "0"}, {"rubble-pile", "--steps", "5"},
            {"shatter", "--wall-sites", "1,x"}, {"shatter", "--budgets", "maybe"}, {"shatter", "--proxies", "cone"}}) {
            java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("bench"));
            args.addAll(java.util.List.of(bad));
            args.addAll(java.util.List.of("--jit-warmup", "600000"));
            assertThat(run(args.toArray(String[]::new))).as(String.join(" ", bad)).isEqualTo(2);
            assertThat(out.toString()).as("no warm-up ran for " + String.join(" ", bad)).doesNotContain("jit_warmup");
        }
    }

    /**
     * {@code bench shatter} on the 2 x 2 x 2 wall cached in {@code dir}, {@code steps} steps, {@code --budgets budgets}
     * and {@code extra} options; exits 0; returns its standard output's lines.
     */
    private String[] smallWall(Path dir, String steps, String budgets, String... extra) {
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("bench", "shatter", "--steps", steps,
                "--wall-sites", "2,2,2", "--wall-cache", dir.toString(), "--budgets", budgets));
        args.addAll(java.util.List.of(extra));
        assertThat(run(args.toArray(String[]::new))).as(err.toString()).isZero();
        return out.toString().split("\\R");
    }

    /** {@code rubble ARGS} exits 2 with {@code message} on standard error. */
    private void refused(String message, String... args) {
        assertThat(run(args)).as(String.join(" ", args)).isEqualTo(2);
        assertThat(err.toString()).contains(message);
    }

    private static java.util.List<String> assertDoesNotThrowRead(Path p) {
        try {
            return Files.readAllLines(p);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void benchShatterWithProxiesKeepsTheBreaksAndChangesTheMotion(@TempDir Path dir) {
        String hulls = smallWall(dir, "30", "off")[0];
        String[] lines = smallWall(dir, "30", "off", "--proxies", "sphere");
        // the same destruction (the explosion breaks every node, every leaf a body) ...
        assertThat(lines[0]).startsWith("scene=shatter steps=30 break_step=2 last_break_step=4 peak_active_pieces=8"
                + " peak_step=4 peak_bodies=9 breaks=14 releases=14 deferred_left=0 throttled=0 ");
        // ... but the pieces collide as spheres, so they move differently
        String hash = hulls.substring(hulls.indexOf("state_hash="));
        assertThat(lines[0]).doesNotContain(hash);
        assertThat(lines[2]).startsWith("info engine=rubble scene=shatter").endsWith(" proxies=sphere warmup=0 jit_warmup_ms=0");
    }

    @Test
    void benchProxiesRefusedWhereTheyDoNotApply() {
        refused("--proxies cone: shape 'cone' is not allowed; allowed: none, hull, box, sphere, capsule",
                "bench", "shatter", "--proxies", "cone");
        refused("--proxies box:0: maxSize '0' is not allowed; allowed: a relative size > 0",
                "bench", "shatter", "--proxies", "box:0");
        refused("--warmup -1 is not allowed; allowed: 0..100", "bench", "shatter", "--warmup", "-1");
        refused("--warmup is not allowed with wall; allowed: shatter, ", "bench", "wall", "--warmup", "1");
        refused("--warmup 101 is not allowed; allowed: 0..100", "bench", "pile", "--warmup", "101");
        refused("--proxies box is not allowed with wall; allowed: shatter only", "bench", "wall", "--proxies", "box");
    }

    @Test
    void wallOptionsAreRefusedWithTheStepScenesInsteadOfIgnored(@TempDir Path dir) {
        // each ran the pile and exited 0 before, --debris-out without writing the file
        Path debris = dir.resolve("debris.json");
        String[][] cases = {
            {"--debris-out", debris.toString(), "--debris-out " + debris + " is not allowed with pile; allowed: wall and shatter only"},
            {"--wall-sites", "3,3,3", "--wall-sites 3,3,3 is not allowed with pile; allowed: wall and shatter only"},
            {"--wall-cache", dir.toString(), "--wall-cache " + dir + " is not allowed with pile; allowed: wall and shatter only"},
            {"--budgets", "on", "--budgets on is not allowed with pile; allowed: wall and shatter only"},
            {"--soak", "3", "--soak 3 is not allowed with pile; allowed: wall only"},
        };
        for (String[] c : cases) {
            assertThat(run("bench", "pile", "--steps", "1", c[0], c[1])).as(c[0]).isEqualTo(2);
            assertThat(err.toString()).as(c[0]).contains(c[2]);
        }
        assertThat(debris).doesNotExist();
        assertThat(out.toString()).doesNotContain("scene=pile");
        assertThat(run("bench", "wall", "--soak", "-1")).isEqualTo(2);
        assertThat(err.toString()).contains("--soak -1 is not allowed; allowed: 0..100 (0 = no soak)");
    }
}
