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

    /** Number of strained children this step. */
    int count();

    /** Placed collection index of entry i (placement order). */
    int[] collection();

    /** Node id of entry i within its collection's asset. */
    int[] node();

    /** A key identifying entry i's holder this step (equal keys = same holder). */
    int[] holder();

    /** Level of entry i (root 0). */
    int[] level();

    /** Collision load of entry i this step (N·s, or N for force-based damage models). */
    double[] collisionLoad();

    /** External load of entry i (same units). */
    double[] externalLoad();

    /** Threshold (internal strain) of entry i (same units; lasting state). */
    double[] threshold();

    /** The step length, s. */
    double dt();

    /** Index of the step being taken. */
    long step();
}
