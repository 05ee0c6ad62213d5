package dev.rubble.spi.shape;

/**
 * Small allocation-free geometry helpers shared by shapes, narrowphases and queries. Rotations are
 * unit quaternions {@code (qx, qy, qz, qw)}; results go into caller-owned arrays.
 */
public final class ShapeMath {
    private ShapeMath() {
    }

    /**
     * Rotates {@code v} by {@code q} into {@code out[o..o+3)}.
     * @param qx the quaternion's x (unit quaternion)
     * @param qy the quaternion's y
     * @param qz the quaternion's z
     * @param qw the quaternion's w
     * @param vx the vector's x
     * @param vy the vector's y
     * @param vz the vector's z
     * @param out receives the rotated vector (may be the array v came from)
     * @param o where in out the three values start
     */
    public static void rotate(double qx, double qy, double qz, double qw,
                              double vx, double vy, double vz, double[] out, int o) {
        // v' = v + 2 w (q x v) + 2 q x (q x v)
        double tx = 2 * (qy * vz - qz * vy);
        double ty = 2 * (qz * vx - qx * vz);
        double tz = 2 * (qx * vy - qy * vx);
        out[o] = vx + qw * tx + (qy * tz - qz * ty);
        out[o + 1] = vy + qw * ty + (qz * tx - qx * tz);
        out[o + 2] = vz + qw * tz + (qx * ty - qy * tx);
    }

    /**
     * Rotates {@code v} by the inverse of {@code q} into {@code out[o..o+3)}.
     * @param qx the quaternion's x (unit quaternion)
     * @param qy the quaternion's y
     * @param qz the quaternion's z
     * @param qw the quaternion's w
     * @param vx the vector's x
     * @param vy the vector's y
     * @param vz the vector's z
     * @param out receives the rotated vector
     * @param o where in out the three values start
     */
    public static void inverseRotate(double qx, double qy, double qz, double qw,
                                     double vx, double vy, double vz, double[] out, int o) {
        rotate(-qx, -qy, -qz, qw, vx, vy, vz, out, o);
    }

    /**
     * Entry fraction of the ray {@code o + t d} into the sphere (c, r), or -1 when it misses or the
     * sphere is behind; 0 when o is inside. Uses the cancellation-free root {@code c/(-b+sqrt)}.
     * @param ox the ray origin's x, metres
     * @param oy the ray origin's y, metres
     * @param oz the ray origin's z, metres
     * @param dx the ray direction's x (t counts multiples of d)
     * @param dy the ray direction's y
     * @param dz the ray direction's z
     * @param cx the sphere centre's x, metres
     * @param cy the sphere centre's y, metres
     * @param cz the sphere centre's z, metres
     * @param r the sphere's radius, metres, &gt; 0
     * @return the entry parameter t ≥ 0, or -1
     */
    public static double raySphere(double ox, double oy, double oz, double dx, double dy, double dz,
                                   double cx, double cy, double cz, double r) {
        double mx = ox - cx, my = oy - cy, mz = oz - cz;
        double c = mx * mx + my * my + mz * mz - r * r;
        if (c <= 0) {
            return 0;
        }
        double b = mx * dx + my * dy + mz * dz;
        if (b >= 0) {
            return -1;
        }
        double a = dx * dx + dy * dy + dz * dz;
        double disc = b * b - a * c;
        if (disc < 0) {
            return -1;
        }
        return c / (-b + Math.sqrt(disc));
    }

