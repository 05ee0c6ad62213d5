package dev.rubble.cache.journal;

import static dev.rubble.cache.journal.PileJournals.readAll;
import static dev.rubble.cache.journal.PileJournals.record;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28 (fuzzing, seed 20261202 journal #287): a flipped bit in the Chronicle store header at the
 * start of a cycle file made opening the journal throw Chronicle's own {@code IORuntimeException}
 * ("UnsupportedOperationException: code=0x8D" from the store's write-position field) out of
 * {@link JournalReader#open}, which the command line reports as an internal error (exit 1) instead of
 * damage (exit 2). Every other byte of the store header, one bit flipped at a time: the journal either
 * reads (the bit did not matter) or is refused as a {@link JournalFormatException} with a message.
 */
final class StoreHeaderDamageTest {

    @Test
    void everyFlippedBitInTheStoreHeaderIsDamageOrHarmless(@TempDir Path dir) throws IOException {
        record(dir, 5);
        Path f = JournalReader.cycleFiles(dir).get(0);
        int headerBytes = 512; // Chronicle's store header (wire type, roll cycle, write position, indexing) is well inside
        int refused = 0;
        for (int at = 0; at < headerBytes; at += 2) { // every other byte, each bit position in turn
            int bit = 1 << (at / 2 % 8);
            flip(f, at, bit);
            try {
                readAll(dir);
            } catch (JournalFormatException e) {
                assertThat(e.getMessage()).as("byte %d bit %d", at, bit).isNotBlank().contains(dir.toString());
                refused++;
            } catch (RuntimeException e) {
                throw new AssertionError("byte " + at + " bit " + bit + ": " + e, e);
            } finally {
                flip(f, at, bit);
            }
        }
        // the header is not all padding: many of those bits must be noticed
        assertThat(refused).isGreaterThan(5);
        assertThat(readAll(dir)).isEqualTo(5);
    }

    private static void flip(Path f, long at, int bit) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.seek(at);
            int v = raf.read();
            raf.seek(at);
            raf.write(v ^ bit);
        }
    }
}
