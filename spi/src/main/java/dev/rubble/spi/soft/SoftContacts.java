package dev.rubble.spi.soft;

/**
 * What the kernel adds to a soft solve: contacts with rigid bodies and the ground, projected as
 * position constraints between the solver's own constraint passes. A solver calls
 * {@link #beginSubStep} after predicting positions, {@link #project} once per iteration after its
 * own constraints, and {@link #endSubStep} after it has derived velocities from positions.
 *
 * <p>Threading: called on the solver's (the step's) thread only. Implementations must not
 * allocate in steady state.
 */
public interface SoftContacts {

    /** No contacts: a free soft body. */
    SoftContacts NONE = new SoftContacts() {
    };

    /**
     * A sub-step begins: positions have been predicted ({@code x = prev + v h}).
     *
     * @param h sub-step length, seconds, > 0
     * @param s the soft state, positions predicted
     */
    default void beginSubStep(SoftBodyState s, double h) {
    }

    /**
     * One contact projection pass: move points (and whatever they touch) out of penetration.
     * @param s the soft state, modified in place
     * @param h the sub-step length, seconds, &gt; 0
     */
    default void project(SoftBodyState s, double h) {
    }

    /**
     * The sub-step ends: velocities have been derived from positions (a place for friction).
     * @param s the soft state, velocities derived
     * @param h the sub-step length, seconds, &gt; 0
     */
    default void endSubStep(SoftBodyState s, double h) {
    }
}
