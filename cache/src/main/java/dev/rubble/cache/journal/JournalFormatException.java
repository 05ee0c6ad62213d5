package dev.rubble.cache.journal;

/**
 * A journal that cannot be read: not a journal, wrong magic or version, truncated or corrupted.
 * It is bad input (the command line exits 2), so it extends {@link IllegalArgumentException}.
 */
public final class JournalFormatException extends IllegalArgumentException {
    public JournalFormatException(String message) {
        super(message);
    }

    public JournalFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
