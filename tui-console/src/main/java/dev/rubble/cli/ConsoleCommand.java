package dev.rubble.cli;

import dev.rubble.cache.journal.JournalWriter;
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
        "Keys: space pause, n step, +/- speed, arrows pan, [/] zoom, v side/top view, i impulse, q quit.",
        "Without a terminal it prints one progress line per second (and needs --steps)."})
final class ConsoleCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SCENARIO", description = "scenario JSON file")
    Path scenarioFile;

    @Option(names = "--journal", paramLabel = "DIR", description = "record every step into a journal directory")
    Path journal;

    @Option(names = "--steps", paramLabel = "N", description = "stop stepping after N steps (default: no limit with a terminal, 600 without)")
    Long steps;

    @Option(names = "--set", paramLabel = "STAGE=NAME", description = "choose an implementation for a stage family (repeatable)")
    Map<String, String> sets = new TreeMap<>();

    @Mixin
    PluginOptions plugins;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (steps != null && steps < 0) {
            throw new BadInputException("--steps " + steps + " is negative; allowed: >= 0");
        }
        Scenario scenario = ScenarioLoader.load(scenarioFile);
        ScenarioWorld sw = ScenarioWorld.create(scenario, plugins.load(), RunCommand.parseSets(sets));
        boolean tty = ConsoleApp.hasTerminal();
        long limit = steps != null ? steps : tty ? Long.MAX_VALUE : 600;
        try (JournalWriter jw = journal == null ? null
                : JournalWriter.create(journal, sw, scenario.name(), Files.readString(scenarioFile))) {
            if (jw != null) {
                sw.world().addObserver(jw);
            }
            dev.rubble.tui.RunHealth health = new dev.rubble.tui.RunHealth(tty ? null : spec.commandLine().getErr());
            sw.world().addObserver(health);
            LiveSession session = new LiveSession(sw, jw, limit).withHealth(health);
            if (tty) {
                ConsoleApp.run(session);
            } else {
                Progress.run(session, spec.commandLine().getErr());
            }
        }
        return 0;
    }
}
