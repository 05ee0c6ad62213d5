package dev.rubble.cache.journal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.function.BiFunction;
import java.util.zip.CRC32C;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Test tool: copies a journal document by document, letting a function rewrite a document's bytes,
 * and re-seals each changed document with a correct CRC-32C — an edited journal, not a damaged one,
 * so verify must report a divergence rather than damage.
 */
public final class JournalCopy {
    private JournalCopy() {
    }

    /** {@code edit} gets (document index, bytes) and returns true if it changed the bytes. */
    public static void copy(Path from, Path to, BiFunction<Integer, byte[], Boolean> edit) {
        replace(from, to, (index, doc) -> edit.apply(index, doc) ? java.util.Arrays.copyOf(doc, doc.length - 4) : null);
    }

    /**
     * Copies {@code from} to {@code to}, replacing each document for which {@code replace} (document index, bytes)
     * returns new bytes (of any length, kind tag through {@code END} marker; null keeps the document); a
     * replaced document gets its CRC-32C appended.
     */
    public static void replace(Path from, Path to, BiFunction<Integer, byte[], byte[]> replace) {
        try (ChronicleQueue in = SingleChronicleQueueBuilder.binary(from).readOnly(true).build();
             ChronicleQueue out = SingleChronicleQueueBuilder.binary(to).build();
             ExcerptTailer t = in.createTailer(); ExcerptAppender a = out.createAppender()) {
            int index = 0;
            while (true) {
                byte[] doc;
                try (DocumentContext dc = t.readingDocument()) {
                    if (!dc.isPresent()) {
                        break;
                    }
                    Bytes<?> b = dc.wire().bytes();
                    doc = new byte[(int) b.readRemaining()];
                    b.read(doc);
                }
                byte[] body = replace.apply(index, doc);
                if (body != null) {
                    CRC32C crc = new CRC32C();
                    crc.update(body, 0, body.length);
                    doc = ByteBuffer.allocate(body.length + 4).order(ByteOrder.LITTLE_ENDIAN).put(body)
                            .putInt((int) crc.getValue()).array();
                }
                try (DocumentContext dc = a.writingDocument()) {
                    dc.wire().bytes().write(doc);
                }
                index++;
            }
        }
    }

    /** Offset of the last occurrence of {@code value}'s raw little-endian bits in {@code doc}, or -1. */
    public static int lastIndexOf(byte[] doc, double value) {
        byte[] p = new byte[8];
        ByteBuffer.wrap(p).order(ByteOrder.LITTLE_ENDIAN).putDouble(value);
        for (int i = doc.length - 8; i >= 0; i--) {
            boolean same = true;
            for (int k = 0; k < 8 && same; k++) {
                same = doc[i + k] == p[k];
            }
            if (same) {
                return i;
            }
        }
        return -1;
    }

    /** Offset of the first occurrence of {@code value}'s raw little-endian bits in {@code doc}, or -1. */
    public static int indexOf(byte[] doc, double value) {
        byte[] p = new byte[8];
        ByteBuffer.wrap(p).order(ByteOrder.LITTLE_ENDIAN).putDouble(value);
        for (int i = 0; i + 8 <= doc.length; i++) {
            boolean same = true;
            for (int k = 0; k < 8 && same; k++) {
                same = doc[i + k] == p[k];
            }
            if (same) {
                return i;
            }
        }
        return -1;
    }

    /** Writes {@code value} at {@code offset} as little-endian raw bits. */
    public static void putDouble(byte[] doc, int offset, double value) {
        ByteBuffer.wrap(doc).order(ByteOrder.LITTLE_ENDIAN).putDouble(offset, value);
    }

    /** The step index of a step document ({@code -1} for other kinds). */
    public static long stepOf(byte[] doc) {
        ByteBuffer bb = ByteBuffer.wrap(doc).order(ByteOrder.LITTLE_ENDIAN);
        return bb.getInt(0) == JournalFormat.KIND_STEP ? bb.getLong(4) : -1;
    }
}
