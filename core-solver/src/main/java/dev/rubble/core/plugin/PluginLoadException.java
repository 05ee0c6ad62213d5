package dev.rubble.core.plugin;

/** A plugin could not be loaded or conflicts with another (duplicate names, bad directory). */
public final class PluginLoadException extends IllegalArgumentException {
    public PluginLoadException(String message, Throwable cause) {
        super(message, cause);
    }

    public PluginLoadException(String message) {
        super(message);
    }
}
