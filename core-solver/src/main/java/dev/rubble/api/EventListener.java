package dev.rubble.api;

/**
 * Hears each step's events once, after the step, on the stepping thread (one call per step, not
 * per event: the engine gathers into arrays, the listener walks them). {@code events} is valid
 * until the next step. It may read the world and queue commands; it must not step it.
 */
@FunctionalInterface
public interface EventListener {
    /**
     * Called once after every step with that step's events, on the stepping thread.
     * @param events the step's events, valid during this call only
     */
    void onEvents(StepEvents events);
}
