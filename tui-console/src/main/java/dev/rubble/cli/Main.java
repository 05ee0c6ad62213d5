package dev.rubble.cli;

import dev.rubble.core.body.CapacityExceededException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code rubble} command. Exit codes: 0 success, 2 bad input (bad arguments, bad scenario,
 * unknown stage name, budget exceeded by the input), 1 internal error. Errors print one line;
 * set {@code RUBBLE_DEBUG=1} for the stack trace and {@code RUBBLE_LOG=debug} for kernel logs
 * (every plugin registration; see {@link LogLevel} for the levels).
 */
@Command(name = "rubble", mixinStandardHelpOptions = true, scope = CommandLine.ScopeType.INHERIT, version = "rubble 0.1.0",
        description = "Rubble: a destruction physics engine for the JVM.",
        subcommands = {PluginsCommand.class, RunCommand.class, DemoCommand.class, ConsoleCommand.class,
                ReplayCommand.class, VerifyCommand.class, JournalCommand.class, FractureCommand.class,
                BenchCommand.class, RenderCommand.class, ExportCommand.class, SoftBodyCommand.class, ViewCommand.class,
                BakeCommand.class, CollectionCommand.class, HelpCommand.class})
public final class Main implements Runnable {
    /** Exit code for bad input. */
    public static final int BAD_INPUT = 2;
    /** Exit code for an internal error. */
    public static final int INTERNAL = 1;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "missing command");
    }

    public static void main(String[] args) {
        // Logs go to stderr at WARN unless asked for (RUBBLE_LOG=debug ./rubble plugins shows every
        // plugin registration); one level for the kernel's JUL loggers and Chronicle's SLF4J.
        try {
            LogLevel.parse(System.getenv("RUBBLE_LOG")).apply();
        } catch (IllegalArgumentException e) {
            System.err.println("rubble: " + e.getMessage());
            System.exit(BAD_INPUT);
        }
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the command line with the given streams and returns the exit code (used by tests). */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        return execute(args, out, err, cl -> { });
    }

    /** {@link #execute(String[], PrintWriter, PrintWriter)} with {@code configure} applied to the command line first (tests). */
    static int execute(String[] args, PrintWriter out, PrintWriter err, java.util.function.Consumer<CommandLine> configure) {
        CommandLine cl = new CommandLine(new Main());
        configure.accept(cl);
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            // one line, and where to look: the failing (sub)command's own --help
            String cmd = ex.getCommandLine() == null ? "rubble" : ex.getCommandLine().getCommandSpec().qualifiedName();
            err.println("rubble: " + escape(oneLine(ex)) + " (see '" + cmd + " --help')");
            err.flush();
            return BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            boolean bad = ex instanceof IllegalArgumentException || ex instanceof CapacityExceededException
                    || ex instanceof BadInputException;
            java.nio.file.FileSystemException fs = fileSystemCause(ex);
            if (!bad && fs != null) {
                // a path the command could not open, create or replace (an output under /proc as root, a read-only
                // mount, a directory gone since the checks): exit 1 "internal error: /proc/x.json" named only the path
                err.println("rubble: " + escape(fileSystemMessage(fs)));
                if (System.getenv("RUBBLE_DEBUG") != null) {
                    ex.printStackTrace(err);
                }
                err.flush();
                return BAD_INPUT;
            }
            Throwable failed = writeFailedCause(ex);
            if (!bad && failed != null) {
                // the environment, not the input nor Rubble: exit 1, but not "internal error" (a full disk said that)
                err.println("rubble: " + escape(oneLine(failed)));
                err.flush();
                return INTERNAL;
            }
            err.println("rubble: " + (bad ? "" : "internal error: ") + escape(oneLine(ex)));
            if (System.getenv("RUBBLE_DEBUG") != null) {
                ex.printStackTrace(err);
            }
            err.flush();
            return bad ? BAD_INPUT : INTERNAL;
        });
        int code;
        try {
            code = cl.execute(args);
        } catch (OutOfMemoryError | StackOverflowError e) {
            // picocli hands Errors on: the JVM printed "Exception in thread main java.lang.OutOfMemoryError" and a
            // stack trace (bench --steps 2000000000 did, before its steps were bounded)
            err.println("rubble: internal error: " + (e instanceof OutOfMemoryError
                    ? "out of memory (" + oneLine(e) + "); ask for less, or give the JVM more heap with"
                            + " RUBBLE_JAVA_OPTS=-Xmx..."
                    : "stack overflow"));
            if (System.getenv("RUBBLE_DEBUG") != null) {
                e.printStackTrace(err);
            }
            err.flush();
            code = INTERNAL;
        }
        out.flush();
        return code;
    }

    /**
     * The first failure of the environment in {@code t}'s causes (at most 8 deep): an output whose writing failed
     * ({@link OutputFiles.WriteFailedException}) or a journal whose disk is full
     * ({@link dev.rubble.cache.journal.JournalDiskFullException}); null if none.
     */
    static Throwable writeFailedCause(Throwable t) {
        Throwable f = cause(t, OutputFiles.WriteFailedException.class);
        return f != null ? f : cause(t, dev.rubble.cache.journal.JournalDiskFullException.class);
    }

    /** The first {@link java.nio.file.FileSystemException} in {@code t}'s causes (at most 8 deep), or null. */
    static java.nio.file.FileSystemException fileSystemCause(Throwable t) {
        return cause(t, java.nio.file.FileSystemException.class);
    }

    /** The first throwable of {@code kind} in {@code t}'s causes, {@code t} itself first (at most 8 deep), or null. */
    private static <T extends Throwable> T cause(Throwable t, Class<T> kind) {
        for (int depth = 0; t != null && depth < 8; t = t.getCause(), depth++) {
            if (kind.isInstance(t)) {
                return kind.cast(t);
            }
        }
        return null;
    }

    /** One line naming the file and why the file system refused it. */
    static String fileSystemMessage(java.nio.file.FileSystemException e) {
        return e.getFile() + (e.getOtherFile() == null ? "" : " -> " + e.getOtherFile()) + ": cannot be opened, created or"
                + " replaced (" + fileSystemReason(e) + "); allowed: an input that exists and can be read, an output in a"
                + " directory that exists and can be written";
    }

    /** Why the file system refused: the exception's kind in words, or its reason. */
    static String fileSystemReason(java.nio.file.FileSystemException e) {
        return e instanceof java.nio.file.NoSuchFileException ? "no such file or directory"
                : e instanceof java.nio.file.AccessDeniedException ? "access denied"
                : e instanceof java.nio.file.NotDirectoryException ? "not a directory"
                : e instanceof java.nio.file.DirectoryNotEmptyException ? "directory not empty"
                : e instanceof java.nio.file.FileAlreadyExistsException ? "already exists"
                : e.getReason() != null ? e.getReason() : e.getClass().getSimpleName();
    }

    /** Longest message printed; the rest is cut (a damaged file's bytes must not flood the terminal). */
    static final int MAX_MESSAGE = 2000;

    /**
     * Makes a message safe for a terminal: control characters (C0, DEL, C1; e.g. an ESC inside a
     * scenario key or body id), invisible format characters (bidirectional overrides, zero-width),
     * unpaired surrogates, private-use and unassigned code units and the replacement character that
     * undecodable bytes become are written as {@code \\uXXXX} (issue 28: bytes read from a damaged
     * file were echoed raw), so input can never drive or garble the terminal; at most
     * {@link #MAX_MESSAGE} characters are kept.
     */
    public static String escape(String s) {
        if (s.length() > MAX_MESSAGE) {
            s = s.substring(0, MAX_MESSAGE) + "... (" + (s.length() - MAX_MESSAGE) + " more characters)";
        }
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean control = unsafe(s, i);
            if (control && b == null) {
                b = new StringBuilder(s.length() + 16).append(s, 0, i);
            }
            if (b != null) {
                if (control) {
                    b.append(String.format("\\u%04x", (int) c));
                } else {
                    b.append(c);
                }
            }
        }
        return b == null ? s : b.toString();
    }

    private static boolean unsafe(String s, int i) {
        char c = s.charAt(i);
        if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == '\ufffd') {
            return true;
        }
        if (Character.isHighSurrogate(c)) {
            return i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1));
        }
        if (Character.isLowSurrogate(c)) {
            return i == 0 || !Character.isHighSurrogate(s.charAt(i - 1));
        }
        int type = Character.getType(c);
        return type == Character.FORMAT || type == Character.PRIVATE_USE || type == Character.UNASSIGNED;
    }

    private static String oneLine(Throwable t) {
        String m = t.getMessage();
        if (m == null || m.isBlank()) {
            m = t.getClass().getSimpleName();
        }
        return m.replace('\n', ' ');
    }
}
