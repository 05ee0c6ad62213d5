package dev.rubble.cache.journal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The content hash of a journal (issue 32: bakes): SHA-256 over every document, in queue order,
 * each as its 4-byte little-endian length and then its bytes, exactly as {@link JournalWriter}
 * wrote them (kind tag through CRC). Chronicle's own bookkeeping — cycle file names (dates),
 * pre-allocated pages, index tables, the metadata file — is left out, so the hash says whether two
 * journals recorded the same thing however the queue laid it out. For a journal written with
 * {@link JournalWriter#createReproducible} two runs of one scenario give the same hash on any
 * machine; an ordinary journal differs in its wall-clock fields (created time, step timings).
 */
public final class JournalDigest {
    private JournalDigest() {
    }

    /** Result: the hex SHA-256 and the number of documents it covers. */
    public record Digest(String sha256, long documents, long bytes) {
    }

    /**
     * Hashes the journal in {@code dir}.
     *
     * @throws JournalFormatException when it is not a readable journal (missing or damaged files)
     */
    public static Digest of(Path dir) {
        Objects.requireNonNull(dir, "dir is null");
        if (!Files.isDirectory(dir)) {
            throw new JournalFormatException("journal directory " + dir + (Files.exists(dir) ? " is a file" : " does not exist")
                    + "; allowed: a journal directory (run --journal DIR)");
        }
        List<Path> files = JournalReader.cycleFiles(dir);
        if (files.isEmpty()) {
            throw new JournalFormatException("journal directory " + dir + " holds no journal (no .cq4 files); allowed:"
                    + " a directory `rubble run --journal` or `JournalWriter` wrote");
        }
        JournalFiles.check(dir, files);
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
        long docs = 0, total = 0;
        byte[] buf = new byte[1 << 16];
        byte[] len = new byte[4];
        ChronicleStart.init();
        try (ChronicleQueue q = SingleChronicleQueueBuilder.binary(dir).rollCycle(JournalWriter.DEFAULT_ROLL_CYCLE)
                .readOnly(true).build();
             ExcerptTailer t = q.createTailer()) {
            while (true) {
                try (DocumentContext dc = t.readingDocument()) {
                    if (!dc.isPresent()) {
                        break;
                    }
                    Bytes<?> b = dc.wire().bytes();
                    long n = b.readRemaining();
                    len[0] = (byte) n;
                    len[1] = (byte) (n >>> 8);
                    len[2] = (byte) (n >>> 16);
                    len[3] = (byte) (n >>> 24);
                    md.update(len);
                    long p = b.readPosition();
                    long end = p + n;
                    while (p < end) {
                        int k = (int) Math.min(buf.length, end - p);
                        b.read(p, buf, 0, k);
                        md.update(buf, 0, k);
                        p += k;
                    }
                    docs++;
                    total += n;
                }
            }
        } catch (RuntimeException | InternalError e) {
            if (e instanceof JournalFormatException jfe) {
                throw jfe;
            }
            throw new JournalFormatException("journal " + dir + " cannot be read: " + e.getMessage(), e);
        }
        return new Digest(HexFormat.of().formatHex(md.digest()), docs, total);
    }
}
