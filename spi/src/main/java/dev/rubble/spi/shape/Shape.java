package dev.rubble.spi.shape;

/**
 * An immutable collision shape in its own frame (metres). Shapes are shared between bodies and
 * threads; implementations hold no mutable state.
 */
public interface Shape {

    /** The kind of shape, for narrowphase dispatch. */
    ShapeType type();

    /** Volume, m³ (0 for shapes without volume such as meshes and planes). */
    double volume();

    /**
     * Mass properties for a uniform density.
     *
     * @param density kg/m³, > 0
     * @throws IllegalStateException for shapes that cannot be dynamic (mesh, plane)
     */
    MassProperties massProperties(double density);

    /**
     * Writes the world-space bounding box of this shape placed at position p with orientation q
     * (unit quaternion) into {@code out[offset..offset+6)} as minX, minY, minZ, maxX, maxY, maxZ.
     * Must not allocate.
     */
    void bounds(double px, double py, double pz, double qx, double qy, double qz, double qw,
                double[] out, int offset);

    /**
     * Whether the shape is convex and bounded, so it has a {@link #support support mapping}
     * (sphere, box, capsule, convex hull). Compounds, meshes and planes are not.
     */
    default boolean isConvex() {
        return false;
    }

    /**
     * Radius of rounding, metres, &ge; 0: a convex shape is its <em>core</em> (what {@link #support}
     * describes) grown by a sphere of this radius. Sphere: its radius over a point core; capsule: its
     * radius over a segment core; box and hull: 0.
     */
    default double coreRadius() {
        return 0;
    }

    /**
     * Writes the core's support point in the shape frame, the core point farthest along
     * {@code (dx, dy, dz)} (need not be unit; a zero direction returns any core point), into
     * {@code out[offset..offset+3)}. The full shape's support point is that plus
     * {@code coreRadius()} times the unit direction. Must not allocate; thread-safe.
     *
     * @throws UnsupportedOperationException for non-convex shapes
     */
    default void support(double dx, double dy, double dz, double[] out, int offset) {
        throw new UnsupportedOperationException(type() + " has no support mapping");
    }

    /**
     * Casts the ray {@code o + t d}, {@code 0 <= t <= maxT}, against the shape in its own frame.
     * Returns the smallest {@code t} where the ray enters the shape (exact up to rounding) and
     * writes the outward unit surface normal there into {@code normalOut[0..3)}; returns -1 on a
     * miss. A ray starting inside a solid shape reports {@code t = 0} with normal {@code -d/|d|};
     * triangle meshes are two-sided surfaces, planes are solid half-spaces. {@code d} need not be
     * unit (t is in units of |d|). Thread-safe; allocation-free for convex shapes and planes
     * (mesh and compound casts allocate one small visitor).
     */
    double rayCast(double ox, double oy, double oz, double dx, double dy, double dz, double maxT,
                   double[] normalOut);
}
