package dev.rubble.bake.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.bake.LocalBake;
import dev.rubble.bake.Manifest;
import dev.rubble.bake.Sweep;
import dev.rubble.bake.SweepLoader;
import dev.rubble.bake.VariantResult;
import dev.rubble.core.plugin.Stages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same 24-variant sweep as the local bake's tests (bake/src/test/resources/bake), on Spark
 * {@code local[2]} in this process: the journals and the deterministic manifest are byte-identical
 * to a one-worker local bake, also when Spark has to retry a task.
 */
final class SparkBakeTest {
    private static final Path SWEEPS = Path.of("../bake/src/test/resources/bake").toAbsolutePath().normalize();
    private static JavaSparkContext sc;
    /** The one-worker local bake of sweep24.json both byte comparisons check against (made once: CI time). */
    private static Path local;
    private static Path localRoot;

    @TempDir
    Path tmp;

    @BeforeAll
    static void start() throws IOException {
        // Spark 4.1 supports Java 17 and 21; on a newer JVM (the build also runs on 25) these tests say so and skip
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.version().feature() <= 21,
                "Spark 4.1 runs on Java 17 and 21; this JVM is " + Runtime.version().feature());
        localRoot = Files.createTempDirectory("rubble-bake-local-");
        local = localRoot.resolve("local");
        LocalBake.Summary ls = LocalBake.run(SweepLoader.load(SWEEPS.resolve("sweep24.json")), local, 1, Stages::load,
                quiet(), () -> false);
        assertThat(ls.failed()).isZero();
        // local[2, 3]: two threads, and a task may fail up to 3 times (the retry test below)
        sc = new JavaSparkContext(new SparkConf().setMaster("local[2,3]").setAppName("rubble bake test")
                .set("spark.ui.enabled", "false").set("spark.driver.host", "127.0.0.1")
                .set("spark.driver.bindAddress", "127.0.0.1"));
        sc.setLogLevel("ERROR");
    }

    @AfterAll
    static void stop() throws IOException {
        if (sc != null) {
            sc.close();
        }
        if (localRoot != null) {
            try (Stream<Path> s = Files.walk(localRoot)) {
                for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
                    Files.delete(p);
                }
            }
        }
    }

    @Test
    void sparkLocal2WritesTheSameBytesAsALocalBake() throws Exception {
        Sweep s = SparkBake.load(SWEEPS.resolve("sweep24.json").toString(), sc.hadoopConfiguration());
        assertThat(s.variants()).hasSize(24);
        Path spark = tmp.resolve("spark");
        List<VariantResult> rows = SparkBake.run(sc, s, spark.toUri().toString(), 4);
        assertThat(rows).hasSize(24).allMatch(VariantResult::ok);
        assertSameBake(local, spark);
    }

    @Test
    void aRetriedTaskWritesTheSameBytes() throws Exception {
        Sweep s = SweepLoader.load(SWEEPS.resolve("sweep24.json"));
        Path spark = tmp.resolve("spark");
        // the first attempt of partition 0 dies after writing 2 of its variants; Spark runs it again.
        // Here through scratch and a copy, as on HDFS or S3 (the test above writes a local OUT directly)
        List<VariantResult> rows = SparkBake.run(sc, s, spark.toUri().toString(), 3, 1, true);
        assertThat(rows).hasSize(24).allMatch(VariantResult::ok);
        assertSameBake(local, spark);
    }

    @Test
    void aFailingVariantIsARowNotATaskFailure() throws Exception {
        Sweep s = SweepLoader.load(SWEEPS.resolve("failing.json"));
        List<VariantResult> rows = SparkBake.run(sc, s, tmp.resolve("out").toUri().toString(), 2);
        assertThat(rows).hasSize(6);
        assertThat(rows.stream().filter(r -> !r.ok()).map(VariantResult::error).toList())
                .hasSize(3).allMatch(e -> e.contains("$.commands[0]") && e.contains("dynamic"));
        assertThat(Manifest.read(tmp.resolve("out"))).hasSize(6);
    }

    private static void assertSameBake(Path local, Path spark) throws IOException {
        assertThat(Files.readString(spark.resolve(Manifest.HASHES))).isEqualTo(Files.readString(local.resolve(Manifest.HASHES)));
        List<Path> files = files(local.resolve(LocalBake.VARIANTS));
        assertThat(files(spark.resolve(LocalBake.VARIANTS))).isEqualTo(files);
        for (Path f : files) {
            if (!f.endsWith(LocalBake.RESULT)) { // result.json holds wall times
                assertThat(Files.readAllBytes(spark.resolve(LocalBake.VARIANTS).resolve(f))).as(f.toString())
                        .isEqualTo(Files.readAllBytes(local.resolve(LocalBake.VARIANTS).resolve(f)));
            }
        }
    }

    private static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).map(dir::relativize).sorted(Comparator.comparing(Path::toString)).toList();
        }
    }

    private static LocalBake.Listener quiet() {
        return new LocalBake.Listener() {
            @Override
            public void started(int total, int workers) {
            }

            @Override
            public void finished(VariantResult r, boolean reused) {
            }
        };
    }
}
