package dev.rubble.cli;

import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.destruction.BreakEvents;
import dev.rubble.core.destruction.BreakListener;
import dev.rubble.tui.ConsoleApp;
import dev.rubble.tui.LiveSession;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.Scenario;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.core.step.StepProfile;
import dev.rubble.core.step.StepSlot;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rubble demo}: the built-in scenario, a Voronoi wall of 2 000 leaves in three levels
 * (20, 200, 2 000; {@code WallScene.DEMO_COUNTS}) anchored along its base and hit by a 200 kg
 * ball at 60 m/s. With a terminal on standard output it opens the live console; otherwise it
 * prints a table every tenth of the run and a summary: steps, breaks, releases, peak active
 * pieces, ms per step and the state hash. {@code --journal DIR} records the run ({@code rubble
 * verify DIR} re-authors the wall from the scenario's inline recipe).
 */
@Command(mixinStandardHelpOptions = true, name = "demo", description = {"Run a built-in demo (--list names them); by default"
        + " a Voronoi wall of 2000 leaves in three levels, anchored along its base, holed by a 200 kg ball at 60 m/s.",
        "With a terminal on standard output the live console opens (unless --headless); otherwise a table and a"
                + " summary (steps, breaks, releases, peak active pieces, ms per step, state hash) are printed."})
final class DemoCommand implements Callable<Integer> {
    /** The demo scenario: written by {@code WallScene.recipeJson} for {@code WallScene.DEMO_COUNTS} (DemoScenarioTest checks it). */
    static final String RESOURCE = "/dev/rubble/cli/demo.json";

    /** The demo scenes (issue 22): name, resource, one line for {@code --list}. */
    static final String[][] SCENES = {
        {"wall", RESOURCE, "a Voronoi wall of 2000 leaves in three levels, anchored along its base, holed by a 200 kg"
                + " ball at 60 m/s that stops in the hole (the default; impacts resolved before the solve)"},
        {"tower", "/dev/rubble/cli/demo-tower.json", "a slender three-storey Voronoi tower (1.2 x 9 x 1.2 m) anchored at its"
                + " foot, hit low by a 300 kg ball at 40 m/s: its foot is knocked out and it collapses into a heap"},
        {"smash", "/dev/rubble/cli/demo-smash.json", "the wall demo's wall struck by a 1 t ball at 60 m/s (five times the"
                + " wall demo's ball): it smashes through at about 14 m/s and brings most of the wall down behind it"},
    };

    @Option(names = "--scene", paramLabel = "NAME", defaultValue = "wall",
            description = "the demo scene: wall (default), tower or smash; --list names them")
    String scene;

    @Option(names = "--list", description = "name the demo scenes and exit")
    boolean list;

    @Option(names = "--steps", paramLabel = "N", description = "steps to run, 0 to " + dev.rubble.scenario.ScenarioLoader.MAX_STEPS + " (default: the demo's own)")
    Integer steps;

    @Option(names = "--journal", paramLabel = "DIR",
            description = "record every step into a journal directory (new or empty); rubble verify DIR re-simulates it")
    java.nio.file.Path journal;

    @Mixin
    JitWarmupOption jitWarmup;

    @Option(names = "--headless", description = "never open the console, even when standard output is a terminal")
    boolean headless;

    @Option(names = "--threads", paramLabel = "N",
            description = "threads of the step (default 1); the result is the same bits for every count (docs/parallel.md)")
    String threadsText;

    @Mixin
    PluginOptions plugins;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        jitWarmup.check();
        if (list) {
            // "demo --list --steps 5 --journal j" listed the scenes and dropped the rest without a word
            for (String option : new String[] {"--scene", "--steps", "--journal", "--headless", "--threads", "--jit-warmup",
                    "--plugins"}) {
                if (spec.commandLine().getParseResult().hasMatchedOption(option)) {
                    throw new BadInputException(option + " with --list: --list names the scenes and runs none; allowed: one"
                            + " of them");
                }
            }
            PrintWriter o = spec.commandLine().getOut();
            for (String[] sc : SCENES) {
                o.printf("%-6s %s%n", sc[0], sc[2]);
            }
            o.flush();
            return 0;
        }
        String resource = null;
        StringBuilder names = new StringBuilder();
        for (String[] sc : SCENES) {
            names.append(names.length() == 0 ? "" : ", ").append(sc[0]);
            if (sc[0].equals(scene)) {
                resource = sc[1];
            }
        }
        if (resource == null) {
            throw new BadInputException("--scene " + scene + " is not a demo scene; allowed: " + names);
        }
        StepCounts.run("--steps", steps); // before the wall is built
        OutputFiles.checkJournalDirectory(journal);
        String json;
        try (InputStream in = DemoCommand.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("demo scenario " + resource + " missing from the jar");
            }
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (journal != null) {
            dev.rubble.cache.journal.ChronicleStart.prewarm(); // Chronicle's classes load while the wall is built (issue 27)
        }
        Scenario scenario = ScenarioLoader.parse(json);
        Stages stages = plugins.load();
        int threads = threadsText == null ? 0 : ThreadCounts.one("--threads", threadsText);
        ScenarioWorld sw = ScenarioWorld.create(scenario, stages, java.util.Map.of(), threads);
        long n = steps != null ? steps : scenario.steps();
        jitWarmup.run(stages, sw.world().settings(), spec.commandLine().getErr()); // the ball hits the wall at once
        DemoCounter counter = new DemoCounter(sw.world());
        sw.world().addBreakListener(counter);
        // the scenario-world form embeds the wall's .rbc image: replay re-creates pieces from it (issue 14)
        JournalWriter jw = journal == null ? null : JournalWriter.createWriteBehind(journal, sw, scenario.name(), json);
        PrintWriter out = spec.commandLine().getOut();
        try {
            if (jw != null) {
                sw.world().addObserver(jw);
            }
            if (!headless && ConsoleApp.hasTerminal()) {
                ConsoleApp.run(new LiveSession(sw, jw, sw.world().stepIndex() + n), spec.commandLine().getErr());
                return 0;
            }
            table(scenario, sw, n, counter, out);
        } finally {
            if (jw != null) {
                jw.close();
            }
        }
        if (jw != null) {
            out.printf("Journal: %s, %d steps, %d bytes; check it with: rubble verify %s%n", journal, jw.steps(),
                    jw.bytes(), journal);
        }
        out.flush();
        return 0;
    }

    private static void table(Scenario scenario, ScenarioWorld sw, long n, DemoCounter counter, PrintWriter out) {
        String title = scenario.name().startsWith("demo: ") ? scenario.name().substring(6) : scenario.name();
        out.printf("Rubble demo: %s%n  %d bodies, dt %.5f s, %d sub-step(s), broadphase %s%n", title,
                sw.world().bodies().size(), scenario.settings().dt(), scenario.settings().subSteps(),
                sw.world().broadphaseName());
        out.println("   step     time  bodies  pieces  breaks  releases  pairs  step_us  hash");
        long every = Math.max(1, n / 10);
        long total = 0;
        for (long i = 0; i < n; i++) {
            sw.step();
            counter.afterStep();
            StepProfile p = sw.world().profile();
            total += p.totalNanos();
            if ((i + 1) % every == 0 || i == n - 1) {
                out.printf("  %5d  %7.3f  %6d  %6d  %6d  %8d  %5d  %7d  %016x%n", p.step(), p.time(),
                        sw.world().bodies().size(), sw.world().destruction().activeCount(), counter.breaks,
                        counter.releases, p.pairs(), p.totalNanos() / 1000, p.stateHash());
            }
        }
        StepProfile last = sw.world().profile();
        out.printf("Stage times of the last step (us):");
        for (StepSlot st : StepSlot.values()) {
            out.printf(" %s=%d", st.label(), last.nanos(st) / 1000);
        }
        out.println();
        out.printf(java.util.Locale.ROOT, "Summary: steps=%d breaks=%d releases=%d peak_active_pieces=%d ms_per_step=%.3f"
                        + " state_hash=%016x%n", n, counter.breaks, counter.releases, counter.peakActive,
                n == 0 ? 0.0 : total / 1e6 / n, sw.world().stateHash());
    }

    /** Counts the demo's breaks (BREAK events), releases (every event: each is a new body) and the peak of active pieces. */
    static final class DemoCounter implements BreakListener {
        private final dev.rubble.core.world.World world;
        long breaks;
        long releases;
        int peakActive;

        DemoCounter(dev.rubble.core.world.World world) {
            this.world = world;
            this.peakActive = world.destruction().activeCount();
        }

        @Override
        public void onBreaks(BreakEvents ev) {
            releases += ev.count();
            for (int i = 0; i < ev.count(); i++) {
                if (ev.kind[i] == BreakEvents.BREAK) {
                    breaks++;
                }
            }
        }

        void afterStep() {
            peakActive = Math.max(peakActive, world.destruction().activeCount());
        }
    }
}
