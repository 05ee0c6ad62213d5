package dev.rubble.spi.collection;

import java.util.Arrays;
import java.util.Objects;

/**
 * Authored strengths of a collection (issue 23; docs/collection-format.md "Strengths"): what the
 * asset itself says about breaking, on top of the damage model chosen when it is placed.
 *
 * <ul>
 *   <li>{@code nodeThreshold[node]}: the node's break threshold, replacing the damage model's;
 *       {@code NaN} = the damage model decides; otherwise ≥ 0 or {@code +∞} (unbreakable).</li>
 *   <li>{@code nodeMaterial[node]}: the node's material, an index into {@code materialMultiplier}.</li>
 *   <li>{@code materialMultiplier[m]}: every threshold of a node of material {@code m} is multiplied
 *       by it (finite, ≥ 0; {@code +∞} stays {@code +∞}), whichever damage model made it.</li>
 *   <li>{@code bondStrength[bond]}: the bond's tensile strength, Pa, for the {@code material-strength}
 *       model; {@code NaN} = the model's {@code tensileStrength}; otherwise finite, ≥ 0. A bond with
 *       its own strength also fails on its own when its node's load reaches strength × area.</li>
 * </ul>
 *
 * Arrays are kept, not copied, and must not be changed afterwards. Thread-safe (immutable).
 */
public record Strengths(double[] nodeThreshold, int[] nodeMaterial, double[] materialMultiplier, double[] bondStrength) {

    /**
     * Validates the arrays (lengths, threshold and multiplier ranges, material indices); anything else is an
     * {@link IllegalArgumentException} naming the bad entry and what is allowed.
     * @param nodeThreshold per node its threshold, NaN for the damage model's, ≥ 0 or {@code +∞}
     * @param nodeMaterial per node its material index into materialMultiplier
     * @param materialMultiplier per material the threshold multiplier, finite and ≥ 0, 1 to 256 materials
     * @param bondStrength per bond its tensile strength in Pa, NaN for the model's
     */
    public Strengths {
        Objects.requireNonNull(nodeThreshold, "nodeThreshold is null");
        Objects.requireNonNull(nodeMaterial, "nodeMaterial is null");
        Objects.requireNonNull(materialMultiplier, "materialMultiplier is null");
        Objects.requireNonNull(bondStrength, "bondStrength is null");
        if (nodeMaterial.length != nodeThreshold.length) {
            throw new IllegalArgumentException("nodeMaterial length = " + nodeMaterial.length + "; allowed: "
                    + nodeThreshold.length + " (one per node)");
        }
        if (materialMultiplier.length == 0 || materialMultiplier.length > 256) {
            throw new IllegalArgumentException("material count = " + materialMultiplier.length + "; allowed: 1..256");
        }
        for (int m = 0; m < materialMultiplier.length; m++) {
            checkMultiplier("materialMultiplier[" + m + "]", materialMultiplier[m]);
        }
        for (int i = 0; i < nodeThreshold.length; i++) {
            double t = nodeThreshold[i];
            if (!Double.isNaN(t) && !(t >= 0)) {
                throw new IllegalArgumentException("nodeThreshold[" + i + "] = " + t
                        + "; allowed: >= 0, Infinity (unbreakable) or NaN (the damage model's)");
            }
            if (nodeMaterial[i] < 0 || nodeMaterial[i] >= materialMultiplier.length) {
                throw new IllegalArgumentException("nodeMaterial[" + i + "] = " + nodeMaterial[i] + "; allowed: [0, "
                        + materialMultiplier.length + ") (a material index)");
            }
        }
        for (int e = 0; e < bondStrength.length; e++) {
            double s = bondStrength[e];
            if (!Double.isNaN(s) && !(s >= 0 && Double.isFinite(s))) {
                throw new IllegalArgumentException("bondStrength[" + e + "] = " + s
                        + "; allowed: finite, >= 0 (Pa) or NaN (the model's tensileStrength)");
            }
        }
    }

    /**
     * Checks a material multiplier: finite, ≥ 0.
     * @param what the multiplier's name, for the message
     * @param m the multiplier
     * @throws IllegalArgumentException when m is NaN, negative or infinite
     */
    public static void checkMultiplier(String what, double m) {
        if (!(m >= 0) || !Double.isFinite(m)) {
            throw new IllegalArgumentException(what + " = " + m + "; allowed: finite, >= 0");
        }
    }

    /**
     * No authored strengths for {@code nodes} nodes and {@code bonds} bonds: every value from the model, one
     * material (× 1).
     * @param nodes the node count, ≥ 0
     * @param bonds the bond count, ≥ 0
     * @return strengths with every threshold and bond strength NaN and one material
     */
    public static Strengths none(int nodes, int bonds) {
        double[] t = new double[nodes];
        Arrays.fill(t, Double.NaN);
        double[] b = new double[bonds];
        Arrays.fill(b, Double.NaN);
        return new Strengths(t, new int[nodes], new double[] {1.0}, b);
    }

    /**
     * {@code t × multiplier}, keeping {@code +∞} (also for a multiplier of 0).
     * @param t a threshold, ≥ 0 or {@code +∞}
     * @param multiplier the material multiplier, ≥ 0
     * @return the scaled threshold
     */
    public static double scale(double t, double multiplier) {
        return t == Double.POSITIVE_INFINITY ? t : t * multiplier;
    }

    /**
     * Whether some bond has its own strength.
     * @return true when some bond strength is not NaN
     */
    public boolean anyBondStrength() {
        for (double s : bondStrength) {
            if (!Double.isNaN(s)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Strengths s && Arrays.equals(nodeThreshold, s.nodeThreshold)
                && Arrays.equals(nodeMaterial, s.nodeMaterial) && Arrays.equals(materialMultiplier, s.materialMultiplier)
                && Arrays.equals(bondStrength, s.bondStrength);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(nodeThreshold) * 31 + Arrays.hashCode(nodeMaterial);
    }

    @Override
    public String toString() {
        return "Strengths[" + nodeThreshold.length + " nodes, " + materialMultiplier.length + " materials, "
                + bondStrength.length + " bonds]";
    }
}
