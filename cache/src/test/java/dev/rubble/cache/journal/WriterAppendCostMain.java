package dev.rubble.cache.journal;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

/**
 * Benchmark harness (not a test) for docs/benchmarks.md, "Journal cost on the pile, 2026-12-03 fifth
 * session": the write-behind writer's append path alone ({@link JournalSink.ChronicleTarget#write}:
 * checksum, copy into the mapped queue file, Chronicle's document framing), N documents of a pile
 * step's size (324 457 bytes, one byte in eight non-zero) into a new queue, on one thread, in its own
 * JVM. Prints the thread's CPU (user and system: the mapped file's page faults are system time) per
 * document. Usage: {@code WriterAppendCostMain N LABEL [BLOCK_MIB]} (default 8 MiB, what
 * {@code JournalWriter.blockSize} picks for the pile); the queue goes under {@code java.io.tmpdir}.
 */
public final class WriterAppendCostMain {
    private WriterAppendCostMain() {
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        long block = (args.length > 2 ? Long.parseLong(args[2]) : 8) << 20;
        int len = 324_457;
        Path dir = Files.createTempDirectory("rubble-writer-cost");
        byte[] doc = new byte[len];
        java.util.Random r = new java.util.Random(1);
        for (int i = 0; i < len; i++) {
            doc[i] = (byte) (r.nextInt(8) == 0 ? r.nextInt() : 0);
        }
        var target = new JournalSink.ChronicleTarget(() -> SingleChronicleQueueBuilder.binary(dir).blockSize(block).build(),
                new byte[64], List.of());
        var bean = ManagementFactory.getThreadMXBean();
        target.open();
        long c0 = bean.getCurrentThreadCpuTime(), u0 = bean.getCurrentThreadUserTime();
        long late = 0;
        for (int i = 0; i < n; i++) {
            long c = bean.getCurrentThreadCpuTime();
            target.write(doc, 0, len);
            if (i >= n / 2) {
                late += bean.getCurrentThreadCpuTime() - c;
            }
        }
        long cpu = bean.getCurrentThreadCpuTime() - c0, user = bean.getCurrentThreadUserTime() - u0;
        target.close();
        System.out.printf("%s: %d documents of %d bytes, block %d MiB: cpu %.1f ms (user %.1f, sys %.1f), %.3f ms a document;"
                + " second half %.3f ms%n", args[1], n, len, block >> 20, cpu / 1e6, user / 1e6, (cpu - user) / 1e6,
                cpu / 1e6 / n, late / 1e6 / (n - n / 2));
        try (var s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
