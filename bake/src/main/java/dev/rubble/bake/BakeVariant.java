package dev.rubble.bake;

import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.snapshot.WorldSnapshot;
import dev.rubble.core.step.StepProfile;
import dev.rubble.core.world.StepObserver;
import dev.rubble.core.world.World;
import dev.rubble.scenario.Scenario;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The per-variant function (docs/bake.md): builds the variant's world, steps it with a
 * reproducible journal attached, and returns its manifest row. The local runner calls it from
 * worker threads and the Spark job from {@code mapPartitions}; it is the same code on both, so a
 * variant's files are byte-identical wherever it runs.
 *
 * <p>A variant that throws (a command its world cannot apply, a budget it overflows, a bug) or
 * whose state becomes NaN or infinite (a body the step had to disable) comes back as a
 * {@code failed} row with the error; it never throws itself. Its journal keeps the steps up to the
 * failure, for inspection. Thread-safe as long as each thread passes its own {@link Stages}.
 */
public final class BakeVariant {
    /** Journal directory inside a variant's directory. */
    public static final String JOURNAL = "journal";
    /** Final-state snapshot inside a variant's directory. */
    public static final String STATE = "final.rsnap";
    /** Contact sheet inside a variant's directory, with {@code "outputs": {"sheet": true}}. */
    public static final String SHEET = "sheet.png";
    /** Frames on a sheet, and the pixels of one tile. */
    static final int SHEET_FRAMES = 16, SHEET_TILE_W = 160, SHEET_TILE_H = 90;

    private BakeVariant() {
    }

    /**
     * Runs {@code v} into {@code dir} (created; anything already in it is deleted first: a partial
     * run of an interrupted bake).
     */
    public static VariantResult run(Variant v, Path dir, Stages stages, Sweep.Outputs outputs) {
        return run(v, dir, stages, outputs, null);
    }

    /**
     * As {@link #run(Variant, Path, Stages, Sweep.Outputs)}, loading collection files through
     * {@code cache} (null: read them now): the variants of a sweep share one parsed copy of the
     * asset they vary, with byte-identical results.
     */
    public static VariantResult run(Variant v, Path dir, Stages stages, Sweep.Outputs outputs,
                                    dev.rubble.scenario.CollectionCache cache) {
        long t0 = System.nanoTime();
        long cpu0 = cpuNanos();
        Counters c = new Counters();
        JournalWriter jw = null;
        ScenarioWorld sw = null;
        Sheet sheet = null;
        long stepNanos = 0;
        try {
            clean(dir);
            Scenario scenario = ScenarioLoader.parse(v.scenarioJson(), v.baseDir() == null ? null : Path.of(v.baseDir()));
            sw = ScenarioWorld.create(scenario, stages, Map.of(), cache);
            World w = sw.world();
            if (outputs.state()) {
                WorldSnapshot.checkSavable(w); // fails now, not after the run
            }
            c.observe(w);
            w.addObserver(c);
            if (outputs.journal()) {
                jw = JournalWriter.createReproducible(dir.resolve(JOURNAL), sw, scenario.name(), v.scenarioJson());
                w.addObserver(jw);
            }
            if (outputs.sheet()) {
                sheet = new Sheet(dir.resolve(SHEET), stages, v.steps());
                sheet.capture(w, 0, 0);
            }
            long s0 = System.nanoTime();
            for (long i = 0; i < v.steps(); i++) {
                sw.step();
                if (sheet != null) {
                    sheet.capture(w, i + 1, c.breaks); // c saw this step already (an observer)
                }
                if (c.nonFinite > 0) {
                    throw new NonFiniteStateException(c.nonFinite + " bod" + (c.nonFinite == 1 ? "y" : "ies")
                            + " became NaN or infinite in step " + c.nonFiniteStep + " (disabled by the step)");
                }
            }
            stepNanos = System.nanoTime() - s0;
            String sheetSha = "";
            if (sheet != null) {
                sheet.close();
                sheet = null;
                sheetSha = sha256(dir.resolve(SHEET));
            }
            String journalSha = "";
            if (jw != null) {
                jw.close();
                journalSha = jw.contentDigest(); // JournalDigest.of(dir) without reading the queue back
                jw = null;
            }
            String stateSha = "";
            if (outputs.state()) {
                Path f = dir.resolve(STATE);
                try (OutputStream os = Files.newOutputStream(f)) {
                    WorldSnapshot.save(w, os, scenario.name());
                }
                stateSha = sha256(f);
            }
            return new VariantResult(v.index(), v.id(), VariantResult.OK, v.paramsJson(), v.scenarioSha(), c.steps,
                    String.format("%016x", w.stateHash()), journalSha, stateSha, c.breaks, c.releases, c.peakPieces,
                    c.peakBodies, c.steps == 0 ? 0 : stepNanos / 1e6 / c.steps, (System.nanoTime() - t0) / 1e6,
                    cpuMillis(cpu0), "", sheetSha);
        } catch (Exception | StackOverflowError | AssertionError e) {
            if (sheet != null) {
                sheet.abandon();
            }
            if (jw != null) {
                try {
                    jw.close(); // keep the steps up to the failure
                } catch (RuntimeException ignored) {
                    // the failure itself is what gets reported
                }
            }
            return new VariantResult(v.index(), v.id(), VariantResult.FAILED, v.paramsJson(), v.scenarioSha(), c.steps,
                    "", "", "", c.breaks, c.releases, c.peakPieces, c.peakBodies,
                    c.steps == 0 ? 0 : (System.nanoTime() - t0) / 1e6 / c.steps, (System.nanoTime() - t0) / 1e6,
                    cpuMillis(cpu0), oneLine(e), "");
        }
    }

    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

