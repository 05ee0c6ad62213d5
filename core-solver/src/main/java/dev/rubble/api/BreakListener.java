package dev.rubble.api;

/** Hears every destruction event of a step (breaks, releases, clusters, crumbles, removals), after the step. */
@FunctionalInterface
public interface BreakListener {
    /**
     * {@code event} is a reused view, valid during this call only.
     * @param event the destruction event
     */
    void onBreak(BreakEvent event);
}
