package dev.rubble.cli;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.Scenario;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.core.step.StepProfile;
import dev.rubble.core.step.StepSlot;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rubble demo}: runs the built-in scenario and reports what happened. */
@Command(mixinStandardHelpOptions = true, name = "demo", description = "Run the built-in demo scenario and print what happened, step by step.")
final class DemoCommand implements Callable<Integer> {
    static final String RESOURCE = "/dev/rubble/cli/demo.json";

    @Option(names = "--steps", paramLabel = "N", description = "steps to run (default: the demo's own)")
    Integer steps;

    @Mixin
    PluginOptions plugins;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        String json;
        try (InputStream in = DemoCommand.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("demo scenario " + RESOURCE + " missing from the jar");
            }
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Scenario scenario = ScenarioLoader.parse(json);
        Stages stages = plugins.load();
        ScenarioWorld sw = ScenarioWorld.create(scenario, stages);
        long n = steps != null ? steps : scenario.steps();
        if (n < 0) {
            throw new BadInputException("--steps " + n + " is negative; allowed: >= 0");
        }
        PrintWriter out = spec.commandLine().getOut();
        String title = scenario.name().startsWith("demo: ") ? scenario.name().substring(6) : scenario.name();
        out.printf("Rubble demo: %s%n  %d bodies, dt %.5f s, %d sub-step(s), broadphase %s%n", title,
                sw.world().bodies().size(), scenario.settings().dt(), scenario.settings().subSteps(),
                sw.world().broadphaseName());
        out.println("   step     time  awake  sleep static  pairs  step_us  hash");
        long every = Math.max(1, n / 10);
        long total = 0;
        for (long i = 0; i < n; i++) {
            sw.step();
            StepProfile p = sw.world().profile();
            total += p.totalNanos();
            if ((i + 1) % every == 0 || i == n - 1) {
                out.printf("  %5d  %7.3f  %5d  %5d  %5d  %5d  %7d  %016x%n", p.step(), p.time(),
                        p.awakeBodies(), p.sleepingBodies(), p.staticBodies(), p.pairs(),
                        p.totalNanos() / 1000, p.stateHash());
            }
        }
        var b = sw.world().bodies();
        out.println("Final positions:");
        for (int s = 0; s < b.slotLimit(); s++) {
            if (b.isLive(s) && b.state(s) != BodyState.STATIC) {
                out.printf("  %-10s y = %8.4f m   v = (%7.3f, %7.3f, %7.3f) m/s%n", b.label[s], b.originY(s),
                        b.vx[s], b.vy[s], b.vz[s]);
            }
        }
        StepProfile last = sw.world().profile();
        out.printf("Stage times of the last step (us):");
        for (StepSlot st : StepSlot.values()) {
            out.printf(" %s=%d", st.label(), last.nanos(st) / 1000);
        }
        out.printf("%nMean step: %.1f us over %d steps.%n", n == 0 ? 0.0 : total / 1000.0 / n, n);
        out.flush();
        return 0;
    }
}
