package dev.rubble.cli;

import dev.rubble.core.plugin.Registration;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code rubble plugins}: every stage family, its implementations and the jar each came from. */
@Command(mixinStandardHelpOptions = true, name = "plugins", description = "List every stage family, its implementations and where each came from.")
final class PluginsCommand implements Callable<Integer> {
    @Mixin
    PluginOptions plugins;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Stages stages = plugins.load();
        PrintWriter out = spec.commandLine().getOut();
        for (StageFamily<?> family : StageFamily.all()) {
            List<Registration> rs = stages.plugins().registrations(family);
            out.println(family.name() + " (default: " + family.defaultName() + ")");
            if (rs.isEmpty()) {
                out.println("  (none loaded)");
            }
            for (Registration r : rs) {
                String d = r.factory().description();
                out.println("  " + r.name() + "  [plugin " + r.plugin() + ", " + r.source() + "]"
                        + (d.isEmpty() ? "" : "\n      " + d));
            }
        }
        out.flush();
        return 0;
    }
}
