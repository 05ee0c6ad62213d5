package dev.rubble.core.body;

/** World-frame inverse inertia products for bodies stored diagonally in their principal frame. */
public final class Inertia {
    private Inertia() {
    }

    /**
     * {@code out = I_world^-1 * t} for body {@code s}, where {@code I_world^-1 = R diag(invI) R^T}
     * and {@code R} rotates the principal frame to world ({@code q * iq}). Allocation-free.
     */
    public static void applyInverseWorld(BodyStore b, int s, double tx, double ty, double tz, double[] out) {
        // r = q * iq
        double ax = b.qx[s], ay = b.qy[s], az = b.qz[s], aw = b.qw[s];
        double bx = b.iqx[s], by = b.iqy[s], bz = b.iqz[s], bw = b.iqw[s];
        double rx = aw * bx + ax * bw + ay * bz - az * by;
        double ry = aw * by - ax * bz + ay * bw + az * bx;
        double rz = aw * bz + ax * by - ay * bx + az * bw;
        double rw = aw * bw - ax * bx - ay * by - az * bz;
        // local = R^T t (rotate by the conjugate)
        double lx = rotX(-rx, -ry, -rz, rw, tx, ty, tz);
        double ly = rotY(-rx, -ry, -rz, rw, tx, ty, tz);
        double lz = rotZ(-rx, -ry, -rz, rw, tx, ty, tz);
        lx *= b.invIx[s];
        ly *= b.invIy[s];
        lz *= b.invIz[s];
        out[0] = rotX(rx, ry, rz, rw, lx, ly, lz);
        out[1] = rotY(rx, ry, rz, rw, lx, ly, lz);
        out[2] = rotZ(rx, ry, rz, rw, lx, ly, lz);
    }

    /** x component of rotating v by unit quaternion (ux, uy, uz, w). */
    public static double rotX(double ux, double uy, double uz, double w, double x, double y, double z) {
        double ty = 2 * (uz * x - ux * z), tz = 2 * (ux * y - uy * x);
        return x + w * 2 * (uy * z - uz * y) + (uy * tz - uz * ty);
    }

    /** y component of rotating v by unit quaternion (ux, uy, uz, w). */
    public static double rotY(double ux, double uy, double uz, double w, double x, double y, double z) {
        double tx = 2 * (uy * z - uz * y), tz = 2 * (ux * y - uy * x);
        return y + w * 2 * (uz * x - ux * z) + (uz * tx - ux * tz);
    }

    /** z component of rotating v by unit quaternion (ux, uy, uz, w). */
    public static double rotZ(double ux, double uy, double uz, double w, double x, double y, double z) {
        double tx = 2 * (uy * z - uz * y), ty = 2 * (uz * x - ux * z);
        return z + w * 2 * (ux * y - uy * x) + (ux * ty - uy * tx);
    }
}
