package dev.rubble.core.step;

/**
 * The named slots of one step, in the order {@link StepPipeline} runs them (reference:
 * rage-rigid-body-pipeline §5; SPEC §2 "new bodies ... inserted after the velocity solve and before
 * integration"). The script is fixed; the capabilities that come later fill their slot with a
 * {@link StepStage} (fields, destruction, removal, events). An empty slot costs nothing but a null
 * check. Slots marked per sub-step run once per sub-step; their times are summed.
 *
 * <p>A slot's {@link #label()} is its key in {@link StepProfile}, in the console, the benchmarks and
 * the journal (which records the label list, so journals recorded with an older list still read).
 */
public enum StepSlot {
    /** Apply queued user and scenario commands (impulses, state changes, spawns, removals). */
    COMMANDS("commands"),
    /** Field commands (explosions, strain, velocities) evaluated at sample points; empty until fields land. */
    FIELDS("fields"),
    /** Update moved bodies' bounds in the broadphase; collect and sort overlapping pairs. */
    BROADPHASE("broadphase"),
    /** Exact contacts for the sorted pairs (the narrowphase plugin): manifolds into the contact store, impulses carried over for warm starting; contact budget. */
    NARROWPHASE("narrowphase"),
    /** Wake sleeping islands touched by awake bodies, before the solve. */
    WAKE("wake"),
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
    /** Soft bodies (tetrahedral cages) advance in their own sub-steps and exchange impulses with rigid bodies; runs only while soft bodies exist. */
    SOFT("soft"),
    /** Strain from this step's contact impulses and commands, breaking, release, connectivity; empty without collections. */
    DESTRUCTION("destruction"),
    /** Islands from this step's contacts; islands that rested long enough fall asleep. */
    SLEEP("sleep"),
    /** Timed removal of released pieces (shrink, then remove; docs/destruction.md "Debris and removal"); a flag check until a collection removes pieces. */
    REMOVAL("removal"),
    /** Refresh bounds of moved bodies (plus one step of motion look-ahead) for the next broadphase. */
    BOUNDS("bounds"),
    /** Events of the step (breaks, collisions, ...) gathered for listeners; empty until events land. */
    EVENTS("events"),
    /** FNV-1a hash of the whole state, for replay verification. */
    STATE_HASH("hash");

    private static final StepSlot[] ALL = values();
    private final String label;

    StepSlot(String label) {
        this.label = label;
    }

    /** Short, stable name: the key in profiles, the console, benchmarks and journals. */
    public String label() {
        return label;
    }

    /** The slot labelled {@code label}, or null. */
    public static StepSlot byLabel(String label) {
        for (StepSlot s : ALL) {
            if (s.label.equals(label)) {
                return s;
            }
        }
        return null;
    }
}
