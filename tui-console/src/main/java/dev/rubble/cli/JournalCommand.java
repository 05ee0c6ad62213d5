package dev.rubble.cli;

import dev.rubble.cache.journal.JournalHeader;
import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.StepRecord;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rubble journal info DIR}, {@code rubble journal seek DIR STEP --out FILE}, {@code rubble journal compress DIR --out DIR}. */
@Command(name = "journal", mixinStandardHelpOptions = true, description = "Inspect journals.", subcommands = {JournalCommand.Info.class, JournalCommand.Seek.class, JournalCommand.Compress.class})
final class JournalCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand; try: rubble journal info DIR");
    }

    @Command(name = "info", mixinStandardHelpOptions = true, description = "Print a journal's header, step count, size and rates.")
    static final class Info implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "DIR", description = "journal directory")
        Path dir;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            try (JournalReader r = JournalReader.open(dir)) {
                JournalHeader h = r.header();
                StepRecord rec = new StepRecord();
                long steps = 0, payload = 0, first = -1, last = -1, wall = 0, commands = 0, maxMoved = 0, events = 0;
                long movedRecords = 0, movedBytes = 0, between = 0, hookAnswers = 0, placed = 0;
                while (r.next(rec)) {
                    if (first < 0) {
                        first = rec.step;
                    }
                    last = rec.step;
                    steps++;
                    payload += rec.bytes;
                    wall = rec.wallNanos;
                    commands += rec.commands.size();
                    between += rec.between.size();
                    for (int i = 0; i < rec.between.size(); i++) {
                        placed += rec.between.get(i) instanceof dev.rubble.cache.journal.BetweenSteps.CollectionPlaced ? 1 : 0;
                    }
                    hookAnswers += rec.hook.step == rec.step ? rec.hook.count : 0;
                    maxMoved = Math.max(maxMoved, rec.movedCount);
                    movedRecords += rec.movedCount;
                    movedBytes += rec.movedBytes;
                    events += rec.eventCount;
                }
                long disk = JournalReader.diskBytes(dir);
                out.printf("journal     %s%n", dir);
                out.printf("format      RUBBLEJ1 version %d, written by %s%n", h.formatVersion(), h.engineVersion());
                out.printf("created     %s%n", Instant.ofEpochMilli(h.createdMillis()));
                out.printf("scenario    %s (%d characters of JSON)%n", h.scenarioName(), h.scenarioJson().length());
                StringBuilder st = new StringBuilder();
                for (Map.Entry<String, String> e : h.sortedStages().entrySet()) {
                    st.append(st.length() == 0 ? "" : ", ").append(e.getKey()).append('=').append(e.getValue());
                }
                out.printf("stages      %s%n", st);
                out.printf("step        dt %s s, %d sub-steps%n", h.dt(), h.subSteps());
                out.printf("threads     %s%n", r.recordedThreads() > 0 ? r.recordedThreads() + " (any count re-simulates the same bits)"
                        : "not recorded (a reproducible or older journal)");
                out.printf("steps       %d (%s)%n", steps, steps == 0 ? "none" : first + ".." + last);
                out.printf("simulated   %.3f s%n", steps * h.dt());
                out.printf("ended       %s%n", r.closedCleanly() ? "closed by the recorder (complete)"
                        : !r.checksummed() ? "unknown (version 1 journals have no closing record)"
                        : "cut off after step " + last + ": no closing record (the recorder was killed, or the last"
                                + " cycle file is missing)");
                out.printf("checksums   %s%n", r.checksummed() ? "CRC-32C on every document, all valid"
                        : "none (version 1)");
                out.printf("inputs      %d commands%s%n", commands, between == 0 && hookAnswers == 0 ? ""
                        : ", " + between + " changes made between steps, " + hookAnswers + " pre-solve hook answers");
                out.printf("moved       up to %d bodies per step; %d body records in %d bytes (%.1f bytes each; format 4 stored"
                        + " 114: issue 27)%n", maxMoved, movedRecords, movedBytes,
                        movedRecords == 0 ? 0.0 : (double) movedBytes / movedRecords);
                if (r.settings() != null) { // version 4 (issue 14)
                    var ws = r.settings();
                    out.printf("world       gravity [%s, %s, %s], %d velocity / %d position iterations, %d initial bodies%n",
                            ws.gravityX(), ws.gravityY(), ws.gravityZ(), ws.velocityIterations(), ws.positionIterations(),
                            r.initialBodies().bodies.size());
                    long img = 0;
                    for (byte[] b : r.collectionImages()) {
                        img += b.length;
                    }
                    // a journal written from the Java API places its collections between steps (or holds them in its start
                    // keyframe): "0 embedded" alone read as a journal without collections
                    out.printf("collections %d embedded (%d bytes of .rbc images)%s%n", r.collectionImages().size(), img,
                            placed == 0 ? "" : ", " + placed + " placed between steps");
                    out.printf("keyframes   %s%n", r.keyframesRead() == 0 ? "none (seeking re-simulates from the start)"
                            : r.keyframesRead() + " world snapshots, " + r.keyframeBytesRead() + " bytes (JournalSeek and journal seek"
                                    + " start from the nearest)");
                    out.printf("events      %d destruction events (breaks, releases, internal clusters, crumbles, removals)%n", events);
                }
                // Chronicle preallocates (sparse) cycle files: their length is not the data written
                out.printf("size        %d bytes of steps (%.0f bytes/step); %d cycle file(s), %d bytes allocated"
                                + " by Chronicle (preallocated, mostly sparse)%n",
                        payload, steps == 0 ? 0.0 : (double) payload / steps, JournalReader.cycleFiles(dir).size(), disk);
                tracks(out, r, steps);
                if (wall > 0) {
                    double secs = wall / 1e9;
                    out.printf("rates       recorded %.0f steps/s, %.2f MB/s of wall time%n", steps / secs,
                            payload / secs / 1e6);
                }
                out.flush();
            }
            return 0;
        }
    }

    /** The track mode line (issue 31): a lossy journal's bounds and both sizes; an exact one's size and its lossy size. */
    static void tracks(PrintWriter out, JournalReader r, long steps) {
        dev.rubble.cache.journal.LossyTracks t = r.lossyTracks();
        if (t != null) {
            long docs = dev.rubble.cache.journal.LossyJournal.documentBytes(r.directory());
            out.printf("tracks      lossy: positions within %s m, rotations within %s rad, velocities within %s m/s;"
                            + " %d bytes of documents, the exact journal it was made from %d (x%.2f); verify refuses it%n",
                    t.positionError(), t.rotationError(), t.velocityError(), docs, r.exactBytes(),
                    (double) r.exactBytes() / Math.max(1, docs));
            return;
        }
        if (!r.checksummed() || steps == 0) {
            out.printf("tracks      exact%n");
            return;
        }
        var e = dev.rubble.cache.journal.LossyJournal.estimate(r.directory(), Compress.POSITION, Compress.ROTATION,
                Compress.VELOCITY);
        out.printf("tracks      exact: %d bytes of documents; lossy within %s m, %s rad, %s m/s it would be %d (x%.2f;"
                        + " rubble journal compress)%n", e.exactBytes(), Compress.POSITION, Compress.ROTATION, Compress.VELOCITY,
                e.lossyBytes(), e.factor());
    }

    /**
     * {@code rubble journal compress DIR --out DIR2} (issue 31, Deliver 4): the lossy copy of an
     * exact journal, every recorded pose within the stated errors (docs/journal-format.md "Lossy tracks").
     */
    @Command(name = "compress", mixinStandardHelpOptions = true,
            description = "Write a lossy copy of a journal: moved bodies within a stated maximum error (replay, render and view"
                    + " read it; verify refuses it).")
    static final class Compress implements Callable<Integer> {
        static final double POSITION = 1e-5, ROTATION = 1e-5, VELOCITY = 1e-4;

        @Parameters(index = "0", paramLabel = "DIR", description = "the exact journal")
        Path dir;

        @picocli.CommandLine.Option(names = "--out", paramLabel = "DIR", required = true, description = "the lossy journal to write (a new directory)")
        Path out;

        @picocli.CommandLine.Option(names = "--position-error", paramLabel = "M", description = "maximum position error, metres; default 1e-5")
        double position = POSITION;

        @picocli.CommandLine.Option(names = "--rotation-error", paramLabel = "RAD", description = "maximum rotation error, radians; default 1e-5")
        double rotation = ROTATION;

        @picocli.CommandLine.Option(names = "--velocity-error", paramLabel = "M/S", description = "maximum linear (m/s) and angular (rad/s) velocity error; default 1e-4")
        double velocity = VELOCITY;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            long t0 = System.nanoTime();
            bound("--position-error", position, "m");
            bound("--rotation-error", rotation, "rad");
            bound("--velocity-error", velocity, "m/s");
            // like every other output: a new directory in one that exists (it used to create the missing parents)
            Path parent = out.toAbsolutePath().getParent();
            if (parent != null && !java.nio.file.Files.isDirectory(parent)) {
                throw new BadInputException("--out " + out + ": directory " + parent + " does not exist");
            }
            if (parent != null) {
                OutputFiles.probe("--out", out, parent); // "--out /proc/x": "internal error: Can't append to a read-only chronicle"
            }
            OutputFiles.checkDistinct("--out", out, "DIR", dir);
            var res = dev.rubble.cache.journal.LossyJournal.compress(dir, out, position, rotation, velocity);
            PrintWriter o = spec.commandLine().getOut();
            o.printf("rubble: %s -> %s: %d steps, %d of %d bytes of documents (x%.2f); moved bodies %d of %d bytes; %d ms%n",
                    dir, out, res.steps(), res.lossyBytes(), res.exactBytes(), res.factor(), res.lossyTrackBytes(),
                    res.exactTrackBytes(), (System.nanoTime() - t0) / 1_000_000);
            o.flush();
            return 0;
        }
    }

    /** A compress tolerance in LossyTracks' range, refused naming its option (1e-9 to 1). */
    private static void bound(String option, double v, String unit) {
        if (!(v >= 1e-9 && v <= 1)) {
            throw new BadInputException(option + " " + v + " is out of range; allowed: 1e-9 to 1 " + unit);
        }
    }

    /**
     * {@code rubble journal seek DIR STEP --out FILE} (issue 31): the recorded world right after
     * step STEP, from the nearest keyframe (re-simulated from there and checked against the
     * journal's state hashes), saved as a snapshot that {@code rubble run --restore FILE} continues.
     */
    @Command(name = "seek", mixinStandardHelpOptions = true,
            description = "Seek a journal to a step (from its nearest keyframe) and save that world as a snapshot.")
    static final class Seek implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "DIR", description = "journal directory")
        Path dir;

        @Parameters(index = "1", paramLabel = "STEP", description = "the recorded step to seek to (the world right after it; -1 = the initial world)")
        long step;

        @picocli.CommandLine.Option(names = "--out", paramLabel = "FILE", required = true,
                description = "the snapshot file to write, binary (docs/snapshot-format.md; e.g. x.rsnap: the extension of"
                        + " another format, .json, .png, .rbc, ..., is refused)")
        Path out;

        @picocli.CommandLine.Mixin
        PluginOptions plugins;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws java.io.IOException {
            OutputFiles.check("--out", out); // before the journal is read and re-simulated
            OutputFiles.checkDistinct("--out", out, "DIR", dir);
            OutputFiles.checkSnapshotName("--out", out); // after the journal check: an output inside it is named so first
            long t0 = System.nanoTime();
            try (dev.rubble.cache.playback.JournalSeek s = dev.rubble.cache.playback.JournalSeek.open(dir, plugins.load())) {
                dev.rubble.core.world.World w;
                try {
                    w = s.seekAfter(step);
                } catch (IllegalArgumentException e) {
                    throw new BadInputException("STEP " + step + ": " + e.getMessage());
                }
                // the origin run --restore checks is the scenario's name: the journal directory's name, saved before,
                // made every seek's snapshot one that run --restore refused ("a snapshot of scenario 'J'")
                OutputFiles.writeReplacingPath(out, part -> dev.rubble.core.snapshot.WorldSnapshot.save(w, part,
                        s.header().scenarioName()));
                PrintWriter o = spec.commandLine().getOut();
                o.printf("rubble: %s after step %d (state hash %016x): %d keyframes, %d steps re-simulated, %d ms; saved %s%n",
                        dir, step, w.stateHash(), s.keyframeSteps().length, s.resimulatedSteps(),
                        (System.nanoTime() - t0) / 1_000_000, out);
                o.flush();
            }
            return 0;
        }
    }
}
