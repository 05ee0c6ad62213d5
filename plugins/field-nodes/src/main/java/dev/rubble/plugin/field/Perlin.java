package dev.rubble.plugin.field;

/**
 * Seeded, periodic improved Perlin noise (Perlin 2002: quintic fade, twelve edge gradients) on
 * the unit cube tiled with {@code CELLS} lattice cells per unit: gradients are hashed from the
 * seed and the lattice corner modulo {@code CELLS}, so the noise repeats with period 1 in every
 * axis and tiles seamlessly. Values lie in about [−1, 1]. Pure function of (seed, point): no
 * table, no state, no allocation.
 */
final class Perlin {
    static final int CELLS = 8;
    private static final double[] G = {
        1, 1, 0, -1, 1, 0, 1, -1, 0, -1, -1, 0,
        1, 0, 1, -1, 0, 1, 1, 0, -1, -1, 0, -1,
        0, 1, 1, 0, -1, 1, 0, 1, -1, 0, -1, -1};

    private Perlin() {
    }

    /** Noise at (u, v, w), each in [0, 1) (the tile). */
    static double noise(long seed, double u, double v, double w) {
        double x = u * CELLS, y = v * CELLS, z = w * CELLS;
        int ix = (int) Math.floor(x), iy = (int) Math.floor(y), iz = (int) Math.floor(z);
        double fx = x - ix, fy = y - iy, fz = z - iz;
        double sx = fade(fx), sy = fade(fy), sz = fade(fz);
        double n000 = grad(seed, ix, iy, iz, fx, fy, fz);
        double n100 = grad(seed, ix + 1, iy, iz, fx - 1, fy, fz);
        double n010 = grad(seed, ix, iy + 1, iz, fx, fy - 1, fz);
        double n110 = grad(seed, ix + 1, iy + 1, iz, fx - 1, fy - 1, fz);
        double n001 = grad(seed, ix, iy, iz + 1, fx, fy, fz - 1);
        double n101 = grad(seed, ix + 1, iy, iz + 1, fx - 1, fy, fz - 1);
        double n011 = grad(seed, ix, iy + 1, iz + 1, fx, fy - 1, fz - 1);
        double n111 = grad(seed, ix + 1, iy + 1, iz + 1, fx - 1, fy - 1, fz - 1);
        double a = lerp(sx, n000, n100), b = lerp(sx, n010, n110);
        double c = lerp(sx, n001, n101), d = lerp(sx, n011, n111);
        return lerp(sz, lerp(sy, a, b), lerp(sy, c, d));
    }

    private static double grad(long seed, int ix, int iy, int iz, double x, double y, double z) {
        long h = Hash.mix(seed, Math.floorMod(ix, CELLS), Math.floorMod(iy, CELLS), Math.floorMod(iz, CELLS));
        int g = (int) Long.remainderUnsigned(h, 12) * 3;
        return G[g] * x + G[g + 1] * y + G[g + 2] * z;
    }

    private static double fade(double t) {
        return t * t * t * (t * (t * 6 - 15) + 10);
    }

    private static double lerp(double t, double a, double b) {
        return a + t * (b - a);
    }
}
