package dev.rubble.core.field;

/**
 * A field that cannot be built: {@link #path()} names the place ({@code field.right.radius}, or a
 * JSON path when the caller gave one), {@link #detail()} the bad value and what is allowed.
 */
public final class FieldException extends IllegalArgumentException {
    private final String path;
    private final String detail;

    public FieldException(String path, String detail, Throwable cause) {
        super(path + detail, cause);
        this.path = path;
        this.detail = detail;
    }

    /** Where in the field. */
    public String path() {
        return path;
    }

    /** What is wrong there, starting with " = value" or ": " (so that {@code path + detail} reads as one line). */
    public String detail() {
        return detail;
    }
}
