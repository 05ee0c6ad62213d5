package dev.rubble.cli;

import dev.rubble.cache.verify.Verifier;
import dev.rubble.cache.verify.VerifyResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rubble verify DIR}: re-simulate a journal and compare every step. Exit 1 on divergence. */
@Command(mixinStandardHelpOptions = true, name = "verify", description = {"Re-simulate a journal from its recorded inputs and compare the state hash"
        + " and recorded bodies at every step.", "Exit codes: 0 identical, 1 diverged (first step, body and field"
        + " printed), 2 unreadable journal."})
final class VerifyCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR", description = "journal directory")
    Path dir;

    @picocli.CommandLine.Option(names = "--threads", paramLabel = "N",
            description = "re-simulate on N threads (default: as recorded); any count gives the same bits (docs/parallel.md)")
    String threadsText;

    @Mixin
    PluginOptions plugins;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        long t0 = System.nanoTime();
        int threads = threadsText == null ? 0 : ThreadCounts.one("--threads", threadsText);
        VerifyResult r = Verifier.verify(dir, plugins.load(), threads);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        PrintWriter out = spec.commandLine().getOut();
        if (r.ok() && r.stepsChecked() == 0) {
            // "identical" over nothing would pass a journal that recorded nothing (issue 28)
            throw new BadInputException("journal " + dir + " holds no steps (recorded for 0 steps, or closed before"
                    + " its first step): there is nothing to verify; record at least one step");
        }
        if (r.ok()) {
            out.printf("rubble: verified %d steps of %s in %d ms: identical%n", r.stepsChecked(), dir, ms);
            out.flush();
            return 0;
        }
        PrintWriter err = spec.commandLine().getErr();
        err.println("rubble: " + dir + " " + r.divergence().describe());
        err.flush();
        return Main.INTERNAL;
    }
}
