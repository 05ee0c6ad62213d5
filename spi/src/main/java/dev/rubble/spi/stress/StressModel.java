package dev.rubble.spi.stress;

/**
 * A support-graph stress model (docs/destruction.md, "Stress"): given a {@link StressGraph} — the
 * bonded children of one holder with their masses, positions, loads and supports — it solves the
 * force and moment every bond carries, turns them into pressures against the model's elastic and
 * fatal limits, accumulates damage between the limits and marks the bonds that fail. The kernel
 * builds the graph, keeps it (and so the warm start) while the holder's bonds do not change, and
 * cuts the bonds marked broken. One instance serves one placed collection; called on the stepping
 * thread only; must be deterministic (same graph, same bits out).
 */
public interface StressModel {

    /**
     * Solves graph {@code g}: writes {@link StressGraph#bondForce}, {@link StressGraph#bondMoment},
     * {@link StressGraph#iterations}, {@link StressGraph#residual} and {@link StressGraph#converged},
     * starting from {@link StressGraph#warm} and leaving the solution there for the next call.
     * @param g the graph, solved in place
     */
    void solve(StressGraph g);

    /**
     * Evaluates the solved bonds of {@code g} over {@code dt} seconds (the time since the last
     * evaluation): writes {@link StressGraph#ratio}, advances {@link StressGraph#damage} and sets
     * {@link StressGraph#broken}. Returns the number of bonds newly broken.
     * @param g the solved graph
     * @param dt the elapsed time, seconds, &gt; 0
     * @return the number of newly broken bonds
     */
    int evaluate(StressGraph g, double dt);

    /**
     * Steps between solves (1 = every step; larger for cheap runs: loads are sampled, damage uses the elapsed
     * time).
     * @return the interval in steps, ≥ 1
     */
    default int updateInterval() {
        return 1;
    }
}
