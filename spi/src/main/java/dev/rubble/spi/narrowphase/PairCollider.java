package dev.rubble.spi.narrowphase;

import dev.rubble.spi.shape.Shape;

/**
 * Collides one ordered pair of shape types: one cell of a {@link Narrowphase}'s dispatch table.
 * Implementations may keep scratch state (one instance per narrowphase, one thread at a time) but
 * must not allocate per call in steady state.
 */
@FunctionalInterface
public interface PairCollider {

    /** Stride of a pair's separating-axis hint in the {@code hint} array of the hinted {@link #collide}: x, y, z, valid. */
    int HINT_STRIDE = 4;

    /**
     * Value of a hint slot's last double marking its direction as the pair's last contact normal
     * (a warm start) rather than a separating axis (positive) or nothing (0).
     */
    double WARM_START = -1;

    /**
     * Writes the contacts between {@code a} at {@code poseA} and {@code b} at {@code poseB} to
     * {@code sink}: manifolds with normals from A to B, at most 4 points each, only points whose
     * separation is at most {@code margin}.
     *
     * @param margin speculative distance, metres, &ge; 0: shapes apart by up to this still report
     *               contacts with positive separation
     * @param a the first shape
     * @param poseA where a is, world frame
     * @param b the second shape
     * @param poseB where b is, world frame
     * @param sink receives the manifolds
     */
    void collide(Shape a, Pose poseA, Shape b, Pose poseB, double margin, ContactSink sink);

    /**
     * {@link #collide(Shape, Pose, Shape, Pose, double, ContactSink)} with a per-pair
     * separating-axis hint that the caller keeps for this pair from one call to the next (issue 27:
     * the kernel keeps it in its body-pair cache entry, never in a collider). {@code hint[offset ..
     * offset + 3)} is a direction in A's shape frame (not necessarily unit) and {@code hint[offset + 3]}
     * is positive when that direction is valid. A collider may test the direction first and, when
     * it proves the shapes farther apart than {@code margin}, report nothing; it must then report
     * exactly what the unhinted call would (a hint only saves work, it never changes results), and it
     * writes back the axis that separated the shapes this time, or {@code hint[offset + 3] = 0}.
     *
     * <p>A negative {@code hint[offset + 3]} ({@link #WARM_START}) marks instead the normal (A to B,
     * in A's shape frame) of the pair's last contact, which the kernel takes from its body-pair
     * cache (so it is part of a snapshot): not a proof of anything, only where an iterative test
     * may start (the GJK collider's first support direction). A collider that uses it must give
     * the contacts of the unhinted call to rounding; it too writes back a separating axis or
     * {@code hint[offset + 3] = 0}.
     *
     * <p>The default ignores the hint: it marks it invalid and makes the unhinted call.
     *
     * @param a the first shape
     * @param poseA where a is, world frame
     * @param b the second shape
     * @param poseB where b is, world frame
     * @param margin speculative distance, metres, &ge; 0
     * @param sink receives the manifolds
     * @param hint the pair's hint slot, read and written: {@value #HINT_STRIDE} doubles from {@code offset}
     * @param offset where the pair's slot starts in {@code hint}
     */
    default void collide(Shape a, Pose poseA, Shape b, Pose poseB, double margin, ContactSink sink,
                         double[] hint, int offset) {
        hint[offset + 3] = 0;
        collide(a, poseA, b, poseB, margin, sink);
    }
}
