package dev.rubble.cli;

import dev.rubble.cache.playback.Playback;
import dev.rubble.tui.ConsoleApp;
import dev.rubble.tui.Progress;
import dev.rubble.tui.ReplaySession;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rubble replay DIR}: play a journal back, optionally releasing bodies to live simulation. */
@Command(name = "replay", description = {"Play a journal back: bodies follow the recording as kinematic targets,"
        + " interpolated between recorded steps (slerp for rotations).",
        "With a terminal the console opens (r releases the bodies under the view centre); without one the replay"
                + " runs as fast as it can and prints progress lines."})
final class ReplayCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR", description = "journal directory")
    Path dir;

    @Option(names = "--speed", paramLabel = "X", description = "recorded steps per played step, (0, 64]; default 1")
    double speed = 1;

    @Option(names = "--from", paramLabel = "STEP", description = "start from the state after this recorded step")
    Long from;

    @Option(names = "--release", paramLabel = "ID@STEP",
            description = "release the body with this id to live simulation at a recorded step (repeatable)")
    List<String> releases = new ArrayList<>();

    @Option(names = "--release-region", paramLabel = "X0,Y0,Z0,X1,Y1,Z1@STEP",
            description = "release every body whose centre is in the box at a recorded step (repeatable)")
    List<String> regions = new ArrayList<>();

    @Option(names = "--set", paramLabel = "STAGE=NAME",
            description = "replace a journalled stage choice for playback, e.g. a faster broadphase (repeatable)")
    List<String> sets = new ArrayList<>();

    @Option(names = "--headless", description = "never open the console")
    boolean headless;

    @Option(names = "--out", paramLabel = "FILE", description = "write the final state as JSON here")
    Path out;

    @Mixin
    PluginOptions plugins;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (!(speed > 0 && speed <= 64)) {
            throw new BadInputException("--speed " + speed + " is out of range; allowed: (0, 64]");
        }
        if (from != null && from < 0) {
            throw new BadInputException("--from " + from + " is negative; allowed: >= 0");
        }
        try (Playback pb = Playback.open(dir, plugins.load(), RunCommand.parseSets(sets))) {
            pb.setSpeed(speed);
            for (String r : releases) {
                int at = r.lastIndexOf('@');
                if (at <= 0) {
                    throw new BadInputException("--release '" + r + "' is not allowed; allowed: ID@STEP, e.g. b3@120");
                }
                pb.scheduleRelease(step("--release", r, r.substring(at + 1)), r.substring(0, at));
            }
            for (String r : regions) {
                int at = r.lastIndexOf('@');
                String[] c = at <= 0 ? new String[0] : r.substring(0, at).split(",");
                if (c.length != 6) {
                    throw new BadInputException("--release-region '" + r + "' is not allowed; allowed: X0,Y0,Z0,X1,Y1,Z1@STEP");
                }
                double[] v = new double[6];
                for (int i = 0; i < 6; i++) {
                    try {
                        v[i] = Double.parseDouble(c[i].trim());
                    } catch (NumberFormatException e) {
                        throw new BadInputException("--release-region '" + r + "': '" + c[i] + "' is not a number");
                    }
                }
                pb.scheduleRegionRelease(step("--release-region", r, r.substring(at + 1)),
                        new double[] {v[0], v[1], v[2]}, new double[] {v[3], v[4], v[5]});
            }
            if (from != null) {
                pb.seek(from);
            }
            ReplaySession session = new ReplaySession(pb, dir);
            if (!headless && out == null && ConsoleApp.hasTerminal()) {
                ConsoleApp.run(session);
                return 0;
            }
            PrintWriter err = spec.commandLine().getErr();
            long ns = Progress.run(session, err);
            double played = pb.world().stepIndex() * pb.world().settings().dt();
            err.printf("rubble: replayed %s to recorded step %.0f: %d steps (%.2f s of world time) in %d ms, %.1fx real"
                            + " time; %d bodies released; state hash %016x%n", dir, pb.cursor() - 1, pb.world().stepIndex(),
                    played, ns / 1_000_000, played / (ns / 1e9), pb.releasedCount(), pb.world().stateHash());
            err.println("rubble: replay cost " + session.costSummary());
            err.flush();
            if (out != null) {
                try (OutputStream os = Files.newOutputStream(out)) {
                    StateWriter.write(pb.world(), pb.header().scenarioName(), os);
                }
            }
        }
        return 0;
    }

    private static long step(String opt, String whole, String s) {
        try {
            long v = Long.parseLong(s);
            if (v < 0) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new BadInputException(opt + " '" + whole + "': step '" + s + "' is not allowed; allowed: an integer >= 0");
        }
    }
}
