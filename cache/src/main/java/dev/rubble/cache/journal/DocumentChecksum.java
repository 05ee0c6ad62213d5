package dev.rubble.cache.journal;

import java.util.zip.CRC32C;
import net.openhft.chronicle.bytes.Bytes;

/**
 * CRC-32C of a range of a document's bytes (format version 2: every document ends with the
 * checksum of everything before it, kind tag to end marker). Reuses one scratch buffer, so
 * checksumming a step allocates nothing. Not thread safe: one per writer or reader.
 */
final class DocumentChecksum {
    private final CRC32C crc = new CRC32C();
    private final byte[] scratch = new byte[8192];

    /** CRC-32C of the bytes at absolute offsets [from, to) of {@code b}, as a signed int. */
    int of(Bytes<?> b, long from, long to) {
        crc.reset();
        update(b, from, to);
        return (int) crc.getValue();
    }

    private void update(Bytes<?> b, long from, long to) {
        long at = from;
        while (at < to) {
            int n = (int) Math.min(scratch.length, to - at);
            long got = b.read(at, scratch, 0, n);
            if (got <= 0) {
                throw new JournalFormatException("document ends " + (to - at) + " bytes early");
            }
            crc.update(scratch, 0, (int) got);
            at += got;
        }
    }
}
