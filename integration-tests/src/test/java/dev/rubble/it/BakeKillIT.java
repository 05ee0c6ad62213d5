package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rubble bake} killed with SIGKILL part-way (the packaged command in its own JVM, as
 * {@code ./rubble} runs it), then run again on the same directory: it keeps the variants that were
 * complete and verified, runs the rest (including the ones the kill cut off mid-journal), and ends
 * with the same {@code hashes.tsv} as a bake that was never interrupted.
 */
final class BakeKillIT {
    @TempDir
    Path tmp;

    private static List<String> command(String... args) throws Exception {
        Path target = Reactor.root().resolve("tui-console/target");
        return ChildJvm.command(target.resolve("rubble-tui-console.jar") + File.pathSeparator + target.resolve("lib")
                + File.separator + "*", "dev.rubble.cli.Main", args);
    }

    private Process start(Path err, String... args) throws Exception {
        return new ProcessBuilder(command(args)).redirectOutput(tmp.resolve("out.txt").toFile())
                .redirectError(err.toFile()).start();
    }

    private static long results(Path out) throws Exception {
        Path v = out.resolve("variants");
        if (!Files.isDirectory(v)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(v)) {
            return s.filter(d -> Files.exists(d.resolve("result.json"))).count();
        }
    }

    @Test
    void aKilledBakeResumesToTheSameManifest() throws Exception {
        String sweep = Reactor.root().resolve("examples/bake/wall-sweep.json").toString();
        Path out = tmp.resolve("out");
        Process p = start(tmp.resolve("err1.txt"), "bake", sweep, "--out", out.toString(), "--workers", "2");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
        while (results(out) < 4 && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(p.isAlive()).as("still baking after 4 variants (else the kill interrupts nothing)").isTrue();
        p.destroyForcibly(); // SIGKILL: no shutdown hook, a variant's journal may be cut mid-document
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        long kept = results(out);
        assertThat(kept).isBetween(4L, 23L);
        assertThat(out.resolve("manifest.jsonl")).doesNotExist();

        Process resume = start(tmp.resolve("err2.txt"), "bake", sweep, "--out", out.toString(), "--workers", "2");
        assertThat(resume.waitFor(300, TimeUnit.SECONDS)).isTrue();
        String err = Files.readString(tmp.resolve("err2.txt"), StandardCharsets.UTF_8);
        assertThat(resume.exitValue()).as(err).isZero();
        assertThat(err).contains("24 variants (" + (24 - kept) + " run, " + kept + " reused and verified), 0 failed");

        Path fresh = tmp.resolve("fresh");
        Process whole = start(tmp.resolve("err3.txt"), "bake", sweep, "--out", fresh.toString(), "--workers", "1");
        assertThat(whole.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(whole.exitValue()).isZero();
        assertThat(Files.readString(out.resolve("hashes.tsv"))).isEqualTo(Files.readString(fresh.resolve("hashes.tsv")));
    }
}
