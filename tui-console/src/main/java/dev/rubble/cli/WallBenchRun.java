package dev.rubble.cli;

import dev.rubble.core.destruction.DestructionOptions;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioException;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.scenario.WallBench;
import dev.rubble.scenario.WallScene;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * {@code rubble bench wall}: the wall destruction scene ({@link WallScene}), authored once and
 * cached, run with budgets off and then on ({@link WallBench}). Prints per run the bench line
 * with {@code breaks=… releases=… peak_active_pieces=… peak_bodies=…}, the {@code cpu} line, and
 * once an {@code info} line with the wall's make and how long authoring (or loading the cache) took.
 */
final class WallBenchRun {
    private WallBenchRun() {
    }

    static int run(BenchCommand c) {
        if (c.steps < 1) {
            throw new BadInputException("--steps " + c.steps + " is not allowed; allowed: >= 1");
        }
        if (!(c.capSeconds >= 0) || Double.isInfinite(c.capSeconds)) {
            throw new BadInputException("--cap-seconds " + c.capSeconds + " is not allowed; allowed: finite, >= 0 (0 = no cap)");
        }
        if (c.threads != 1) {
            throw new BadInputException("--threads " + c.threads + " is not allowed; allowed: 1 (the Rubble step is single-threaded)");
        }
        boolean off = "off".equals(c.budgets) || "both".equals(c.budgets);
        boolean on = "on".equals(c.budgets) || "both".equals(c.budgets);
        if (!off && !on) {
            throw new BadInputException("--budgets " + c.budgets + " is not allowed; allowed: off, on, both");
        }
        int[] counts = sites(c.wallSites);
        Map<String, String> overrides = RunCommand.parseSets(c.sets);
        Stages stages = c.plugins.load();
        Path dir = c.wallCache != null ? c.wallCache : WallScene.defaultCacheDir();
        WallScene.Wall wall;
        try {
            wall = WallScene.cached(counts, WallScene.SEED, stages, dir);
        } catch (UncheckedIOException e) {
            throw new BadInputException("--wall-cache " + dir + ": " + e.getMessage());
        }
        PrintWriter out = c.spec.commandLine().getOut();
        if (off) {
            runOnce(c, wall, WallScene.options(), false, stages, overrides, out);
        }
        if (on) {
            runOnce(c, wall, WallBench.budgetsOn(), true, stages, overrides, out);
        }
        out.printf(Locale.ROOT, "info engine=rubble wall_sites=%s leaves=%d anchored=%d nodes=%d %s_ms=%d cache=%s"
                        + " budgets_on=%s%n", join(counts), wall.leaves(), wall.anchors().length,
                wall.collection().nodeCount(), wall.fromCache() ? "load" : "author", wall.authorMillis(), wall.file(),
                WallBench.budgetsLabel());
        out.flush();
        return 0;
    }

    private static void runOnce(BenchCommand c, WallScene.Wall wall, DestructionOptions options, boolean budgets,
                                Stages stages, Map<String, String> overrides, PrintWriter out) {
        ScenarioWorld sw;
        try {
            sw = ScenarioWorld.create(WallScene.scenario(wall, options, c.steps), stages, overrides);
        } catch (ScenarioException e) {
            throw new BadInputException(e.getMessage());
        }
        if (c.noContactCache) {
            sw.world().narrowphaseStage().setContactCache(false);
        }
        if (budgets) {
            WallBench.applyBudgets(sw.world());
        }
        int startBodies = sw.world().bodies().size();
        WallBench.Result r = WallBench.run(sw, c.steps, c.capSeconds);
        out.println(r.line(startBodies, budgets ? "on" : "off"));
        if (r.cpu() != null) {
            out.println(r.cpu().cpuLine());
        }
        if (r.steps() < c.steps) {
            out.printf(Locale.ROOT, "note engine=rubble scene=wall capped after %d of %d steps%n", r.steps(), c.steps);
        }
        out.flush();
    }

    static int[] sites(String spec) {
        if (spec == null) {
            return WallScene.BENCH_COUNTS.clone();
        }
        String[] parts = spec.split(",");
        int[] out = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                out[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new BadInputException("--wall-sites '" + spec + "': '" + parts[i]
                        + "' is not an integer; allowed: comma-separated site counts, e.g. 20,20,25");
            }
        }
        try {
            return WallScene.checkCounts(out);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--wall-sites '" + spec + "': " + e.getMessage());
        }
    }

    private static String join(int[] a) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < a.length; i++) {
            sb.append(i == 0 ? "" : ",").append(a[i]);
        }
        return sb.toString();
    }
}
