package dev.rubble.cli;

import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.Scenario;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.tui.ConsoleApp;
import dev.rubble.tui.LiveSession;
import dev.rubble.tui.Progress;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
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

/** {@code rubble run SCENARIO}: simulate headless and write the final state as JSON. */
@Command(mixinStandardHelpOptions = true, name = "run", description = {"Simulate a scenario and write the final state of every body as JSON.",
        "With a terminal on standard output (and no --out / --headless) the live console opens instead;"
                + " without one, a progress line is printed every second."})
final class RunCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SCENARIO", description = "scenario JSON file (docs/scenario-format.md)")
    Path scenarioFile;

    @Option(names = "--steps", paramLabel = "N",
            description = "steps to run, 0 to " + ScenarioLoader.MAX_STEPS + " (default: the scenario's \"steps\", else 600)")
    Integer steps;

    @Option(names = "--set", parameterConsumer = KeyValueOnce.class, paramLabel = "STAGE=NAME",
            description = "choose an implementation for a stage family, e.g. --set broadphase=bruteforce (repeatable)")
    Map<String, String> sets = new TreeMap<>();

    @Option(names = "--out", paramLabel = "FILE", description = "write the final state here (default, or -: standard output)")
    Path out;

    @Option(names = "--journal", paramLabel = "DIR",
            description = "record every step into a journal directory (new or empty; docs/journal-format.md)")
    Path journal;

    @Option(names = "--journal-meshes",
            description = "with --journal: embed the piece meshes of mesh-fractured collections, so playback draws"
                    + " them instead of the collision hulls (larger journals; docs/journal-format.md)")
    boolean journalMeshes;

    @Option(names = "--threads", paramLabel = "N",
            description = "threads of the step (default: the scenario's world.threads, else 1; with --restore: as saved);"
                    + " the result is the same bits for every count (docs/parallel.md)")
    String threadsText;

    // keyframes for seeking (issue 31; docs/journal-format.md "Keyframe document")
    @Option(names = "--keyframe-interval", paramLabel = "STEPS",
            description = "with --journal: store a world snapshot at most every STEPS steps, for seeking (default: "
                    + JournalWriter.DEFAULT_KEYFRAME_INTERVAL + "; 0 = none)")
    Integer keyframeInterval;

    @Option(names = "--keyframe-budget", paramLabel = "MB",
            description = "with --journal: at most this many MiB of keyframes in all (default: 64)")
    Double keyframeBudgetMb;

    @picocli.CommandLine.Mixin
    JitWarmupOption jitWarmup;

    @Option(names = "--headless", description = "never open the console, even when standard output is a terminal")
    boolean headless;

    // snapshots (issue 11 item 5; docs/snapshot-format.md)
    @Option(names = "--snapshot-at", paramLabel = "N",
            description = "save a snapshot of the world after step N (needs --snapshot FILE)")
    Long snapshotAt;

    @Option(names = "--snapshot", paramLabel = "FILE", description = "the snapshot file --snapshot-at writes, binary (e.g. x.rsnap; the extension of another"
                    + " format, .json, .png, .rbc, ..., is refused)")
    Path snapshotFile;

    @Option(names = "--restore", paramLabel = "FILE",
            description = "continue a snapshot of this scenario (saved with --snapshot) instead of starting at step 0;"
                    + " --steps then counts from the snapshot's step (default: up to the scenario's \"steps\")")
    Path restoreFile;

    @Option(names = "--events", paramLabel = "FILE",
            description = "write every step's events as JSON lines (docs/events.md); kinds and filters come from the"
                    + " scenario's \"events\" section, or, without one, every kind but moved")
    Path eventsFile;

    @Mixin
    PluginOptions plugins;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        StepCounts.run("--steps", steps);
        jitWarmup.check();
        Map<String, String> overrides = parseSets(sets);
        int threads = threadsText == null ? 0 : ThreadCounts.one("--threads", threadsText);
        checkSnapshotOptions();
        checkJournalOptions();
        OutputFiles.checkJournalDirectory(journal);
        if (journal != null) {
            dev.rubble.cache.journal.ChronicleStart.prewarm(); // Chronicle's classes load while the scene is built (issue 27)
        }
        // "--out -" is standard output, as the default is (it wrote a file named "-"), and asks for no console
        boolean outDash = out != null && "-".equals(out.toString());
        if (outDash) {
            out = null;
        }
        OutputFiles.checkOutsideJournal(List.of(OutputFiles.named("--out", out), OutputFiles.named("--snapshot", snapshotFile),
                OutputFiles.named("--events", eventsFile)), journal);
        OutputFiles.check("--out", out); // before the steps run, not after (issue 28)
        OutputFiles.check("--snapshot", snapshotFile);
        OutputFiles.check("--events", eventsFile);
        OutputFiles.checkDistinct(List.of(OutputFiles.named("--out", out), OutputFiles.named("--snapshot", snapshotFile),
                OutputFiles.named("--events", eventsFile)), List.of(OutputFiles.named("SCENARIO", scenarioFile),
                OutputFiles.named("--restore", restoreFile)));
        // after the checks above: an output over an input, or inside a journal, is named as that first
        OutputFiles.checkSnapshotName("--snapshot", snapshotFile);
        OutputFiles.checkJsonName("--out", out, false);
        OutputFiles.checkJsonName("--events", eventsFile, true);
        Scenario scenario = ScenarioLoader.load(scenarioFile);
        Stages stages = plugins.load();
        ScenarioWorld sw = restoreFile != null ? Snapshots.restore(restoreFile, scenario, stages, overrides, threads)
                : ScenarioWorld.create(scenario, stages, overrides, threads);
        long total = scenario.steps() > 0 ? scenario.steps() : 600;
        long n = steps != null ? steps : restoreFile != null ? Math.max(0, total - sw.world().stepIndex()) : total;
        long first = sw.world().stepIndex();
        if (snapshotAt != null) {
            Snapshots.saveAt(sw.world(), snapshotAt, first, first + n, snapshotFile, scenario.name(),
                    spec.commandLine().getErr());
        }
        PrintWriter err = spec.commandLine().getErr();
        boolean console = !headless && !outDash && out == null && ConsoleApp.hasTerminal();
        dev.rubble.tui.RunHealth health = new dev.rubble.tui.RunHealth(console ? null : err);
        sw.world().addObserver(health);
        EventLines lines = null;
        if (eventsFile != null) {
            lines = new EventLines(eventsFile);
            EventLines.defaultsIfNothingOn(sw.world(), !scenario.events().isEmpty());
            sw.world().addObserver(lines);
        }
        sw.withImageMeshes(journalMeshes);
        JournalWriter jw = journal == null ? null
                : JournalWriter.createWriteBehind(journal, sw, scenario.name(),
                        dev.rubble.scenario.ScenarioLoader.withAbsoluteFiles(Files.readString(scenarioFile),
                                scenarioFile.toAbsolutePath().getParent()))
                        .keyframes(keyframeInterval != null ? keyframeInterval : JournalWriter.DEFAULT_KEYFRAME_INTERVAL,
                                keyframeBudgetMb != null ? (long) (keyframeBudgetMb * (1 << 20)) : JournalWriter.DEFAULT_KEYFRAME_BUDGET);
        jitWarmup.run(stages, sw.world().settings(), err); // after every check and file opened; stderr (stdout may be the state)
        long t0 = System.nanoTime();
        dev.rubble.scenario.ScenarioException failure = null;
        try {
            if (jw != null) {
                sw.world().addObserver(jw);
            }
            LiveSession session = new LiveSession(sw, jw, sw.world().stepIndex() + n).withHealth(health);
            if (console) {
                ConsoleApp.run(session, spec.commandLine().getErr());
                return 0;
            }
            try {
                Progress.run(session, err);
            } catch (dev.rubble.scenario.ScenarioException e) {
                // bad input found while stepping: keep what was simulated (journal, state), then exit 2
                failure = e;
            }
        } finally {
            if (jw != null) {
                jw.close();
            }
            if (lines != null) {
                lines.close();
            }
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        if (jw != null) {
            err.printf("rubble: journal %s: %d steps, %d bytes (%d bytes of steps, %.0f bytes/step), written at %.1f MB/s%n",
                    journal, jw.steps(), jw.bytes(), jw.stepBytes(), jw.bytesPerStep(), jw.writeBytesPerSecond() / 1e6);
            err.printf("rubble: journal %s: %d keyframes, %d bytes%s%n", journal, jw.keyframes(), jw.keyframeBytes(),
                    jw.keyframeRefusal() != null ? " (this world cannot be snapshotted: " + jw.keyframeRefusal() + ")" : "");
        }
        if (out == null) {
            OutputStream os = System.out;
            StateWriter.write(sw.world(), scenario.name(), new NonClosing(os));
            System.out.println();
            System.out.flush();
        } else {
            Path parent = out.toAbsolutePath().getParent();
            if (parent != null && !Files.isDirectory(parent)) {
                throw new BadInputException("--out " + out + ": directory " + parent + " does not exist");
            }
            OutputFiles.writeReplacing(out, os -> StateWriter.write(sw.world(), scenario.name(), os));
        }
        if (lines != null) {
            err.printf("rubble: events %s: %d lines%n", eventsFile, lines.lines());
        }
        // a restored run's world time includes the steps before the snapshot: "ran 30 steps (1.000 s simulated)"
        // read as 30 steps of 1/30 s
        long ran = sw.world().stepIndex() - first;
        String simulated = String.format(java.util.Locale.ROOT, "%.3f s simulated", ran * sw.world().settings().dt())
                + (first == 0 ? "" : String.format(java.util.Locale.ROOT, ", world time %.3f s from step %d", sw.world().time(), first));
        err.printf("rubble: ran %d steps of '%s' (%s) in %d ms; %d bodies; state hash %016x%s%n",
                ran, scenario.name(), simulated, ms, sw.world().bodies().size(), sw.world().stateHash(),
                out == null ? "" : "; wrote " + out);
        err.print(health.summary());
        err.flush();
        if (failure != null) {
            throw new BadInputException(failure.getMessage() + " (the state after step " + (sw.world().stepIndex() - 1)
                    + ", the last one completed, was written" + (jw != null ? " and journalled" : "") + ")");
        }
        return 0;
    }

    private void checkSnapshotOptions() {
        if ((snapshotAt == null) != (snapshotFile == null)) {
            throw new BadInputException(snapshotAt == null ? "--snapshot " + snapshotFile + " needs --snapshot-at N (the step to save after)"
                    : "--snapshot-at " + snapshotAt + " needs --snapshot FILE (where to save)");
        }
        if (snapshotAt != null && snapshotAt < 0) {
            throw new BadInputException("--snapshot-at " + snapshotAt + " is negative; allowed: >= 0");
        }
        if (restoreFile != null && journal != null) {
            throw new BadInputException("--journal cannot record a run restored with --restore (a journal starts at step 0)");
        }
    }

    /**
     * The options that only mean something with {@code --journal}, checked before any file is opened (they
     * were checked after the {@code --events} file had been truncated, and without {@code --journal} a
     * keyframe option was ignored without a word).
     */
    private void checkJournalOptions() {
        if (keyframeInterval != null && keyframeInterval < 0) {
            throw new BadInputException("--keyframe-interval " + keyframeInterval + " is negative; allowed: >= 0 steps (0 = no keyframes)");
        }
        if (keyframeBudgetMb != null && !(keyframeBudgetMb >= 0 && keyframeBudgetMb <= 1 << 20)) {
            throw new BadInputException("--keyframe-budget " + keyframeBudgetMb + " is out of range; allowed: 0 to 1048576 MiB");
        }
        if (journal == null) {
            String alone = journalMeshes ? "--journal-meshes" : keyframeInterval != null ? "--keyframe-interval"
                    : keyframeBudgetMb != null ? "--keyframe-budget" : null;
            if (alone != null) {
                throw new BadInputException(alone + " needs --journal DIR (it sets how the journal is recorded);"
                        + " allowed: with --journal, or not at all");
            }
        }
    }

    /**
     * The {@code --set STAGE=NAME} choices: picocli splits them (a value without {@code =} is a usage
     * error); here only an empty family or name is refused.
     */
    static Map<String, String> parseSets(Map<String, String> sets) {
        Map<String, String> m = new TreeMap<>();
        for (Map.Entry<String, String> e : sets.entrySet()) {
            if (e.getKey().isBlank() || e.getValue().isBlank()) {
                throw new BadInputException("--set '" + e.getKey() + "=" + e.getValue()
                        + "' is not allowed; allowed: STAGE=NAME, e.g. broadphase=bruteforce");
            }
            m.put(e.getKey(), e.getValue());
        }
        return m;
    }

    /** Lets the JSON writer close without closing standard output. */
    private static final class NonClosing extends java.io.FilterOutputStream {
        NonClosing(OutputStream os) {
            super(os);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
