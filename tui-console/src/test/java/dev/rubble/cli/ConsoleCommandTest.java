package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rubble console} without a terminal (tests never have one): progress and the summary line. */
final class ConsoleCommandTest extends CliHarness {

    @Test
    void aRunShorterThanASecondStillEndsWithItsSummaryLine(@TempDir Path dir) throws Exception {
        Path f = drop(dir);
        long t0 = System.nanoTime();
        assertThat(run("console", f.toString(), "--steps", "3")).as(err.toString()).isZero();
        long ms = (System.nanoTime() - t0) / 1_000_000;
        String[] lines = err.toString().strip().split("\\R");
        // three steps of a lone falling ball: far under a second (the first progress line would come at 1 s)
        assertThat(lines[0]).startsWith("rubble: step 3 ");
        // 3 steps of 1/60 s
        assertThat(lines[lines.length - 1]).matches(
                "rubble: console ran 3 steps of 'drop' \\(0\\.050 s simulated\\) in \\d+ ms; 1 bodies; state hash [0-9a-f]{16}");
        assertThat(Long.parseLong(lines[lines.length - 1].replaceAll(".* in (\\d+) ms.*", "$1"))).isLessThanOrEqualTo(ms);
    }

    @Test
    void aJitWarmedConsoleRunReportsItsWarmUpFirst(@TempDir Path dir) throws Exception {
        Path f = drop(dir);
        assertThat(run("console", f.toString(), "--steps", "3")).as(err.toString()).isZero();
        String cold = err.toString().strip().lines().reduce((a, b) -> b).orElseThrow();
        assertThat(run("console", f.toString(), "--steps", "3", "--jit-warmup", "1")).as(err.toString()).isZero();
        String[] lines = err.toString().strip().split("\\R");
        assertThat(lines[0]).matches("jit_warmup rounds=[1-9][0-9]* steps=[0-9]+ breaks=[0-9]+ ms=[0-9]+ destruction=true");
        assertThat(lines[lines.length - 1].replaceAll(" in \\d+ ms", "")).isEqualTo(cold.replaceAll(" in \\d+ ms", ""));
        assertThat(run("console", f.toString(), "--jit-warmup", "700000")).isEqualTo(2);
        assertThat(err.toString()).contains("--jit-warmup 700000 is not allowed");
    }

    @Test
    void theSummaryCountsBreaksAndReleasesOfCollections(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("slab.json");
        // the slab's children get infinite strain at step 2: all ten break there
        Files.writeString(f, """
                {"format": "rubble-scenario/1", "name": "slab",
                 "bodies": [{"id": "ground", "shape": {"type": "box", "halfExtents": [20, 1, 20]}, "state": "static", "position": [0, -1, 0]}],
                 "collections": [{"id": "slab", "recipe": {"box": [1, 0.25, 1], "levels": [{"options": {"count": 10}}], "seed": 2},
                                  "position": [0, 0.25, 0], "destruction": {"damageOptions": {"thresholds": [1e9]}}}],
                 "commands": [{"type": "crumble", "step": 2, "collection": "slab"}]}""");
        assertThat(run("console", f.toString(), "--steps", "5")).as(err.toString()).isZero();
        String last = err.toString().strip().replaceAll("(?s).*\\R", "");
        assertThat(last).startsWith("rubble: console ran 5 steps of 'slab'").contains("; 10 breaks, 10 releases;");
    }

    /** A lone ball 10 m above nothing, as {@code drop.json} in {@code dir}. */
    private static Path drop(Path dir) throws java.io.IOException {
        Path f = dir.resolve("drop.json");
        Files.writeString(f, """
                {"format": "rubble-scenario/1", "name": "drop",
                 "bodies": [{"id": "ball", "shape": {"type": "sphere", "radius": 0.5}, "position": [0, 10, 0]}]}""");
        return f;
    }
}
