package dev.rubble.bake;

/**
 * A sweep file that cannot be used: the message starts with the JSON path of the bad field
 * ({@code $.parameters[2].range.step}), then the bad value and what is allowed. The command line
 * prints it as one line and exits 2.
 */
public final class SweepException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final String path;

    public SweepException(String path, String message) {
        super(path + ": " + message);
        this.path = path;
    }

    public SweepException(String path, String message, Throwable cause) {
        super(path + ": " + message, cause);
        this.path = path;
    }

    /** The JSON path of the bad field, e.g. {@code $.parameters[0].values}. */
    public String path() {
        return path;
    }
}
