package dev.rubble.cache.verify;

/**
 * Outcome of {@link Verifier#verify}.
 *
 * @param stepsChecked steps re-simulated and compared (up to and including a divergent one)
 * @param divergence   the first difference, or null if every step matched
 */
public record VerifyResult(long stepsChecked, Divergence divergence) {
    /** Whether every recorded step was reproduced bit for bit. */
    public boolean ok() {
        return divergence == null;
    }
}
