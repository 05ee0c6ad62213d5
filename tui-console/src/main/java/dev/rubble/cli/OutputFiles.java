package dev.rubble.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Output file options checked before any work is done (issue 28, item 10): a command that would
 * run for minutes and then fail to write (exit 1), or replace a directory by a file, refuses at
 * once with exit 2 instead.
 */
final class OutputFiles {
    private OutputFiles() {
    }

    /**
     * Fails with exit 2, naming {@code option}, unless {@code file} can be written as a file: its
     * directory exists and is writable, and it is not itself a directory (an existing file is replaced).
     */
    static void check(String option, Path file) {
        if (file == null) {
            return;
        }
        if (Files.isDirectory(file)) {
            throw new BadInputException(option + " " + file + " is a directory; allowed: a file path (an existing file is replaced)");
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new BadInputException(option + " " + file + ": directory " + parent + " does not exist");
        }
        if (parent != null && !Files.isWritable(parent) || Files.exists(file) && !Files.isWritable(file)) {
            throw new BadInputException(option + " " + file + " is not writable");
        }
    }
}
