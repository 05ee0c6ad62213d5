package dev.rubble.cli;

import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.Scenario;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.tui.ConsoleApp;
import dev.rubble.tui.LiveSession;
import dev.rubble.tui.Progress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rubble console SCENARIO}: the live Lanterna console. */
@Command(mixinStandardHelpOptions = true, name = "console", description = {"Simulate a scenario in the live terminal console.",
        "Keys: space pause, n step, +/- speed, arrows pan, [/] zoom, v side/top view, h/j/k/l cursor, c centre it,"
                + " e explosion, f field presets, i impulse, b/B break budget, t/T release throttle, q quit.",
        "Without a terminal it prints one progress line per second and a summary line at the end (default 600 steps)."})
final class ConsoleCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SCENARIO", description = "scenario JSON file")
    Path scenarioFile;

    @Option(names = "--journal", paramLabel = "DIR", description = "record every step into a journal directory")
    Path journal;

    @Option(names = "--steps", paramLabel = "N", description = "stop stepping after N steps, 0 to " + dev.rubble.scenario.ScenarioLoader.MAX_STEPS + " (default: no limit with a terminal, 600 without)")
    Long steps;

    @Option(names = "--set", parameterConsumer = KeyValueOnce.class, paramLabel = "STAGE=NAME", description = "choose an implementation for a stage family (repeatable)")
    Map<String, String> sets = new TreeMap<>();

    @Mixin
    PluginOptions plugins;

    @Mixin
    JitWarmupOption jitWarmup;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        StepCounts.run("--steps", steps);
        jitWarmup.check();
        OutputFiles.checkJournalDirectory(journal);
        if (journal != null) {
            dev.rubble.cache.journal.ChronicleStart.prewarm(); // Chronicle's classes load while the scene is built (issue 27)
        }
        Scenario scenario = ScenarioLoader.load(scenarioFile);
        Stages stages = plugins.load();
        ScenarioWorld sw = ScenarioWorld.create(scenario, stages, RunCommand.parseSets(sets));
        jitWarmup.run(stages, sw.world().settings(), spec.commandLine().getErr()); // before the console takes the terminal
        boolean tty = ConsoleApp.hasTerminal();
        long limit = steps != null ? steps : tty ? Long.MAX_VALUE : 600;
        try (JournalWriter jw = journal == null ? null
                : JournalWriter.createWriteBehind(journal, sw, scenario.name(),
                        dev.rubble.scenario.ScenarioLoader.withAbsoluteFiles(Files.readString(scenarioFile),
                                scenarioFile.toAbsolutePath().getParent()))) {
            if (jw != null) {
                sw.world().addObserver(jw);
            }
            dev.rubble.tui.RunHealth health = new dev.rubble.tui.RunHealth(tty ? null : spec.commandLine().getErr());
            sw.world().addObserver(health);
            LiveSession session = new LiveSession(sw, jw, limit).withHealth(health);
            if (tty) {
                ConsoleApp.run(session, spec.commandLine().getErr());
            } else {
                long first = sw.world().stepIndex();
                dev.rubble.tui.ConsoleStats stats = new dev.rubble.tui.ConsoleStats();
                stats.attach(sw.world()); // counts breaks and releases for the summary
                long nanos = Progress.run(session, spec.commandLine().getErr());
                java.io.PrintWriter err = spec.commandLine().getErr();
                // issue 14 item 6: the summary line comes at the end of every run, however short
                err.println(summary(sw, scenario.name(), sw.world().stepIndex() - first, nanos, stats));
                err.print(health.summary());
                err.flush();
            }
        }
        return 0;
    }

    /** The end-of-run line without a terminal: steps, simulated and wall time, bodies, breaks, state hash. */
    static String summary(ScenarioWorld sw, String name, long steps, long nanos, dev.rubble.tui.ConsoleStats stats) {
        var w = sw.world();
        String breaks = w.destruction().collectionCount() == 0 ? ""
                : String.format(java.util.Locale.ROOT, "; %d breaks, %d releases", stats.totalBreaks(), stats.totalReleases());
        return String.format(java.util.Locale.ROOT,
                "rubble: console ran %d steps of '%s' (%.3f s simulated) in %d ms; %d bodies%s; state hash %016x", steps,
                name, w.time(), nanos / 1_000_000, w.bodies().size(), breaks, w.stateHash());
    }
}
