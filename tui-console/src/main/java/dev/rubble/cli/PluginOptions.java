package dev.rubble.cli;

import dev.rubble.core.plugin.Stages;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --plugins DIR} (repeatable): extra plugin directories of jars. */
public final class PluginOptions {
    @Option(names = "--plugins", paramLabel = "DIR",
            description = "a directory of plugin jars to load (repeatable)")
    List<Path> dirs = new ArrayList<>();

    /** Loads the class-path plugins and those in the given directories. */
    public Stages load() {
        return Stages.load(dirs);
    }
}
