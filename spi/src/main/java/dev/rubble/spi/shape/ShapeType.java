package dev.rubble.spi.shape;

/** The kinds of collision shape; the narrowphase dispatches on pairs of these. */
public enum ShapeType {
    /** {@link Sphere}: a radius around the origin. */
    SPHERE,
    /** {@link Box}: half extents around the origin. */
    BOX,
    /** {@link Capsule}: a segment along y grown by a radius. */
    CAPSULE,
    /** {@link ConvexHull}: the convex hull of points, with faces and planes. */
    CONVEX_HULL,
    /** {@link Compound}: convex children placed in one body's frame. */
    COMPOUND,
    /** {@link TriangleMesh}: triangles with a BVH; static bodies only. */
    TRIANGLE_MESH,
    /** {@link Plane}: a half-space; static bodies only. */
    PLANE
}
