package dev.rubble.spi.damage;

/**
 * The live bond state of one placed collection, as a damage model sees it: which of the asset's
 * bonds still hold. Read-only view; valid only during the call it is passed to.
 */
public interface BondState {

    /** Whether bond {@code e} (an index into the asset's edge arrays) still holds. */
    boolean alive(int e);
}
