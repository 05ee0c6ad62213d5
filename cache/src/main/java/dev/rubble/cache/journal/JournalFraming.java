package dev.rubble.cache.journal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The integrity of a journal's files below the documents: walks Chronicle Queue's framing of every
 * cycle file with plain file reads (no memory mapping) before a reader trusts it.
 *
 * <p>The documents' own CRC-32C (format version 3) covers what a document says, but not the 4-byte
 * header Chronicle puts before each document, and a reader never sees a document that header hides:
 * one flipped bit can mark a document half way through the journal as "still being written" (the
 * tailer stops there and the journal looks like a recording cut off by a killed recorder: half the
 * run, silently), mark the closing document or an events document as Chronicle metadata (skipped
 * without a word), or give a document a length past the end of the file (Chronicle then reads
 * unmapped memory and the JVM dies). This walk catches all of those, and any bytes written after
 * the end of the data.
 *
 * <p>Chronicle's framing (chronicle-wire {@code Wires}): every document starts, 4-byte aligned, with
 * an int32 little-endian header: bit 31 "not complete", bit 30 "metadata", bits 0..29 the length of
 * the document that follows. A writer claims a header as exactly {@code 0x80000000} (not complete,
 * length unknown) and replaces it by the length when the document is done; {@code 0xC0000000} with
 * length 0 marks the end of a cycle file when the queue rolls; a header of 0 is where nothing was
 * written yet. So "not complete" with a length is never written by Chronicle: it is damage.
 */
public final class JournalFraming {
    private static final int NOT_COMPLETE = 0x8000_0000;
    private static final int META_DATA = 0x4000_0000;
    private static final int LENGTH_MASK = 0x3FFF_FFFF;
    private static final int END_OF_FILE = NOT_COMPLETE | META_DATA;

    private JournalFraming() {
    }

    /**
     * What the walk found.
     *
     * @param documents data documents (Rubble's: header, collections, steps, events, closing) in all cycle files
     * @param cutOff whether the last cycle file ends in a document a writer had claimed and not finished
     *        (a recorder killed while writing)
     */
    public record Framing(long documents, boolean cutOff) {
    }

    /**
     * Walks every cycle file of journal {@code dir}.
     *
     * @throws JournalFormatException one line naming the cycle file, the byte and the damage
     */
    public static Framing check(Path dir) {
        List<Path> files = JournalReader.cycleFiles(dir);
        long docs = 0;
        boolean cutOff = false;
        for (int i = 0; i < files.size(); i++) {
            Path f = files.get(i);
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
                long[] got = walk(dir, f, ch);
                docs += got[0];
                cutOff = got[1] != 0;
            } catch (IOException e) {
                throw new JournalFormatException("journal " + dir + ": cannot read cycle file " + f.getFileName() + ": "
                        + e.getMessage(), e);
            }
        }
        return new Framing(docs, cutOff);
    }

    /** {data documents, 1 if the file ends in an unfinished claim}. */
    private static long[] walk(Path dir, Path f, FileChannel ch) throws IOException {
        long size = ch.size();
        ByteBuffer word = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
        long at = 0, docs = 0;
        while (at + 4 <= size) {
            int h = readInt(ch, word, at);
            if (h == 0) {
                break; // nothing written from here on
            }
            if (h == NOT_COMPLETE) {
                return new long[] {docs, 1}; // a writer's claim never finished: the recorder was killed
            }
            if (h == END_OF_FILE) {
                at += 4;
                break;
            }
            int len = h & LENGTH_MASK;
            if ((h & NOT_COMPLETE) != 0) {
                throw damaged(dir, f, at, "the document header 0x" + Integer.toHexString(h) + " says \"still being"
                        + " written\" but also gives a length (" + len + " bytes); a writer never leaves that, the"
                        + " header was changed after it was written");
            }
            if (at + 4 + len > size) {
                throw damaged(dir, f, at, "the document header gives " + len + " bytes but the file ends " + (size - at - 4)
                        + " bytes later (truncated, or the header was changed)");
            }
            if ((h & META_DATA) == 0) {
                docs++;
            } else if (isRubbleDocument(ch, at + 4, len)) {
                throw damaged(dir, f, at, "a journal document (" + len + " bytes, its checksum valid) is marked as"
                        + " Chronicle metadata, so readers would skip it; the header was changed after it was written");
            }
            at = (at + 4 + len + 3) & ~3L;
        }
        // after the end of the data the file is as Chronicle preallocated it: zeros
        long nonZero = firstNonZero(ch, Math.min(at, size), size);
        if (nonZero >= 0) {
            throw damaged(dir, f, nonZero, "a non-zero byte after the end of the journal's data (which ends at byte "
                    + at + "): the file was changed after it was written");
        }
        return new long[] {docs, 0};
    }

    /** Whether a metadata document is really one of Rubble's: a known kind tag and a valid CRC-32C in its last 4 bytes. */
    private static boolean isRubbleDocument(FileChannel ch, long from, int len) throws IOException {
        if (len < 12 || len > (1 << 28)) {
            return false;
        }
        ByteBuffer b = ByteBuffer.allocate(len).order(ByteOrder.LITTLE_ENDIAN);
        readFully(ch, b, from);
        int kind = b.getInt(0);
        if (kind != JournalFormat.KIND_HEADER && kind != JournalFormat.KIND_STEP && kind != JournalFormat.KIND_CLOSE
                && kind != JournalFormat.KIND_COLLECTION && kind != JournalFormat.KIND_EVENTS
                && kind != JournalFormat.KIND_SCALE && kind != JournalFormat.KIND_KEYFRAME
                && kind != JournalFormat.KIND_TRACK && kind != JournalFormat.KIND_LOSSY_STEP
                && kind != JournalFormat.KIND_UNION_BODIES && kind != JournalFormat.KIND_BETWEEN
                && kind != JournalFormat.KIND_HOOK && kind != JournalFormat.KIND_CONSTRAINT_CHANGES) {
            return false;
        }
        CRC32C crc = new CRC32C();
        crc.update(b.array(), 0, len - 4);
        return (int) crc.getValue() == b.getInt(len - 4);
    }

    private static long firstNonZero(FileChannel ch, long from, long to) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(1 << 16);
        long at = from;
        while (at < to) {
            b.clear();
            b.limit((int) Math.min(b.capacity(), to - at));
            int n = ch.read(b, at);
            if (n <= 0) {
                break;
            }
            byte[] a = b.array();
            for (int i = 0; i < n; i++) {
                if (a[i] != 0) {
                    return at + i;
                }
            }
            at += n;
        }
        return -1;
    }

    private static int readInt(FileChannel ch, ByteBuffer word, long at) throws IOException {
        word.clear();
        readFully(ch, word, at);
        return word.getInt(0);
    }

    private static void readFully(FileChannel ch, ByteBuffer b, long at) throws IOException {
        long p = at;
        while (b.hasRemaining()) {
            int n = ch.read(b, p);
            if (n < 0) {
                throw new IOException("unexpected end of file at byte " + p);
            }
            p += n;
        }
    }

    private static JournalFormatException damaged(Path dir, Path f, long at, String what) {
        return new JournalFormatException("journal " + dir + " is damaged: cycle file " + f.getFileName() + ", byte " + at
                + ": " + what);
    }
}
