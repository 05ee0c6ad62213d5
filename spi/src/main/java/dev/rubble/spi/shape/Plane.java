package dev.rubble.spi.shape;

/**
 * A static ground half-space: the points {@code x} with {@code n·x <= offset} in the shape frame
 * (n is normalised on construction). Static bodies only (no mass). Its bounds are finite for the
 * broadphase: a cube of half size {@link #EXTENT} around the body origin, cut at the surface when the
 * world normal is along an axis (a surface beyond the cube: the slab {@link #EXTENT} deep behind it).
 */
public record Plane(double nx, double ny, double nz, double offset) implements Shape {
    /** Half size of the plane's bounding box, metres. */
    public static final double EXTENT = 1e5;

    /**
     * Normalises the normal and validates it (finite, non-zero) and the offset (finite); anything else is an
     * {@link IllegalArgumentException} naming the bad value.
     * @param nx the outward normal's x (any non-zero length)
     * @param ny the normal's y
     * @param nz the normal's z
     * @param offset the plane's offset along the normalised normal, metres
     */
    public Plane {
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (!(len > 0) || !Double.isFinite(len)) {
            throw new IllegalArgumentException("plane normal = (" + nx + ", " + ny + ", " + nz
                    + "); allowed: finite, non-zero");
        }
        if (!Double.isFinite(offset)) {
            throw new IllegalArgumentException("plane offset = " + offset + "; allowed: finite");
        }
        nx /= len;
        ny /= len;
        nz /= len;
    }

    @Override
    public ShapeType type() {
        return ShapeType.PLANE;
    }

    @Override
    public double volume() {
        return 0;
    }

    @Override
    public MassProperties massProperties(double density) {
        throw new IllegalStateException("a plane is static only and has no mass properties");
    }

    @Override
    public void bounds(double px, double py, double pz, double qx, double qy, double qz, double qw,
                       double[] out, int offset) {
        double tx = 2 * (qy * nz - qz * ny), ty = 2 * (qz * nx - qx * nz), tz = 2 * (qx * ny - qy * nx);
        double w0 = nx + qw * tx + (qy * tz - qz * ty);
        double w1 = ny + qw * ty + (qz * tx - qx * tz);
        double w2 = nz + qw * tz + (qx * ty - qy * tx);
        for (int k = 0; k < 3; k++) {
            double pk = k == 0 ? px : (k == 1 ? py : pz);
            double wk = k == 0 ? w0 : (k == 1 ? w1 : w2);
            double o = k == 0 ? w1 : (k == 1 ? w2 : w0), q = k == 0 ? w2 : (k == 1 ? w0 : w1);
            out[offset + k] = pk - EXTENT;
            out[offset + 3 + k] = pk + EXTENT;
            if (o == 0 && q == 0) {
                double surface = pk + wk * this.offset;
                // a surface beyond the cube (|offset| > EXTENT) keeps the box a box: it reaches EXTENT past the
                // surface instead (an offset of -1e9 gave min > max, and the grid broadphase indexed cell -2^31)
                if (wk > 0) {
                    out[offset + 3 + k] = surface;
                    if (surface < out[offset + k]) {
                        out[offset + k] = surface - EXTENT;
                    }
                } else {
                    out[offset + k] = surface;
                    if (surface > out[offset + 3 + k]) {
                        out[offset + 3 + k] = surface + EXTENT;
                    }
                }
            }
        }
    }

    @Override
    public double rayCast(double ox, double oy, double oz, double dx, double dy, double dz, double maxT,
                          double[] normalOut) {
        double dist = nx * ox + ny * oy + nz * oz - offset;
        if (dist <= 0) {
            ShapeMath.negUnit(dx, dy, dz, normalOut);
            return 0;
        }
        double den = nx * dx + ny * dy + nz * dz;
        if (den >= 0) {
            return -1;
        }
        double t = -dist / den;
        if (t > maxT) {
            return -1;
        }
        normalOut[0] = nx;
        normalOut[1] = ny;
        normalOut[2] = nz;
        return t;
    }
}
