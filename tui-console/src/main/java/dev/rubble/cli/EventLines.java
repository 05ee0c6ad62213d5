package dev.rubble.cli;

import dev.rubble.core.event.EventBuffer;
import dev.rubble.core.event.EventKinds;
import dev.rubble.core.event.EventRequest;
import dev.rubble.core.event.EventState;
import dev.rubble.core.event.EventText;
import dev.rubble.core.step.StepProfile;
import dev.rubble.core.world.StepObserver;
import dev.rubble.core.world.World;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code rubble run --events FILE.jsonl} (and {@code rubble replay --events}, the recorded stream): every step's events, one JSON object per line, in
 * delivery order (docs/events.md, "JSON lines"). Reads the world's event buffers after each step.
 */
final class EventLines implements StepObserver, AutoCloseable {
    private final BufferedWriter out;
    private long lines;

    EventLines(Path file) throws IOException {
        OutputFiles.check("--events", file);
        out = Files.newBufferedWriter(file);
    }

    /**
     * When the scenario switches nothing on, every kind but {@code moved} is switched on for all
     * bodies with its default filter (queued before the first step, so a journal records it).
     */
    static void defaultsIfNothingOn(World w, boolean scenarioSetsEvents) {
        if (scenarioSetsEvents) {
            return;
        }
        for (int k = 0; k < EventKinds.COUNT; k++) {
            if (k != EventKinds.MOVED) {
                w.queue(new dev.rubble.core.command.Command.SetEventRequest(k, EventRequest.defaults(k).withGlobal(true)));
            }
        }
    }

    @Override
    public void afterStep(World world, StepProfile profile) {
        write(profile.step(), world.context().events);
    }

    /** Writes the events in {@code ev}'s buffers as those of {@code step} (also {@code rubble replay --events}). */
    void write(long step, EventState ev) {
        try {
            for (int k = 0; k < EventKinds.COUNT; k++) {
                EventBuffer b = ev.buffer(k);
                for (int i = 0; i < b.count(); i++) {
                    out.write(EventText.json(step, k, b, i));
                    out.write('\n');
                    lines++;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    long lines() {
        return lines;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
