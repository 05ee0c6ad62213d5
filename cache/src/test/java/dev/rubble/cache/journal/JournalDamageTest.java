package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static dev.rubble.cache.journal.PileJournals.readAll;
import static dev.rubble.cache.journal.PileJournals.record;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.cache.verify.Verifier;
import dev.rubble.core.world.World;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.core.step.StepSlot;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import net.openhft.chronicle.core.time.SetTimeProvider;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17 (items 3, 6, 7, 11): journals that defend themselves. Every reproducer of the issue, as
 * a test: damage is a {@link JournalFormatException} naming the step (exit 2), never a JVM error,
 * a stall, a silent partial read or a determinism divergence.
 */
final class JournalDamageTest {
    private static final Stages STAGES = Stages.load();
    private static final byte[] END_LE = {0x21, 0x44, 0x4E, 0x45};

    private static void truncate(Path f, long size) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(size);
        }
    }

    @Test
    void aCleanRecordingReadsEveryStepAndSaysItWasClosed(@TempDir Path dir) {
        record(dir, 40);
        try (JournalReader r = JournalReader.open(dir)) {
            assertThat(r.checksummed()).isTrue();
            StepRecord rec = new StepRecord();
            long n = 0;
            while (r.next(rec)) {
                n++;
            }
            assertThat(n).isEqualTo(40);
            assertThat(r.closedCleanly()).isTrue();
        }
    }

    @Test
    void oneFlippedBitInAStepIsDamageNamingTheStepForReadersAndVerify(@TempDir Path dir) throws IOException {
        record(dir, 60);
        Path f = JournalReader.cycleFiles(dir).get(0);
        long end = BadJournalTest.lastIndexOf(f, END_LE);
        // one bit in the middle of the data: a recorded body value or count of a middle step
        long at = end / 2;
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.seek(at);
            int v = raf.read();
            raf.seek(at);
            raf.write(v ^ 0x10);
        }
        assertThatThrownBy(() -> readAll(dir)).isInstanceOf(JournalFormatException.class)
                .hasMessageContaining("is damaged").hasMessageContaining("checksum").hasMessageMatching(".*of step \\d+.*");
        // verify reports damage (exit 2), not a divergence (exit 1)
        assertThatThrownBy(() -> Verifier.verify(dir, STAGES)).isInstanceOf(JournalFormatException.class)
                .hasMessageContaining("not a determinism divergence");
    }

    @Test
    void aCycleFileCutShortIsACleanErrorNeverAJvmFault(@TempDir Path tmp) throws IOException {
        for (long size : new long[] {20_000, 16_384, 8_192, 0}) {
            Path dir = tmp.resolve("j" + size);
            record(dir, 60);
            truncate(JournalReader.cycleFiles(dir).get(0), size);
            assertThatThrownBy(() -> readAll(dir)).as("cut to %d bytes", size)
                    .isInstanceOf(JournalFormatException.class).hasMessageContaining(dir.toString())
                    .satisfies(e -> assertThat(e.getMessage()).containsAnyOf("truncated", "damaged"));
        }
    }

    @Test
    void anEmptyOrGarbledMetadataFileIsACleanError(@TempDir Path tmp) throws IOException {
        Path empty = tmp.resolve("empty");
        record(empty, 10);
        truncate(empty.resolve("metadata.cq4t"), 0);
        assertThatThrownBy(() -> readAll(empty)).isInstanceOf(JournalFormatException.class)
                .hasMessageContaining("metadata.cq4t is truncated");
        Path garbled = tmp.resolve("garbled");
        record(garbled, 10);
        try (RandomAccessFile raf = new RandomAccessFile(garbled.resolve("metadata.cq4t").toFile(), "rw")) {
            raf.write(new byte[64]);
        }
        assertThatThrownBy(() -> readAll(garbled)).isInstanceOf(JournalFormatException.class)
                .hasMessageContaining("metadata.cq4t");
        Path missing = tmp.resolve("missing");
        record(missing, 10);
        Files.delete(missing.resolve("metadata.cq4t"));
        assertThatThrownBy(() -> readAll(missing)).isInstanceOf(JournalFormatException.class)
                .hasMessageContaining("metadata.cq4t is missing");
    }

    /** 40 steps over 4 hourly cycle files of 10 steps each. */
    private static List<Path> rolled(Path dir) {
        String json = Scenarios.pile(5);
        World w = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES).world();
        SetTimeProvider clock = new SetTimeProvider("2026-01-01T00:00:00");
        try (JournalWriter jw = JournalWriter.create(dir, w, "pile", json, RollCycles.FAST_HOURLY, clock)) {
            w.addObserver(jw);
            for (int i = 0; i < 40; i++) {
                if (i % 10 == 0) {
                    clock.advanceMillis(3_600_000);
                }
                w.step();
            }
        }
        List<Path> files = JournalReader.cycleFiles(dir);
        assertThat(files).hasSizeGreaterThanOrEqualTo(4);
        return files;
    }

    @Test
    void aDeletedMiddleCycleFileIsAGapNotTheEnd(@TempDir Path dir) throws IOException {
        List<Path> files = rolled(dir);
        Files.delete(files.get(2));
        assertThatThrownBy(() -> readAll(dir)).isInstanceOf(JournalFormatException.class)
                .hasMessageContaining("gap").hasMessageContaining("missing");
    }

    @Test
    void aMiddleCycleFileEmptiedIsACleanErrorWithoutAStall(@TempDir Path dir) throws IOException {
        List<Path> files = rolled(dir);
        truncate(files.get(2), 0);
        assertThatThrownBy(() -> readAll(dir)).isInstanceOf(JournalFormatException.class)
                .hasMessageContaining(files.get(2).getFileName().toString()).hasMessageContaining("truncated");
    }

    @Test
    void swappedCycleFilesAreOutOfOrderOrDamagedNeverReadSilently(@TempDir Path dir) throws IOException {
        List<Path> files = rolled(dir);
        Path a = files.get(1), b = files.get(2), t = dir.resolve("swap.tmp");
        Files.move(a, t, StandardCopyOption.ATOMIC_MOVE);
        Files.move(b, a, StandardCopyOption.ATOMIC_MOVE);
        Files.move(t, b, StandardCopyOption.ATOMIC_MOVE);
        assertThatThrownBy(() -> readAll(dir)).isInstanceOf(JournalFormatException.class)
                .satisfies(e -> assertThat(e.getMessage()).containsAnyOf("out of order", "gap", "damaged"));
    }

    @Test
    void aLastCycleFileDeletedIsToldFromACleanEnd(@TempDir Path dir) throws IOException {
        List<Path> files = rolled(dir);
        Files.delete(files.get(files.size() - 1));
        try (JournalReader r = JournalReader.open(dir)) {
            StepRecord rec = new StepRecord();
            long n = 0;
            while (r.next(rec)) {
                n++;
            }
            assertThat(n).isEqualTo(30);
            assertThat(r.closedCleanly()).as("no closing document: the recording was cut off").isFalse();
        }
    }

    @Test
    void versionOneJournalsWithoutChecksumsStillRead(@TempDir Path dir) {
        // a version 1 journal, document by document as version 1 wrote them (no CRC, no closing document)
        int stages = StepSlot.values().length;
        try (ChronicleQueue q = SingleChronicleQueueBuilder.binary(dir).rollCycle(JournalWriter.DEFAULT_ROLL_CYCLE).build();
             ExcerptAppender a = q.createAppender()) {
            try (DocumentContext dc = a.writingDocument()) {
                JournalWriter.writeHeader(dc.wire().bytes(),
                        new JournalHeader(1, "rubble 0.1.0", "v1", "", Map.of("broadphase", "grid"), 0.01, 1, 0, 0));
            }
            for (int s = 0; s < 3; s++) {
                try (DocumentContext dc = a.writingDocument()) {
                    var b = dc.wire().bytes();
                    b.writeInt(JournalFormat.KIND_STEP).writeLong(s).writeDouble(0.01 * (s + 1)).writeLong(42 + s)
                            .writeLong(1000L * s);
                    for (int i = 0; i <= stages; i++) {
                        b.writeLong(7);
                    }
                    for (int i = 0; i < 8; i++) {
                        b.writeInt(0);
                    }
                    b.writeInt(0).writeInt(0).writeInt(0).writeInt(0).writeInt(JournalFormat.END);
                }
            }
        }
        try (JournalReader r = JournalReader.open(dir)) {
            assertThat(r.header().formatVersion()).isEqualTo(1);
            assertThat(r.checksummed()).isFalse();
            StepRecord rec = new StepRecord();
            int n = 0;
            while (r.next(rec)) {
                assertThat(rec.step).isEqualTo(n);
                assertThat(rec.stateHash).isEqualTo(42 + n);
                n++;
            }
            assertThat(n).isEqualTo(3);
        }
    }
}
