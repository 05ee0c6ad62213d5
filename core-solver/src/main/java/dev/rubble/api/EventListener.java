package dev.rubble.api;

/**
 * Hears each step's events once, after the step, on the stepping thread (one call per step, not
 * per event: the engine gathers into arrays, the listener walks them). {@code events} is valid
 * until the next step. It may read the world and queue commands; it must not step it.
 */
@FunctionalInterface
public interface EventListener {
    void onEvents(StepEvents events);
}
