package dev.rubble.cache.verify;

/**
 * The first difference between a journal and its re-simulation.
 *
 * @param step          the step index whose recorded result differs; -1 for the rebuilt initial
 *                      world (before the first step)
 * @param slot          body slot, or -1 if the difference is not a body's
 * @param handle        body handle as {@code slot:generation}, or "" if none
 * @param label         the body's label, or "" if none
 * @param field         the differing field (e.g. {@code position.x}, {@code state}, {@code exists}),
 *                      or {@code stateHash}, {@code destructionHash}
 * @param recorded      the journalled value (as text, exact)
 * @param resimulated   the re-simulated value (as text, exact)
 * @param recordedHash  journalled state hash of the step
 * @param resimHash     re-simulated state hash of the step
 * @param subject       what differs when it is not a body (version 4): e.g. {@code event 2 (break,
 *                      collection 0, node 17)}, {@code setting}, {@code collection 0}, {@code
 *                      initial body 3:0 'wall'}; "" for a body or a hash
 */
public record Divergence(long step, int slot, String handle, String label, String field, String recorded,
                         String resimulated, long recordedHash, long resimHash, String subject) {

    public Divergence {
        subject = subject == null ? "" : subject;
    }

    /** A body or hash divergence (no subject). */
    public Divergence(long step, int slot, String handle, String label, String field, String recorded,
                      String resimulated, long recordedHash, long resimHash) {
        this(step, slot, handle, label, field, recorded, resimulated, recordedHash, resimHash, "");
    }

    /** One line for the command line. */
    public String describe() {
        StringBuilder sb = new StringBuilder(step < 0 ? "diverged before the first step (the rebuilt initial world)"
                : "diverged at step " + step);
        if (!subject.isEmpty()) {
            sb.append(": ").append(subject);
        } else if (slot >= 0) {
            sb.append(": body ").append(handle);
            if (!label.isEmpty()) {
                sb.append(" '").append(label).append('\'');
            }
        } else {
            sb.append(':');
        }
        sb.append(" field ").append(field).append(" recorded ").append(recorded).append(", re-simulated ")
                .append(resimulated);
        if (step >= 0) {
            sb.append(String.format(" (state hash recorded %016x, re-simulated %016x)", recordedHash, resimHash));
        }
        return sb.toString();
    }
}
