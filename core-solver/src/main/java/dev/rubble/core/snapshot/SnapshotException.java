package dev.rubble.core.snapshot;

/**
 * A snapshot file that cannot be read (not a snapshot, truncated, damaged, from a newer version,
 * or saved with other settings than the world it should restore into), or a world that cannot be
 * saved exactly. The message names the file's problem in one line. Bad input: the CLI exits 2.
 */
public final class SnapshotException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public SnapshotException(String message) {
        super(message);
    }

    public SnapshotException(String message, Throwable cause) {
        super(message, cause);
    }
}
