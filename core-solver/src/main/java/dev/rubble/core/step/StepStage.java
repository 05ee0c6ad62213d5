package dev.rubble.core.step;

/**
 * A stage that fills one optional slot of the step ({@link StepSlot#FIELDS},
 * {@link StepSlot#DESTRUCTION}, {@link StepSlot#REMOVAL}, {@link StepSlot#EVENTS}). It works on the
 * explicit state of {@link StepContext} and never on the world facade; what the world must do
 * (create a body for a released piece, retire one) it asks of the context's body states or queues
 * there. Called on the stepping thread; must not allocate in steady state.
 */
@FunctionalInterface
public interface StepStage {

    /** Runs the stage for the step in progress. */
    void run(StepContext context);
}
