package dev.rubble.cache.journal;

import dev.rubble.core.event.EventBuffer;
import dev.rubble.core.event.EventKinds;

/**
 * A step's events as a journal recorded them (docs/events.md; {@link EventsCodec}): one buffer per
 * kind, empty when the step had none. Reused by the reader.
 */
public final class RecordedEvents {
    private final EventBuffer[] buffers = new EventBuffer[EventKinds.COUNT];
    /** The step they belong to (-1 when the step had no events document). */
    public long step = -1;

    public RecordedEvents() {
        for (int k = 0; k < EventKinds.COUNT; k++) {
            buffers[k] = new EventBuffer();
        }
    }

    /** Events of {@code kind}. */
    public EventBuffer buffer(int kind) {
        return buffers[kind];
    }

    /** Empties every kind. */
    public void clear() {
        for (EventBuffer b : buffers) {
            b.clear();
        }
        step = -1;
    }
}
