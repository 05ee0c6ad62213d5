package dev.rubble.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Input file options checked the same way by every command: a path that is missing, a directory, or
 * unreadable is refused (exit 2) saying which of the three it is, naming the option and what it takes.
 * {@code run --restore DIR} and {@code softbody --check DIR} said "no such file" of a directory that was
 * there, and {@code collection convert DIR out.json} "does not exist".
 */
final class InputFiles {
    private InputFiles() {
    }

    /** Fails with exit 2 unless {@code file} ({@code option}, e.g. "--restore" or "IN") is a readable regular file. */
    static void requireFile(String option, Path file, String allowed) {
        if (Files.isDirectory(file)) {
            throw new BadInputException(option + " " + file + " is a directory; allowed: " + allowed);
        }
        if (!Files.exists(file)) {
            throw new BadInputException(option + " " + file + " does not exist; allowed: " + allowed);
        }
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new BadInputException(option + " " + file + " is not a readable file; allowed: " + allowed);
        }
    }
}
