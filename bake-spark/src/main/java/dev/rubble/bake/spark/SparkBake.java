package dev.rubble.bake.spark;

import dev.rubble.bake.Manifest;
import dev.rubble.bake.Sweep;
import dev.rubble.bake.SweepException;
import dev.rubble.bake.SweepLoader;
import dev.rubble.bake.VariantResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * A bake on Apache Spark (docs/bake.md, "On a Spark cluster"): the sweep's variants become an RDD
 * of rows, {@link BakePartition} runs the same per-variant function as {@code rubble bake} in
 * {@code mapPartitions}, and the driver writes the manifest ({@code manifest.jsonl},
 * {@code manifest.csv}, {@code hashes.tsv}) next to the variants on the output path. Every variant's
 * journal is byte-identical to what {@code rubble bake} writes for it.
 *
 * <pre>
 * spark-submit --class dev.rubble.bake.spark.SparkBake rubble-bake-spark-VERSION-cluster.jar SWEEP OUT [--partitions N]
 * </pre>
 * SWEEP is read on the driver (a local path or any Hadoop path; its scenario file resolves against
 * it); OUT is any Hadoop-compatible directory URI. Without {@code spark.master} set (no
 * spark-submit), {@code --master local[N]} runs Spark in this process.
 */
public final class SparkBake {
    private SparkBake() {
    }

    /**
     * Bakes {@code sweep} into {@code out} with {@code partitions} partitions (≤ 0: one per variant,
     * at most the default parallelism × 4) and returns the rows in sweep order.
     */
    public static List<VariantResult> run(JavaSparkContext sc, Sweep sweep, String out, int partitions) {
        return run(sc, sweep, out, partitions, -1, false);
    }

    /**
     * As {@link #run(JavaSparkContext, Sweep, String, int)}; tests inject a failed first task attempt,
     * and may make a local OUT take the copy through scratch that other file systems take.
     */
    static List<VariantResult> run(JavaSparkContext sc, Sweep sweep, String out, int partitions, int failFirstAttemptAfter,
                                   boolean alwaysCopy) {
        int n = sweep.variants().size();
        int parts = partitions > 0 ? partitions : Math.max(1, Math.min(n, sc.defaultParallelism() * 4));
        Map<String, String> conf = new TreeMap<>();
        for (Map.Entry<String, String> e : sc.hadoopConfiguration()) {
            conf.put(e.getKey(), e.getValue());
        }
        List<String> lines = sc.parallelize(sweep.variants(), parts)
                .mapPartitions(new BakePartition(out, sweep.outputs(), conf, failFirstAttemptAfter, alwaysCopy))
                .collect();
        List<VariantResult> rows = new ArrayList<>();
        for (String l : lines) {
            rows.add(VariantResult.fromJson(l));
        }
        rows.sort(Comparator.comparingInt(VariantResult::index));
        try {
            Path root = new Path(out);
            FileSystem fs = root.getFileSystem(sc.hadoopConfiguration());
            fs.setWriteChecksum(false);
            write(fs, new Path(root, Manifest.JSONL), Manifest.jsonl(rows));
            write(fs, new Path(root, Manifest.CSV), Manifest.csv(sweep.parameters(), rows));
            write(fs, new Path(root, Manifest.HASHES), Manifest.hashes(rows));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot write the manifest to " + out + ": " + e.getMessage(), e);
        }
        return rows;
    }

    private static void write(FileSystem fs, Path f, String text) throws IOException {
        try (OutputStream os = fs.create(f, true)) {
            os.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Loads a sweep file from any Hadoop path (its scenario file resolves against the sweep's directory). */
    public static Sweep load(String sweepUri, Configuration conf) throws IOException {
        Path p = new Path(sweepUri);
        FileSystem fs = p.getFileSystem(conf);
        String text = read(fs, p);
        boolean local = "file".equals(fs.getScheme());
        java.nio.file.Path dir = local ? java.nio.file.Path.of(fs.makeQualified(p).toUri()).getParent() : null;
        return SweepLoader.parse(text, dir, rel -> {
            Path s = new Path(p.getParent(), rel);
            try {
                String parent = local ? java.nio.file.Path.of(fs.makeQualified(s).toUri()).getParent().toString() : null;
                return new SweepLoader.Source(read(fs, s), parent);
            } catch (IOException e) {
                throw new SweepException("$.scenario", "'" + rel + "' cannot be read (" + s + ": " + e.getMessage() + ")");
            }
        });
    }

    private static String read(FileSystem fs, Path p) throws IOException {
        try (InputStream in = fs.open(p)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    public static void main(String[] args) throws IOException {
        String sweep = null, out = null, master = null;
        int partitions = 0;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--partitions" -> partitions = Integer.parseInt(args[++i]);
                case "--master" -> master = args[++i];
                default -> {
                    if (sweep == null) {
                        sweep = args[i];
                    } else if (out == null) {
                        out = args[i];
                    } else {
                        usage("unexpected argument '" + args[i] + "'");
                    }
                }
            }
        }
        if (sweep == null || out == null) {
            usage("missing " + (sweep == null ? "SWEEP" : "OUT"));
        }
        SparkConf conf = new SparkConf().setAppName("rubble bake");
        if (master != null) {
            conf.setMaster(master);
        } else if (!conf.contains("spark.master")) {
            conf.setMaster("local[*]");
        }
        try (JavaSparkContext sc = new JavaSparkContext(conf)) {
            Sweep s;
            try {
                s = load(sweep, sc.hadoopConfiguration());
            } catch (SweepException e) {
                System.err.println("rubble: " + e.getMessage());
                System.exit(2);
                return;
            }
            long t0 = System.nanoTime();
            List<VariantResult> rows = run(sc, s, out, partitions);
            long failed = rows.stream().filter(r -> !r.ok()).count();
            System.err.printf("rubble: baked '%s' on Spark into %s: %d variants, %d failed, in %.1f s%n", s.name(), out,
                    rows.size(), failed, (System.nanoTime() - t0) / 1e9);
            if (failed > 0) {
                System.exit(1);
            }
        }
    }

    private static void usage(String why) {
        System.err.println("rubble: " + why + "; usage: SparkBake SWEEP OUT [--partitions N] [--master local[N]]");
        System.exit(2);
    }
}
