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
 * @param youngsModulus Young's modulus E, Pa, [{@value #MIN_YOUNGS_MODULUS}, {@value #MAX_YOUNGS_MODULUS}]
 * @param poissonRatio  ν, [0, 0.5]: sets the volume constraints' compliance
 * @param pbdStiffness  fraction of the error a PBD iteration removes, [0, 1] (the {@code pbd} solver only)
 * @param friction      Coulomb friction coefficient against rigid bodies, >= 0
 * @param thickness     contact offset of the surface, metres, [0, {@value #MAX_THICKNESS}]
 * @param edgeCompliance   NaN to derive from E, else the compliance of every edge, m/N, [0, {@value #MAX_COMPLIANCE}]
 * @param volumeCompliance NaN to derive from E and ν, else the compliance of every tetrahedron, m⁵/N,
 *                         [0, {@value #MAX_COMPLIANCE}]
 *
 * <p>The upper bounds are where a value stops meaning anything physical and starts breaking the
 * arithmetic: a compliance of 1 m/N is a spring of 1 N/m (a cage that gravity alone flattens), and
 * {@code α / h²} overflows long before 1e308 (every point NaN); a contact offset of more than
 * 10 cm keeps a body hovering a visible distance above what it rests on.
 */
public record SoftMaterial(double youngsModulus, double poissonRatio, double pbdStiffness, double friction,
                           double thickness, double edgeCompliance, double volumeCompliance) {

    /** Smallest Young's modulus, Pa (below it an edge's derived compliance can overflow). */
    public static final double MIN_YOUNGS_MODULUS = 1;
    /** Largest Young's modulus, Pa (stiffer than diamond). */
    public static final double MAX_YOUNGS_MODULUS = 1e13;
    /** Largest contact offset, metres. */
    public static final double MAX_THICKNESS = 0.1;
    /** Largest explicit edge or volume compliance (m/N, m⁵/N). */
    public static final double MAX_COMPLIANCE = 1;

    public SoftMaterial {
        if (!(youngsModulus >= MIN_YOUNGS_MODULUS && youngsModulus <= MAX_YOUNGS_MODULUS)) {
            throw new IllegalArgumentException("youngsModulus = " + youngsModulus + "; allowed: [" + MIN_YOUNGS_MODULUS
                    + ", " + MAX_YOUNGS_MODULUS + "] Pa");
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
        if (!(thickness >= 0 && thickness <= MAX_THICKNESS)) {
            throw new IllegalArgumentException("thickness = " + thickness + "; allowed: [0, " + MAX_THICKNESS + "] metres");
        }
        if (!Double.isNaN(edgeCompliance) && !(edgeCompliance >= 0 && edgeCompliance <= MAX_COMPLIANCE)) {
            throw new IllegalArgumentException("edgeCompliance = " + edgeCompliance + "; allowed: [0, " + MAX_COMPLIANCE
                    + "] m/N (or leave it out to derive it from youngsModulus)");
        }
        if (!Double.isNaN(volumeCompliance) && !(volumeCompliance >= 0 && volumeCompliance <= MAX_COMPLIANCE)) {
            throw new IllegalArgumentException("volumeCompliance = " + volumeCompliance + "; allowed: [0, " + MAX_COMPLIANCE
                    + "] m⁵/N (or leave it out to derive it from youngsModulus and poissonRatio)");
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
