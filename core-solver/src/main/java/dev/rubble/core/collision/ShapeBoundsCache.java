package dev.rubble.core.collision;

import dev.rubble.core.body.BodyStore;
import dev.rubble.spi.shape.Shape;

/**
 * Shapes' bounds in their own frames, from a small direct-mapped cache by shape identity (a hull's bounds scan its
 * vertices, and a shattered wall's spinning pieces asked for them twice a manifold: 1.3 % of the shatter bench's
 * step), and the reach of a body's shape from its centre of mass they give. The same values either way;
 * allocation-free; one per user (not thread-safe).
 */
final class ShapeBoundsCache {
    private static final int CACHED = 1024;
    private final Shape[] cachedShape = new Shape[CACHED];
    private final double[] cachedBox = new double[6 * CACHED];
    private int boxAt;

    /** The shape's bounds in its own frame (min x, y, z, max x, y, z) in the returned array from {@link #at()}. */
    double[] bounds(Shape shape) {
        int k = System.identityHashCode(shape) & (CACHED - 1);
        boxAt = 6 * k;
        if (cachedShape[k] != shape) {
            shape.bounds(0, 0, 0, 0, 0, 0, 1, cachedBox, boxAt);
            cachedShape[k] = shape;
        }
        return cachedBox;
    }

    /** Where the last {@link #bounds} call's six values begin. */
    int at() {
        return boxAt;
    }

    /**
     * How far body s's shape reaches from its centre of mass: the farthest corner of its own bounds, so the radius
     * of a ball about the centre that holds it in every orientation.
     */
    double reach(BodyStore b, int s) {
        double[] box = bounds(b.shape[s]);
        int o = boxAt;
        double x = Math.max(b.lcx[s] - box[o], box[o + 3] - b.lcx[s]);
        double y = Math.max(b.lcy[s] - box[o + 1], box[o + 4] - b.lcy[s]);
        double z = Math.max(b.lcz[s] - box[o + 2], box[o + 5] - b.lcz[s]);
        return Math.sqrt(x * x + y * y + z * z);
    }
}
