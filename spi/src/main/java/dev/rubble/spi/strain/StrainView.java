package dev.rubble.spi.strain;

/**
 * The strained children of one step, as a strain modifier sees them (SPEC §5). Entry {@code i
 * < count()} is one child of an active holder, in first-strained order. Modifiers may read every
 * array and write only {@link #collisionLoad()}, {@link #externalLoad()} and {@link #threshold()};
 * the kernel copies those three back after the chain ran and ignores everything else. Arrays are
 * the kernel's scratch, valid during the call only; their length may exceed {@code count()}.
 * Entries of one holder are contiguous.
 */
public interface StrainView {

    /**
     * Number of strained children this step.
     * @return the entry count
     */
    int count();

    /**
     * Placed collection index of entry i (placement order).
     * @return the collection index per entry
     */
    int[] collection();

    /**
     * Node id of entry i within its collection's asset.
     * @return the node id per entry
     */
    int[] node();

    /**
     * A key identifying entry i's holder this step (equal keys = same holder).
     * @return the holder key per entry
     */
    int[] holder();

    /**
     * Level of entry i (root 0).
     * @return the level per entry
     */
    int[] level();

    /**
     * Collision load of entry i this step (N·s, or N for force-based damage models).
     * @return the collision load per entry (writable)
     */
    double[] collisionLoad();

    /**
     * External load of entry i (same units).
     * @return the external load per entry (writable)
     */
    double[] externalLoad();

    /**
     * Threshold (internal strain) of entry i (same units; lasting state).
     * @return the threshold per entry (writable; a change lasts)
     */
    double[] threshold();

    /**
     * The step length, s.
     * @return the step length in seconds
     */
    double dt();

    /**
     * Index of the step being taken.
     * @return the step index, ≥ 0
     */
    long step();
}
