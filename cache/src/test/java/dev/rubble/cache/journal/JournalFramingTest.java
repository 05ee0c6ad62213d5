package dev.rubble.cache.journal;

import static dev.rubble.cache.journal.PileJournals.readAll;
import static dev.rubble.cache.journal.PileJournals.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 31 (reported defect): one flipped bit half way through a journal went unnoticed by the
 * viewer. The bit was in the 4-byte header Chronicle writes before each document, which the
 * documents' CRC does not cover: "not complete" there makes every reader stop at that document as
 * if the recorder had been killed. {@link JournalFraming} must catch every single-bit flip of every
 * document header, and accept clean and killed recordings.
 */
final class JournalFramingTest {
    /** The step kind tag as it sits in the file (little endian): a step document starts with it. */
    private static final byte[] STEP_LE = le(JournalFormat.KIND_STEP);
    private static final byte[] CLOSE_LE = le(JournalFormat.KIND_CLOSE);

    private static byte[] le(int v) {
        return new byte[] {(byte) v, (byte) (v >>> 8), (byte) (v >>> 16), (byte) (v >>> 24)};
    }

    /** Offsets of Chronicle's header word of every document starting with {@code tag}, found by the tag, not by the framing. */
    private static List<Long> headersOf(Path f, byte[] tag) throws IOException {
        byte[] d = read(f);
        List<Long> out = new ArrayList<>();
        for (int i = 4; i + 4 <= d.length; i += 4) { // documents are 4-byte aligned
            if (d[i] == tag[0] && d[i + 1] == tag[1] && d[i + 2] == tag[2] && d[i + 3] == tag[3]) {
                out.add((long) i - 4);
            }
        }
        return out;
    }

    private static byte[] read(Path f) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "r")) {
            byte[] d = new byte[(int) Math.min(raf.length(), 1 << 20)];
            raf.readFully(d);
            return d;
        }
    }

    private static void flip(Path f, long at, int bit) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.seek(at);
            int v = raf.read();
            raf.seek(at);
            raf.write(v ^ (1 << bit));
        }
    }

    private static void writeIntLe(Path f, long at, int v) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.seek(at);
            raf.write(le(v));
        }
    }

    @Test
    void aCleanRecordingPassesAndCountsTheDocumentsTheReaderReads(@TempDir Path dir) {
        record(dir, 40);
        JournalFraming.Framing fr = JournalFraming.check(dir);
        assertThat(fr.cutOff()).isFalse();
        try (JournalReader r = JournalReader.open(dir)) {
            StepRecord rec = new StepRecord();
            while (r.next(rec)) {
                // read to the end
            }
            assertThat(r.closedCleanly()).isTrue();
            assertThat(fr.documents()).isEqualTo(r.documents());
        }
    }

    @Test
    void theReportedFlipHalfWayThroughWasInvisibleToReadersAndIsNowDamage(@TempDir Path dir) throws IOException {
        record(dir, 60);
        Path f = JournalReader.cycleFiles(dir).get(0);
        List<Long> steps = headersOf(f, STEP_LE);
        assertThat(steps).hasSize(60);
        long half = steps.get(30);
        flip(f, half + 3, 7); // bit 31 of the header word of step 30's document: "not complete"
        // what the viewer saw before: a reader stops there silently, as at a killed recorder's end
        try (JournalReader r = JournalReader.open(dir)) {
            StepRecord rec = new StepRecord();
            long n = 0;
            while (r.next(rec)) {
                n++;
            }
            assertThat(n).as("steps read").isEqualTo(30);
            assertThat(r.closedCleanly()).isFalse();
        }
        assertThatThrownBy(() -> JournalFraming.check(dir)).isInstanceOf(JournalFormatException.class)
                .hasMessageContaining("is damaged").hasMessageContaining("byte " + half)
                .hasMessageContaining("still being written").hasMessageNotContaining("\n");
    }

    @Test
    void everySingleBitFlipOfEveryStepAndClosingHeaderIsCaughtByTheWalkOrTheReader(@TempDir Path dir) throws IOException {
        record(dir, 12);
        Path f = JournalReader.cycleFiles(dir).get(0);
        byte[] before = read(f);
        List<Long> heads = new ArrayList<>(headersOf(f, STEP_LE));
        heads.addAll(headersOf(f, CLOSE_LE));
        assertThat(heads).hasSize(13);
        int flips = 0;
        for (long h : heads) {
            for (int bit = 0; bit < 32; bit++) {
                flip(f, h + bit / 8, bit % 8);
                long at = h;
                int b = bit;
                // the walk comes first (a length past the end of the file would make Chronicle read
                // unmapped memory and kill the JVM); what it lets through must fail to read
                assertThatThrownBy(() -> {
                    JournalFraming.check(dir);
                    readAll(dir);
                }).as("header at byte %d, bit %d", at, b).isInstanceOf(JournalFormatException.class);
                flip(f, h + bit / 8, bit % 8); // back: the next flip starts from the clean file
                flips++;
            }
        }
        assertThat(flips).isEqualTo(13 * 32);
        assertThat(read(f)).as("reading never wrote to the file").isEqualTo(before);
        assertThat(JournalFraming.check(dir).documents()).isPositive();
        assertThat(readAll(dir)).isEqualTo(12);
    }

    @Test
    void aRecorderKilledWhileWritingIsACutOffRecordingNotDamage(@TempDir Path dir) throws IOException {
        record(dir, 20);
        Path f = JournalReader.cycleFiles(dir).get(0);
        long close = headersOf(f, CLOSE_LE).get(0);
        // what a writer leaves when killed inside a document: its claim, 0x80000000, before half-written bytes
        writeIntLe(f, close, 0x8000_0000);
        JournalFraming.Framing fr = JournalFraming.check(dir);
        assertThat(fr.cutOff()).isTrue();
        assertThat(readAll(dir)).isEqualTo(20);
    }

    @Test
    void aByteChangedInThePreallocatedSpaceAfterTheDataIsDamage(@TempDir Path dir) throws IOException {
        record(dir, 10);
        Path f = JournalReader.cycleFiles(dir).get(0);
        long size;
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "r")) {
            size = raf.length();
        }
        flip(f, size / 2, 0); // the middle of the cycle file, far past the data
        assertThat(readAll(dir)).as("readers never look there").isEqualTo(10);
        assertThatThrownBy(() -> JournalFraming.check(dir)).isInstanceOf(JournalFormatException.class)
                .hasMessageContaining("byte " + size / 2).hasMessageContaining("after the end of the journal's data");
    }
}
