package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An output that names a device or a pipe is written there, not replaced (landing2, 2026-12-07): every output was
 * written to a hidden file beside it and moved over it, so {@code run S --out /dev/null} as root replaced the machine's
 * {@code /dev/null} with a regular file of the run's JSON, and tmux and every later redirect to it failed. A named pipe
 * (made with {@code mkfifo}, skipped where there is none) stands in for the device: after the run it must still be a
 * pipe, and what the command wrote must have come out of it.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
final class SpecialFileOutputTest extends CliHarness {
    private static boolean mkfifo(Path p) {
        try {
            Process pr = new ProcessBuilder("mkfifo", p.toString()).redirectErrorStream(true).start();
            return pr.waitFor(10, TimeUnit.SECONDS) && pr.exitValue() == 0;
        } catch (java.io.IOException | InterruptedException e) {
            return false;
        }
    }

    @Test
    void aRunWritesItsJsonIntoANamedPipeAndLeavesThePipe(@TempDir Path tmp) throws Exception {
        Path fifo = tmp.resolve("out.json");
        assumeTrue(mkfifo(fifo), "no mkfifo");
        CompletableFuture<String> read = CompletableFuture.supplyAsync(() -> {
            try (InputStream in = Files.newInputStream(fifo)) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                in.transferTo(bytes);
                return bytes.toString(StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        Path scenario = Path.of("..", "examples", "stack.json");
        int code = run("run", scenario.toString(), "--headless", "--steps", "10", "--out", fifo.toString());
        assertThat(code).as("exit code; err: %s", err).isZero();
        BasicFileAttributes attrs = Files.readAttributes(fifo, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        assertThat(attrs.isRegularFile()).as("the output is still a pipe, not a regular file").isFalse();
        assertThat(attrs.isOther()).isTrue();
        String json = read.get(60, TimeUnit.SECONDS);
        assertThat(json).as("what the pipe gave its reader").contains("\"bodies\"");
        try (var left = Files.list(tmp)) {
            assertThat(left.map(p -> p.getFileName().toString())).as("no hidden part file left").containsExactly("out.json");
        }
    }
}
