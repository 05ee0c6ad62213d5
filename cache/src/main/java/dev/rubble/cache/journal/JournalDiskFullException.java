package dev.rubble.cache.journal;

import java.nio.file.Path;

/**
 * A journal stopped because its file system could not hold the next document (a full disk, a quota): nothing of that
 * document was written, and everything before it is whole, so the journal reads, plays back and verifies up to there.
 */
public final class JournalDiskFullException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    JournalDiskFullException(Path dir, long usable, long needed, long documentsWritten) {
        super("journal " + dir + ": its file system has " + usable + " bytes free, the next document needs " + needed
                + " (with " + JournalSink.DiskRoom.RESERVE + " bytes kept for the queue's own pages); "
                + (documentsWritten < 0 ? "nothing was recorded, free some space or journal elsewhere"
                        : "recording stopped there, the " + documentsWritten + " documents before it are whole"));
    }
}
