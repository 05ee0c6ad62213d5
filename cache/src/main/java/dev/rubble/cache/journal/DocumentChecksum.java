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

    /**
     * CRC-32C of {@code b}'s bytes [from, to) followed by {@code more[0, len)}: a document whose
     * bulk was staged on the heap (the writer's moved bodies) is checksummed without reading it
     * back from the mapped file.
     */
    int of(Bytes<?> b, long from, long to, byte[] more, int len) {
        crc.reset();
        update(b, from, to);
        crc.update(more, 0, len);
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
