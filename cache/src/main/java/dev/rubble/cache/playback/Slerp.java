package dev.rubble.cache.playback;

/**
 * Quaternion spherical linear interpolation along the shorter arc (Shoemake 1985). Writes into an
 * output array; allocation free. {@code t = 0} returns {@code a} exactly and {@code t = 1} returns
 * {@code b} (or {@code -b} when that is the shorter arc, the same rotation), so playback at whole
 * steps reproduces recorded orientations bit for bit.
 */
public final class Slerp {
    private Slerp() {
    }

    /** out[o..o+4) = slerp(a, b, t) for quaternions (x, y, z, w), t in [0, 1]. */
    public static void slerp(double ax, double ay, double az, double aw, double bx, double by, double bz, double bw,
                             double t, double[] out, int o) {
        if (t == 0) {
            out[o] = ax; out[o + 1] = ay; out[o + 2] = az; out[o + 3] = aw;
            return;
        }
        double cos = ax * bx + ay * by + az * bz + aw * bw;
        if (cos < 0) { // q and -q are the same rotation: take the shorter way round
            bx = -bx; by = -by; bz = -bz; bw = -bw;
            cos = -cos;
        }
        double ka, kb;
        if (cos > 0.9995) {
            // nearly parallel: normalised lerp avoids dividing by sin(theta) ~ 0
            ka = 1 - t;
            kb = t;
        } else {
            double theta = StrictMath.acos(cos);
            double sin = StrictMath.sin(theta);
            ka = StrictMath.sin((1 - t) * theta) / sin;
            kb = StrictMath.sin(t * theta) / sin;
        }
        double x = ka * ax + kb * bx, y = ka * ay + kb * by, z = ka * az + kb * bz, w = ka * aw + kb * bw;
        double n = 1 / Math.sqrt(x * x + y * y + z * z + w * w);
        out[o] = x * n; out[o + 1] = y * n; out[o + 2] = z * n; out[o + 3] = w * n;
    }
}
