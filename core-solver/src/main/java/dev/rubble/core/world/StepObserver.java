package dev.rubble.core.world;

import dev.rubble.core.step.StepProfile;

/**
 * Receives every finished step: journals, consoles, tests. Called on the stepping thread after
 * the step, in registration order (observers bound in {@link WorldModule} first). The profile is
 * rewritten by the next step: copy what you keep. An observer must not step the world; it may read
 * anything and queue commands for the next step.
 */
@FunctionalInterface
public interface StepObserver {
    void afterStep(World world, StepProfile profile);
}
