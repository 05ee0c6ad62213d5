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
        double rx = principalX(b, s), ry = principalY(b, s), rz = principalZ(b, s), rw = principalW(b, s);
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

    /**
     * Body {@code s}'s world inverse inertia {@code R diag(invI) Rᵀ} ({@code R = q * iq}), its six
     * distinct entries into {@code out[o .. o + 6)}: xx, xy, xz, yy, yz, zz. For the contact and the
     * constraint solvers' per-body set-up. Allocation-free.
     */
    public static void inverseWorldMatrix(BodyStore b, int s, double[] out, int o) {
        inverseWorldMatrix(b, s, b.invIx[s], b.invIy[s], b.invIz[s], out, o);
    }

    /**
     * As {@link #inverseWorldMatrix(BodyStore, int, double[], int)} for body {@code s}'s inertia with {@code added}
     * kg m² more about every axis, {@code (I + added E)⁻¹}: the principal inverse inertias {@code d / (1 + added d)},
     * since a multiple of E turns with any rotation (the constraint solver's geometric stiffness).
     */
    public static void inverseWorldMatrix(BodyStore b, int s, double added, double[] out, int o) {
        double d0 = b.invIx[s], d1 = b.invIy[s], d2 = b.invIz[s];
        inverseWorldMatrix(b, s, d0 / (1 + added * d0), d1 / (1 + added * d1), d2 / (1 + added * d2), out, o);
    }

    private static void inverseWorldMatrix(BodyStore b, int s, double d0, double d1, double d2, double[] out, int o) {
        double x = principalX(b, s), y = principalY(b, s), z = principalZ(b, s), w = principalW(b, s);
        double r00 = 1 - 2 * (y * y + z * z), r01 = 2 * (x * y - w * z), r02 = 2 * (x * z + w * y);
        double r10 = 2 * (x * y + w * z), r11 = 1 - 2 * (x * x + z * z), r12 = 2 * (y * z - w * x);
        double r20 = 2 * (x * z - w * y), r21 = 2 * (y * z + w * x), r22 = 1 - 2 * (x * x + y * y);
        out[o] = r00 * r00 * d0 + r01 * r01 * d1 + r02 * r02 * d2;
        out[o + 1] = r00 * r10 * d0 + r01 * r11 * d1 + r02 * r12 * d2;
        out[o + 2] = r00 * r20 * d0 + r01 * r21 * d1 + r02 * r22 * d2;
        out[o + 3] = r10 * r10 * d0 + r11 * r11 * d1 + r12 * r12 * d2;
        out[o + 4] = r10 * r20 * d0 + r11 * r21 * d1 + r12 * r22 * d2;
        out[o + 5] = r20 * r20 * d0 + r21 * r21 * d1 + r22 * r22 * d2;
    }

    // body s's principal-to-world rotation r = q * iq, one component each (the same products and order
    // as written out in one place; four calls instead of a four-double result, so nothing is allocated
    // on the per-body paths that use it)

    /** x of body {@code s}'s principal-to-world rotation {@code q * iq}. */
    public static double principalX(BodyStore b, int s) {
        return b.qw[s] * b.iqx[s] + b.qx[s] * b.iqw[s] + b.qy[s] * b.iqz[s] - b.qz[s] * b.iqy[s];
    }

    /** y of body {@code s}'s principal-to-world rotation {@code q * iq}. */
    public static double principalY(BodyStore b, int s) {
        return b.qw[s] * b.iqy[s] - b.qx[s] * b.iqz[s] + b.qy[s] * b.iqw[s] + b.qz[s] * b.iqx[s];
    }

    /** z of body {@code s}'s principal-to-world rotation {@code q * iq}. */
    public static double principalZ(BodyStore b, int s) {
        return b.qw[s] * b.iqz[s] + b.qx[s] * b.iqy[s] - b.qy[s] * b.iqx[s] + b.qz[s] * b.iqw[s];
    }

    /** w of body {@code s}'s principal-to-world rotation {@code q * iq}. */
    public static double principalW(BodyStore b, int s) {
        return b.qw[s] * b.iqw[s] - b.qx[s] * b.iqx[s] - b.qy[s] * b.iqy[s] - b.qz[s] * b.iqz[s];
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
