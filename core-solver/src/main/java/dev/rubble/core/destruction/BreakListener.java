package dev.rubble.core.destruction;

/** Receives each step's breaks after the step (only steps with at least one event). */
@FunctionalInterface
public interface BreakListener {

    /** {@code events} is a reused buffer, valid during this call only. */
    void onBreaks(BreakEvents events);
}
