package dev.rubble.core.step;

import dev.rubble.core.dynamics.DynamicsSettings;
import dev.rubble.spi.StageConfig;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * World configuration. Immutable; validated on construction with messages that name the field.
 *
 * @param dt                 fixed step, seconds, in [{@value #MIN_DT}, {@value #MAX_DT}]; the world never takes
 *                           another dt
 * @param subSteps           sub-steps per step, 1..64 (each of dt / subSteps)
 * @param gravityX           m/s²
 * @param velocityIterations contact solver velocity iterations, 1..256
 * @param positionIterations contact solver position iterations, 0..256
 * @param stages             stage family name -> implementation name (missing = family default)
 * @param stageOptions       stage family name -> options for the chosen implementation
 * @param maxBodies          body budget, >= 1
 * @param maxContacts        contact point budget, >= 1
 * @param maxManifolds       manifold budget, >= 1
 * @param dynamics           contact solver, motion limits and sleeping (see {@link DynamicsSettings})
 * @param threads            threads the step runs on, 1..{@value #MAX_THREADS} (issue 26; the result is
 *                           bit-identical for every count, docs/parallel.md)
 */
public record WorldSettings(double dt, int subSteps, double gravityX, double gravityY, double gravityZ,
                            int velocityIterations, int positionIterations,
                            Map<String, String> stages, Map<String, StageConfig> stageOptions,
                            int maxBodies, int maxContacts, int maxManifolds,
                            DynamicsSettings dynamics, int threads) {

    /** 1/60 s. */
    public static final double DEFAULT_DT = 1.0 / 60.0;
    /**
     * The shortest step, seconds (1 µs, a million steps a second). Below it a step moves nothing a double can
     * hold: at dt = 1e-300 a 10 m/s body moved 1e-299 m a step, lost in rounding against any position beyond
     * 1e-283 m, and the world never advanced (time stayed at 0 to the last digit shown). The bound also keeps
     * the solver's 1/dt and 1/h (h = dt / 64 at most sub-steps) finite and far from overflow.
     */
    public static final double MIN_DT = 1e-6;
    /** The longest step, seconds. */
    public static final double MAX_DT = 1;
    /** The most threads a step may use. */
    public static final int MAX_THREADS = 256;

    public WorldSettings {
        if (!(dt >= MIN_DT && dt <= MAX_DT)) {
            throw new IllegalArgumentException("dt = " + dt + "; allowed: [" + MIN_DT + ", " + MAX_DT + "] seconds");
        }
        range("subSteps", subSteps, 1, 64);
        if (!Double.isFinite(gravityX) || !Double.isFinite(gravityY) || !Double.isFinite(gravityZ)) {
            throw new IllegalArgumentException("gravity = [" + gravityX + ", " + gravityY + ", " + gravityZ
                    + "]; allowed: finite numbers");
        }
        range("velocityIterations", velocityIterations, 1, 256);
        range("positionIterations", positionIterations, 0, 256);
        range("maxBodies", maxBodies, 1, Integer.MAX_VALUE - 8);
        range("maxContacts", maxContacts, 1, Integer.MAX_VALUE - 8);
        range("maxManifolds", maxManifolds, 1, Integer.MAX_VALUE - 8);
        Objects.requireNonNull(dynamics, "dynamics is null");
        range("threads", threads, 1, MAX_THREADS);
        stages = Map.copyOf(new TreeMap<>(Objects.requireNonNull(stages, "stages is null")));
        stageOptions = Map.copyOf(new TreeMap<>(Objects.requireNonNull(stageOptions, "stageOptions is null")));
    }

    /** Settings on one thread. */
    public WorldSettings(double dt, int subSteps, double gravityX, double gravityY, double gravityZ,
                         int velocityIterations, int positionIterations,
                         Map<String, String> stages, Map<String, StageConfig> stageOptions,
                         int maxBodies, int maxContacts, int maxManifolds, DynamicsSettings dynamics) {
        this(dt, subSteps, gravityX, gravityY, gravityZ, velocityIterations, positionIterations, stages,
                stageOptions, maxBodies, maxContacts, maxManifolds, dynamics, 1);
    }

    /** Settings with default {@link DynamicsSettings}, on one thread. */
    public WorldSettings(double dt, int subSteps, double gravityX, double gravityY, double gravityZ,
                         int velocityIterations, int positionIterations,
                         Map<String, String> stages, Map<String, StageConfig> stageOptions,
                         int maxBodies, int maxContacts, int maxManifolds) {
        this(dt, subSteps, gravityX, gravityY, gravityZ, velocityIterations, positionIterations, stages,
                stageOptions, maxBodies, maxContacts, maxManifolds, DynamicsSettings.defaults());
    }

    private static void range(String name, long v, long min, long max) {
        if (v < min || v > max) {
            throw new IllegalArgumentException(name + " = " + v + "; allowed: [" + min + ", " + max + "]");
        }
    }

    /**
     * Defaults: dt 1/60, 1 sub-step, gravity (0, -9.81, 0), 7 velocity / 2 position iterations (8 velocity
     * until issue 11: each velocity iteration now also runs a second pass over the normal rows, see
     * {@code ContactSolver}).
     */
    public static WorldSettings defaults() {
        return new WorldSettings(DEFAULT_DT, 1, 0, -9.81, 0, 7, 2, Map.of(), Map.of(),
                1_000_000, 4_000_000, 1_000_000);
    }

    public WorldSettings withStep(double newDt, int newSubSteps) {
        return new WorldSettings(newDt, newSubSteps, gravityX, gravityY, gravityZ, velocityIterations,
                positionIterations, stages, stageOptions, maxBodies, maxContacts, maxManifolds, dynamics, threads);
    }

    public WorldSettings withGravity(double gx, double gy, double gz) {
        return new WorldSettings(dt, subSteps, gx, gy, gz, velocityIterations, positionIterations, stages,
                stageOptions, maxBodies, maxContacts, maxManifolds, dynamics, threads);
    }

    public WorldSettings withIterations(int velocity, int position) {
        return new WorldSettings(dt, subSteps, gravityX, gravityY, gravityZ, velocity, position, stages,
                stageOptions, maxBodies, maxContacts, maxManifolds, dynamics, threads);
    }

    /**
     * A copy tuned for tall stacks (a 20-row box pyramid settles less than 1 cm in 10 s): the same
     * dt split into 6 sub-steps of 2 velocity and 2 relax iterations each, with 90 Hz contacts
     * (stiffer contacts need the higher sub-step rate: the stiffness is capped at half of it).
     * Costs about twice the default step. Scenario equivalent: {@code "subSteps": 6,
     * "velocityIterations": 2, "positionIterations": 2, "solver": {"contactHertz": 90}}.
     */
    public WorldSettings tallStacks() {
        DynamicsSettings d = dynamics;
        return new WorldSettings(dt, 6, gravityX, gravityY, gravityZ, 2, 2, stages, stageOptions, maxBodies,
                maxContacts, maxManifolds, d.withContact(90, d.contactDampingRatio(), d.maxPushVelocity(),
                        d.linearSlop(), d.restitutionThreshold()), threads);
    }

    /** A copy that selects {@code implementation} for {@code family}. */
    public WorldSettings withStage(String family, String implementation) {
        Map<String, String> s = new TreeMap<>(stages);
        s.put(family, implementation);
        return new WorldSettings(dt, subSteps, gravityX, gravityY, gravityZ, velocityIterations,
                positionIterations, s, stageOptions, maxBodies, maxContacts, maxManifolds, dynamics, threads);
    }

    /** A copy with options for {@code family}. */
    public WorldSettings withStageOptions(String family, StageConfig options) {
        Map<String, StageConfig> s = new TreeMap<>(stageOptions);
        s.put(family, options);
        return new WorldSettings(dt, subSteps, gravityX, gravityY, gravityZ, velocityIterations,
                positionIterations, stages, s, maxBodies, maxContacts, maxManifolds, dynamics, threads);
    }

    public WorldSettings withBudgets(int bodies, int contacts, int manifolds) {
        return new WorldSettings(dt, subSteps, gravityX, gravityY, gravityZ, velocityIterations,
                positionIterations, stages, stageOptions, bodies, contacts, manifolds, dynamics, threads);
    }

    /** A copy with other dynamics settings. */
    public WorldSettings withDynamics(DynamicsSettings d) {
        return new WorldSettings(dt, subSteps, gravityX, gravityY, gravityZ, velocityIterations,
                positionIterations, stages, stageOptions, maxBodies, maxContacts, maxManifolds, d, threads);
    }

    /**
     * A copy stepping on {@code n} threads (issue 26). The result does not depend on it: any count
     * gives the same bits (docs/parallel.md).
     */
    public WorldSettings withThreads(int n) {
        return new WorldSettings(dt, subSteps, gravityX, gravityY, gravityZ, velocityIterations,
                positionIterations, stages, stageOptions, maxBodies, maxContacts, maxManifolds, dynamics, n);
    }
}
