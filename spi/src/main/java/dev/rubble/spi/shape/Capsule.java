package dev.rubble.spi.shape;

/**
 * A capsule along the shape's y axis: a cylinder of the given radius and half height with a
 * hemisphere at each end; total length {@code 2 * (halfHeight + radius)}.
 */
public record Capsule(double radius, double halfHeight) implements Shape {

    /**
     * Validates the sizes: the radius finite and &gt; 0, the half height finite and ≥ 0 (0 is a sphere), else
     * an {@link IllegalArgumentException} naming the bad value.
     * @param radius the radius of the cylinder and caps, metres
     * @param halfHeight half the length of the core segment along y, metres
     */
    public Capsule {
        if (!(radius > 0) || Double.isInfinite(radius)) {
            throw new IllegalArgumentException("capsule radius = " + radius + "; allowed: finite, > 0");
        }
        if (!(halfHeight >= 0) || Double.isInfinite(halfHeight)) {
            throw new IllegalArgumentException("capsule halfHeight = " + halfHeight + "; allowed: finite, >= 0");
        }
    }

    @Override
    public ShapeType type() {
        return ShapeType.CAPSULE;
    }

    @Override
    public double volume() {
        return Math.PI * radius * radius * (2 * halfHeight + 4.0 / 3.0 * radius);
    }

    @Override
    public MassProperties massProperties(double density) {
        double r = radius, h = 2 * halfHeight;
        double mc = density * Math.PI * r * r * h;          // cylinder
        double mh = density * 2.0 / 3.0 * Math.PI * r * r * r; // one hemisphere
        double iy = mc * r * r / 2 + 2 * mh * 2.0 / 5.0 * r * r;
        // hemispheres about a transverse axis through the capsule centre: own (83/320 m r^2 about
        // their centre of mass) + parallel axis to distance h/2 + 3r/8.
        double d = h / 2 + 3 * r / 8;
        double ix = mc * (r * r / 4 + h * h / 12) + 2 * (mh * 83.0 / 320.0 * r * r + mh * d * d);
        return MassProperties.aligned(mc + 2 * mh, ix, iy, ix);
    }

    @Override
    public void bounds(double px, double py, double pz, double qx, double qy, double qz, double qw,
                       double[] out, int offset) {
        // the segment's world direction is R * (0, 1, 0) scaled by halfHeight
        double ax = 2 * (qx * qy - qw * qz) * halfHeight;
        double ay = (1 - 2 * (qx * qx + qz * qz)) * halfHeight;
        double az = 2 * (qy * qz + qw * qx) * halfHeight;
        double ex = Math.abs(ax) + radius, ey = Math.abs(ay) + radius, ez = Math.abs(az) + radius;
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

    @Override
    public double coreRadius() {
        return radius;
    }

    /** The core is the segment from (0, -halfHeight, 0) to (0, halfHeight, 0). */
    @Override
    public void support(double dx, double dy, double dz, double[] out, int offset) {
        out[offset] = 0;
        out[offset + 1] = dy < 0 ? -halfHeight : halfHeight;
        out[offset + 2] = 0;
    }

    /** The nearest entry among the infinite cylinder (kept where |y| &le; halfHeight) and the two end spheres. */
    @Override
    public double rayCast(double ox, double oy, double oz, double dx, double dy, double dz, double maxT,
                          double[] normalOut) {
        double cy = Math.max(-halfHeight, Math.min(halfHeight, oy));
        if (ox * ox + (oy - cy) * (oy - cy) + oz * oz <= radius * radius) {
            ShapeMath.negUnit(dx, dy, dz, normalOut);
            return 0;
        }
        double best = -1;
        int kind = 0;
        double a = dx * dx + dz * dz;
        double c = ox * ox + oz * oz - radius * radius;
        double b = ox * dx + oz * dz;
        if (a > 0 && c > 0 && b < 0) {
            double disc = b * b - a * c;
            if (disc >= 0) {
                double t = c / (-b + Math.sqrt(disc));
                double y = oy + t * dy;
                if (t <= maxT && y >= -halfHeight && y <= halfHeight) {
                    best = t;
                    kind = 1;
                }
            }
        }
        double t = ShapeMath.raySphere(ox, oy, oz, dx, dy, dz, 0, halfHeight, 0, radius);
        if (t >= 0 && t <= maxT && (best < 0 || t < best)) {
            best = t;
            kind = 2;
        }
        t = ShapeMath.raySphere(ox, oy, oz, dx, dy, dz, 0, -halfHeight, 0, radius);
        if (t >= 0 && t <= maxT && (best < 0 || t < best)) {
            best = t;
            kind = 3;
        }
        if (best < 0) {
            return -1;
        }
        double inv = 1 / radius;
        double hx = ox + best * dx, hy = oy + best * dy, hz = oz + best * dz;
        normalOut[0] = hx * inv;
        normalOut[1] = kind == 1 ? 0 : (hy - (kind == 2 ? halfHeight : -halfHeight)) * inv;
        normalOut[2] = hz * inv;
        return best;
    }
}
