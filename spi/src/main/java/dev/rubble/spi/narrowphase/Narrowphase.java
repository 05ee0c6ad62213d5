package dev.rubble.spi.narrowphase;

import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.ShapeType;

/**
 * Exact contact generation for pairs the broadphase found: a {@code (ShapeType x ShapeType)}
 * dispatch table of {@link PairCollider}s (the Jolt idiom). A pair registered only as (X, Y) also
 * serves (Y, X): the table swaps the shapes and flips normals and witness points.
 *
 * <p>Threading: one world owns one instance and calls it from one thread; not thread-safe.
 * {@link #collide} must not allocate in steady state.
 */
public interface Narrowphase {

    /**
     * Contacts between two posed shapes (see {@link PairCollider#collide}); pairs without a
     * registered collider produce nothing.
     *
     * @param margin speculative margin, metres, &ge; 0
     * @param a the first shape
     * @param poseA where a is, world frame
     * @param b the second shape
     * @param poseB where b is, world frame
     * @param sink receives the manifolds, normals from a to b
     */
    void collide(Shape a, Pose poseA, Shape b, Pose poseB, double margin, ContactSink sink);

    /**
     * Contacts between two posed shapes with the pair's separating-axis hint or warm start (see
     * {@link PairCollider#collide(Shape, Pose, Shape, Pose, double, ContactSink, double[], int)}):
     * the same contacts as the unhinted call (to rounding for a warm start), possibly found with
     * less work; a table hands a warm start to a swapped cell turned into that cell's frame. The default ignores
     * the hint (marks it invalid) and makes the unhinted call.
     *
     * @param a the first shape
     * @param poseA where a is, world frame
     * @param b the second shape
     * @param poseB where b is, world frame
     * @param margin speculative margin, metres, &ge; 0
     * @param sink receives the manifolds, normals from a to b
     * @param hint the pair's hint slot, read and written: {@value PairCollider#HINT_STRIDE} doubles from {@code offset}
     * @param offset where the pair's slot starts in {@code hint}
     */
    default void collide(Shape a, Pose poseA, Shape b, Pose poseB, double margin, ContactSink sink,
                         double[] hint, int offset) {
        hint[offset + 3] = 0;
        collide(a, poseA, b, poseB, margin, sink);
    }

    /**
     * The hinted call with the pair's manifolds of its last collision (issue 27 item 3): a
     * narrowphase that expands compounds may warm-start each child pair that touched last time from
     * that manifold's normal (found by the sub-key it reported), as the hinted call does for the body
     * pair; the same contacts to rounding. The default ignores {@code last} and makes the hinted call.
     *
     * @param a the first shape
     * @param poseA where a is, world frame
     * @param b the second shape
     * @param poseB where b is, world frame
     * @param margin speculative margin, metres, &ge; 0
     * @param sink receives the manifolds, normals from a to b
     * @param hint the pair's hint slot, read and written: {@value PairCollider#HINT_STRIDE} doubles from {@code offset}
     * @param offset where the pair's slot starts in {@code hint}
     * @param last the pair's manifolds of its last collision (may be empty), valid for this call only
     */
    default void collide(Shape a, Pose poseA, Shape b, Pose poseB, double margin, ContactSink sink,
                         double[] hint, int offset, LastManifolds last) {
        collide(a, poseA, b, poseB, margin, sink, hint, offset);
    }

    /**
     * Registers (or replaces) the collider for shape types {@code (a, b)}; it also serves
     * {@code (b, a)} unless that cell is registered itself. Call before stepping, from the kernel
     * thread.
     * @param a the first shape type
     * @param b the second shape type
     * @param collider the collider for that pair, taking shapes in the order (a, b)
     */
    void register(ShapeType a, ShapeType b, PairCollider collider);

    /**
     * The collider that serves {@code (a, b)} directly (not swapped), or null.
     * @param a the first shape type
     * @param b the second shape type
     * @return the registered collider, or null
     */
    PairCollider collider(ShapeType a, ShapeType b);
}
