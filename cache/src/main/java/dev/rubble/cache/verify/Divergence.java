package dev.rubble.cache.verify;

/**
 * The first difference between a journal and its re-simulation.
 *
 * @param step          the step index whose recorded result differs
 * @param slot          body slot, or -1 if only the hashes differ
 * @param handle        body handle as {@code slot:generation}, or "" if none
 * @param label         the body's label, or "" if none
 * @param field         the differing field (e.g. {@code position.x}, {@code state}, {@code exists}), or
 *                      {@code stateHash}
 * @param recorded      the journalled value (as text, exact)
 * @param resimulated   the re-simulated value (as text, exact)
 * @param recordedHash  journalled state hash of the step
 * @param resimHash     re-simulated state hash of the step
 */
public record Divergence(long step, int slot, String handle, String label, String field, String recorded,
                         String resimulated, long recordedHash, long resimHash) {

    /** One line for the command line. */
    public String describe() {
        StringBuilder sb = new StringBuilder("diverged at step ").append(step);
        if (slot >= 0) {
            sb.append(": body ").append(handle);
            if (!label.isEmpty()) {
                sb.append(" '").append(label).append('\'');
            }
        } else {
            sb.append(':');
        }
        sb.append(" field ").append(field).append(" recorded ").append(recorded).append(", re-simulated ")
                .append(resimulated).append(String.format(" (state hash recorded %016x, re-simulated %016x)",
                        recordedHash, resimHash));
        return sb.toString();
    }
}
