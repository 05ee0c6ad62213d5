package dev.rubble.core.soft;

/**
 * A soft body's material, in physical units, and how it becomes per-constraint parameters.
 *
 * <p>Edges (XPBD): an edge of rest length {@code L} stands for the material around it, the volume
 * {@code Ve} = a sixth of each tetrahedron it belongs to (a tet has six edges). Matching the spring
 * energy {@code k (ΔL)²/2} to the elastic energy {@code E ε² Ve / 2} of that volume at strain
 * {@code ε = ΔL / L} gives {@code k = E Ve / L²}, so the compliance is {@code α = L² / (E Ve)} (m/N).
 * Volumes: {@code C = V - V0} with bulk modulus {@code K = E / (3 (1 - 2ν))}: energy
 * {@code K (V-V0)² / (2 V0)}, so {@code α = V0 / K} (m⁵/N; 0 when ν = 0.5, incompressible).
 * A mass-spring lattice is only approximately a continuum (its own Poisson ratio is fixed by the
 * mesh), so E sets the stiffness to the right order, not to a percent; docs/soft-bodies.md.
 *
 * @param youngsModulus Young's modulus E, Pa, finite, > 0
 * @param poissonRatio  ν, [0, 0.5]: sets the volume constraints' compliance
 * @param pbdStiffness  fraction of the error a PBD iteration removes, [0, 1] (the {@code pbd} solver only)
 * @param friction      Coulomb friction coefficient against rigid bodies, >= 0
 * @param thickness     contact offset of the surface, metres, >= 0
 * @param edgeCompliance   NaN to derive from E, else the compliance of every edge, m/N, >= 0
 * @param volumeCompliance NaN to derive from E and ν, else the compliance of every tetrahedron, m⁵/N, >= 0
 */
public record SoftMaterial(double youngsModulus, double poissonRatio, double pbdStiffness, double friction,
                           double thickness, double edgeCompliance, double volumeCompliance) {

    public SoftMaterial {
        if (!(youngsModulus > 0) || Double.isInfinite(youngsModulus)) {
            throw new IllegalArgumentException("youngsModulus = " + youngsModulus + "; allowed: finite, > 0 Pa");
        }
        if (!(poissonRatio >= 0 && poissonRatio <= 0.5)) {
            throw new IllegalArgumentException("poissonRatio = " + poissonRatio + "; allowed: [0, 0.5]");
        }
        if (!(pbdStiffness >= 0 && pbdStiffness <= 1)) {
            throw new IllegalArgumentException("pbdStiffness = " + pbdStiffness + "; allowed: [0, 1]");
        }
        if (!(friction >= 0) || Double.isInfinite(friction)) {
            throw new IllegalArgumentException("friction = " + friction + "; allowed: finite, >= 0");
        }
        if (!(thickness >= 0) || Double.isInfinite(thickness)) {
            throw new IllegalArgumentException("thickness = " + thickness + "; allowed: finite, >= 0 metres");
        }
        if (!Double.isNaN(edgeCompliance) && (!(edgeCompliance >= 0) || Double.isInfinite(edgeCompliance))) {
            throw new IllegalArgumentException("edgeCompliance = " + edgeCompliance + "; allowed: finite, >= 0 m/N");
        }
        if (!Double.isNaN(volumeCompliance) && (!(volumeCompliance >= 0) || Double.isInfinite(volumeCompliance))) {
            throw new IllegalArgumentException("volumeCompliance = " + volumeCompliance + "; allowed: finite, >= 0 m⁵/N");
        }
    }

    /** Rubber-like defaults: E = 1 MPa, ν = 0.45, PBD stiffness 1, friction 0.5, thickness 5 mm. */
    public static SoftMaterial rubber() {
        return new SoftMaterial(1e6, 0.45, 1, 0.5, 0.005, Double.NaN, Double.NaN);
    }

    public SoftMaterial withYoungsModulus(double e) {
        return new SoftMaterial(e, poissonRatio, pbdStiffness, friction, thickness, edgeCompliance, volumeCompliance);
    }

    public SoftMaterial withPoissonRatio(double nu) {
        return new SoftMaterial(youngsModulus, nu, pbdStiffness, friction, thickness, edgeCompliance, volumeCompliance);
    }

    /** Bulk modulus K, Pa (infinite at ν = 0.5). */
    public double bulkModulus() {
        return poissonRatio >= 0.5 ? Double.POSITIVE_INFINITY : youngsModulus / (3 * (1 - 2 * poissonRatio));
    }

    /** Compliance of an edge of rest length {@code length} standing for volume {@code share}, m/N. */
    public double edgeCompliance(double length, double share) {
        return Double.isNaN(edgeCompliance) ? length * length / (youngsModulus * share) : edgeCompliance;
    }

    /** Compliance of a tetrahedron's volume constraint, m⁵/N. */
    public double volumeCompliance(double restVolume) {
        if (!Double.isNaN(volumeCompliance)) {
            return volumeCompliance;
        }
        double k = bulkModulus();
        return Double.isInfinite(k) ? 0 : restVolume / k;
    }
}
