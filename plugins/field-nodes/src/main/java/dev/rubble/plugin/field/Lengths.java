package dev.rubble.plugin.field;

/**
 * The length of a finite vector of any size, for node parameters (normals, axes) and for the distance
 * from a node's position to a sample. Squaring the components overflows past about 1e154 and underflows
 * below about 1e-154: a normal of (1e300, 1e300, 0) came out infinitely long and was "normalised" to the
 * zero vector, one of (1e-200, 0, 0) came out 0 and was refused as zero, and a centre 1e200 m away was
 * infinitely far (fuzz12, {@code FarAndTinyVectorsTest}). The plain {@code sqrt(x² + y² + z²)} wherever it
 * neither overflows nor underflows, so in-range results keep their bits; scaled by the largest component
 * where it would (as {@code PhysicsWorld.length} does for rays). No allocation; NaN for a NaN component.
 */
final class Lengths {
    private Lengths() {
    }

    static double of(double x, double y, double z) {
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
