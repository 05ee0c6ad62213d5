package dev.rubble.spi.fracture;

import dev.rubble.spi.geom.ConvexPolytope;
import java.util.List;

/**
 * Splits one convex polytope into convex pieces (authoring time, not per step).
 *
 * <p>Contract: the pieces are convex, pairwise interior-disjoint, lie inside the source and
 * (up to the clipping tolerance, about 1e-12 of the source size) fill it, so their volumes sum to
 * the source volume. Pieces are returned in a deterministic order; the same source, options and
 * seed give bit-identical pieces. An instance may be reused for many sources but is not
 * thread-safe unless the implementation says so.
 */
public interface FractureMethod {

    /**
     * Fractures {@code source}.
     *
     * @param source the convex polytope to split, coordinates in metres (not modified)
     * @param seed   seed for every random choice the method makes
     * @return the pieces; a single element equal to {@code source} when the method leaves it whole
     */
    List<ConvexPolytope> fracture(ConvexPolytope source, long seed);
}
