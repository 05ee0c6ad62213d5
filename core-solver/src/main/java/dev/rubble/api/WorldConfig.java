package dev.rubble.api;

import dev.rubble.core.step.WorldSettings;
import java.util.Objects;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * How a {@link PhysicsWorld} steps: time step, sub-steps, solver iterations, gravity and the stage
 * implementations (broadphase, narrowphase, ...). Immutable; every {@code with...} method returns a
 * copy and validates its input (an {@link IllegalArgumentException} names the field, the value and
 * what is allowed). Units: seconds, m/s².
 */
public final class WorldConfig {
    private final WorldSettings settings;

    private WorldConfig(WorldSettings settings) {
        this.settings = settings;
    }

    /**
     * dt 1/60 s, 1 sub-step, gravity (0, -9.81, 0), 8 velocity and 2 position iterations, default stages.
     * @return the default settings
     */
    public static WorldConfig defaults() {
        return new WorldConfig(WorldSettings.defaults());
    }

    /**
     * Gravity, m/s² (copied; finite).
     * @param gravity the acceleration, m/s², world frame
     * @return a copy with gravity set
     */
    public WorldConfig withGravity(Vector3dc gravity) {
        Objects.requireNonNull(gravity, "gravity is null");
        return new WorldConfig(settings.withGravity(gravity.x(), gravity.y(), gravity.z()));
    }

    /**
     * Fixed step {@code dt} in (0, 1] seconds, split into {@code subSteps} in 1..64.
     * @param dt the step length, seconds, in (0, 1]
     * @param subSteps sub-steps per step, 1 to 64
     * @return a copy with the time step set
     */
    public WorldConfig withTimeStep(double dt, int subSteps) {
        return new WorldConfig(settings.withStep(dt, subSteps));
    }

    /**
     * Contact solver iterations: velocity 1..256, position (relax) 0..256.
     * @param velocity velocity iterations, 1 to 256
     * @param position position iterations, 0 to 256
     * @return a copy with the iterations set
     */
    public WorldConfig withIterations(int velocity, int position) {
        return new WorldConfig(settings.withIterations(velocity, position));
    }

    /**
     * Chooses an implementation for a stage family by name, e.g. {@code ("broadphase", "sap")};
     * an unknown family or name fails when the world is created, listing the known ones.
     * @param family the stage family, e.g. {@code broadphase}
     * @param implementation the implementation's name, e.g. {@code sap}
     * @return a copy with the stage chosen
     */
    public WorldConfig withStage(String family, String implementation) {
        Objects.requireNonNull(family, "family is null");
        Objects.requireNonNull(implementation, "implementation is null");
        return new WorldConfig(settings.withStage(family, implementation));
    }

    /**
     * Whether bodies that have rested long enough fall asleep (default true; asleep they cost
     * nothing until something touches or pushes them).
     * @param enabled true to let bodies sleep
     * @return a copy with sleeping set
     */
    public WorldConfig withSleeping(boolean enabled) {
        var d = settings.dynamics();
        return new WorldConfig(settings.withDynamics(d.withSleep(enabled, d.sleepLinearThreshold(),
                d.sleepAngularThreshold(), d.timeToSleep())));
    }

    /**
     * Settings for tall stacks: more sub-steps and stiffer contacts, about twice the cost per step.
     * @return a copy with the tall-stack settings
     */
    public WorldConfig forTallStacks() {
        return new WorldConfig(settings.tallStacks());
    }

    /**
     * The fixed step length.
     * @return seconds, in (0, 1]
     */
    public double timeStep() {
        return settings.dt();
    }

    /**
     * Sub-steps per step.
     * @return the count, 1 to 64
     */
    public int subSteps() {
        return settings.subSteps();
    }

    /**
     * Writes gravity into {@code dest} and returns it.
     * @param dest receives gravity, m/s²
     * @return dest
     */
    public Vector3d gravity(Vector3d dest) {
        return dest.set(settings.gravityX(), settings.gravityY(), settings.gravityZ());
    }

    /** The kernel settings these stand for (internal use: world assembly). */
    WorldSettings settings() {
        return settings;
    }

    @Override
    public String toString() {
        return "WorldConfig" + settings;
    }
}
