package dev.rubble.api;

import dev.rubble.core.step.StepProfile;

/**
 * Hears every finished step of a {@link PhysicsWorld}, on the stepping thread, in registration
 * order. It may read the world and queue commands (impulses, velocities, poses) for the next step;
 * it must not step the world.
 */
@FunctionalInterface
public interface StepListener {
    /**
     * @param step    index of the step just taken (0 for the first)
     * @param time    simulated time at its end, seconds
     * @param profile what the step did and how long each stage took (read-only; rewritten by the
     *                next step, so copy what you keep)
     */
    void afterStep(long step, double time, StepProfile profile);
}
