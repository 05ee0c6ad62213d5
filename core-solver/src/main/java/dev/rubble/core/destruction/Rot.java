package dev.rubble.core.destruction;

/** Rotation of a vector by a unit quaternion (v + 2w(u x v) + 2u x (u x v)), and by its inverse. */
final class Rot {
    private Rot() {
    }

    static double x(double ux, double uy, double uz, double w, double x, double y, double z) {
        double tx = 2 * (uy * z - uz * y), ty = 2 * (uz * x - ux * z), tz = 2 * (ux * y - uy * x);
        return x + w * tx + (uy * tz - uz * ty);
    }

    static double y(double ux, double uy, double uz, double w, double x, double y, double z) {
        double tx = 2 * (uy * z - uz * y), ty = 2 * (uz * x - ux * z), tz = 2 * (ux * y - uy * x);
        return y + w * ty + (uz * tx - ux * tz);
    }

    static double z(double ux, double uy, double uz, double w, double x, double y, double z) {
        double tx = 2 * (uy * z - uz * y), ty = 2 * (uz * x - ux * z), tz = 2 * (ux * y - uy * x);
        return z + w * tz + (ux * ty - uy * tx);
    }
}
