package dev.rubble.spi.damage;

import dev.rubble.spi.collection.CollectionAsset;

/**
 * Computes the internal strain (breaking threshold) of the nodes of a placed collection (SPEC
 * §5). A child breaks when {@code max(collisionLoad, externalLoad) >= threshold}; {@code +∞}
 * never breaks, a threshold ≤ 0 breaks at its next evaluation. One instance serves one placed
 * collection; the kernel calls it on its own thread.
 */
public interface DamageModel {

    /**
     * Writes the initial threshold of every node into {@code out[node]} ({@code out.length ==
     * asset.nodeCount()}). Values must be ≥ 0 or {@code +∞}.
     * @param asset the collection the thresholds are for
     * @param bonds which bonds hold at placement (all of them for a fresh collection)
     * @param out receives one threshold per node, in N·s, or N when {@link #loadsAreForces()}
     */
    void thresholds(CollectionAsset asset, BondState bonds, double[] out);

    /**
     * Whether this model's thresholds are forces (N): the kernel then divides collision
     * impulses (N·s) by dt before comparing. Default false: thresholds are impulses (N·s).
     * @return true when thresholds are in newtons, false when they are in newton-seconds
     */
    default boolean loadsAreForces() {
        return false;
    }

    /**
     * Called after nodes lost bonds (a neighbour broke off); the model may lower their
     * thresholds. {@code nodes[0 .. count)} are asset node ids; {@code thresholds} is indexed by
     * asset node id and may be written only at those ids, where it holds NaN on entry: a node left
     * at NaN keeps its threshold. Default: thresholds stay.
     * @param asset the collection
     * @param bonds which bonds still hold (after the loss)
     * @param nodes the nodes that lost bonds, asset node ids
     * @param count how many entries of nodes are used
     * @param thresholds the thresholds to lower, indexed by asset node id; NaN at the listed nodes on entry
     */
    default void bondsLost(CollectionAsset asset, BondState bonds, int[] nodes, int count, double[] thresholds) {
    }

    /**
     * The load at which bond {@code e} fails on its own (issue 23: Blast-style bond damage): when a
     * node is evaluated and its load reaches the capacity of one of its live bonds, that bond is cut
     * even if the node does not break, and connectivity splits what it separated. In the units of the
     * thresholds. Default {@code +∞}: bonds fail only with their nodes.
     * @param asset the collection
     * @param e the bond index, 0 ≤ e &lt; the asset's edge count
     * @return the capacity in the thresholds' units, or {@code +∞} when the bond never fails on its own
     */
    default double bondCapacity(CollectionAsset asset, int e) {
        return Double.POSITIVE_INFINITY;
    }
}
