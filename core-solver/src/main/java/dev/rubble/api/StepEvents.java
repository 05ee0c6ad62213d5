package dev.rubble.api;

import dev.rubble.core.event.EventKinds;
import dev.rubble.core.event.EventState;

/**
 * The events of the last step, per kind (docs/events.md): pulled with {@link PhysicsWorld#events()}
 * or handed to an {@link EventListener} after each step. One reused view over the engine's reused
 * buffers: valid until the next step, allocation-free to read. Copy what you keep.
 */
public final class StepEvents {
    private final EventState state;
    private final EventView[] views = new EventView[EventKinds.COUNT];

    StepEvents(PhysicsWorld world, EventState state) {
        this.state = state;
        for (EventKind k : EventKind.values()) {
            views[k.code] = new EventView(world, k);
        }
    }

    /**
     * A view over {@code state}'s buffers with no world behind it (body ids are the raw handles):
     * how playback hands out a journal's recorded events (docs/events.md "Replay").
     * @param state the recorded event buffers
     * @return a view over them
     */
    public static StepEvents of(EventState state) {
        return new StepEvents(null, java.util.Objects.requireNonNull(state, "state is null"));
    }

    /**
     * The step these events belong to (-1 before the first step that gathered any).
     * @return the step index, or -1
     */
    public long step() {
        return state.step();
    }

    /**
     * The events of {@code kind} (the same view object every time; its contents change with each step).
     * @param kind the kind
     * @return its view
     */
    public EventView of(EventKind kind) {
        EventView v = views[java.util.Objects.requireNonNull(kind, "kind is null").code];
        v.set(state.buffer(kind.code));
        return v;
    }

    /**
     * Number of events of {@code kind}.
     * @param kind the kind
     * @return the count, ≥ 0
     */
    public int count(EventKind kind) {
        return state.buffer(java.util.Objects.requireNonNull(kind, "kind is null").code).count();
    }

    /**
     * Number of events of every kind.
     * @return the total, ≥ 0
     */
    public int total() {
        int n = 0;
        for (int k = 0; k < EventKinds.COUNT; k++) {
            n += state.buffer(k).count();
        }
        return n;
    }
}
