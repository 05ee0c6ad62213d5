package dev.rubble.cli;

import dev.rubble.authoring.CollectionFile;
import dev.rubble.authoring.CollectionJson;
import dev.rubble.authoring.GeometryCollection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rubble collection convert IN OUT}: collection files between .rbc and JSON (issue 23; docs/collection-format.md). */
@Command(name = "collection", mixinStandardHelpOptions = true, description = "Work with geometry collection files.",
        subcommands = {CollectionCommand.Convert.class})
final class CollectionCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand; try: rubble collection convert IN OUT");
    }

    @Command(name = "convert", mixinStandardHelpOptions = true,
            description = "Convert a collection between .rbc and .json (the JSON collection format); .rbc -> .json -> .rbc"
                    + " gives the same bytes. A hand-made .json gets its mass properties and bond areas computed.")
    static final class Convert implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "IN", description = "the collection: .rbc or .json")
        Path in;

        @Parameters(index = "1", paramLabel = "OUT", description = "where to write it: .rbc or .json")
        Path out;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            for (Path p : new Path[] {in, out}) {
                String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
                if (!n.endsWith(".rbc") && !n.endsWith(".json")) {
                    throw new BadInputException((p == in ? "IN " : "OUT ") + p + ": unknown extension; allowed: .rbc, .json");
                }
            }
            InputFiles.requireFile("IN", in, "a collection file (.rbc or .json)");
            Path parent = out.toAbsolutePath().getParent();
            if (Files.isDirectory(out) || (parent != null && !Files.isDirectory(parent))) {
                throw new BadInputException("OUT " + out + ": not a file in an existing directory");
            }
            OutputFiles.check("OUT", out);
            // convert x.json x.json rewrote a hand-made collection in machine form, its name and layout gone
            OutputFiles.checkDistinct("OUT", out, "IN", in);
            GeometryCollection g = CollectionJson.loadAny(in);
            boolean json = CollectionJson.isJson(out);
            OutputFiles.writeReplacingPath(out, part -> { // a failed write leaves OUT as it was, no partial file
                if (json) {
                    CollectionJson.save(g, part);
                } else {
                    CollectionFile.save(g, part);
                }
            });
            spec.commandLine().getOut().printf(Locale.ROOT, "wrote %s: %d nodes, %d leaves, %d bonds%s%n", out, g.nodeCount(),
                    g.leaves().length, g.edgeCount(), g.strengths() != null ? ", with thresholds/materials/bond strengths" : "");
            return 0;
        }
    }
}
