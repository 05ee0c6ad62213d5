package dev.rubble.scenario;

/**
 * A scenario file is malformed or has a bad value. The message names the JSON path (e.g.
 * {@code $.bodies[2].mass}), the bad value and what is allowed.
 */
public final class ScenarioException extends IllegalArgumentException {
    private final String path;

    public ScenarioException(String path, String message) {
        super(path + ": " + message);
        this.path = path;
    }

    public ScenarioException(String path, String message, Throwable cause) {
        super(path + ": " + message, cause);
        this.path = path;
    }

    /** JSON path of the bad value. */
    public String path() {
        return path;
    }
}
