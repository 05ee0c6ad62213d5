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
     * dt 1/60 s, 1 sub-step, gravity (0, -9.81, 0), 7 velocity and 2 position iterations, default stages,
     * one thread.
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
     * Fixed step {@code dt} in [1e-6, 1] seconds, split into {@code subSteps} in 1..64.
     * @param dt the step length, seconds, in [1e-6, 1] (below 1 µs a step moves nothing a double holds)
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
     * Whether a dynamic body crossing the seam of two separate static bodies placed flush (a floor of tiles) slides
     * over it as over one body (default true; docs/dynamics.md, "Seams between separate bodies"). Off, it meets the
     * edge of the body it enters, as before 2026-12-07. The same as the scenario's narrowphase stage option
     * {@code "bodySeams"}.
     * @param enabled true to smooth such seams
     * @return a copy with the switch set
     */
    public WorldConfig withBodySeams(boolean enabled) {
        String family = dev.rubble.core.plugin.StageFamily.NARROWPHASE.name();
        dev.rubble.spi.StageConfig old = settings.stageOptions().getOrDefault(family, dev.rubble.spi.StageConfig.empty());
        java.util.Map<String, Object> m = new java.util.TreeMap<>(old.asMap());
        m.put(dev.rubble.core.collision.NarrowphaseStage.BODY_SEAMS_OPTION, enabled);
        return new WorldConfig(settings.withStageOptions(family, dev.rubble.spi.StageConfig.of(m)));
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

    /** The largest speed limits {@link #withSpeedLimits} takes, as scenario files ({@code world.motion}). */
    public static final double MAX_SPEED_LIMIT = 1e5;

    /**
     * The speed limits of every body (default 400 m/s and 100 rad/s; docs/java-api.md, "Huge inputs"):
     * a dynamic body's velocities are scaled down to them in their own direction after gravity and
     * forces on every sub-step, a kinematic body's when they are set, and an impulse, velocity, force
     * or field however large (but finite) leaves a body at most at them, never with an infinite state.
     * @param linear the linear speed limit, m/s, in (0, {@link #MAX_SPEED_LIMIT}]
     * @param angular the angular speed limit, rad/s, in (0, {@link #MAX_SPEED_LIMIT}]
     * @return a copy with the limits set
     * @throws IllegalArgumentException naming the limit out of range
     */
    public WorldConfig withSpeedLimits(double linear, double angular) {
        speedLimit("maxLinearSpeed", linear, "m/s");
        speedLimit("maxAngularSpeed", angular, "rad/s");
        var d = settings.dynamics();
        return new WorldConfig(settings.withDynamics(d.withMotion(linear, angular, d.gyroscopic())));
    }

    private static void speedLimit(String name, double v, String unit) {
        if (!(v > 0 && v <= MAX_SPEED_LIMIT)) {
            throw new IllegalArgumentException(name + " = " + v + "; allowed: (0, " + MAX_SPEED_LIMIT + "] " + unit);
        }
    }

    /**
     * The linear speed limit ({@link #withSpeedLimits}).
     * @return m/s, &gt; 0
     */
    public double maxLinearSpeed() {
        return settings.dynamics().maxLinearSpeed();
    }

    /**
     * The angular speed limit ({@link #withSpeedLimits}).
     * @return rad/s, &gt; 0
     */
    public double maxAngularSpeed() {
        return settings.dynamics().maxAngularSpeed();
    }

    /** The most threads {@link #withThreads} takes. */
    public static final int MAX_THREADS = WorldSettings.MAX_THREADS;

    /**
     * How many threads a step runs on (default 1; docs/parallel.md): the contact solver, the narrowphase,
     * the grid broadphase, integration, islands and sleep are split over them. The result does not depend
     * on the count: every step's state, events, journal and snapshot are the same bits on 1 thread or 8.
     * The world is still used from one thread (it steps, and listeners run, on the thread that calls
     * {@code step}); the others are the world's own pool, stopped when the world becomes unreachable.
     * @param threads threads per step, 1 to {@link #MAX_THREADS}
     * @return a copy with the thread count set
     * @throws IllegalArgumentException naming the count when it is out of range
     */
    public WorldConfig withThreads(int threads) {
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads = " + threads + "; allowed: [1, " + MAX_THREADS + "]");
        }
        return new WorldConfig(settings.withThreads(threads));
    }

    /**
     * Threads per step ({@link #withThreads}).
     * @return the count, 1 to {@link #MAX_THREADS}
     */
    public int threads() {
        return settings.threads();
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
