package dev.rubble.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

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
        if (parent != null) {
            probe(option, file, parent);
        }
    }

    /**
     * Fails with exit 2, naming {@code option} and {@code path}, unless a file can be created in directory {@code dir}
     * (one is, and removed). The permission bits are not the whole answer: as root, /proc and /sys pass
     * {@code isWritable} and refuse every new file, and {@code run S --out /proc/x.json} failed after the whole run as
     * "internal error: /proc/x.json" (exit 1).
     */
    static void probe(String option, Path path, Path dir) {
        try {
            Files.delete(Files.createTempFile(dir, ".rubble-probe-", ".tmp"));
        } catch (IOException | UnsupportedOperationException e) {
            throw new BadInputException(option + " " + path + ": no file can be created in " + dir + " ("
                    + (e instanceof java.nio.file.FileSystemException f ? Main.fileSystemReason(f) : e.getMessage())
                    + "); allowed: a path in a directory that can be written");
        }
    }

    /** Extensions of the formats Rubble reads or writes, with what each holds. */
    private static final java.util.List<String> FORMATS = java.util.List.of(".json", ".jsonl", ".csv", ".tsv", ".txt",
            ".png", ".gif", ".obj", ".ply", ".glb", ".gltf", ".rbc", ".rbsb", ".rsnap", ".cq4", ".cq4t");

    /**
     * Fails with exit 2, naming {@code option}, when {@code file}'s extension names another format than the one written:
     * a snapshot is binary (docs/snapshot-format.md) and has no JSON form, and {@code journal seek J 5 --out x.json}
     * wrote one into a file named .json, which JSON tools then failed to read; {@code run S --out x.png} wrote the JSON
     * final state into a .png. As {@code render} refuses an image format its renderer does not write, and {@code
     * fracture} and {@code export} an extension they cannot write. {@code own} are the extensions of the format written
     * (none for snapshots, which have no fixed one: bake names its own {@code final.rsnap}); a name with no extension,
     * or an extension no format of Rubble's has, is allowed.
     */
    static void checkFormatName(String option, Path file, String what, String suggested, String... own) {
        if (file == null || file.getFileName() == null) {
            return;
        }
        String name = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        java.util.List<String> owned = java.util.List.of(own);
        for (String ext : FORMATS) {
            if (name.endsWith(ext) && !owned.contains(ext)) {
                java.util.List<String> others = new java.util.ArrayList<>(FORMATS);
                others.removeAll(owned);
                throw new BadInputException(option + " " + file + ": " + what + ", not " + ext + "; allowed: a name"
                        + " without the extension of another format (" + String.join(", ", others) + "), e.g. " + suggested);
            }
        }
    }

    /** {@link #checkFormatName} for a snapshot file. */
    static void checkSnapshotName(String option, Path file) {
        checkFormatName(option, file, "a snapshot is a binary file (docs/snapshot-format.md)", "x.rsnap", ".rsnap");
    }

    /** {@link #checkFormatName} for a JSON file (a final state) and for JSON lines (events). */
    static void checkJsonName(String option, Path file, boolean lines) {
        checkFormatName(option, file, lines ? "it is written as JSON lines" : "it is written as JSON",
                lines ? "events.jsonl" : "state.json", ".json", ".jsonl", ".txt");
    }

    /**
     * Fails with exit 2, naming {@code option}, unless {@code dir} is a directory or one can be made there: the
     * nearest part of its path that exists is a writable directory. {@code bake S --out /etc/passwd/x} and
     * {@code bake report B --plots /etc/passwd/x} failed as internal errors (exit 1), the report after printing
     * its summary. {@code allowed} says what the option takes.
     */
    static void checkDirectory(String option, Path dir, String allowed) {
        if (dir == null) {
            return;
        }
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new BadInputException(option + " " + dir + " is a file; allowed: " + allowed);
        }
        Path existing = dir.toAbsolutePath().normalize();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing != null && !Files.isDirectory(existing)) {
            throw new BadInputException(option + " " + dir + ": " + existing + " is a file, so no directory can be made"
                    + " there; allowed: " + allowed);
        }
        if (existing != null && !Files.isWritable(existing)) {
            throw new BadInputException(option + " " + dir + ": directory " + existing + " is not writable");
        }
        if (existing != null) {
            probe(option, dir, existing);
        }
    }

    /**
     * {@code --journal DIR} of run, console and demo, checked before the scene is built: a new or empty
     * directory that can be made. Under a regular file it failed after the build with "cannot create journal
     * directory F/x: F/x: Not a directory", naming no option.
     */
    static void checkJournalDirectory(Path dir) {
        if (dir == null) {
            return;
        }
        checkDirectory("--journal", dir, "a new or empty directory (journals are never appended to)");
        if (Files.isDirectory(dir)) {
            try (java.util.stream.Stream<Path> s = Files.list(dir)) {
                if (s.findAny().isPresent()) {
                    throw new BadInputException("journal directory " + dir + " is not empty; allowed: a new or empty"
                            + " directory (journals are never appended to)");
                }
            } catch (IOException e) {
                throw new BadInputException("--journal " + dir + ": cannot list it (" + e.getMessage() + ")");
            }
        }
    }

    /**
     * Fails with exit 2 when output {@code file} ({@code option}) is the same file as {@code other}, an input
     * the command reads or another output it writes ({@code otherName}, e.g. {@code "SCENARIO"} or
     * {@code "--out"}): {@code run S --out S} replaced the scenario by its final state, {@code fracture
     * --source m.obj --out m.obj} the mesh by its pieces, both with exit 0. Either may be null (nothing to
     * compare). The same file under two spellings (relative, {@code ..}, a link) counts as the same. When
     * {@code other} is a directory the command reads (a journal), {@code file} may not be inside it either:
     * {@code journal seek J 5 --out J/metadata.cq4t} wrote the snapshot over the journal's own metadata file and
     * {@code replay J --out J/metadata.cq4t} the final state, both with exit 0, and the journal no longer opened.
     */
    static void checkDistinct(String option, Path file, String otherName, Path other) {
        if (file == null || other == null) {
            return;
        }
        if (Files.isDirectory(other) && inside(file, other)) {
            throw new BadInputException(option + " " + file + " is inside " + otherName + " " + other + ", a directory the"
                    + " command reads; allowed: a path outside it (a command never writes into what it reads)");
        }
        boolean same;
        try {
            same = Files.exists(file) && Files.exists(other) ? Files.isSameFile(file, other)
                    : file.toAbsolutePath().normalize().equals(other.toAbsolutePath().normalize());
        } catch (java.io.IOException e) {
            same = false; // unreadable: the write itself then fails naming the file
        }
        if (same) {
            throw new BadInputException(option + " " + file + " is the same file as " + otherName + "; allowed: another file"
                    + " (a command never writes over what it reads, nor one output over another)");
        }
    }

    /** Whether {@code file} is {@code dir} or lies under it, links and {@code ..} resolved as far as the path exists. */
    private static boolean inside(Path file, Path dir) {
        try {
            Path d = dir.toRealPath();
            Path f = file.toAbsolutePath().normalize();
            Path existing = f;
            while (existing != null && !Files.exists(existing)) {
                existing = existing.getParent();
            }
            if (existing == null) {
                return false;
            }
            Path real = existing.toRealPath().resolve(existing.relativize(f));
            return real.normalize().startsWith(d);
        } catch (IOException e) {
            return false; // unreadable: the write itself then fails naming the file
        }
    }

    /**
     * Fails with exit 2 when an output file lies inside {@code journal}, the journal directory the command writes
     * (it need not exist yet): {@code run S --journal J --events J/e.jsonl} with J an empty directory created the
     * events file, then refused J as "not empty" and left the file there; {@code --out J/state.json} and
     * {@code --snapshot J/s.rsnap} were written among the journal's own files. A journal directory holds the
     * journal only.
     */
    static void checkOutsideJournal(java.util.List<Named> outputs, Path journal) {
        if (journal == null) {
            return;
        }
        Path j = journal.toAbsolutePath().normalize();
        for (Named o : outputs) {
            if (o.file() == null) {
                continue;
            }
            boolean in = Files.isDirectory(journal) ? inside(o.file(), journal) : o.file().toAbsolutePath().normalize().startsWith(j);
            if (in) {
                throw new BadInputException(o.name() + " " + o.file() + " is inside --journal " + journal + ", the journal"
                        + " directory this command writes; allowed: a path outside it (a journal directory holds the journal only)");
            }
        }
    }

    /** A command's file option and its value (null: not given). */
    record Named(String name, Path file) {
    }

    static Named named(String name, Path file) {
        return new Named(name, file);
    }

    /**
     * {@link #checkDistinct} for every output against every input and against every other output: no output
     * may name a file the command reads, nor one another output writes.
     */
    static void checkDistinct(java.util.List<Named> outputs, java.util.List<Named> inputs) {
        for (int i = 0; i < outputs.size(); i++) {
            Named o = outputs.get(i);
            for (Named in : inputs) {
                checkDistinct(o.name(), o.file(), in.name(), in.file());
            }
            for (int j = 0; j < i; j++) {
                checkDistinct(o.name(), o.file(), outputs.get(j).name(), outputs.get(j).file());
            }
        }
    }

    /** What writes an output file's bytes. */
    interface Writing {
        void to(OutputStream os) throws IOException;
    }

    /**
     * Writes {@code file} through {@code w} so that it is replaced only when the writing succeeds: the bytes go
     * to a hidden file beside it first, moved over {@code file} at the end. A write refused half way (exit 2)
     * or failing leaves {@code file} as it was (or absent) and no partial file behind: {@code render
     * --renderer sheet} with too large a sheet, refused once the output was open, left the user's existing
     * picture empty.
     */
    static void writeReplacing(Path file, Writing w) throws IOException {
        writeReplacingPath(file, part -> {
            try (OutputStream os = new BufferedOutputStream(Files.newOutputStream(part))) {
                w.to(os);
            }
        });
    }

    /** What writes an output file given the path to write (a hidden file beside the output). */
    interface PathWriting {
        void to(Path part) throws IOException;
    }

    /**
     * {@link #writeReplacing} for writers that take a path: {@code w} writes the hidden file, moved over {@code file}
     * at the end. Every file output of fracture, collection convert, export, run, replay, journal seek and a
     * snapshot goes through here (render's PNG through {@link #writeReplacing}; its console text is written as it goes): before fuzz13 a full disk left a cut-short .rbc, .json, .glb, .obj or snapshot
     * under the output's name (exit 1).
     */
    static void writeReplacingPath(Path file, PathWriting w) throws IOException {
        Path abs = file.toAbsolutePath();
        if (Files.exists(abs) && !Files.isRegularFile(abs) && !Files.isDirectory(abs)) {
            // a device or a pipe (/dev/null, /dev/stdout, a FIFO): written where it is, as there is nothing to replace.
            // Moved over, it became a regular file: `run S --out /dev/null`, run as root, replaced the machine's
            // /dev/null with a file of the run's JSON, and tmux and every later redirect to it failed (landing2)
            written(file, () -> w.to(abs));
            return;
        }
        Path part = abs.resolveSibling("." + abs.getFileName() + ".rubble-partial");
        boolean moved = false;
        try {
            written(file, () -> w.to(part));
            try {
                Files.move(part, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(part, abs, StandardCopyOption.REPLACE_EXISTING);
            }
            moved = true;
        } finally {
            if (!moved) {
                Files.deleteIfExists(part);
            }
        }
    }

    /** What writes an output, as {@link #written} runs it. */
    private interface Write {
        void run() throws IOException;
    }

    /**
     * Runs {@code write}, output {@code file}'s bytes: a failure of the file system (a path, a permission) as it is, any
     * other I/O failure (a full disk, a quota, a device error) as a {@link WriteFailedException} naming the file.
     */
    private static void written(Path file, Write write) throws IOException {
        try {
            write.run();
        } catch (java.nio.file.FileSystemException e) {
            throw e;
        } catch (IOException e) {
            // "No space left on device" (a full disk), "Disk quota exceeded", an I/O error of the device: before,
            // "internal error: No space left on device", naming neither the file nor that nothing was written
            throw new WriteFailedException(file, e);
        } catch (java.io.UncheckedIOException e) {
            if (e.getCause() instanceof java.nio.file.FileSystemException f) {
                throw f;
            }
            throw new WriteFailedException(file, e.getCause());
        }
    }

    /**
     * Writing an output's bytes failed (a full disk, a quota, a device error) after its checks passed; the output is as
     * it was and no partial file is left. The command line prints it as one line naming the file, exit 1.
     */
    static final class WriteFailedException extends IOException {
        private static final long serialVersionUID = 1L;

        WriteFailedException(Path file, IOException cause) {
            super(file + ": writing it failed (" + reason(cause) + "); nothing was written, the file is as it was", cause);
        }

        /** The innermost cause's message: the PNG writer's "I/O error writing PNG file!" wraps "No space left on device". */
        private static String reason(Throwable t) {
            Throwable root = t;
            for (int depth = 0; root.getCause() != null && depth < 8; depth++) {
                root = root.getCause();
            }
            return root.getMessage() == null || root.getMessage().isBlank() ? root.getClass().getSimpleName()
                    : root.getMessage();
        }
    }
}
