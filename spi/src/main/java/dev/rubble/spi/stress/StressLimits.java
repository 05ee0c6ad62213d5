package dev.rubble.spi.stress;

/**
 * Elastic and fatal stress limits in compression, tension and shear (Pa), any of which may be
 * unset ({@code NaN}: the next level of the precedence decides; docs/destruction.md "Stress limits
 * per material, collection and bond"). Set limits are ≥ 0 ({@code +∞} = never reached); where both
 * of a pair are set, fatal ≥ elastic. Index order of {@link #get(int)}: compression elastic,
 * compression fatal, tension elastic, tension fatal, shear elastic, shear fatal — the order of the
 * {@code support-graph} options {@link #KEYS}.
 */
public record StressLimits(double compressionElastic, double compressionFatal, double tensionElastic,
                           double tensionFatal, double shearElastic, double shearFatal) {
    /** The option names, in index order. */
    public static final String[] KEYS = {"compressionElastic", "compressionFatal", "tensionElastic", "tensionFatal",
            "shearElastic", "shearFatal"};
    /** Nothing set. */
    public static final StressLimits NONE = new StressLimits(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN);

    /**
     * Checks the limits.
     *
     * @param compressionElastic compression stress (Pa) where damage starts, or NaN
     * @param compressionFatal   compression stress (Pa) where the bond breaks, or NaN
     * @param tensionElastic     tension stress (Pa) where damage starts, or NaN
     * @param tensionFatal       tension stress (Pa) where the bond breaks, or NaN
     * @param shearElastic       shear stress (Pa) where damage starts, or NaN
     * @param shearFatal         shear stress (Pa) where the bond breaks, or NaN
     * @throws IllegalArgumentException naming the limit when a set one is negative, or a fatal limit
     *                                  is below its set elastic limit
     */
    public StressLimits {
        double[] v = {compressionElastic, compressionFatal, tensionElastic, tensionFatal, shearElastic, shearFatal};
        for (int j = 0; j < 6; j++) {
            if (!Double.isNaN(v[j]) && !(v[j] >= 0)) {
                throw new IllegalArgumentException("stress limit '" + KEYS[j] + "' = " + v[j]
                        + "; allowed: >= 0 (Pa; Infinity = never; NaN = unset)");
            }
        }
        for (int j = 0; j < 6; j += 2) {
            if (!Double.isNaN(v[j]) && !Double.isNaN(v[j + 1]) && v[j + 1] < v[j]) {
                throw new IllegalArgumentException("stress limit '" + KEYS[j + 1] + "' = " + v[j + 1] + "; allowed: >= '"
                        + KEYS[j] + "' (" + v[j] + ")");
            }
        }
    }

    /**
     * From six values in index order.
     *
     * @param v six limits (Pa, NaN = unset) in the order of {@link #KEYS}
     * @return the limits
     * @throws IllegalArgumentException when there are not six values or the constructor refuses them
     */
    public static StressLimits of(double... v) {
        if (v.length != 6) {
            throw new IllegalArgumentException("stress limits: " + v.length + " values; allowed: 6");
        }
        return new StressLimits(v[0], v[1], v[2], v[3], v[4], v[5]);
    }

    /**
     * Limit {@code j} in index order.
     *
     * @param j 0..5, the index of the limit's name in {@link #KEYS}
     * @return the limit (Pa), NaN when unset
     * @throws IndexOutOfBoundsException when {@code j} is outside 0..5
     */
    public double get(int j) {
        return switch (j) {
            case 0 -> compressionElastic;
            case 1 -> compressionFatal;
            case 2 -> tensionElastic;
            case 3 -> tensionFatal;
            case 4 -> shearElastic;
            case 5 -> shearFatal;
            default -> throw new IndexOutOfBoundsException(j);
        };
    }

    /**
     * Whether no limit is set.
     *
     * @return true when all six limits are NaN
     */
    public boolean isNone() {
        for (int j = 0; j < 6; j++) {
            if (!Double.isNaN(get(j))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Index of a key of {@link #KEYS}.
     *
     * @param key an option name such as {@code "tensionFatal"}
     * @return its index 0..5, or -1 when it is not a limit's name
     */
    public static int index(String key) {
        for (int j = 0; j < 6; j++) {
            if (KEYS[j].equals(key)) {
                return j;
            }
        }
        return -1;
    }
}
