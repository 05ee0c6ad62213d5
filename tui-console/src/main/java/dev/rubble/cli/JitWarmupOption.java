package dev.rubble.cli;

import dev.rubble.api.WarmUp;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.WorldSettings;
import java.io.PrintWriter;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * {@code --jit-warmup MS} (issue 27; docs/destruction.md, "The first explosion in a fresh JVM"): before
 * the first step, throw-away worlds ({@link WarmUp}) with the command's plugins and settings, so the
 * first explosion runs compiled code. The same bits either way. Shared by run, console, demo and bench.
 */
public final class JitWarmupOption {
    @Option(names = "--jit-warmup", paramLabel = "MS",
            description = "before the first step, step throw-away worlds (a small fractured wall blown apart, a heap of"
                    + " boxes, spheres and capsules) for MS milliseconds so the JIT has compiled the destruction and contact"
                    + " paths; the results are the same bits (docs/destruction.md, \"The first explosion in a fresh JVM\")."
                    + " 0 to " + WarmUp.MAX_MILLIS + ", default 0")
    long millis;

    /** Refuses a budget out of range, naming the option (call it with the command's other checks). */
    void check() {
        if (millis < 0 || millis > WarmUp.MAX_MILLIS) {
            throw new BadInputException("--jit-warmup " + millis + " is not allowed; allowed: 0 (none) to "
                    + WarmUp.MAX_MILLIS + " ms");
        }
    }

    /** Whether a warm-up was asked for. */
    boolean asked() {
        return millis > 0;
    }

    /** Runs the warm-up (nothing for 0) and prints its report line to {@code to}. */
    void run(Stages stages, WorldSettings settings, PrintWriter to) {
        check();
        if (millis == 0) {
            return;
        }
        to.println(WarmUp.run(stages, settings, Duration.ofMillis(millis)));
        to.flush();
    }
}
