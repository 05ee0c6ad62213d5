package dev.rubble.cli;

import dev.rubble.core.destruction.DestructionOptions;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioException;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.authoring.CollectionBuilder;
import dev.rubble.scenario.WallBench;
import dev.rubble.scenario.WallDebris;
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
        c.checkStepsAndCap();
        // each count runs the wall again (issue 26: the same bits on every count, the state_hash says so)
        java.util.List<Integer> threadCounts = ThreadCounts.list("--threads", c.threadList);
        if (c.soak > 0 && threadCounts.size() > 1) {
            throw new BadInputException("--threads " + c.threadList + " is not allowed with --soak; allowed: one count");
        }
        c.threads = threadCounts.get(0);
        boolean[] runs = c.budgetRuns();
        boolean off = runs[0], on = runs[1];
        if (!off && c.debrisOut != null) { // before the wall is authored (seconds), not after
            throw new BadInputException("--debris-out needs the budgets-off run; allowed with --budgets off or both");
        }
        int[] counts = sites(c.wallSites);
        Map<String, String> overrides = RunCommand.parseSets(c.sets);
        Stages stages = c.plugins.load();
        WallScene.Wall wall = wall(c, counts, stages);
        PrintWriter out = c.spec.commandLine().getOut();
        if (c.soak > 0) {
            soak(c, wall, stages, overrides, out);
            return 0;
        }
        boolean debrisWritten = false;
        for (int t : threadCounts) {
            c.threads = t;
            if (off) {
                WallBench.Result r = runOnce(c, wall, WallScene.options(), false, stages, overrides, out);
                if (c.debrisOut != null && !debrisWritten) { // once: every count gives the same pieces
                    writeDebris(c, wall, r.peakStep(), stages, overrides, out);
                    debrisWritten = true;
                }
            }
            if (on) {
                runOnce(c, wall, WallBench.budgetsOn(), true, stages, overrides, out);
            }
        }
        out.printf(Locale.ROOT, "info engine=rubble wall_sites=%s leaves=%d anchored=%d nodes=%d %s_ms=%d cache=%s"
                        + " budgets_on=%s%n", join(counts), wall.leaves(), wall.anchors().length,
                wall.collection().nodeCount(), wall.fromCache() ? "load" : "author", wall.authorMillis(), wall.file(),
                WallBench.budgetsLabel());
        out.flush();
        return 0;
    }

    /**
     * Re-runs the budgets-off scene to the step with the most releases and writes its pieces as
     * loose convex hulls ({@link WallDebris}) for benchmarks/run-peers.sh.
     */
    private static void writeDebris(BenchCommand c, WallScene.Wall wall, long step, Stages stages,
                                    Map<String, String> overrides, PrintWriter out) {
        ScenarioWorld sw = ScenarioWorld.create(WallScene.scenario(wall, WallScene.options(), c.steps), stages, overrides);
        writeDebris(c, sw, step, "wall debris: the pieces of the wall", out);
    }

    /**
     * Steps {@code sw} to {@code step} and writes its pieces as loose convex hulls to {@code --debris-out}
     * (the wall and shatter benches alike), with one line saying what was written.
     */
    static void writeDebris(BenchCommand c, ScenarioWorld sw, long step, String what, PrintWriter out) {
        for (long i = 0; i < step; i++) {
            sw.step();
        }
        WallDebris.Counts[] counts = new WallDebris.Counts[1];
        String json = WallDebris.scenarioJson(sw.world(), what + " at step " + step + " as loose convex hulls", c.steps,
                CollectionBuilder.DEFAULT_DENSITY, true, counts);
        try {
            java.nio.file.Files.writeString(c.debrisOut, json);
        } catch (java.io.IOException e) {
            throw new BadInputException("--debris-out " + c.debrisOut + ": cannot write: " + e.getMessage());
        }
        out.printf(Locale.ROOT, "debris step=%d dynamic_hulls=%d static_hulls=%d file=%s%n", step,
                counts[0].dynamicHulls(), counts[0].staticHulls(), c.debrisOut);
    }

    private static WallBench.Result runOnce(BenchCommand c, WallScene.Wall wall, DestructionOptions options, boolean budgets,
                                Stages stages, Map<String, String> overrides, PrintWriter out) {
        ScenarioWorld sw;
        try {
            sw = ScenarioWorld.create(WallScene.scenario(wall, options, c.steps), stages, overrides, c.threads);
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
        out.println(r.line(startBodies, budgets ? "on" : "off", c.threads));
        if (r.cpu() != null) {
            out.println(r.cpu().cpuLine());
        }
        if (r.steps() < c.steps) {
            out.printf(Locale.ROOT, "note engine=rubble scene=wall capped after %d of %d steps%n", r.steps(), c.steps);
        }
        out.flush();
        return r;
    }

    /**
     * The heap soak: the budgets-off scene {@code --soak N} times in this process. Per run: the
     * used heap after a full collection before the world is built, after its last step (the wall
     * has fallen; nothing removes debris on this branch) and after the world is dropped.
     */
    private static void soak(BenchCommand c, WallScene.Wall wall, Stages stages, Map<String, String> overrides,
                             PrintWriter out) {
        for (int i = 1; i <= c.soak; i++) {
            long before = usedHeap();
            ScenarioWorld sw = ScenarioWorld.create(WallScene.scenario(wall, WallScene.options(), c.steps), stages,
                    overrides, c.threads);
            WallBench.Result r = WallBench.run(sw, c.steps, c.capSeconds);
            long after = usedHeap();
            int bodies = sw.world().bodies().size();
            sw = null;
            long released = usedHeap();
            out.printf(Locale.ROOT, "soak run=%d steps=%d median_ms=%.3f bodies_end=%d heap_before_mb=%.1f"
                            + " heap_after_mb=%.1f heap_after_drop_mb=%.1f state_hash=%016x%n", i, r.steps(),
                    r.wall().medianMs(), bodies, before / 1e6, after / 1e6, released / 1e6, r.stateHash());
            out.flush();
        }
    }

    /** Used heap after two full collections, bytes. */
    private static long usedHeap() {
        Runtime rt = Runtime.getRuntime();
        for (int k = 0; k < 2; k++) {
            System.gc();
        }
        return rt.totalMemory() - rt.freeMemory();
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

    /**
     * The bench's wall: from {@code --wall-cache DIR} (checked up front by {@link BenchCommand}; a cache that cannot
     * be written there is exit 2 naming it), else from the default cache directory, which only saves authoring
     * time: when it cannot be written a warning says why and the bench runs with the wall in a temporary file.
     */
    static WallScene.Wall wall(BenchCommand c, int[] counts, Stages stages) {
        if (c.wallCache != null) {
            try {
                return WallScene.cached(counts, WallScene.SEED, stages, c.wallCache);
            } catch (UncheckedIOException e) {
                throw new BadInputException("--wall-cache " + c.wallCache + ": " + e.getMessage());
            }
        }
        PrintWriter err = c.spec.commandLine().getErr();
        return WallScene.cachedOrAuthored(counts, WallScene.SEED, stages, WallScene.defaultCacheDir(), why -> {
            err.println("rubble: warning: " + why + " (the default cache, $RUBBLE_CACHE or ~/.cache/rubble); the wall"
                    + " was authored and is kept in a temporary file for this run");
            err.flush();
        });
    }
}
