package dev.rubble.cli;

import dev.rubble.core.command.CollisionProxies;
import dev.rubble.core.destruction.DestructionOptions;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioException;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.scenario.ShatterBench;
import dev.rubble.scenario.ShatterScene;
import dev.rubble.scenario.WallDebris;
import dev.rubble.scenario.WallScene;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * {@code rubble bench shatter} (issue 27 item 1): the bench wall ({@link WallScene}, the same cache)
 * blown fully apart by an explosion at its centre ({@link ShatterScene}), run with budgets off and
 * then on ({@link ShatterBench}). Per run a {@code scene=shatter} line (break step, peak active
 * pieces, median/p99/max ms per step from the break on, deferred holders left) and a {@code cpu}
 * line (CPU ms, bytes allocated per step); then an {@code info} line. {@code --debris-out FILE}
 * writes the budgets-off pieces at the step with the most active pieces as loose hulls for
 * {@code benchmarks/run-peers.sh --shatter-debris}.
 */
final class ShatterBenchRun {
    private ShatterBenchRun() {
    }

    static int run(BenchCommand c) {
        c.checkStepsAndCap();
        // each count runs the scenes again (issue 26: the same bits on every count, the state_hash says so)
        java.util.List<Integer> threadCounts = ThreadCounts.list("--threads", c.threadList);
        boolean[] runs = c.budgetRuns();
        boolean off = runs[0], on = runs[1];
        if (c.debrisOut != null && !off) {
            throw new BadInputException("--debris-out needs the budgets-off run; allowed with --budgets off or both");
        }
        CollisionProxies proxies = proxies(c.proxies);
        int[] counts = WallBenchRun.sites(c.wallSites);
        Map<String, String> overrides = RunCommand.parseSets(c.sets);
        Stages stages = c.plugins.load();
        WallScene.Wall wall = WallBenchRun.wall(c, counts, stages);
        PrintWriter out = c.spec.commandLine().getOut();
        boolean debrisWritten = false;
        for (int t : threadCounts) {
            c.threads = t;
            if (off) {
                ShatterBench.Result r = runOnce(c, wall, WallScene.options(), false, stages, overrides, proxies, out);
                if (c.debrisOut != null && !debrisWritten) { // once: every count gives the same pieces
                    writeDebris(c, wall, r.peakActiveStep(), stages, overrides, out);
                    debrisWritten = true;
                }
            }
            if (on) {
                runOnce(c, wall, ShatterBench.budgetsOn(), true, stages, overrides, proxies, out);
            }
        }
        out.printf(Locale.ROOT, "info engine=rubble scene=shatter wall_sites=%s leaves=%d anchored=%d nodes=%d %s_ms=%d"
                        + " cache=%s explosion=%s,%s,%s radius=%s strain=%s speed=%s field_step=%d budgets_on=%s proxies=%s warmup=%d jit_warmup_ms=%d%n",
                String.join(",", java.util.Arrays.stream(counts).mapToObj(Integer::toString).toList()), wall.leaves(),
                wall.anchors().length, wall.collection().nodeCount(), wall.fromCache() ? "load" : "author",
                wall.authorMillis(), wall.file(), ShatterScene.EX, ShatterScene.EY, ShatterScene.EZ, ShatterScene.RADIUS,
                ShatterScene.STRAIN, ShatterScene.SPEED, ShatterScene.FIELD_STEP, ShatterBench.budgetsLabel(), c.proxies, c.warmup, c.jitWarmup.millis);
        out.flush();
        return 0;
    }

