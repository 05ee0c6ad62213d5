package dev.rubble.spi.shape;

/**
 * Mass properties of a shape or body in its own frame.
 *
 * @param mass kilograms, > 0 (or +infinity for an immovable body)
 * @param comX centre of mass, shape frame, metres
 * @param comY centre of mass, shape frame, metres
 * @param comZ centre of mass, shape frame, metres
 * @param ixx principal moment about the principal x axis through the centre of mass, kg·m²
 * @param iyy principal moment, kg·m²
 * @param izz principal moment, kg·m²
 * @param qx rotation from the principal frame to the shape frame (unit quaternion)
 * @param qy rotation quaternion y
 * @param qz rotation quaternion z
 * @param qw rotation quaternion w
 */
public record MassProperties(double mass, double comX, double comY, double comZ,
                             double ixx, double iyy, double izz,
                             double qx, double qy, double qz, double qw) {

    /**
     * Mass properties with the centre of mass at the origin and axes aligned with the shape frame.
     * @param mass the mass, kg, &gt; 0
     * @param ixx the moment of inertia about x, kg·m²
     * @param iyy the moment about y, kg·m²
     * @param izz the moment about z, kg·m²
     * @return the mass properties
     */
    public static MassProperties aligned(double mass, double ixx, double iyy, double izz) {
        return new MassProperties(mass, 0, 0, 0, ixx, iyy, izz, 0, 0, 0, 1);
    }

    /**
     * The same distribution scaled to a new total mass (inertia scales linearly with mass).
     * @param newMass the new total mass, kg, &gt; 0
     * @return the scaled mass properties (same centre of mass and principal axes)
     */
    public MassProperties withMass(double newMass) {
        double s = newMass / mass;
        return new MassProperties(newMass, comX, comY, comZ, ixx * s, iyy * s, izz * s, qx, qy, qz, qw);
    }
}
