package dev.rubble.cache.journal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.openhft.chronicle.queue.impl.TableStore;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.queue.impl.table.Metadata;
import net.openhft.chronicle.queue.impl.table.SingleTableBuilder;

/**
 * Checks a journal directory's files before Chronicle maps them: a cycle file or {@code metadata.cq4t}
 * that is empty, cut short of a whole page, or does not start with Chronicle's store header is
 * reported as a {@link JournalFormatException} naming the file. Mapping such a file would stall
 * (an empty cycle file), fall back with a logged stack trace (an empty metadata file) or fault in
 * an unsafe memory access (a file cut short under the mapping).
 */
final class JournalFiles {
    /** Chronicle grows its files in whole pages; a length that is not a multiple was cut short. */
    static final int PAGE = 4096;
    static final String METADATA = "metadata.cq4t";

    private JournalFiles() {
    }

    static void check(Path dir, List<Path> cycleFiles) {
        Path meta = dir.resolve(METADATA);
        if (!Files.exists(meta)) {
            throw new JournalFormatException("journal " + dir + " is damaged: " + METADATA + " is missing");
        }
        checkOne(dir, meta, "STStore");
        checkMetadata(dir, meta);
        for (Path f : cycleFiles) {
            checkOne(dir, f, "SCQStore");
        }
    }

    /**
     * Reads {@code metadata.cq4t}'s header with Chronicle's own table-store reader, read-only.
     * Chronicle itself, opening a queue whose metadata header does not parse, logs a stack trace
     * and falls back to a read-only table store (issue 28: a 4-byte flip printed a stack trace
     * and exited 0); here the same damage is a {@link JournalFormatException} naming the file.
     */
    static void checkMetadata(Path dir, Path meta) {
        try {
            // the queue builder's class initialiser registers the type aliases the header names (SCQMeta, ...)
            Class.forName(SingleChronicleQueueBuilder.class.getName(), true, JournalFiles.class.getClassLoader());
            try (TableStore<Metadata.NoMeta> ts = SingleTableBuilder.binary(meta, Metadata.NoMeta.INSTANCE).readOnly(true).build()) {
                ts.metadata();
            }
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        } catch (RuntimeException e) {
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            throw new JournalFormatException("journal " + dir + " is damaged: the header of " + METADATA
                    + " does not parse (" + root.getClass().getSimpleName() + "); the journal's steps are in the .cq4 files,"
                    + " but Chronicle needs this file to open them", e);
        }
    }

    private static void checkOne(Path dir, Path f, String tag) {
        long size;
        byte[] head = new byte[64];
        int n;
        try {
            size = Files.size(f);
            try (InputStream in = Files.newInputStream(f)) {
                n = in.readNBytes(head, 0, head.length);
            }
        } catch (IOException e) {
            throw new JournalFormatException("journal " + dir + ": cannot read " + f.getFileName() + ": " + e.getMessage(), e);
        }
        if (size < PAGE || size % PAGE != 0) {
            throw new JournalFormatException("journal " + dir + " is damaged: " + f.getFileName() + " is truncated ("
                    + size + " bytes; Chronicle writes whole pages of " + PAGE + " bytes)");
        }
        String text = new String(head, 0, n, StandardCharsets.ISO_8859_1);
        if (!text.contains(tag)) {
            throw new JournalFormatException("journal " + dir + " is damaged: " + f.getFileName()
                    + " does not start with Chronicle's " + tag + " header");
        }
    }
}
