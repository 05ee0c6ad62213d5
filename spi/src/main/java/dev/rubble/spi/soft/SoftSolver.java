package dev.rubble.spi.soft;

/**
 * A position-based soft-body solver (stage family {@code soft-solver}): advances every point of a
 * {@link SoftBodyState} by one step under gravity, projecting the edge (distance) and tetrahedron
 * (volume) constraints, pins and whatever {@link SoftContacts} adds.
 *
 * <p>Contract: deterministic (same state and inputs give bit-identical results), no allocation in
 * steady state, single threaded. The solver owns its sub-step count, iteration count and damping
 * (its {@code StageConfig} options); the state owns the material (per-constraint compliance and
 * stiffness). Points with inverse mass 0 are pinned: they move only towards their pin target.
 */
public interface SoftSolver {

    /**
     * Advances the state by {@code dt}.
     *
     * @param s        the state (positions, velocities, constraints), modified in place
     * @param dt       step length, seconds, > 0
     * @param gx       gravity, m/s²
     * @param contacts contact projection hooks; {@link SoftContacts#NONE} for none
     * @param gy gravity's y, m/s²
     * @param gz gravity's z, m/s²
     */
    void step(SoftBodyState s, double dt, double gx, double gy, double gz, SoftContacts contacts);

    /**
     * Sub-steps per step this solver takes (each of {@code dt / subSteps()}).
     * @return the sub-step count, ≥ 1
     */
    int subSteps();

    /**
     * Constraint iterations per sub-step.
     * @return the iteration count, ≥ 1
     */
    int iterations();
}
