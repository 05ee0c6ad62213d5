package dev.rubble.spi.render;

import dev.rubble.spi.shape.Shape;

/**
 * One frame to draw, read only: per drawable (a body or a piece, indices {@code 0..count()-1}) its
 * shape, pose, body state, level, anchored flag, strain ratio and removal scale, plus world bounds;
 * per frame the step, time and break counters. Filled by a frame builder from a live world, from
 * journal playback or from a geometry collection; renderers must not keep it past a call.
 * Accessors never allocate.
 */
public interface RenderFrame {
    /** Body states ({@link #state(int)}). */
    int STATIC = 0, SLEEPING = 1, AWAKE = 2, KINEMATIC = 3,
            /** A body released from playback to live simulation. */
            RELEASED = 4,
            /** Present but not simulated; renderers skip it. */
            DISABLED = 5;

    /** Number of drawables, ≥ 0. */
    int count();

    /** The shape of drawable {@code i} in its own frame (never null). */
    Shape shape(int i);

    /** Position of the shape's origin, metres: axis 0, 1, 2 = x, y, z. */
    double position(int i, int axis);

    /** Orientation quaternion, unit: component 0..3 = x, y, z, w. */
    double orientation(int i, int component);

    /** World bounds: 0..2 min x, y, z; 3..5 max x, y, z (metres). */
    double bounds(int i, int k);

    /** One of {@link #STATIC} .. {@link #DISABLED}. */
    int state(int i);

    /** A stable id (body slot or collection node) for colouring by piece, ≥ 0. */
    int piece(int i);

    /** Fracture level (0 for roots and when unknown), ≥ 0. */
    int level(int i);

    /** Whether the piece is anchored (cannot move until released). */
    boolean anchored(int i);

    /** Strain ratio load ÷ threshold, ≥ 0 (0 when unknown; ≥ 1 means it breaks). */
    double strain(int i);

    /**
     * Support-graph stress ratio of drawable {@code i} (issue 30): the largest ratio of its live
     * bonds as last solved — 0..1 up to the elastic limit, 1..2 between the elastic and the fatal
     * limit, ≥ 2 at the fatal limit — or NaN when it has no bonds under a stress model (default).
     */
    default double stress(int i) {
        return Double.NaN;
    }

    /** Removal scale in [0, 1]: 1 at full size (and when unknown), shrinking while it is removed. */
    double removalScale(int i);

    /** Level of the deepest drawable, for normalising colours by level, ≥ 0. */
    int maxLevel();

    /** Steps taken when this frame was captured, ≥ 0. */
    long step();

    /** Simulated time, seconds. */
    double time();

    /** Breaks so far (0 when unknown). */
    long breaks();

    // ---- soft bodies (docs/soft-bodies.md): skinned visible meshes and control points, world frame ----
    // Defaulted so that frames and renderers written before soft bodies still link: no soft bodies.

    /** Number of soft meshes (one per soft body), ≥ 0. */
    default int softMeshCount() {
        return 0;
    }

    /** First triangle of soft mesh {@code m} in {@link #softTriangleVertex}'s numbering. */
    default int softMeshTriangleStart(int m) {
        throw new IndexOutOfBoundsException("soft mesh " + m + "; the frame has none");
    }

    /** Number of triangles of soft mesh {@code m}, ≥ 0. */
    default int softMeshTriangleCount(int m) {
        throw new IndexOutOfBoundsException("soft mesh " + m + "; the frame has none");
    }

    /** Vertex {@code corner} (0..2, counter-clockwise seen from outside) of soft triangle {@code t}. */
    default int softTriangleVertex(int t, int corner) {
        throw new IndexOutOfBoundsException("soft triangle " + t + "; the frame has none");
    }

    /** Skinned position of soft vertex {@code v}, metres: axis 0, 1, 2 = x, y, z. */
    default double softVertex(int v, int axis) {
        throw new IndexOutOfBoundsException("soft vertex " + v + "; the frame has none");
    }

    /**
     * Unit normal of soft vertex {@code v} recomputed for this frame from the skinned triangles
     * (area weighted), axis 0..2; (0, 0, 0) for a vertex on no triangle.
     */
    default double softNormal(int v, int axis) {
        throw new IndexOutOfBoundsException("soft vertex " + v + "; the frame has none");
    }

    /** Number of soft-body control points (all soft bodies), ≥ 0. */
    default int softPointCount() {
        return 0;
    }

    /** Position of control point {@code p}, metres: axis 0, 1, 2 = x, y, z. */
    default double softPoint(int p, int axis) {
        throw new IndexOutOfBoundsException("soft point " + p + "; the frame has none");
    }
}
