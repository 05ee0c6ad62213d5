package dev.rubble.spi.field;

/**
 * What a field node writes per sample (reference: chaos-fields-events-cache §1.5): an integer
 * (states, masks, collision groups), a scalar (strain, thresholds, kill) or a vector (velocities,
 * impulses, forces, torques).
 */
public enum FieldType {
    /** One {@code int} per sample, in {@link FieldValues#ints}. */
    INTEGER("integer"),
    /** One {@code double} per sample, in {@link FieldValues#scalars}. */
    SCALAR("scalar"),
    /** Three {@code double}s per sample, in {@link FieldValues#vx}, {@code vy}, {@code vz}. */
    VECTOR("vector");

    private final String label;

    FieldType(String label) {
        this.label = label;
    }

    /**
     * Stable lower-case name used in scenario files and messages.
     * @return the label, e.g. {@code "scalar"}
     */
    public String label() {
        return label;
    }
}
