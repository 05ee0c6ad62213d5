package dev.rubble.spi.shape;

/**
 * A capsule along the shape's y axis: a cylinder of the given radius and half height with a
 * hemisphere at each end; total length {@code 2 * (halfHeight + radius)}.
 */
public record Capsule(double radius, double halfHeight) implements Shape {

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
}
