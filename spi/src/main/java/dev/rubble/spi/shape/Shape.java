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
}