    /** CPU time of this thread, ns, or -1 when the JVM cannot tell. */
    private static long cpuNanos() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
    }

    private static double cpuMillis(long cpu0) {
        long now = cpuNanos();
        return cpu0 < 0 || now < 0 ? -1 : (now - cpu0) / 1e6;
    }

    /**
     * The variant's contact sheet: {@link #SHEET_FRAMES} frames at steps {@code round(j·steps/15)}
     * (frame 0 the initial state), drawn by the {@code sheet} renderer as the run reaches them, so
     * nothing is kept or replayed.
     */
    private static final class Sheet {
        private final Path file;
        private final java.io.OutputStream os;
        private final dev.rubble.spi.render.FrameWriter writer;
        private final dev.rubble.spi.render.FrameBuffer frame = new dev.rubble.spi.render.FrameBuffer();
        private final long[] at;
        private int next;

        Sheet(Path file, Stages stages, long steps) throws IOException {
            dev.rubble.spi.render.Renderer r;
            try {
                r = stages.create(dev.rubble.core.plugin.StageFamily.RENDERER, "sheet", dev.rubble.spi.StageConfig.empty());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("$.outputs.sheet: needs the 'sheet' renderer plugin (rubble-render-png)"
                        + " on the class path: " + e.getMessage(), e);
            }
            int n = (int) Math.min(SHEET_FRAMES, steps + 1);
            at = new long[n];
            for (int j = 0; j < n; j++) {
                at[j] = n == 1 ? 0 : Math.round((double) j * steps / (n - 1));
            }
            this.file = file;
            this.os = new java.io.BufferedOutputStream(Files.newOutputStream(file));
            this.writer = r.open(os, n, SHEET_TILE_W, SHEET_TILE_H);
        }

        /** Draws the world when {@code step} (steps done) is the next sheet frame's. */
        void capture(World w, long step, long breaks) throws IOException {
            while (next < at.length && at[next] == step) { // a short run may repeat a step
                dev.rubble.core.render.FrameBuilder.fill(w, frame);
                frame.setBreaks(breaks);
                writer.add(frame, dev.rubble.spi.render.RenderView.auto());
                next++;
            }
        }

        void close() throws IOException {
            writer.finish();
            os.close();
        }

        /** A failed run leaves no half-written sheet behind. */
        void abandon() {
            try {
                os.close();
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // the failure itself is what gets reported
            }
        }
    }

    /** A variant's state became NaN or infinite. */
    static final class NonFiniteStateException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NonFiniteStateException(String message) {
            super(message);
        }
    }

    /** Per-step counts: breaks, releases, peaks, non-finite bodies. */
    private static final class Counters implements StepObserver {
        long steps, breaks, releases, nonFiniteStep = -1;
        int peakPieces, peakBodies, nonFinite;

        void observe(World w) {
            peakPieces = Math.max(peakPieces, w.destruction().activeCount());
            peakBodies = Math.max(peakBodies, w.bodies().size());
        }

        @Override
        public void afterStep(World w, StepProfile p) {
            steps++;
            breaks += p.breaks();
            releases += p.released();
            if (p.nonFiniteBodies() > 0 && nonFinite == 0) {
                nonFinite = p.nonFiniteBodies();
                nonFiniteStep = p.step();
            }
            observe(w);
        }
    }

    static String oneLine(Throwable e) {
        String m = e.getMessage();
        // bad input (a scenario error naming its JSON path, a full budget) speaks for itself; anything
        // else is named by its class too
        String s = ((e instanceof IllegalArgumentException || e instanceof IllegalStateException) && m != null
                ? "" : e.getClass().getSimpleName() + ": ") + (m == null ? "" : m);
        if (e instanceof NonFiniteStateException) {
            s = "non-finite state: " + m;
        }
        s = s.replace('\n', ' ').replace('\r', ' ');
        return s.length() > 500 ? s.substring(0, 497) + "..." : s;
    }

    /** Deletes {@code dir}'s contents (creating it when missing). */
    static void clean(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
                    if (!p.equals(dir)) {
                        Files.delete(p);
                    }
                }
            }
        }
        Files.createDirectories(dir);
    }

    /** Hex SHA-256 of a file's bytes. */
    public static String sha256(Path f) {
        try (InputStream in = new DigestInputStream(Files.newInputStream(f), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + f + ": " + e.getMessage(), e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
