package dev.rubble.core.step;

/**
 * The named stages of one step, in the order they run (reference: rage-rigid-body-pipeline §5,
 * SPEC §2 "new bodies ... inserted after the velocity solve and before integration").
 * Stages marked per sub-step run once per sub-step; their times are summed.
 */
public enum StepStage {
    /** Apply queued user and scenario commands (impulses, state changes, spawns, removals). */
    COMMANDS("commands"),
    /** Update moved bodies' bounds in the broadphase; collect and sort overlapping pairs. */
    BROADPHASE("broadphase"),
    /** Exact contacts for the sorted pairs (the narrowphase plugin, or a test's {@code ContactGenerator}): manifolds into the contact store, impulses carried over for warm starting; contact budget. */
    NARROWPHASE("narrowphase"),
    /** Wake sleeping islands touched by awake bodies (before the solve); islands and sleeping (after it). */
    ISLANDS("islands"),
    /** Per sub-step: gravity, damping and velocity limits. */
    INTEGRATE_VELOCITY("velocity"),
    /** Per sub-step: contact warm start and biased (soft) velocity iterations; row preparation once per step. */
    SOLVE("solve"),
    /** Per sub-step: bodies created during the step enter the world (after the solve, before integration). */
    INSERT_BODIES("insert"),
    /** Per sub-step: positions and orientations from velocities; kinematic bodies towards targets. */
    INTEGRATE_POSITION("integrate"),
    /** Per sub-step: unbiased relax iterations that remove the push-out velocity. */
    RELAX("relax"),
    /** Restitution once per step; accumulated impulses written back to the contact store. */
    RESTITUTION("restitution"),
    /** Strain, breaking, release and connectivity of placed geometry collections (after the solve, before sleeping). */
    DESTRUCTION("destruction"),
    /** Refresh bounds of moved bodies for the next broadphase. */
    BOUNDS("bounds"),
    /** FNV-1a hash of the whole state, for replay verification. */
    STATE_HASH("hash");

    private final String label;

    StepStage(String label) {
        this.label = label;
    }

    /** Short name shown by the console and benchmarks. */
    public String label() {
        return label;
    }
}
