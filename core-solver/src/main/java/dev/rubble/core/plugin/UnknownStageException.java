package dev.rubble.core.plugin;

/** A stage or stage family was named that no loaded plugin provides. The message lists the known names. */
public final class UnknownStageException extends IllegalArgumentException {
    public UnknownStageException(String message) {
        super(message);
    }
}