    private static ScenarioWorld world(BenchCommand c, WallScene.Wall wall, DestructionOptions options, Stages stages,
                                       Map<String, String> overrides) {
        try {
            ScenarioWorld sw = ScenarioWorld.create(ShatterScene.scenario(wall, options, c.steps), stages, overrides,
                    c.threads);
            if (c.noContactCache) {
                sw.world().narrowphaseStage().setContactCache(false);
            }
            return sw;
        } catch (ScenarioException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    /**
     * {@code --proxies}: none, one shape for every piece, or SHAPE:MAXSIZE buckets (relative size).
     */
    static CollisionProxies proxies(String spec) {
        if (spec == null || "none".equals(spec)) {
            return CollisionProxies.none();
        }
        java.util.List<CollisionProxies.Bucket> bs = new java.util.ArrayList<>();
        for (String part : spec.split(",", -1)) {
            int k = part.indexOf(':');
            String shape = k < 0 ? part : part.substring(0, k);
            double max = Double.POSITIVE_INFINITY;
            if (k >= 0) {
                try {
                    max = Double.parseDouble(part.substring(k + 1));
                } catch (NumberFormatException e) {
                    max = Double.NaN;
                }
                if (!(max > 0)) {
                    throw new BadInputException("--proxies " + spec + ": maxSize '" + part.substring(k + 1)
                            + "' is not allowed; allowed: a relative size > 0 (1 = the largest leaf)");
                }
            }
            try {
                bs.add(new CollisionProxies.Bucket(max, CollisionProxies.Kind.parse("--proxies shape", shape)));
            } catch (IllegalArgumentException e) {
                throw new BadInputException("--proxies " + spec + ": shape '" + shape
                        + "' is not allowed; allowed: none, hull, box, sphere, capsule, or SHAPE:MAXSIZE[,...]");
            }
        }
        try {
            return new CollisionProxies(bs, false);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--proxies " + spec + ": " + e.getMessage());
        }
    }

    private static ShatterBench.Result runOnce(BenchCommand c, WallScene.Wall wall, DestructionOptions options,
                                               boolean budgets, Stages stages, Map<String, String> overrides,
                                               CollisionProxies proxies, PrintWriter out) {
        for (int i = 0; i < c.warmup; i++) { // the same run, discarded: only the JIT's state carries over
            ScenarioWorld warm = world(c, wall, options, stages, overrides);
            if (budgets) {
                ShatterBench.applyBudgets(warm.world());
            }
            warm.world().destruction().setCollisionProxies(0, proxies);
            ShatterBench.run(warm, c.steps, c.capSeconds);
        }
        ScenarioWorld sw = world(c, wall, options, stages, overrides);
        sw.world().destruction().setCollisionProxies(0, proxies); // before the first step (none = unchanged)
        if (budgets) {
            ShatterBench.applyBudgets(sw.world());
        }
        java.util.List<String> rows = new java.util.ArrayList<>();
        java.util.function.IntConsumer perStep = null;
        if (c.perStep != null) {
            perStep = k -> { // after each step, outside the timed region: what the step saw, and its stage times
                dev.rubble.core.step.StepProfile sp = sw.world().profile();
                StringBuilder sb = new StringBuilder();
                sb.append(sp.awakeBodies()).append('\t').append(sp.pairs()).append('\t').append(sp.manifolds())
                        .append('\t').append(sp.contactPoints());
                for (dev.rubble.core.step.StepSlot st : dev.rubble.core.step.StepSlot.values()) {
                    sb.append('\t').append(String.format(Locale.ROOT, "%.3f", sp.nanos(st) / 1e6));
                }
                for (String sub : dev.rubble.core.step.StepProfile.subSlotLabels()) {
                    sb.append('\t').append(String.format(Locale.ROOT, "%.3f", sp.nanos(sub) / 1e6));
                }
                rows.add(sb.toString());
            };
        }
        ShatterBench.Result r = ShatterBench.run(sw, c.steps, c.capSeconds, perStep);
        if (c.perStep != null) {
            writePerStep(c.perStep, r, rows);
        }
        out.println(r.line(budgets ? "on" : "off", c.threads));
        String cpu = r.cpuLine();
        if (cpu != null) {
            out.println(cpu);
        }
        if (r.steps() < c.steps) {
            out.printf(Locale.ROOT, "note engine=rubble scene=shatter capped after %d of %d steps%n", r.steps(), c.steps);
        }
        out.flush();
        return r;
    }

    /** {@code --per-step}: one line per step (the last run's; budgets on when both ran). */
    private static void writePerStep(Path file, ShatterBench.Result r, java.util.List<String> rows) {
        StringBuilder sb = new StringBuilder("step\tcpu_ms\twall_ms\talloc_bytes\tawake\tpairs\tmanifolds\tpoints");
        for (dev.rubble.core.step.StepSlot st : dev.rubble.core.step.StepSlot.values()) {
            sb.append('\t').append(st.label()).append("_ms");
        }
        for (String sub : dev.rubble.core.step.StepProfile.subSlotLabels()) {
            sb.append('\t').append(sub).append("_ms");
        }
        sb.append('\n');
        for (int i = 0; i < r.steps(); i++) {
            sb.append(i + 1).append('\t').append(String.format(Locale.ROOT, "%.3f\t%.3f\t%d", r.cpuNanos()[i] / 1e6,
                    r.wallNanos()[i] / 1e6, r.allocBytes()[i])).append('\t').append(rows.get(i)).append('\n');
        }
        try {
            java.nio.file.Files.writeString(file, sb);
        } catch (java.io.IOException e) {
            throw new BadInputException("--per-step " + file + ": " + e.getMessage());
        }
    }

    /** Re-runs the budgets-off scene to {@code step} and writes its pieces as loose leaf hulls ({@link WallDebris}). */
    private static void writeDebris(BenchCommand c, WallScene.Wall wall, int step, Stages stages,
                                    Map<String, String> overrides, PrintWriter out) {
        WallBenchRun.writeDebris(c, world(c, wall, WallScene.options(), stages, overrides), step,
                "shatter debris: the pieces of the shattered wall", out);
    }
}
