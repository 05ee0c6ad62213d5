package dev.rubble.spi.shape;

/** The kinds of collision shape; the narrowphase dispatches on pairs of these. */
public enum ShapeType {
    SPHERE, BOX, CAPSULE, CONVEX_HULL, COMPOUND, TRIANGLE_MESH, PLANE
}
