package dev.rubble.authoring.mesh;

/**
 * Seeded Perlin gradient noise summed over octaves (fractal Brownian motion) for noisy cut
 * surfaces: a cut's interior points move along the cut normal by
 * {@code amplitude · Σ_o 0.5^o · perlin(2^o · frequency · (u, w))}, where (u, w) are the point's
 * coordinates in the cut plane's canonical basis. Arithmetic only (no transcendental functions),
 * so it is bit-identical everywhere; a function of position alone, so both sides of a cut, and any
 * later cut through it, see the same displacement.
 *
 * @param amplitude metres (≥ 0; 0 = flat cuts)
 * @param frequency cycles per metre (&gt; 0)
 * @param octaves   1..8
 * @param spacing   point spacing of the cut surface, metres (&gt; 0)
 * @param seed      seed of the gradient table
 */
public record MeshNoise(double amplitude, double frequency, int octaves, double spacing, long seed) {
    /** No noise: flat cuts. */
    public static final MeshNoise NONE = new MeshNoise(0, 1, 1, 1, 0);

    public MeshNoise {
        if (!(amplitude >= 0) || !Double.isFinite(amplitude)) {
            throw new IllegalArgumentException("noise amplitude = " + amplitude + "; allowed: finite and >= 0 metres");
        }
        if (!(frequency > 0) || !Double.isFinite(frequency)) {
            throw new IllegalArgumentException("noise frequency = " + frequency + "; allowed: finite and > 0 per metre");
        }
        if (octaves < 1 || octaves > 8) {
            throw new IllegalArgumentException("noise octaves = " + octaves + "; allowed: 1..8");
        }
        if (!(spacing > 0) || !Double.isFinite(spacing)) {
            throw new IllegalArgumentException("noise spacing = " + spacing + "; allowed: finite and > 0 metres");
        }
    }

    /** True when cuts stay flat. */
    public boolean flat() {
        return amplitude == 0;
    }

    /** The displacement at plane coordinates (u, w), metres. */
    public double at(double u, double w) {
        return at(table(), u, w);
    }

    /** {@link #at(double, double)} with the gradient table from {@link #table()} (build it once per cut). */
    public double at(int[] perm, double u, double w) {
        double sum = 0, amp = amplitude, f = frequency;
        for (int o = 0; o < octaves; o++) {
            sum += amp * perlin(perm, u * f, w * f);
            amp *= 0.5;
            f *= 2;
        }
        return sum;
    }

    /** The seeded permutation table (512 entries). */
    public int[] table() {
        int[] p = new int[512];
        for (int i = 0; i < 256; i++) {
            p[i] = i;
        }
        long s = seed;
        for (int i = 255; i > 0; i--) {
            s += 0x9E3779B97F4A7C15L;
            long z = s;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            z ^= z >>> 31;
            int j = (int) Long.remainderUnsigned(z, i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        System.arraycopy(p, 0, p, 256, 256);
        return p;
    }

    private static double perlin(int[] p, double x, double y) {
        double fx = Math.floor(x), fy = Math.floor(y);
        int xi = (int) ((long) fx & 255), yi = (int) ((long) fy & 255);
        double dx = x - fx, dy = y - fy;
        double u = fade(dx), v = fade(dy);
        int aa = p[p[xi] + yi], ab = p[p[xi] + yi + 1], ba = p[p[xi + 1] + yi], bb = p[p[xi + 1] + yi + 1];
        double x1 = lerp(u, grad(aa, dx, dy), grad(ba, dx - 1, dy));
        double x2 = lerp(u, grad(ab, dx, dy - 1), grad(bb, dx - 1, dy - 1));
        return lerp(v, x1, x2);
    }

    private static double fade(double t) {
        return t * t * t * (t * (t * 6 - 15) + 10);
    }

    private static double lerp(double t, double a, double b) {
        return a + t * (b - a);
    }

    /** One of eight gradient directions (axes and diagonals), dotted with (x, y). */
    private static double grad(int h, double x, double y) {
        return switch (h & 7) {
            case 0 -> x + y;
            case 1 -> -x + y;
            case 2 -> x - y;
            case 3 -> -x - y;
            case 4 -> x;
            case 5 -> -x;
            case 6 -> y;
            default -> -y;
        };
    }
}
