package dev.rubble.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** A CLI test's command runner: {@link #run} executes {@code rubble ARGS} in-process with fresh {@link #out} and {@link #err}. */
abstract class CliHarness {
    final StringWriter out = new StringWriter(), err = new StringWriter();

    /** Runs the command line {@code args}; its output is in {@link #out} and {@link #err}; returns the exit code. */
    int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        return Main.execute(args, new PrintWriter(out), new PrintWriter(err));
    }
}
