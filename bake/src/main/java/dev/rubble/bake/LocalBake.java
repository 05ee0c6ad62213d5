package dev.rubble.bake;

import dev.rubble.cache.journal.JournalDigest;
import dev.rubble.core.plugin.Stages;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * {@code rubble bake}'s runner: the sweep's variants on N worker threads of this JVM, each variant
 * into {@code OUT/variants/ID/} ({@link BakeVariant}), then the manifest ({@link Manifest}).
 *
 * <p><b>Threads, not processes</b>: variants share nothing but the read-only plugin registry, so
 * threads scale like processes without a JVM start and a cold JIT per worker (measured in
 * docs/benchmarks.md, "Bake"); each worker thread loads its own {@link Stages} so no plugin
 * factory is shared between threads.
 *
 * <p><b>Resume</b>: a variant's {@code result.json} is written (atomically) only after its journal
 * and state are closed. A later bake into the same directory reuses a variant when its
 * {@code result.json} says {@code ok} for the same scenario text and step count <em>and</em> the
 * files still hash to what it recorded (the journal's content digest, the state's SHA-256); anything
 * else — no result, a failed one, a changed scenario, a damaged or missing file — is run again from
 * scratch. The manifest is written when every variant has a row.
 */
public final class LocalBake {
    /** Directory of the per-variant directories inside the output directory. */
    public static final String VARIANTS = "variants";
    /** The row file inside a variant's directory, written last. */
    public static final String RESULT = "result.json";

    private LocalBake() {
    }

    /** Told about progress, from worker threads (implementations synchronize). */
    public interface Listener {
        /** Before anything runs: the number of variants. */
        void started(int total, int workers);

        /** One variant done; {@code reused} when a verified earlier result was kept. */
        void finished(VariantResult r, boolean reused);
    }

    /**
     * What a bake did.
     *
     * @param results  every variant's row in sweep order (null entries when {@code complete} is false)
     * @param ran      variants simulated now
     * @param reused   variants kept from an earlier, verified run
     * @param failed   rows with status failed
     * @param complete every variant has a row (the manifest was written)
     * @param millis   wall time of the whole bake
     */
    public record Summary(List<VariantResult> results, int ran, int reused, int failed, boolean complete, long millis) {
    }

    /**
     * Bakes {@code sweep} into {@code out} on {@code workers} threads (no more than it has variants). {@code cancel} is asked before
     * each variant starts (true: start no more; variants already running finish and keep their rows).
     */
    public static Summary run(Sweep sweep, Path out, int workers, Supplier<Stages> stages, Listener listener,
                              BooleanSupplier cancel) {
        Objects.requireNonNull(sweep, "sweep is null");
        Objects.requireNonNull(out, "out is null");
        if (workers < 1) {
            throw new IllegalArgumentException("workers " + workers + "; allowed: >= 1");
        }
        long t0 = System.nanoTime();
        try {
            Files.createDirectories(out.resolve(VARIANTS));
            // an earlier bake's manifest goes now: until this one completes, no manifest speaks for the directory
            for (String f : new String[] {Manifest.JSONL, Manifest.CSV, Manifest.HASHES}) {
                Files.deleteIfExists(out.resolve(f));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create bake directory " + out + ": " + e.getMessage(), e);
        }
        dev.rubble.cache.journal.ChronicleStart.prewarm(); // every variant journals (issue 27: the start cost)
        List<Variant> vs = sweep.variants();
        VariantResult[] rows = new VariantResult[vs.size()];
        AtomicInteger ran = new AtomicInteger(), reused = new AtomicInteger();
        ThreadLocal<Stages> perThread = ThreadLocal.withInitial(stages);
        // the sweep's collection files, parsed once for all workers (read-only; results are identical)
        dev.rubble.scenario.CollectionCache collections = new dev.rubble.scenario.CollectionCache();
        // no more threads than variants: `bake --workers 257` of one variant said it baked on 257 worker threads (fuzz13)
        final int threads = Math.max(1, Math.min(workers, vs.size()));
        listener.started(vs.size(), threads);
        AtomicInteger threadNo = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "bake-worker-" + threadNo.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (Variant v : vs) {
                fs.add(pool.submit(() -> {
                    if (cancel.getAsBoolean()) {
                        return;
                    }
                    Path dir = out.resolve(VARIANTS).resolve(v.id());
                    VariantResult old = verified(v, dir, sweep.outputs());
                    if (old != null) {
                        rows[v.index()] = old;
                        reused.incrementAndGet();
                        listener.finished(old, true);
                        return;
                    }
                    VariantResult r = BakeVariant.run(v, dir, perThread.get(), sweep.outputs(), collections);
                    Manifest.writeAtomically(dir.resolve(RESULT), r.toJson() + "\n");
                    rows[v.index()] = r;
                    ran.incrementAndGet();
                    listener.finished(r, false);
                }));
            }
            for (Future<?> f : fs) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    Throwable c = e.getCause();
                    if (c instanceof RuntimeException re) {
                        throw re; // the bake's own I/O (result or manifest files), not a variant's failure
                    }
                    throw new IllegalStateException(c);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted", e);
                }
            }
        } finally {
            pool.shutdownNow();
        }
        boolean complete = Arrays.stream(rows).allMatch(Objects::nonNull);
        int failed = 0;
        for (VariantResult r : rows) {
            failed += r != null && !r.ok() ? 1 : 0;
        }
        if (complete) {
            Manifest.write(out, sweep.parameters(), Arrays.asList(rows));
        }
        return new Summary(Arrays.asList(rows), ran.get(), reused.get(), failed, complete,
                (System.nanoTime() - t0) / 1_000_000);
    }

    /**
     * The earlier row of {@code v} in {@code dir} when it can be kept: status ok, same variant (id,
     * scenario text, steps) and its files still hash as recorded; else null.
     */
    static VariantResult verified(Variant v, Path dir, Sweep.Outputs outputs) {
        Path f = dir.resolve(RESULT);
        if (!Files.isRegularFile(f)) {
            return null;
        }
        try {
            VariantResult r = VariantResult.fromJson(Files.readString(f).trim());
            if (!r.ok() || !r.id().equals(v.id()) || !r.scenarioSha().equals(v.scenarioSha()) || r.steps() != v.steps()) {
                return null;
            }
            if (outputs.journal() != !r.journalSha().isEmpty() || outputs.state() != !r.stateSha().isEmpty()) {
                return null; // baked with other outputs
            }
            if (outputs.journal() && !JournalDigest.of(dir.resolve(BakeVariant.JOURNAL)).sha256().equals(r.journalSha())) {
                return null;
            }
            if (outputs.state() && !BakeVariant.sha256(dir.resolve(BakeVariant.STATE)).equals(r.stateSha())) {
                return null;
            }
            if (outputs.sheet() != !r.sheetSha().isEmpty()
                    || outputs.sheet() && !BakeVariant.sha256(dir.resolve(BakeVariant.SHEET)).equals(r.sheetSha())) {
                return null;
            }
            // the same variant may sit at another position when the sweep gained values: keep this sweep's index
            return new VariantResult(v.index(), r.id(), r.status(), v.paramsJson(), r.scenarioSha(), r.steps(),
                    r.finalHash(), r.journalSha(), r.stateSha(), r.breaks(), r.releases(), r.peakPieces(), r.peakBodies(),
                    r.stepMillis(), r.totalMillis(), r.cpuMillis(), r.error(), r.sheetSha());
        } catch (IOException | RuntimeException e) {
            return null; // unreadable or damaged: run it again
        }
    }
}
