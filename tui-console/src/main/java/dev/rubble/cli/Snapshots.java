package dev.rubble.cli;

import dev.rubble.core.plugin.Stages;
import dev.rubble.core.snapshot.WorldSnapshot;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.StepObserver;
import dev.rubble.core.world.World;
import dev.rubble.scenario.Scenario;
import dev.rubble.scenario.ScenarioWorld;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code rubble run --snapshot-at N --snapshot FILE} and {@code rubble run SCENARIO --restore FILE}
 * (docs/snapshot-format.md): saving after a step, and continuing a scenario from a snapshot of it.
 * Every problem with a snapshot file or with the options is bad input (exit 2), in one line.
 */
final class Snapshots {
    private Snapshots() {
    }

    /**
     * Arranges for {@code world} to be saved to {@code file} once it has taken {@code at} steps: now
     * when it already has, else after that step. {@code first .. end} are the steps this run covers.
     */
    static void saveAt(World world, long at, long first, long end, Path file, String origin, PrintWriter err)
            throws IOException {
        if (at < first || at > end) {
            throw new BadInputException("--snapshot-at " + at + " is outside this run, which covers steps " + first
                    + ".." + end + "; allowed: " + first + ".." + end);
        }
        OutputFiles.check("--snapshot", file); // not a directory (it was replaced), before the steps run
        WorldSnapshot.checkSavable(world); // a world snapshots cannot save fails now, not after N steps
        if (at == world.stepIndex()) {
            save(world, file, origin, err);
            return;
        }
        world.addObserver(new StepObserver() {
            @Override
            public void afterStep(World w, dev.rubble.core.step.StepProfile profile) {
                if (w.stepIndex() == at) {
                    try {
                        save(w, file, origin, err);
                    } catch (IOException e) {
                        throw new UncheckedIOException("cannot write snapshot " + file + ": " + e.getMessage(), e);
                    }
                }
            }
        });
    }

    private static void save(World world, Path file, String origin, PrintWriter err) throws IOException {
        OutputFiles.writeReplacingPath(file, part -> WorldSnapshot.save(world, part, origin));
        err.printf("rubble: snapshot after step %d written to %s (%d bytes)%n", world.stepIndex(), file, Files.size(file));
        err.flush();
    }

    /**
     * A scenario world continued from {@code file} on {@code threads} threads (0: as saved): the
     * snapshot must be of this scenario (its name) with the same settings ({@code --set} choices
     * included; the thread count aside, which does not change a bit).
     */
    static ScenarioWorld restore(Path file, Scenario scenario, Stages stages, Map<String, String> overrides, int threads)
            throws IOException {
        InputFiles.requireFile("--restore", file, "a snapshot file (run --snapshot-at N --snapshot FILE)");
        WorldSnapshot snap = WorldSnapshot.read(file);
        if (!snap.origin().equals(scenario.name())) {
            throw new BadInputException("--restore " + file + " is a snapshot of scenario '" + snap.origin()
                    + "', not of '" + scenario.name() + "'");
        }
        WorldSettings settings = ScenarioWorld.settings(scenario.settings(), overrides, 0);
        String diff = snap.settingsDifference(settings);
        if (diff != null) {
            throw new BadInputException("--restore " + file + " was saved with other settings than this run: " + diff);
        }
        return ScenarioWorld.resume(scenario, snap.restore(stages, threads));
    }
}
