package dev.rubble.spi.shape;

/**
 * An immutable collision shape in its own frame (metres). Shapes are shared between bodies and
 * threads; implementations hold no mutable state.
 */
public interface Shape {

    /**
     * The kind of shape, for narrowphase dispatch.
     * @return the shape's kind, never null
     */
    ShapeType type();

    /**
     * Volume, m³ (0 for shapes without volume such as meshes and planes).
     * @return the volume in cubic metres, ≥ 0
     */
    double volume();

    /**
     * Mass properties for a uniform density.
     *
     * @param density kg/m³, > 0
     * @throws IllegalStateException for shapes that cannot be dynamic (mesh, plane)
     * @return the mass (kg), centre of mass (m, shape frame) and inertia (kg·m²) of this shape filled at that
     *     density
     */
    MassProperties massProperties(double density);

    /**
     * Writes the world-space bounding box of this shape placed at position p with orientation q
     * (unit quaternion) into {@code out[offset..offset+6)} as minX, minY, minZ, maxX, maxY, maxZ.
     * Must not allocate.
     * @param px the shape's position x, metres, world frame
     * @param py the shape's position y, metres
     * @param pz the shape's position z, metres
     * @param qx the orientation quaternion's x (the quaternion must be unit length)
     * @param qy the orientation quaternion's y
     * @param qz the orientation quaternion's z
     * @param qw the orientation quaternion's w (scalar part)
     * @param out receives the six bounds, metres; must have room for offset + 6 values
     * @param offset where in out the six values start, ≥ 0
     */
    void bounds(double px, double py, double pz, double qx, double qy, double qz, double qw,
                double[] out, int offset);

    /**
     * Whether the shape is convex and bounded, so it has a {@link #support support mapping}
     * (sphere, box, capsule, convex hull). Compounds, meshes and planes are not.
     * @return true for sphere, box, capsule and convex hull; false for compounds, meshes and planes
     */
    default boolean isConvex() {
        return false;
    }

    /**
     * Radius of rounding, metres, &ge; 0: a convex shape is its <em>core</em> (what {@link #support}
     * describes) grown by a sphere of this radius. Sphere: its radius over a point core; capsule: its
     * radius over a segment core; box and hull: 0.
     * @return the rounding radius in metres, ≥ 0
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
     * @param dx the query direction's x, shape frame (need not be unit)
     * @param dy the query direction's y
     * @param dz the query direction's z
     * @param out receives the support point's x, y, z, metres, shape frame
     * @param offset where in out the three values start, ≥ 0
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
     * @param ox the ray origin's x, metres, shape frame
     * @param oy the ray origin's y, metres
     * @param oz the ray origin's z, metres
     * @param dx the ray direction's x (need not be unit; t counts multiples of d)
     * @param dy the ray direction's y
     * @param dz the ray direction's z
     * @param maxT the largest parameter searched, ≥ 0
     * @param normalOut receives the outward unit normal at the hit (three values); untouched on a miss
     * @return the entry parameter t in [0, maxT], or -1 when the ray misses within maxT
     */
    double rayCast(double ox, double oy, double oz, double dx, double dy, double dz, double maxT,
                   double[] normalOut);
}
