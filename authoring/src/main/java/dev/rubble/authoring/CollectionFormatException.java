package dev.rubble.authoring;

/** A collection file that cannot be read: wrong magic or version, truncated, corrupt or inconsistent. */
public final class CollectionFormatException extends IllegalArgumentException {
    public CollectionFormatException(String message) {
        super(message);
    }
}
