package dev.rubble.core.command;

/**
 * The physics quantity a field command writes (reference: chaos-fields-events-cache §1.6,
 * {@code EFieldPhysicsType}), the value type it needs ({@code integer}, {@code scalar},
 * {@code vector}) and when it acts: parameter targets at the start of the step (the FIELDS slot),
 * force targets on every sub-step, initial velocities when a collection is placed.
 */
public enum FieldTarget {
    /** State code: 1 sleeping, 2 kinematic, 3 static, 4 dynamic (Chaos's EObjectStateType); dynamic is refused for massless bodies. */
    DYNAMIC_STATE("dynamic-state", 'I'),
    /** A disabled body or piece whose value is 0 is enabled (the current value is 1 while disabled). */
    ACTIVATE_DISABLED("activate-disabled", 'I'),
    /** -1 collides with nothing; 0 with everything; g in 1..30 with group 0 and group g only. */
    COLLISION_GROUP("collision-group", 'I'),
    /** Pieces' external strain becomes max(existing, value); values <= 0 are ignored. */
    EXTERNAL_CLUSTER_STRAIN("external-cluster-strain", 'S'),
    /** Added to pieces' internal strain (their threshold), floor 0; persistent = erosion. */
    INTERNAL_CLUSTER_STRAIN("internal-cluster-strain", 'S'),
    /** Value > 0 disables the body or piece. */
    KILL("kill", 'S'),
    /** Per-body sleep threshold (m/s and rad/s alike). */
    SLEEPING_THRESHOLD("sleeping-threshold", 'S'),
    /** Per-body disable threshold (m/s and rad/s alike; 0 = never). */
    DISABLE_THRESHOLD("disable-threshold", 'S'),
    /** Added to the linear velocity (m/s); wakes sleepers. */
    LINEAR_VELOCITY("linear-velocity", 'V'),
    /** Added to the angular velocity (rad/s); wakes sleepers. */
    ANGULAR_VELOCITY("angular-velocity", 'V'),
    /** An impulse (N·s) at the centre of mass: Δv = J / m. */
    LINEAR_IMPULSE("linear-impulse", 'V'),
    /** A force (N) on every sub-step of the step. */
    LINEAR_FORCE("linear-force", 'V'),
    /** A torque (N·m) on every sub-step of the step. */
    ANGULAR_TORQUE("angular-torque", 'V'),
    /** Initialisation fields only: the initial linear velocity of a placed collection's pieces (m/s). */
    INITIAL_LINEAR_VELOCITY("initial-linear-velocity", 'V'),
    /** Initialisation fields only: the initial angular velocity of a placed collection's pieces (rad/s). */
    INITIAL_ANGULAR_VELOCITY("initial-angular-velocity", 'V');

    private static final FieldTarget[] ALL = values();
    private final String label;
    private final char type;

    FieldTarget(String label, char type) {
        this.label = label;
        this.type = type;
    }

    /** Stable name in scenarios, the console and messages. */
    public String label() {
        return label;
    }

    /** The value type: {@code "integer"}, {@code "scalar"} or {@code "vector"} (the field-node type labels). */
    public String valueType() {
        return type == 'I' ? "integer" : type == 'S' ? "scalar" : "vector";
    }

    /** Whether this target acts on every sub-step (forces and torques). */
    public boolean force() {
        return this == LINEAR_FORCE || this == ANGULAR_TORQUE;
    }

    /** The target labelled {@code label}; fails listing the known ones. */
    public static FieldTarget byLabel(String label) {
        StringBuilder known = new StringBuilder();
        for (FieldTarget t : ALL) {
            if (t.label.equals(label)) {
                return t;
            }
            known.append(known.length() == 0 ? "" : ", ").append(t.label);
        }
        throw new IllegalArgumentException("unknown field target '" + label + "'; allowed: " + known);
    }
}
