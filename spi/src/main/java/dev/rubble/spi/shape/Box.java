package dev.rubble.spi.shape;

/** A box centred on the shape origin, given by its half extents (metres). */
public record Box(double halfX, double halfY, double halfZ) implements Shape {

    /**
     * Validates the half extents: each finite and &gt; 0, else an {@link IllegalArgumentException} naming the
     * bad value.
     * @param halfX half the box's size along x, metres
     * @param halfY half the size along y, metres
     * @param halfZ half the size along z, metres
     */
    public Box {
        check("halfX", halfX);
        check("halfY", halfY);
        check("halfZ", halfZ);
    }

    private static void check(String name, double v) {
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException("box " + name + " = " + v + "; allowed: finite, > 0");
        }
    }

    @Override
    public ShapeType type() {
        return ShapeType.BOX;
    }

    @Override
    public double volume() {
        return 8 * halfX * halfY * halfZ;
    }

    @Override
    public MassProperties massProperties(double density) {
        double m = density * volume();
        double x2 = 4 * halfX * halfX;
        double y2 = 4 * halfY * halfY;
        double z2 = 4 * halfZ * halfZ;
        return MassProperties.aligned(m, m * (y2 + z2) / 12, m * (x2 + z2) / 12, m * (x2 + y2) / 12);
    }

    @Override
    public void bounds(double px, double py, double pz, double qx, double qy, double qz, double qw,
                       double[] out, int offset) {
        // |R| * h: the extent of a rotated box along each world axis.
        double xx = qx * qx, yy = qy * qy, zz = qz * qz;
        double xy = qx * qy, xz = qx * qz, yz = qy * qz, wx = qw * qx, wy = qw * qy, wz = qw * qz;
        double r00 = 1 - 2 * (yy + zz), r01 = 2 * (xy - wz), r02 = 2 * (xz + wy);
        double r10 = 2 * (xy + wz), r11 = 1 - 2 * (xx + zz), r12 = 2 * (yz - wx);
        double r20 = 2 * (xz - wy), r21 = 2 * (yz + wx), r22 = 1 - 2 * (xx + yy);
        double ex = Math.abs(r00) * halfX + Math.abs(r01) * halfY + Math.abs(r02) * halfZ;
        double ey = Math.abs(r10) * halfX + Math.abs(r11) * halfY + Math.abs(r12) * halfZ;
        double ez = Math.abs(r20) * halfX + Math.abs(r21) * halfY + Math.abs(r22) * halfZ;
        out[offset] = px - ex;
        out[offset + 1] = py - ey;
        out[offset + 2] = pz - ez;
        out[offset + 3] = px + ex;
        out[offset + 4] = py + ey;
        out[offset + 5] = pz + ez;
    }

    @Override
    public boolean isConvex() {
        return true;
    }

    /** The corner in the octant of the direction (ties towards +). */
    @Override
    public void support(double dx, double dy, double dz, double[] out, int offset) {
        out[offset] = dx < 0 ? -halfX : halfX;
        out[offset + 1] = dy < 0 ? -halfY : halfY;
        out[offset + 2] = dz < 0 ? -halfZ : halfZ;
    }

    /** Slab test (Kay and Kajiya): the entry fraction is the largest of the three slab entries. */
    @Override
    public double rayCast(double ox, double oy, double oz, double dx, double dy, double dz, double maxT,
                          double[] normalOut) {
        double tMin = 0, tMax = maxT;
        int axis = -1;
        double sign = 0;
        for (int i = 0; i < 3; i++) {
            double o = i == 0 ? ox : (i == 1 ? oy : oz);
            double d = i == 0 ? dx : (i == 1 ? dy : dz);
            double h = i == 0 ? halfX : (i == 1 ? halfY : halfZ);
            if (d == 0) {
                if (o < -h || o > h) {
                    return -1;
                }
                continue;
            }
            double t1 = (-h - o) / d, t2 = (h - o) / d;
            double s = -1;
            if (t1 > t2) {
                double tmp = t1;
                t1 = t2;
                t2 = tmp;
                s = 1;
            }
            if (t1 > tMin) {
                tMin = t1;
                axis = i;
                sign = s;
            }
            if (t2 < tMax) {
                tMax = t2;
            }
            if (tMin > tMax) {
                return -1;
            }
        }
        if (axis < 0) {
            ShapeMath.negUnit(dx, dy, dz, normalOut);
            return 0;
        }
        normalOut[0] = axis == 0 ? sign : 0;
        normalOut[1] = axis == 1 ? sign : 0;
        normalOut[2] = axis == 2 ? sign : 0;
        return tMin;
    }
}