    /**
     * Closest points between segments p1-q1 and p2-q2 (Ericson, Real-Time Collision Detection §5.1.9);
     * writes parameters s (on segment 1) and t (on segment 2), each in [0, 1], into out[0], out[1].
     * @param p1x segment 1's start x, metres
     * @param p1y segment 1's start y
     * @param p1z segment 1's start z
     * @param q1x segment 1's end x
     * @param q1y segment 1's end y
     * @param q1z segment 1's end z
     * @param p2x segment 2's start x
     * @param p2y segment 2's start y
     * @param p2z segment 2's start z
     * @param q2x segment 2's end x
     * @param q2y segment 2's end y
     * @param q2z segment 2's end z
     * @param out receives s and t, at least two entries
     */
    public static void closestSegmentSegment(double p1x, double p1y, double p1z, double q1x, double q1y, double q1z,
                                             double p2x, double p2y, double p2z, double q2x, double q2y, double q2z,
                                             double[] out) {
        double d1x = q1x - p1x, d1y = q1y - p1y, d1z = q1z - p1z;
        double d2x = q2x - p2x, d2y = q2y - p2y, d2z = q2z - p2z;
        double rx = p1x - p2x, ry = p1y - p2y, rz = p1z - p2z;
        double a = d1x * d1x + d1y * d1y + d1z * d1z;
        double e = d2x * d2x + d2y * d2y + d2z * d2z;
        double f = d2x * rx + d2y * ry + d2z * rz;
        double s, t;
        if (a <= 1e-300 && e <= 1e-300) {
            out[0] = 0;
            out[1] = 0;
            return;
        }
        if (a <= 1e-300) {
            s = 0;
            t = clamp01(f / e);
        } else {
            double c = d1x * rx + d1y * ry + d1z * rz;
            if (e <= 1e-300) {
                t = 0;
                s = clamp01(-c / a);
            } else {
                double b = d1x * d2x + d1y * d2y + d1z * d2z;
                double denom = a * e - b * b;
                s = denom > 1e-14 * a * e ? clamp01((b * f - c * e) / denom) : 0;
                t = (b * s + f) / e;
                if (t < 0) {
                    t = 0;
                    s = clamp01(-c / a);
                } else if (t > 1) {
                    t = 1;
                    s = clamp01((b - c) / a);
                }
            }
        }
        out[0] = s;
        out[1] = t;
    }

    /**
     * {@code v} clamped to [0, 1].
     * @param v any value (NaN stays NaN)
     * @return v limited to [0, 1]
     */
    public static double clamp01(double v) {
        return v < 0 ? 0 : (v > 1 ? 1 : v);
    }

    /** Sets {@code n[0..3)} to {@code -d/|d|}. */
    static void negUnit(double dx, double dy, double dz, double[] n) {
        double inv = 1 / Math.sqrt(dx * dx + dy * dy + dz * dz);
        n[0] = -dx * inv;
        n[1] = -dy * inv;
        n[2] = -dz * inv;
    }

    /**
     * Quaternion of a proper rotation matrix (row-major m). Shepperd's method.
     * @param m a row-major 3 × 3 rotation matrix (orthonormal, determinant +1), 9 entries
     * @param out receives the unit quaternion x, y, z, w
     */
    public static void matrixToQuat(double[] m, double[] out) {
        double tr = m[0] + m[4] + m[8];
        double x, y, z, w;
        if (tr > 0) {
            double s = Math.sqrt(tr + 1) * 2;
            w = 0.25 * s;
            x = (m[7] - m[5]) / s;
            y = (m[2] - m[6]) / s;
            z = (m[3] - m[1]) / s;
        } else if (m[0] > m[4] && m[0] > m[8]) {
            double s = Math.sqrt(1 + m[0] - m[4] - m[8]) * 2;
            w = (m[7] - m[5]) / s;
            x = 0.25 * s;
            y = (m[1] + m[3]) / s;
            z = (m[2] + m[6]) / s;
        } else if (m[4] > m[8]) {
            double s = Math.sqrt(1 + m[4] - m[0] - m[8]) * 2;
            w = (m[2] - m[6]) / s;
            x = (m[1] + m[3]) / s;
            y = 0.25 * s;
            z = (m[5] + m[7]) / s;
        } else {
            double s = Math.sqrt(1 + m[8] - m[0] - m[4]) * 2;
            w = (m[3] - m[1]) / s;
            x = (m[2] + m[6]) / s;
            y = (m[5] + m[7]) / s;
            z = 0.25 * s;
        }
        double n = Math.sqrt(x * x + y * y + z * z + w * w);
        out[0] = x / n;
        out[1] = y / n;
        out[2] = z / n;
        out[3] = w / n;
    }

