package dev.rubble.cli;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.BenchScenes;
import dev.rubble.scenario.BenchScenes.Scene;
import dev.rubble.scenario.BenchTimings;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.core.step.StepProfile;
import dev.rubble.core.step.StepSlot;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rubble bench SCENE|all}: runs the benchmark scenes of {@link BenchScenes}, timing every
 * step with {@link System#nanoTime()}, and prints per scene one line
 * {@code scene=pyramid bodies=210 steps=600 median_ms=… p10_ms=… p90_ms=… mean_ms=… threads=1}
 * (statistics over steps 100..N, see {@link BenchTimings}), then a {@code cpu} line with the same
 * statistics of the stepping thread's CPU time, the scene's sanity line and an {@code info} line naming the stages and iteration counts in use. The peer-engine runners in
 * {@code benchmarks/peers} print the same format.
 */
@Command(mixinStandardHelpOptions = true, name = "bench", description = "Run the benchmark scenes (pyramid, pile, spheres, wall, shatter) and print step times and sanity figures.")
final class BenchCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SCENE", description = "pyramid, pile, spheres, all (those three), large-pyramid (Box2D's large_pyramid in 3-D: 5 050 boxes), wall (the intact 10 000-leaf wall hit by a ball)"
            + " or shatter (the same wall blown fully apart by an explosion)")
    String scene;

    // the wall destruction scene (issue 13 item 7): WallBenchRun runs it
    @Option(names = "--wall-sites", paramLabel = "A,B,C",
            description = "wall and shatter: Voronoi sites per fracture level, 1 to 8 levels of 2..100000 sites, at most"
                    + " 10 000 pieces before a further level (default 20,20,25: 10 000 leaves)")
    String wallSites;

    @Option(names = "--wall-cache", paramLabel = "DIR",
            description = "wall and shatter: where the authored wall (.rbc) is cached (default $RUBBLE_CACHE or ~/.cache/rubble)")
    java.nio.file.Path wallCache;

    @Option(names = "--budgets", paramLabel = "off|on|both",
            description = "wall and shatter: run with budgets off, on, or both (default both: two lines)")
    String budgets = "both";

    @Option(names = "--debris-out", paramLabel = "FILE",
            description = "wall and shatter: also write the wall's pieces at the step with the most releases (shatter: the most active pieces) as loose convex hulls"
                    + " (a scenario file) for benchmarks/run-peers.sh --wall-debris / --shatter-debris")
    java.nio.file.Path debrisOut;

    @Option(names = "--proxies", paramLabel = "SPEC",
            description = "shatter only: the wall's collision proxies (issue 27): none (default), a shape for every piece"
                    + " (box, sphere, capsule), or buckets SHAPE:MAXSIZE[,SHAPE:MAXSIZE...] by relative size (1 = the largest leaf);"
                    + " the pieces keep their own mass properties")
    String proxies = "none";

    @Option(names = "--warmup", paramLabel = "N",
            description = "shatter and the step scenes (pyramid, pile, spheres, large-pyramid, all), not wall: before each"
                    + " measured run, run the same scene (at the same thread count, as many steps) N times in this JVM and"
                    + " discard them (a warm JVM, as in a running game: the first steps otherwise include JIT compilation,"
                    + " which on two cores competes with a 2-thread step for the second core). Default 0")
    int warmup;

    @picocli.CommandLine.Mixin
    JitWarmupOption jitWarmup;

    @Option(names = "--per-step", paramLabel = "FILE",
            description = "shatter only: write one tab-separated line per step of the last run (step, stepping-thread CPU ms,"
                    + " wall ms, bytes allocated, awake bodies, pairs, manifolds, contact points, then ms per stage and per"
                    + " destruction pass; wall time, or the stepping thread's CPU time with -Drubble.stageClock=cpu in RUBBLE_JAVA_OPTS)")
    java.nio.file.Path perStep;

    @Option(names = "--soak", paramLabel = "N",
            description = "wall only: run the budgets-off wall N times in this process and print the used heap before,"
                    + " after, and after dropping each world, 0 to 100 (default 0: no soak)")
    int soak;

    @Option(names = "--steps", paramLabel = "N", description = "steps per scene, 1 to " + dev.rubble.scenario.ScenarioLoader.MAX_STEPS + " (default: 600)")
    int steps = BenchScenes.STEPS;

    @Option(names = "--threads", paramLabel = "N[,M...]",
            description = "threads of the step, or a list (e.g. 1,2: each scene runs once per count, in that order;"
                    + " the result is the same bits for every count, docs/parallel.md). Default 1")
    String threadList = "1";
    int threads = 1;

    @Option(names = "--cap-seconds", paramLabel = "S",
            description = "stop a scene once its stepping has taken S seconds of wall clock (default: 0, no cap); "
                    + "the result line then reports the steps actually run")
    double capSeconds;

    @Option(names = "--set", parameterConsumer = KeyValueOnce.class, paramLabel = "STAGE=NAME",
            description = "choose an implementation for a stage family, e.g. --set broadphase=bruteforce (repeatable)")
    Map<String, String> sets = new TreeMap<>();

    @Option(names = "--no-contact-cache",
            description = "run the narrowphase on every pair every step (switch off the body-pair contact cache)")
    boolean noContactCache;

    @Option(names = "--stages", description = "also print a `stages` line: mean ms per pipeline stage over the measured steps (steps 100..N,"
                    + " or every step when N <= 100), the destruction stage's passes as destruction.<pass> after it")
    boolean printStages;

    @Mixin
    PluginOptions plugins;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if ("wall".equals(scene) && warmup != 0) {
            throw new BadInputException("--warmup is not allowed with wall; allowed: shatter, " + Scene.known() + ", all");
        }
        if (warmup < 0 || warmup > 100) {
            throw new BadInputException("--warmup " + warmup + " is not allowed; allowed: 0..100");
        }
        jitWarmup.check();
        if (!"shatter".equals(scene) && perStep != null) {
            throw new BadInputException("--per-step is not allowed with " + scene + "; allowed: shatter only");
        }
        if (!"shatter".equals(scene) && !"none".equals(proxies)) {
            throw new BadInputException("--proxies " + proxies + " is not allowed with " + scene + "; allowed: shatter only");
        }
        if (soak < 0 || soak > 100) {
            // as --warmup: each soak run is the whole 10 000-leaf wall; --soak 2147483647 was accepted and ran for years
            throw new BadInputException("--soak " + soak + " is not allowed; allowed: 0..100 (0 = no soak)");
        }
        if (soak != 0 && !"wall".equals(scene)) {
            throw new BadInputException("--soak " + soak + " is not allowed with " + scene + "; allowed: wall only");
        }
        if (!"wall".equals(scene) && !"shatter".equals(scene)) {
            refuseWallOption("--wall-sites", wallSites);
            refuseWallOption("--wall-cache", wallCache);
            refuseWallOption("--debris-out", debrisOut);
            refuseWallOption("--budgets", budgets);
        }
        // before the scene is built and stepped (minutes for the 10 000-leaf wall), not when the file is written
        OutputFiles.check("--debris-out", debrisOut);
        // a file there failed after the wall was authored: "cannot write the wall cache F/wall-....rbc: F"
        OutputFiles.checkDirectory("--wall-cache", wallCache, "a directory (made if missing) where the authored wall is cached");
        OutputFiles.check("--per-step", perStep);
        if (jitWarmup.asked()) { // before anything is measured, with the stage choices and first thread count given
            checkStepsAndCap(); // bad input is refused before the seconds of warming, not after
            if (!"wall".equals(scene) && !"shatter".equals(scene)) {
                scenes(scene);
            } else {
                WallBenchRun.sites(wallSites);
                budgetRuns();
                if ("shatter".equals(scene)) {
                    ShatterBenchRun.proxies(proxies);
                }
            }
            jitWarmup.run(plugins.load(), ScenarioWorld.settings(BenchScenes.settings(), RunCommand.parseSets(sets),
                    ThreadCounts.list("--threads", threadList).get(0)), spec.commandLine().getOut());
        }
        if ("wall".equals(scene)) {
            return WallBenchRun.run(this);
        }
        if ("shatter".equals(scene)) {
            return ShatterBenchRun.run(this);
        }
        List<Scene> scenes = scenes(scene);
        checkStepsAndCap();
        List<Integer> counts = ThreadCounts.list("--threads", threadList);
        Map<String, String> overrides = RunCommand.parseSets(sets);
        Stages stages = plugins.load();
        PrintWriter out = spec.commandLine().getOut();
        for (Scene s : scenes) {
            for (int t : counts) {
                threads = t;
                for (int w = 0; w < warmup; w++) { // the same run, discarded: only the JIT's state carries over
                    warm(s, stages, overrides);
                }
                run(s, stages, overrides, out);
            }
        }
        out.flush();
        return 0;
    }

    static List<Scene> scenes(String name) {
        if ("all".equals(name)) {
            return Scene.all();
        }
        for (Scene s : Scene.values()) {
            if (s.label().equals(name)) {
                return List.of(s);
            }
        }
        throw new BadInputException("unknown scene '" + name + "'; known: " + Scene.known() + ", all, wall, shatter");
    }

    /** The scene's world at the current thread count, with the contact cache off when asked. */
    private ScenarioWorld world(Scene s, Stages stages, Map<String, String> overrides) {
        ScenarioWorld sw = ScenarioWorld.create(BenchScenes.build(s), stages, overrides, threads);
        if (noContactCache) {
            sw.world().narrowphaseStage().setContactCache(false);
        }
        return sw;
    }

    /** {@code --cap-seconds} in nanoseconds (no cap: the largest long). */
    private long capNanos() {
        return capSeconds > 0 ? (long) (capSeconds * 1e9) : Long.MAX_VALUE;
    }

    /** One discarded run of the scene: the same world, thread count and steps (within the cap) as the measured one. */
    private void warm(Scene s, Stages stages, Map<String, String> overrides) {
        ScenarioWorld sw = world(s, stages, overrides);
        long cap = capNanos();
        long t0 = System.nanoTime();
        for (int i = 0; i < steps && System.nanoTime() - t0 <= cap; i++) {
            sw.step();
        }
    }

    private void run(Scene s, Stages stages, Map<String, String> overrides, PrintWriter out) {
        ScenarioWorld sw = world(s, stages, overrides);
        BodyStore b = sw.world().bodies();
        // dynamic bodies in slot order = scene order (a fresh store hands out slots sequentially)
        int[] slots = new int[b.size()];
        int n = 0;
        for (int i = 0, lim = b.slotLimit(); i < lim; i++) {
            if (b.isLive(i) && b.motion(i) == MotionType.DYNAMIC) {
                slots[n++] = i;
            }
        }
        double[] start = positions(b, slots, n);
        long[] nanos = new long[steps];
        long[] cpu = new long[steps];
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        boolean cpuTimed = mx.isCurrentThreadCpuTimeSupported();
        long cap = capNanos();
        long total = 0;
        int done = 0;
        StepSlot[] stageList = StepSlot.values();
        long[] stageSum = new long[stageList.length];
        dev.rubble.core.destruction.PassSlot[] passList = dev.rubble.core.destruction.PassSlot.values();
        long[] passSum = new long[passList.length];
        // stage means cover the same window as the step statistics (BenchTimings), or every step of a
        // run too short to have one: --stages printed all zeros for runs under 100 steps
        int firstStaged = steps > BenchTimings.FIRST_MEASURED_STEP ? BenchTimings.FIRST_MEASURED_STEP : 0;
        while (done < steps && total <= cap) {
            long c0 = cpuTimed ? mx.getCurrentThreadCpuTime() : 0;
            long t0 = System.nanoTime();
            sw.step();
            long dt = System.nanoTime() - t0;
            cpu[done] = cpuTimed ? mx.getCurrentThreadCpuTime() - c0 : 0;
            if (done >= firstStaged) {
                StepProfile sp = sw.world().profile();
                for (StepSlot st : stageList) {
                    stageSum[st.ordinal()] += sp.nanos(st);
                }
                for (dev.rubble.core.destruction.PassSlot ps : passList) {
                    passSum[ps.ordinal()] += sp.nanos(ps);
                }
            }
            nanos[done++] = dt;
            total += dt;
        }
        BenchTimings t = BenchTimings.of(Arrays.copyOf(nanos, done));
        out.println(t.line(s.label(), n, done, threads));
        if (cpuTimed) {
            out.println(BenchTimings.of(Arrays.copyOf(cpu, done)).cpuLine());
        }
        if (printStages) {
            int measured = Math.max(1, done - firstStaged);
            StringBuilder sb = new StringBuilder("stages mean_ms");
            for (StepSlot st : stageList) {
                sb.append(String.format(Locale.ROOT, " %s=%.3f", st.label(), stageSum[st.ordinal()] / 1e6 / measured));
                if (st == StepSlot.DESTRUCTION) { // its passes (sub-slots, issue 23), in script order
                    for (dev.rubble.core.destruction.PassSlot ps : passList) {
                        sb.append(String.format(Locale.ROOT, " %s.%s=%.3f", st.label(), ps.label(),
                                passSum[ps.ordinal()] / 1e6 / measured));
                    }
                }
            }
            out.println(sb);
        }
        out.println(BenchScenes.sanity(s, start, positions(b, slots, n)).format());
        var ws = sw.world().settings();
        out.printf("info engine=rubble broadphase=%s velocity_iterations=%d position_iterations=%d sub_steps=%d sleeping=%s"
                        + " contact_cache=%s warmup=%d jit_warmup_ms=%d%n",
                sw.world().broadphaseName(), ws.velocityIterations(), ws.positionIterations(), ws.subSteps(),
                ws.dynamics().sleepEnabled() ? "on" : "off", sw.world().narrowphaseStage().contactCache() ? "on" : "off",
                warmup, jitWarmup.millis);
        if (done < steps) {
            out.printf(Locale.ROOT, "note engine=rubble scene=%s capped after %d of %d steps (%.0f s of stepping)%n",
                    s.label(), done, steps, total / 1e9);
        }
        out.flush();
    }

    private static double[] positions(BodyStore b, int[] slots, int n) {
        double[] p = new double[3 * n];
        for (int i = 0; i < n; i++) {
            int s = slots[i];
            p[3 * i] = b.originX(s);
            p[3 * i + 1] = b.originY(s);
            p[3 * i + 2] = b.originZ(s);
        }
        return p;
    }

    /**
     * A wall-and-shatter option given with a step scene: refused rather than ignored (the step scenes
     * have no wall, no budgets and no debris to write; a silently missing {@code --debris-out} file
     * was the defect).
     */
    private void refuseWallOption(String name, Object value) {
        if (spec.commandLine().getParseResult().hasMatchedOption(name)) { // given, whatever its default
            throw new BadInputException(name + " " + value + " is not allowed with " + scene + "; allowed: wall and shatter only");
        }
    }

    /** {@code --steps} and {@code --cap-seconds}, checked alike for every scene. */
    void checkStepsAndCap() {
        StepCounts.check("--steps", steps, 1, StepCounts.MAX_BENCH, "each step's times are kept");
        if (!(capSeconds >= 0) || Double.isInfinite(capSeconds)) {
            throw new BadInputException("--cap-seconds " + capSeconds + " is not allowed; allowed: finite, >= 0 (0 = no cap)");
        }
    }

    /** {@code --budgets} of the wall and shatter benches as the runs it asks for: {@code {off, on}}. */
    boolean[] budgetRuns() {
        boolean off = "off".equals(budgets) || "both".equals(budgets);
        boolean on = "on".equals(budgets) || "both".equals(budgets);
        if (!off && !on) {
            throw new BadInputException("--budgets " + budgets + " is not allowed; allowed: off, on, both");
        }
        return new boolean[] {off, on};
    }
}
