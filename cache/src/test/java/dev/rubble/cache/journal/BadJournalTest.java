package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static dev.rubble.cache.journal.PileJournals.readAll;
import static dev.rubble.cache.journal.PileJournals.record;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.rubble.core.plugin.Stages;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class BadJournalTest {
    private static final Stages STAGES = Stages.load();

    @Test
    void missingOrEmptyDirectoriesAreNotJournals(@TempDir Path tmp) throws IOException {
        assertThatThrownBy(() -> JournalReader.open(tmp.resolve("nope")))
                .isInstanceOf(JournalFormatException.class).hasMessageContaining("does not exist");
        Files.writeString(tmp.resolve("readme.txt"), "hello");
        assertThatThrownBy(() -> JournalReader.open(tmp))
                .isInstanceOf(JournalFormatException.class).hasMessageContaining("no .cq4 files");
    }

    @Test
    void aQueueWithoutTheMagicIsRejected(@TempDir Path dir) {
        try (ChronicleQueue q = SingleChronicleQueueBuilder.binary(dir).build();
             ExcerptAppender a = q.createAppender()) {
            try (DocumentContext dc = a.writingDocument()) {
                dc.wire().bytes().writeInt(JournalFormat.KIND_HEADER).writeLong(0x1234_5678L).writeInt(1);
            }
        }
        assertThatThrownBy(() -> readAll(dir))
                .isInstanceOf(JournalFormatException.class)
                .hasMessageContaining("is not a Rubble journal").hasMessageContaining("RUBBLEJ1");
    }

    @Test
    void aNewerFormatVersionIsRejectedWithBothVersions(@TempDir Path dir) {
        JournalHeader h = new JournalHeader(99, "rubble 9", "x", "", Map.of(), 0.01, 1, 0, 0);
        try (ChronicleQueue q = SingleChronicleQueueBuilder.binary(dir).build();
             ExcerptAppender a = q.createAppender()) {
            try (DocumentContext dc = a.writingDocument()) {
                JournalWriter.writeHeader(dc.wire().bytes(), h);
            }
        }
        assertThatThrownBy(() -> readAll(dir))
                .isInstanceOf(JournalFormatException.class)
                .hasMessageContaining("format version 99").hasMessageContaining("reads versions " + JournalFormat.OLDEST_READABLE + " to " + JournalFormat.VERSION);
    }

    @Test
    void aCorruptedStepIsReportedNotSkipped(@TempDir Path dir) throws IOException {
        record(dir, 30);
        long good = readAll(dir);
        assertThat(good).isEqualTo(30);
        // overwrite the last END marker of the file's data (the closing document's, since version 2) with garbage
        Path f = JournalReader.cycleFiles(dir).get(0);
        byte[] marker = {0x21, 0x44, 0x4E, 0x45}; // END little-endian
        long at = lastIndexOf(f, marker);
        assertThat(at).isPositive();
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.seek(at);
            raf.write(new byte[] {1, 2, 3, 4});
        }
        assertThatThrownBy(() -> readAll(dir))
                .isInstanceOf(JournalFormatException.class)
                .hasMessageContaining("is damaged").hasMessageContaining("after step 29");
    }

    @Test
    void aTruncatedFileGivesOneClearErrorOrTheCompleteStepsNeverAHang(@TempDir Path dir) throws IOException {
        record(dir, 60);
        Path f = JournalReader.cycleFiles(dir).get(0);
        byte[] marker = {0x21, 0x44, 0x4E, 0x45};
        long end = lastIndexOf(f, marker) + 4;
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(end / 2);
        }
        long n;
        try {
            n = readAll(dir);
        } catch (JournalFormatException e) {
            assertThat(e.getMessage()).contains(dir.toString());
            return;
        }
        assertThat(n).isLessThan(60);
    }

    @Test
    void garbageInTheMiddleIsDamageNeverADivergenceOrACrash(@TempDir Path dir) throws IOException {
        record(dir, 60);
        Path f = JournalReader.cycleFiles(dir).get(0);
        long end = lastIndexOf(f, new byte[] {0x21, 0x44, 0x4E, 0x45});
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            for (long i = end * 2 / 5; i < end * 2 / 5 + 400; i++) {
                raf.seek(i);
                int v = raf.read();
                raf.seek(i);
                raf.write(v ^ 0x5a);
            }
        }
        // version 2 checksums every document: garbage is damage (exit 2), never a determinism divergence
        JournalFormatException e = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            try {
                dev.rubble.cache.verify.Verifier.verify(dir, STAGES);
                return null;
            } catch (JournalFormatException x) {
                return x;
            }
        });
        assertThat(e).isNotNull();
        assertThat(e.getMessage()).contains("is damaged");
    }

    static long lastIndexOf(Path f, byte[] pat) throws IOException {
        // the data of these small journals sits in the first megabytes; the rest of the file is pre-allocated zeros
        byte[] d;
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "r")) {
            d = new byte[(int) Math.min(raf.length(), 4 << 20)];
            raf.readFully(d);
        }
        for (int i = d.length - pat.length; i >= 0; i--) {
            boolean m = true;
            for (int k = 0; k < pat.length && m; k++) {
                m = d[i + k] == pat[k];
            }
            if (m) {
                return i;
            }
        }
        return -1;
    }
}