    /**
     * Row-major rotation matrix of a unit quaternion.
     * @param qx the quaternion's x (unit quaternion)
     * @param qy the quaternion's y
     * @param qz the quaternion's z
     * @param qw the quaternion's w
     * @param m receives the row-major 3 × 3 matrix, 9 entries
     */
    public static void quatToMatrix(double qx, double qy, double qz, double qw, double[] m) {
        double xx = qx * qx, yy = qy * qy, zz = qz * qz;
        double xy = qx * qy, xz = qx * qz, yz = qy * qz, wx = qw * qx, wy = qw * qy, wz = qw * qz;
        m[0] = 1 - 2 * (yy + zz); m[1] = 2 * (xy - wz); m[2] = 2 * (xz + wy);
        m[3] = 2 * (xy + wz); m[4] = 1 - 2 * (xx + zz); m[5] = 2 * (yz - wx);
        m[6] = 2 * (xz - wy); m[7] = 2 * (yz + wx); m[8] = 1 - 2 * (xx + yy);
    }

    /**
     * World bounds of a vertex cloud {@code v} (x, y, z per vertex, shape frame) placed at p with
     * orientation q, written as minX, minY, minZ, maxX, maxY, maxZ into {@code out[offset..]}.
     * Exact for the vertices (the bounds of a convex hull or mesh). Allocation-free.
     * @param v the vertices, packed x, y, z, shape frame, metres
     * @param px the position's x, metres, world frame
     * @param py the position's y
     * @param pz the position's z
     * @param qx the orientation's x (unit quaternion)
     * @param qy the orientation's y
     * @param qz the orientation's z
     * @param qw the orientation's w
     * @param out receives the six bounds, metres
     * @param offset where in out the six values start
     */
    public static void vertexBounds(double[] v, double px, double py, double pz,
                                    double qx, double qy, double qz, double qw, double[] out, int offset) {
        double xx = qx * qx, yy = qy * qy, zz = qz * qz;
        double xy = qx * qy, xz = qx * qz, yz = qy * qz, wx = qw * qx, wy = qw * qy, wz = qw * qz;
        double m0 = 1 - 2 * (yy + zz), m1 = 2 * (xy - wz), m2 = 2 * (xz + wy);
        double m3 = 2 * (xy + wz), m4 = 1 - 2 * (xx + zz), m5 = 2 * (yz - wx);
        double m6 = 2 * (xz - wy), m7 = 2 * (yz + wx), m8 = 1 - 2 * (xx + yy);
        double minX = Double.POSITIVE_INFINITY, minY = minX, minZ = minX;
        double maxX = Double.NEGATIVE_INFINITY, maxY = maxX, maxZ = maxX;
        // plain compares, not Math.min/max (whose NaN and signed-zero rules cost a blend each: this loop
        // took twice as long, 2.5 % of a hull-debris step). A compare skips a NaN, so the sum of every
        // coordinate is kept: if it is NaN (a NaN or infinite orientation or vertex), the Math.min/max loop
        // runs after all and gives exactly the bounds it always gave
        double sum = 0;
        for (int i = 0, n = v.length; i < n; i += 3) {
            double x = v[i], y = v[i + 1], z = v[i + 2];
            double ex = m0 * x + m1 * y + m2 * z, ey = m3 * x + m4 * y + m5 * z, ez = m6 * x + m7 * y + m8 * z;
            sum += ex + ey + ez;
            minX = ex < minX ? ex : minX;
            minY = ey < minY ? ey : minY;
            minZ = ez < minZ ? ez : minZ;
            maxX = ex > maxX ? ex : maxX;
            maxY = ey > maxY ? ey : maxY;
            maxZ = ez > maxZ ? ez : maxZ;
        }
        if (sum != sum) {
            minX = minY = minZ = Double.POSITIVE_INFINITY;
            maxX = maxY = maxZ = Double.NEGATIVE_INFINITY;
            for (int i = 0, n = v.length; i < n; i += 3) {
                double x = v[i], y = v[i + 1], z = v[i + 2];
                double ex = m0 * x + m1 * y + m2 * z, ey = m3 * x + m4 * y + m5 * z, ez = m6 * x + m7 * y + m8 * z;
                minX = Math.min(minX, ex);
                minY = Math.min(minY, ey);
                minZ = Math.min(minZ, ez);
                maxX = Math.max(maxX, ex);
                maxY = Math.max(maxY, ey);
                maxZ = Math.max(maxZ, ez);
            }
        }
        out[offset] = px + minX;
        out[offset + 1] = py + minY;
        out[offset + 2] = pz + minZ;
        out[offset + 3] = px + maxX;
        out[offset + 4] = py + maxY;
        out[offset + 5] = pz + maxZ;
    }
}
