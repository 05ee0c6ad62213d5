package dev.rubble.spi.graph;

/**
 * Builds the connection graph among the children of one collection node (authoring time).
 *
 * <p>Nodes are numbered {@code 0..n-1}; the result lists undirected edges as packed pairs
 * {@code (a0,b0,a1,b1,...)} with {@code a < b}, sorted by {@code (a,b)} and without duplicates.
 * Results must be deterministic for the same input. Not required to be thread-safe.
 */
public interface ConnectionGraphMethod {

    /**
     * Computes edges.
     *
     * @param input node positions, bounds and optional geometry; read only, owned by the caller
     * @return packed edge pairs as described above (a fresh array owned by the caller)
     */
    int[] connect(GraphInput input);
}
