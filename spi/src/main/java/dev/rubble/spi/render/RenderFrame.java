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

    /**
     * Number of drawables, ≥ 0.
     * @return the drawable count
     */
    int count();

    /**
     * The shape of drawable {@code i} in its own frame (never null).
     * @param i the drawable, 0 ≤ i &lt; {@link #count()}
     * @return its shape
     */
    Shape shape(int i);

    /**
     * Position of the shape's origin, metres: axis 0, 1, 2 = x, y, z.
     * @param i the drawable, 0 ≤ i &lt; {@link #count()}
     * @param axis 0, 1 or 2
     * @return the coordinate in metres, world frame
     */
    double position(int i, int axis);

    /**
     * Orientation quaternion, unit: component 0..3 = x, y, z, w.
     * @param i the drawable, 0 ≤ i &lt; {@link #count()}
     * @param component 0, 1, 2 for x, y, z, 3 for w
     * @return the quaternion component
     */
    double orientation(int i, int component);

    /**
     * World bounds: 0..2 min x, y, z; 3..5 max x, y, z (metres).
     * @param i the drawable, 0 ≤ i &lt; {@link #count()}
     * @param k the bound, 0..5
     * @return the bound in metres, world frame
     */
    double bounds(int i, int k);

    /**
     * One of {@link #STATIC} .. {@link #DISABLED}.
     * @param i the drawable, 0 ≤ i &lt; {@link #count()}
     * @return its body state code
     */
    int state(int i);

    /**
     * A stable id (body slot or collection node) for colouring by piece, ≥ 0.
     * @param i the drawable, 0 ≤ i &lt; {@link #count()}
     * @return the piece id
     */
    int piece(int i);

    /**
     * Fracture level (0 for roots and when unknown), ≥ 0.
     * @param i the drawable, 0 ≤ i &lt; {@link #count()}
     * @return the level, 0 ≤ level ≤ {@link #maxLevel()}
     */
    int level(int i);

    /**
     * Whether the piece is anchored (cannot move until released).
     * @param i the drawable, 0 ≤ i &lt; {@link #count()}
     * @return true when anchored
     */
    boolean anchored(int i);

    /**
     * Which parts of an anchored drawable are anchored, when only some are: for a drawable whose shape is
     * a {@code Compound} (a collection's body holding its pieces), entry k says whether compound child k
     * belongs to an anchored piece; renderers mark only those. Null (default) when the whole drawable is
     * as {@link #anchored} says. The array belongs to the frame; renderers only read it.
     * @param i the drawable, 0 ≤ i &lt; {@link #count()}
     * @return one flag per compound child, or null
     */
    default boolean[] anchoredParts(int i) {
        return null;
    }

    /**
     * Strain ratio load ÷ threshold, ≥ 0 (0 when unknown; ≥ 1 means it breaks).
     * @param i the drawable, 0 ≤ i &lt; {@link #count()}
     * @return the strain ratio
     */
    double strain(int i);

    /**
     * Support-graph stress ratio of drawable {@code i} (issue 30): the largest ratio of its live
     * bonds as last solved — 0..1 up to the elastic limit, 1..2 between the elastic and the fatal
     * limit, ≥ 2 at the fatal limit — or NaN when it has no bonds under a stress model (default).
     * @param i the drawable, 0 ≤ i &lt; {@link #count()}
     * @return the stress ratio, ≥ 0, or NaN
     */
    default double stress(int i) {
        return Double.NaN;
    }

    /**
     * Removal scale in [0, 1]: 1 at full size (and when unknown), shrinking while it is removed.
     * @param i the drawable, 0 ≤ i &lt; {@link #count()}
     * @return the scale the renderer draws the shape at, in [0, 1]
     */
    double removalScale(int i);

    /**
     * Level of the deepest drawable, for normalising colours by level, ≥ 0.
     * @return the deepest level
     */
    int maxLevel();

    /**
     * Steps taken when this frame was captured, ≥ 0.
     * @return the step count
     */
    long step();

    /**
     * Simulated time, seconds.
     * @return the time in seconds since the world started, ≥ 0
     */
    double time();

    /**
     * Breaks so far (0 when unknown).
     * @return the number of breaks, ≥ 0
     */
    long breaks();

    // ---- soft bodies (docs/soft-bodies.md): skinned visible meshes and control points, world frame ----
    // Defaulted so that frames and renderers written before soft bodies still link: no soft bodies.

    /**
     * Number of soft meshes (one per soft body), ≥ 0.
     * @return the soft mesh count
     */
    default int softMeshCount() {
        return 0;
    }

    /**
     * First triangle of soft mesh {@code m} in {@link #softTriangleVertex}'s numbering.
     * @param m the mesh, 0 ≤ m &lt; {@link #softMeshCount()}
     * @return the index of its first triangle
     */
    default int softMeshTriangleStart(int m) {
        throw new IndexOutOfBoundsException("soft mesh " + m + "; the frame has none");
    }

    /**
     * Number of triangles of soft mesh {@code m}, ≥ 0.
     * @param m the mesh, 0 ≤ m &lt; {@link #softMeshCount()}
     * @return its triangle count
     */
    default int softMeshTriangleCount(int m) {
        throw new IndexOutOfBoundsException("soft mesh " + m + "; the frame has none");
    }

    /**
     * Vertex {@code corner} (0..2, counter-clockwise seen from outside) of soft triangle {@code t}.
     * @param t the soft triangle, in all meshes' numbering
     * @param corner 0, 1 or 2
     * @return the vertex index, in all meshes' numbering
     */
    default int softTriangleVertex(int t, int corner) {
        throw new IndexOutOfBoundsException("soft triangle " + t + "; the frame has none");
    }

    /**
     * Skinned position of soft vertex {@code v}, metres: axis 0, 1, 2 = x, y, z.
     * @param v the soft vertex
     * @param axis 0, 1 or 2
     * @return the coordinate in metres, world frame
     */
    default double softVertex(int v, int axis) {
        throw new IndexOutOfBoundsException("soft vertex " + v + "; the frame has none");
    }

    /**
     * Unit normal of soft vertex {@code v} recomputed for this frame from the skinned triangles
     * (area weighted), axis 0..2; (0, 0, 0) for a vertex on no triangle.
     * @param v the soft vertex
     * @param axis 0, 1 or 2
     * @return the normal's component
     */
    default double softNormal(int v, int axis) {
        throw new IndexOutOfBoundsException("soft vertex " + v + "; the frame has none");
    }

    /**
     * Number of soft-body control points (all soft bodies), ≥ 0.
     * @return the control point count
     */
    default int softPointCount() {
        return 0;
    }

    /**
     * Position of control point {@code p}, metres: axis 0, 1, 2 = x, y, z.
     * @param p the control point, 0 ≤ p &lt; {@link #softPointCount()}
     * @param axis 0, 1 or 2
     * @return the coordinate in metres, world frame
     */
    default double softPoint(int p, int axis) {
        throw new IndexOutOfBoundsException("soft point " + p + "; the frame has none");
    }
}
