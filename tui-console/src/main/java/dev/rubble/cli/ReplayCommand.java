package dev.rubble.cli;

import dev.rubble.cache.playback.Playback;
import dev.rubble.tui.ConsoleApp;
import dev.rubble.tui.ConsoleState;
import dev.rubble.tui.Progress;
import dev.rubble.tui.ReplaySession;
import java.io.PrintWriter;
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

/** {@code rubble replay DIR}: play a journal back, optionally releasing bodies to live simulation. */
@Command(mixinStandardHelpOptions = true, name = "replay", description = {"Play a journal back: bodies follow the recording as kinematic targets,"
        + " interpolated between recorded steps (slerp for rotations).",
        "With a terminal the console opens (r releases the bodies under the view centre); without one the replay"
                + " runs as fast as it can and prints progress lines."})
final class ReplayCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR", description = "journal directory")
    Path dir;

    @Option(names = "--speed", paramLabel = "X", description = "recorded steps per played step, 1/16 to 64 (the console's"
            + " range); default 1")
    double speed = 1;

    @Option(names = "--from", paramLabel = "STEP", description = "start from the state after this recorded step")
    Long from;

    @Option(names = "--hold", paramLabel = "STEPS",
            description = "triggered start: hold the first recorded pose for this many played steps (0 to " + dev.rubble.scenario.ScenarioLoader.MAX_STEPS + "), then play on")
    Long hold;

    @Option(names = "--release", paramLabel = "ID@STEP", converter = ReleaseOption.BodyConverter.class,
            description = "release the body with this id to live simulation at a recorded step (repeatable)")
    List<ReleaseOption.Body> releases = new ArrayList<>();

    @Option(names = "--release-region", paramLabel = "X0,Y0,Z0,X1,Y1,Z1@STEP", converter = ReleaseOption.RegionConverter.class,
            description = "release every body whose centre is in the box at a recorded step (repeatable)")
    List<ReleaseOption.Region> regions = new ArrayList<>();

    @Option(names = "--release-piece", paramLabel = "COLLECTION:NODE@STEP", converter = ReleaseOption.PieceConverter.class,
            description = "release the destruction piece holding this asset node of a collection at a recorded step"
                    + " (the pieces it broke into, if it broke); exit 2 if there is none left to release;"
                    + " COLLECTION is its index in placement order (0, 1, ...; collections placed between steps from the"
                    + " Java API too) or its id (repeatable; version 4 journals)")
    List<ReleaseOption.Piece> pieces = new ArrayList<>();

    @Option(names = "--set", parameterConsumer = KeyValueOnce.class, paramLabel = "STAGE=NAME",
            description = "replace a journalled stage choice for playback, e.g. a faster broadphase (repeatable)")
    Map<String, String> sets = new TreeMap<>();

    @Option(names = "--events", paramLabel = "FILE",
            description = "write the journal's recorded events as JSON lines, as run --events wrote them live (docs/events.md)")
    Path eventsFile;

    @Option(names = "--threads", paramLabel = "N",
            description = "step the played world (released bodies) on N threads (default: as recorded); any count gives the same bits (docs/parallel.md)")
    String threadsText;

    @Option(names = "--headless", description = "never open the console")
    boolean headless;

    @Option(names = "--out", paramLabel = "FILE", description = "write the final state as JSON here")
    Path out;

    @Mixin
    PluginOptions plugins;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        // the console's +/- range: a speed of 1e-300 asked for 1e300 played steps per recorded step and never ended
        if (!(speed >= ConsoleState.MIN_SPEED && speed <= ConsoleState.MAX_SPEED)) {
            throw new BadInputException("--speed " + speed + " is out of range; allowed: " + ConsoleState.MIN_SPEED + " (1/16)"
                    + " to " + (int) ConsoleState.MAX_SPEED + " recorded steps per played step");
        }
        OutputFiles.check("--out", out); // before the replay, not after it
        OutputFiles.check("--events", eventsFile);
        OutputFiles.checkDistinct(List.of(OutputFiles.named("--out", out), OutputFiles.named("--events", eventsFile)),
                List.of(OutputFiles.named("DIR", dir)));
        OutputFiles.checkJsonName("--out", out, false);
        OutputFiles.checkJsonName("--events", eventsFile, true);
        if (from != null && from < 0) {
            throw new BadInputException("--from " + from + " is negative; allowed: >= 0");
        }
        StepCounts.run("--hold", hold);
        if (hold != null && from != null) {
            throw new BadInputException("--hold " + hold + " with --from " + from + ": a held cache starts from its first"
                    + " recorded pose; allowed: one of them");
        }
        int threads = threadsText == null ? 0 : ThreadCounts.one("--threads", threadsText);
        try (Playback pb = Playback.open(dir, plugins.load(), RunCommand.parseSets(sets), threads)) {
            pb.setSpeed(speed);
            if (hold != null) {
                pb.holdUntilStep(hold);
            }
            checkReleaseSteps(pb.header().firstStep(), pb.lastRecordedStep());
            java.util.Set<String> known = knownIds(pb);
            for (ReleaseOption.Body r : releases) {
                if (!known.contains(r.id())) {
                    throw new BadInputException("--release " + r.id() + "@" + r.step() + ": no body has id '" + r.id()
                            + "'; known: " + (known.isEmpty() ? "(none)" : String.join(", ", known)));
                }
                if (isStatic(pb, r.id())) {
                    throw new BadInputException("--release " + r.id() + "@" + r.step() + ": '" + r.id() + "' is a static body,"
                            + " which never moves; allowed: a body that moves in the recording");
                }
                pb.scheduleRelease(r.step(), r.id());
            }
            for (ReleaseOption.Region r : regions) {
                pb.scheduleRegionRelease(r.step(), r.min(), r.max());
            }
            for (ReleaseOption.Piece r : pieces) {
                try {
                    pb.schedulePieceRelease(r.step(), collectionIndex(pb, r), r.node());
                } catch (IllegalArgumentException e) {
                    throw new BadInputException("--release-piece " + r.text() + ": " + e.getMessage());
                }
            }
            if (from != null) {
                pb.seek(from);
            }
            ReplaySession session = new ReplaySession(pb, dir);
            EventLines lines = eventsFile != null ? new EventLines(eventsFile) : null;
            if (lines != null) {
                pb.addEventListener(e -> lines.write(e.step(), pb.eventState()));
            }
            try {
                if (!headless && out == null && eventsFile == null && ConsoleApp.hasTerminal()) {
                    ConsoleApp.run(session, spec.commandLine().getErr());
                    return 0;
                }
                headless(pb, session, lines);
                missedPieces(pb);
            } finally {
                if (lines != null) {
                    lines.close();
                }
            }
        }
        return 0;
    }

    private void headless(Playback pb, ReplaySession session, EventLines lines) throws java.io.IOException {
        {
            PrintWriter err = spec.commandLine().getErr();
            long ns = Progress.run(session, err);
            double played = pb.world().stepIndex() * pb.world().settings().dt();
            err.printf("rubble: replayed %s to recorded step %.0f: %d steps (%.2f s of world time) in %d ms, %.1fx real"
                            + " time; %d bodies released; state hash %016x%n", dir, pb.cursor() - 1, pb.world().stepIndex(),
                    played, ns / 1_000_000, played / (ns / 1e9), pb.releasedCount(), pb.world().stateHash());
            err.println("rubble: replay cost " + session.costSummary());
            if (lines != null) {
                err.printf("rubble: events %s: %d lines%n", eventsFile, lines.lines());
            }
            err.flush();
            if (out != null) {
                pb.placeRecordedVelocities(); // driven bodies with their recorded velocities, as run --out writes them
                pb.placeWeldedMembers(); // union members where their unions carry them, as run --out writes them
                OutputFiles.writeReplacing(out, os -> StateWriter.write(pb.world(), pb.header().scenarioName(), os));
            }
        }
    }

    /**
     * A {@code --release-piece} that released nothing is bad input, named after the replay's summary: no driven piece
     * was, held or had broken off from the node at that step (it had been released by another option, or it holds
     * no piece of a collection placed later). Before 2026-12-06 the replay ended with exit 0 and "0 bodies released".
     */
    private void missedPieces(Playback pb) {
        List<long[]> missed = pb.missedPieceReleases();
        if (missed.isEmpty()) {
            return;
        }
        long[] m = missed.get(0);
        String text = pieces.stream().filter(r -> r.step() == m[0] && r.node() == m[2]).map(ReleaseOption.Piece::text)
                .findFirst().orElse(m[1] + ":" + m[2] + "@" + m[0]);
        String why = m[3] == 1 ? "the piece holding node " + m[2] + " of collection " + m[1]
                + " was pinned by anchors (kinematic in the recording), and playback lets go only what moved freely"
                : "no driven piece of collection " + m[1] + " was node " + m[2] + ", held it or had broken off from it";
        throw new BadInputException("--release-piece " + text + ": released nothing: at recorded step " + m[0] + " " + why
                + (missed.size() > 1 ? " (" + (missed.size() - 1) + " more such releases)" : "")
                + "; allowed: a node whose piece the recording still drives, free, at that step");
    }

    /**
     * Refuses a release at a recorded step the replay never reaches: one past the journal's last step (where its
     * cursor ends) at most. {@code --release b@11} on a journal of steps 0..9 ran to the end, exit 0, "0 bodies
     * released", the release dropped without a word. Also a release before {@code --from} (it happened at the
     * --from step without a word) and a body given to {@code --release} twice (the second did nothing).
     */
    private void checkReleaseSteps(long first, long last) {
        List<Long> steps = new ArrayList<>();
        List<String> what = new ArrayList<>();
        for (ReleaseOption.Body r : releases) {
            steps.add(r.step());
            what.add("--release " + r.id() + "@" + r.step());
        }
        for (ReleaseOption.Region r : regions) {
            steps.add(r.step());
            StringBuilder v = new StringBuilder("--release-region ");
            for (int c = 0; c < 6; c++) { // as given: whole numbers without ".0"
                double d = c < 3 ? r.min()[c] : r.max()[c - 3];
                v.append(c == 0 ? "" : ",").append(d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d));
            }
            what.add(v + "@" + r.step());
        }
        for (ReleaseOption.Piece r : pieces) {
            steps.add(r.step());
            what.add("--release-piece " + r.text());
        }
        java.util.Map<String, Long> once = new java.util.HashMap<>();
        for (ReleaseOption.Body r : releases) {
            Long before = once.putIfAbsent(r.id(), r.step());
            if (before != null) {
                throw new BadInputException("--release " + r.id() + "@" + r.step() + ": '" + r.id() + "' is already released"
                        + " by --release " + r.id() + "@" + before + "; allowed: one release per body");
            }
        }
        for (int k = 0; k < steps.size(); k++) {
            if (from != null && steps.get(k) < from) {
                // the replay seeks to --from through the recorded states: a release before it would happen there,
                // not at its step (it did, without a word: tour17)
                throw new BadInputException(what.get(k) + " with --from " + from + ": the replay starts from the state after"
                        + " recorded step " + from + ", so the release would happen there, not at step " + steps.get(k)
                        + "; allowed: a step from " + from + " on");
            }
            if (steps.get(k) > last + 1) {
                throw new BadInputException(what.get(k) + ": the replay never reaches recorded step " + steps.get(k) + " ("
                        + (last < first ? "the journal records no steps" : "the journal records steps " + first + " to " + last)
                        + "); allowed: a step up to " + (last + 1));
            }
        }
    }

    /**
     * The placement index of {@code --release-piece}'s collection: a whole number is the index itself (checked by the
     * playback), anything else the id of exactly one of the journal's collections, those placed between steps from
     * the Java API included.
     */
    private static int collectionIndex(Playback pb, ReleaseOption.Piece r) {
        String c = r.collection();
        if (c.chars().allMatch(Character::isDigit)) {
            try {
                return Integer.parseInt(c);
            } catch (NumberFormatException e) {
                return Integer.MAX_VALUE; // past every collection: refused naming the range
            }
        }
        List<Playback.JournalCollection> all = pb.journalCollections();
        List<Integer> match = new ArrayList<>();
        StringBuilder known = new StringBuilder();
        for (Playback.JournalCollection jc : all) {
            if (c.equals(jc.label())) {
                match.add(jc.index());
            }
            known.append(known.length() == 0 ? "" : ", ").append(jc.index())
                    .append(jc.label() == null ? "" : " (" + jc.label() + ")");
        }
        if (match.size() == 1) {
            return match.get(0);
        }
        throw new BadInputException("--release-piece " + r.text() + ": " + (match.isEmpty() ? "no collection has id '" + c + "'"
                : "collections " + match + " all have id '" + c + "'; name one by its index") + "; known: "
                + (all.isEmpty() ? "none (the journal holds no collection)" : known));
    }

    /** Ids of the journal's bodies: those of the initial world and those its scenario spawns later. */
    /**
     * Whether {@code id} names a static body of a scenario's journal (ids are unique there, and a static body stays
     * static): releasing one released nothing, exit 0 with "0 bodies released" (fuzz7). A journal written from the
     * Java API may give one label to several bodies: false.
     */
    private static boolean isStatic(Playback pb, String id) {
        if (pb.header().scenarioJson().isEmpty()) {
            return false;
        }
        var b = pb.world().bodies();
        for (int s = 0, n = b.slotLimit(); s < n; s++) {
            if (b.isLive(s) && id.equals(b.label[s])) {
                return b.motion(s) == dev.rubble.core.body.MotionType.STATIC;
            }
        }
        return false;
    }

    private static java.util.Set<String> knownIds(Playback pb) {
        java.util.Set<String> ids = new java.util.TreeSet<>();
        var b = pb.world().bodies();
        for (int s = 0, n = b.slotLimit(); s < n; s++) {
            if (b.isLive(s) && b.label[s] != null) {
                ids.add(b.label[s]);
            }
        }
        if (pb.header().scenarioJson().isEmpty()) {
            return ids; // recorded from the Java API: no scenario, no later spawns by id
        }
        var sc = dev.rubble.scenario.ScenarioLoader.parse(pb.header().scenarioJson());
        for (var c : sc.commands()) {
            if (c.spawn() != null && c.spawn().label() != null) {
                ids.add(c.spawn().label());
            }
        }
        return ids;
    }
}
