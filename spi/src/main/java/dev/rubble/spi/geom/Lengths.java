package dev.rubble.spi.geom;

/**
 * The length of a finite vector of any size: squaring the components overflows past about 1e154 and underflows
 * below about 1e-154. Field nodes' normals, axes and distances (fuzz12: a normal of (1e300, 1e300, 0) was
 * "normalised" to zero, (1e-200, 0, 0) refused as zero, a centre 1e200 m away infinitely far) and the Java API's
 * rays and casts (a direction of (0, -1e200, 0) refused as not finite) take it. The same bits as
 * {@code sqrt(x² + y² + z²)} wherever that neither overflows nor underflows; scaled by the largest component where
 * it would. No allocation; NaN for a NaN component.
 */
public final class Lengths {
    private Lengths() {
    }

    /**
     * The vector's length.
     * @param x its x
     * @param y its y
     * @param z its z
     * @return {@code |(x, y, z)|}, infinite only for an infinite component, NaN for a NaN one
     */
    public static double of(double x, double y, double z) {
        double plain = Math.sqrt(x * x + y * y + z * z);
        if (plain > 1e-150 && plain < 1e150) {
            return plain;
        }
        return scaled(x, y, z);
    }

    private static double scaled(double x, double y, double z) {
        double m = Math.max(Math.abs(x), Math.max(Math.abs(y), Math.abs(z)));
        if (!(m > 0) || m == Double.POSITIVE_INFINITY) {
            return Double.isNaN(x + y + z) ? Double.NaN : m; // 0, or infinite
        }
        double a = x / m, b = y / m, c = z / m;
        return m * Math.sqrt(a * a + b * b + c * c);
    }
}
