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

    /**
     * Pieces with the neighbour pairs the method found while cutting them.
     *
     * @param pieces exactly what {@link #fracture} returns for the same source and seed
     * @param a      with {@code b}: pairs {@code a[k] < b[k]} of indices into {@code pieces} whose
     *               pieces share a face, sorted by (a, b); every pair of pieces that touch on a
     *               face of positive area is listed (pairs whose face is within the method's
     *               tolerance of nothing may be listed too); {@code null} when the method does not
     *               know its neighbours
     * @param b      see {@code a}
     * @param area   per pair the shared face's area (m²) as the method measured it, or {@code null}
     */
    record Pieces(List<ConvexPolytope> pieces, int[] a, int[] b, double[] area) {
        /**
         * Whether the method listed the neighbour pairs.
         *
         * @return true when {@code a}, {@code b} (and {@code area}) are set; false when authoring
         *         must search for the neighbours itself
         */
        public boolean hasNeighbours() {
            return a != null;
        }
    }

    /**
     * Fractures {@code source} and, where the method knows them from the cut itself, lists the
     * pieces' face neighbours (a Voronoi fracture knows them: each face is the bisector with one
     * neighbour), so authoring need not search for them again. The default knows none.
     *
     * @param source as {@link #fracture}
     * @param seed   as {@link #fracture}
     * @return the same pieces as {@link #fracture}, with neighbours or without
     */
    default Pieces fractureWithNeighbours(ConvexPolytope source, long seed) {
        return new Pieces(fracture(source, seed), null, null, null);
    }
}
