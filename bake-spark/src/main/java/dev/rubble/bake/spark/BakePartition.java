package dev.rubble.bake.spark;

import dev.rubble.bake.BakeVariant;
import dev.rubble.bake.LocalBake;
import dev.rubble.bake.Sweep;
import dev.rubble.bake.Variant;
import dev.rubble.bake.VariantResult;
import dev.rubble.core.plugin.Stages;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.FlatMapFunction;

/**
 * The body of {@code mapPartitions}: runs each variant of the partition with {@link BakeVariant#run}
 * — the very function the local runner calls — into a local scratch directory (Chronicle maps its
 * files, so it needs a local file system), then copies the variant's directory to
 * {@code OUT/variants/ID/} on the output file system (any Hadoop-compatible one: HDFS, S3A, GCS,
 * ABFS, file:) and writes its {@code result.json} last. Returns each variant's manifest row as a
 * JSON line.
 *
 * <p>Spark retries a failed task by running the whole partition again: each variant's directory is
 * deleted and written anew, and since the function is deterministic the retry writes the same
 * bytes. A variant's own failure (it throws, or its state becomes non-finite) is a {@code failed}
 * row, not a task failure, so Spark does not retry it.
 */
final class BakePartition implements FlatMapFunction<Iterator<Variant>, String> {
    private static final long serialVersionUID = 1L;
    private final String out;
    private final Sweep.Outputs outputs;
    private final Map<String, String> hadoopConf;
    /** Tests only: fail the first attempt of partition 0 after this many variants (-1: never). */
    private final int failFirstAttemptAfter;
    /** Tests only: bake into scratch and copy even when OUT is local (the path a cluster's file system takes). */
    private final boolean alwaysCopy;

    BakePartition(String out, Sweep.Outputs outputs, Map<String, String> hadoopConf, int failFirstAttemptAfter,
                  boolean alwaysCopy) {
        this.out = out;
        this.outputs = outputs;
        this.hadoopConf = hadoopConf;
        this.failFirstAttemptAfter = failFirstAttemptAfter;
        this.alwaysCopy = alwaysCopy;
    }

    @Override
    public Iterator<String> call(Iterator<Variant> variants) throws IOException {
        Configuration conf = new Configuration(false);
        hadoopConf.forEach(conf::set);
        org.apache.hadoop.fs.Path root = new org.apache.hadoop.fs.Path(out);
        FileSystem fs = root.getFileSystem(conf);
        fs.setWriteChecksum(false); // no .crc side files on local and raw file systems: the bytes are the journal's
        Stages stages = Stages.load();
        dev.rubble.scenario.CollectionCache collections = new dev.rubble.scenario.CollectionCache(); // one parse per partition
        Path scratch = Files.createTempDirectory("rubble-bake-");
        TaskContext task = TaskContext.get();
        List<String> rows = new ArrayList<>();
        try {
            while (variants.hasNext()) {
                Variant v = variants.next();
                org.apache.hadoop.fs.Path target = new org.apache.hadoop.fs.Path(new org.apache.hadoop.fs.Path(root,
                        LocalBake.VARIANTS), v.id());
                // OUT on a local file system (file:, local[N] or a shared mount): bake straight into the
                // variant's directory, as the local runner does; elsewhere into scratch, then copied
                Path direct = alwaysCopy ? null : localDirectory(fs, target);
                Path local = direct != null ? direct : scratch.resolve(v.id());
                if (direct != null) {
                    fs.delete(new org.apache.hadoop.fs.Path(target, LocalBake.RESULT), false); // a retry: no stale row
                }
                VariantResult r = BakeVariant.run(v, local, stages, outputs, collections);
                if (direct == null) {
                    fs.delete(target, true);
                    fs.mkdirs(target);
                    copyTree(fs, local, target);
                }
                try (OutputStream os = fs.create(new org.apache.hadoop.fs.Path(target, LocalBake.RESULT), true)) {
                    os.write((r.toJson() + "\n").getBytes(StandardCharsets.UTF_8));
                }
                rows.add(r.toJson());
                if (direct == null) {
                    deleteTree(local);
                }
                if (failFirstAttemptAfter >= 0 && task != null && task.attemptNumber() == 0 && task.partitionId() == 0
                        && rows.size() > failFirstAttemptAfter) {
                    throw new IllegalStateException("injected failure of task attempt 0 (test)");
                }
            }
        } finally {
            deleteTree(scratch);
        }
        return rows.iterator();
    }

    /**
     * The local directory of {@code target} when {@code fs} is the local file system (Hadoop's
     * checksummed or raw one), else null. Writing there directly saves copying each variant's
     * journal — a 4–5 MiB cycle file, mostly pre-allocated zeros that stay sparse when Chronicle
     * writes them but not when copied through an output stream — and the scratch's second write
     * (issue 32: part of Spark {@code local[N]}'s overhead against {@code rubble bake}).
     */
    static Path localDirectory(FileSystem fs, org.apache.hadoop.fs.Path target) {
        if (fs instanceof org.apache.hadoop.fs.LocalFileSystem l) {
            return l.pathToFile(target).toPath();
        }
        if (fs instanceof org.apache.hadoop.fs.RawLocalFileSystem raw) {
            return raw.pathToFile(target).toPath();
        }
        return null;
    }

    /** Copies a local directory's files (recursively) under {@code target}. */
    private static void copyTree(FileSystem fs, Path local, org.apache.hadoop.fs.Path target) throws IOException {
        try (var s = Files.list(local)) {
            for (Path p : (Iterable<Path>) s.sorted()::iterator) {
                org.apache.hadoop.fs.Path t = new org.apache.hadoop.fs.Path(target, p.getFileName().toString());
                if (Files.isDirectory(p)) {
                    fs.mkdirs(t);
                    copyTree(fs, p, t);
                } else {
                    try (OutputStream os = fs.create(t, true)) {
                        Files.copy(p, os);
                    }
                }
            }
        }
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (var s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s.sorted(java.util.Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete scratch " + dir + ": " + e.getMessage(), e);
        }
    }
}
