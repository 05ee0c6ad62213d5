package dev.rubble.spi.graph;

import dev.rubble.spi.geom.ConvexPolytope;
import java.util.Objects;

/**
 * What a connection-graph method sees of the nodes it connects. Arrays are shared, not copied:
 * callers must not modify them while a method runs, and methods must not modify them.
 *
 * @param count     number of nodes, ≥ 0
 * @param positions centres of mass, packed xyz, metres, length {@code 3*count}
 * @param bounds    axis-aligned bounds, packed {@code minx,miny,minz,maxx,maxy,maxz}, length
 *                  {@code 6*count}
 * @param geometry  per node its convex hulls (the union of which is the node's shape), or
 *                  {@code null} when the caller has none; methods that need geometry must fail
 *                  with IllegalArgumentException when it is absent
 */
public record GraphInput(int count, double[] positions, double[] bounds, ConvexPolytope[][] geometry) {
    /**
     * Validates the sizes: a count ≥ 0, non-null arrays at least as long as the count needs and, when given,
     * one hull list per node; anything else is an {@link IllegalArgumentException} naming the bad value.
     * @param count the number of nodes, ≥ 0
     * @param positions centres of mass, packed xyz, metres, at least 3 × count values
     * @param bounds axis-aligned bounds, packed minx, miny, minz, maxx, maxy, maxz, at least 6 × count values
     * @param geometry per node its convex hulls, or null
     */
    public GraphInput {
        if (count < 0) {
            throw new IllegalArgumentException("count = " + count + "; allowed: >= 0");
        }
        Objects.requireNonNull(positions, "positions is null");
        Objects.requireNonNull(bounds, "bounds is null");
        if (positions.length < 3 * count) {
            throw new IllegalArgumentException("positions.length = " + positions.length + "; allowed: >= 3*count = "
                    + 3 * count);
        }
        if (bounds.length < 6 * count) {
            throw new IllegalArgumentException("bounds.length = " + bounds.length + "; allowed: >= 6*count = "
                    + 6 * count);
        }
        if (geometry != null && geometry.length < count) {
            throw new IllegalArgumentException("geometry.length = " + geometry.length + "; allowed: >= count = "
                    + count);
        }
    }
}
