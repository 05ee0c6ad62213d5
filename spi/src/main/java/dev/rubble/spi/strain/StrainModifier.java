package dev.rubble.spi.strain;

/**
 * Adjusts strained children's loads and thresholds after loads are gathered and before they are
 * evaluated (SPEC §5; reference: chaos-clusters-strain-runtime §5.8). Modifiers form an ordered
 * chain; each sees what the previous one wrote. Must be deterministic and should not allocate per
 * call. Called on the kernel thread.
 */
public interface StrainModifier {

    /**
     * Reads and adjusts {@code view}'s loads and thresholds.
     * @param view this step's strained children; loads and thresholds may be written
     */
    void modify(StrainView view);
}
