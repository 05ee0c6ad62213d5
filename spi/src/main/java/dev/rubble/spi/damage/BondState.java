package dev.rubble.spi.damage;

/**
 * The live bond state of one placed collection, as a damage model sees it: which of the asset's
 * bonds still hold. Read-only view; valid only during the call it is passed to.
 */
public interface BondState {

    /**
     * Whether bond {@code e} (an index into the asset's edge arrays) still holds.
     * @param e the bond index, 0 ≤ e &lt; the asset's edge count
     * @return true while the bond holds, false once it has been cut
     */
    boolean alive(int e);
}
