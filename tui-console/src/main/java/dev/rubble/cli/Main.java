package dev.rubble.cli;

import dev.rubble.core.body.CapacityExceededException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code rubble} command. Exit codes: 0 success, 2 bad input (bad arguments, bad scenario,
 * unknown stage name, budget exceeded by the input), 1 internal error. Errors print one line;
 * set {@code RUBBLE_DEBUG=1} for the stack trace and {@code RUBBLE_LOG=info} for kernel logs
 * (every plugin registration).
 */
@Command(name = "rubble", mixinStandardHelpOptions = true, version = "rubble 0.1.0",
        description = "Rubble: a destruction physics engine for the JVM.",
        subcommands = {PluginsCommand.class, RunCommand.class, DemoCommand.class, ConsoleCommand.class,
                ReplayCommand.class, VerifyCommand.class, JournalCommand.class, FractureCommand.class,
                BenchCommand.class, SoftBodyCommand.class,
                CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    /** Exit code for bad input. */
    public static final int BAD_INPUT = 2;
    /** Exit code for an internal error. */
    public static final int INTERNAL = 1;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "missing command; try: rubble --help");
    }

    public static void main(String[] args) {
        // Kernel logs (e.g. every plugin registration) go to stderr at INFO only when asked for:
        // RUBBLE_LOG=info ./rubble plugins
        String level = System.getenv("RUBBLE_LOG");
        java.util.logging.Logger root = java.util.logging.Logger.getLogger("");
        java.util.logging.Level l = java.util.logging.Level.WARNING;
        if (level != null) {
            try {
                l = java.util.logging.Level.parse(level.toUpperCase(java.util.Locale.ROOT));
            } catch (IllegalArgumentException e) {
                System.err.println("rubble: RUBBLE_LOG=" + level + " is not a level; allowed: severe, warning, info, fine");
                System.exit(BAD_INPUT);
            }
        }
        root.setLevel(l);
        for (java.util.logging.Handler h : root.getHandlers()) {
            h.setLevel(l);
        }
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the command line with the given streams and returns the exit code (used by tests). */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("rubble: " + ex.getMessage());
            err.flush();
            return BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            boolean bad = ex instanceof IllegalArgumentException || ex instanceof CapacityExceededException
                    || ex instanceof BadInputException;
            err.println("rubble: " + (bad ? "" : "internal error: ") + oneLine(ex));
            if (System.getenv("RUBBLE_DEBUG") != null) {
                ex.printStackTrace(err);
            }
            err.flush();
            return bad ? BAD_INPUT : INTERNAL;
        });
        int code = cl.execute(args);
        out.flush();
        return code;
    }

    private static String oneLine(Throwable t) {
        String m = t.getMessage();
        if (m == null || m.isBlank()) {
            m = t.getClass().getSimpleName();
        }
        return m.replace('\n', ' ');
    }
}
