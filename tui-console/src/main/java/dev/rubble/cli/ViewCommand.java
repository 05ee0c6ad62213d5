package dev.rubble.cli;

import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.Scenario;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.viewer.JournalViewSource;
import dev.rubble.viewer.ScenarioViewSource;
import dev.rubble.viewer.ViewSource;
import dev.rubble.viewer.ViewerRun;
import dev.rubble.viewer.ViewerServer;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rubble view JOURNAL|SCENARIO}: reads the run once (a journal played back, or a scenario
 * simulated), then serves it to a browser from 127.0.0.1 (docs/viewer.md) until stopped.
 */
@Command(name = "view", description = {"Look at a journal or a scenario in a browser: starts a local HTTP server"
        + " on 127.0.0.1 (a free port unless --port) and prints its address; the page plays the run (three.js):"
        + " timeline, colours by level/piece/strain/state, orbit camera, stats and plots. Ctrl-C stops it."})
final class ViewCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SOURCE", description = "journal directory or scenario .json")
    Path source;

    @Option(names = "--port", paramLabel = "N", description = "port on 127.0.0.1 (default 0: any free port)")
    int port;

    @Option(names = "--steps", paramLabel = "N",
            description = "a scenario's steps to simulate, 0 to 100000 (default: the scenario's \"steps\", else 600); journals play all")
    Long steps;

    @Option(names = "--resimulate", description = "a journal: re-simulate it from its recorded inputs (as verify"
            + " does, each step's state hash checked) instead of playing its recorded poses; slower to read, and the"
            + " pieces then carry strain for the strain colouring (a journal records none)")
    boolean resimulate;

    @Mixin
    PluginOptions plugins;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65535) {
            throw new BadInputException("--port " + port + "; allowed: 0 (any free port) to 65535");
        }
        if (steps != null) {
            StepCounts.check("--steps", steps, 0, StepCounts.MAX_VIEW, "a scenario is simulated whole before the page opens");
        }
        if (!Files.exists(source)) {
            throw new BadInputException("SOURCE " + source + " does not exist; allowed: a journal directory or a"
                    + " scenario .json file");
        }
        Stages stages = plugins.load();
        PrintWriter out = spec.commandLine().getOut();
        long t0 = System.nanoTime();
        ViewerRun run;
        String ended = "";
        try (ViewSource src = open(stages)) {
            run = ViewerRun.of(src);
            if (src instanceof JournalViewSource j && !j.closedCleanly()) {
                ended = "; the recording was cut off (no closing record: the recorder was killed)";
            }
        }
        ViewerServer server;
        try {
            server = ViewerServer.start(run, port);
        } catch (RuntimeException e) {
            run.close(); // its temporary frame files
            throw e;
        }
        out.printf("rubble: viewing %s at %s (%d frames, %d pieces, read in %d ms%s); Ctrl-C stops the server%n",
                source, server.address(), run.frameCount(), run.nodeCount(), (System.nanoTime() - t0) / 1_000_000, ended);
        out.flush();
        ViewerRun served = run;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            served.close();
        }, "rubble-view-stop"));
        server.join();
        return 0;
    }

    /** The mesh files {@code rubble fracture --source} reads, which are not scenarios. */
    private static final String[] MESH_EXTENSIONS = {".obj", ".ply", ".glb", ".gltf"};

    private ViewSource open(Stages stages) {
        if (Files.isDirectory(source)) {
            if (steps != null) {
                throw new BadInputException("--steps is for scenarios; a journal plays all its steps");
            }
            return new JournalViewSource(source, stages, resimulate);
        }
        String name = source.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        // a collection JSON (docs/collection-format.md) was read as a scenario: "$.density: unknown key; allowed: format,
        // name, steps, ...", though render and export take the same file
        if (name.endsWith(".rbc") || dev.rubble.authoring.CollectionJson.isCollectionJson(source)) {
            throw new BadInputException("SOURCE " + source + " is a collection; allowed: a journal directory or a"
                    + " scenario .json file (render or export a collection instead)");
        }
        for (String mesh : MESH_EXTENSIONS) {
            if (name.endsWith(mesh)) {
                // read as a scenario it was "malformed JSON at line 1" (fuzz13), which says nothing of what to do
                throw new BadInputException("SOURCE " + source + " is a triangle mesh (" + mesh + "); allowed: a journal"
                        + " directory or a scenario .json file (fracture the mesh with rubble fracture --source "
                        + source.getFileName() + " --out pieces.rbc, then place the collection in a scenario)");
            }
        }
        if (resimulate) {
            throw new BadInputException("--resimulate is for journals; a scenario is always simulated");
        }
        Scenario sc = ScenarioLoader.load(source);
        long n = steps != null ? steps : sc.steps() > 0 ? sc.steps() : 600;
        if (n > StepCounts.MAX_VIEW) { // the scenario's own "steps" (up to ScenarioLoader.MAX_STEPS)
            throw new BadInputException("SOURCE " + source + ": $.steps " + n + " is more than the viewer holds; allowed: --steps"
                    + " 0 to " + StepCounts.MAX_VIEW + " (a scenario is simulated whole before the page opens)");
        }
        return new ScenarioViewSource(sc, source.getFileName().toString(), stages, n);
    }
}
