package dev.rubble.spi.narrowphase;

import dev.rubble.spi.shape.Shape;

/**
 * Collides one ordered pair of shape types: one cell of a {@link Narrowphase}'s dispatch table.
 * Implementations may keep scratch state (one instance per narrowphase, one thread at a time) but
 * must not allocate per call in steady state.
 */
@FunctionalInterface
public interface PairCollider {

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
}
