package dev.rubble.plugin.field;

/** Axis-aligned bounds {@code [minX, minY, minZ, maxX, maxY, maxZ]}; null = unbounded. */
final class Bounds {
    private Bounds() {
    }

    static double[] sphere(double[] c, double r) {
        return new double[] {c[0] - r, c[1] - r, c[2] - r, c[0] + r, c[1] + r, c[2] + r};
    }

    /** Where both may be non-zero (a product, a quotient with a zero guard, culling outside). */
    static double[] intersect(double[] a, double[] b) {
        if (a == null) {
            return b == null ? null : b.clone();
        }
        if (b == null) {
            return a.clone();
        }
        double[] r = new double[6];
        for (int i = 0; i < 3; i++) {
            r[i] = Math.max(a[i], b[i]);
            r[i + 3] = Math.min(a[i + 3], b[i + 3]);
            if (r[i] > r[i + 3]) { // disjoint: an empty box at the first one's corner
                r[i + 3] = r[i];
            }
        }
        return r;
    }

    /** Where either may be non-zero (a sum, a difference, culling inside). */
    static double[] union(double[] a, double[] b) {
        if (a == null || b == null) {
            return null;
        }
        double[] r = new double[6];
        for (int i = 0; i < 3; i++) {
            r[i] = Math.min(a[i], b[i]);
            r[i + 3] = Math.max(a[i + 3], b[i + 3]);
        }
        return r;
    }
}
