package dev.rubble.spi.shape;

/** A sphere centred on the shape origin. */
public record Sphere(double radius) implements Shape {

    /**
     * Validates the radius: finite and &gt; 0, else an {@link IllegalArgumentException} naming the bad value.
     * @param radius the radius, metres
     */
    public Sphere {
        if (!(radius > 0) || Double.isInfinite(radius)) {
            throw new IllegalArgumentException("sphere radius = " + radius + "; allowed: finite, > 0");
        }
    }

    @Override
    public ShapeType type() {
        return ShapeType.SPHERE;
    }

    @Override
    public double volume() {
        return 4.0 / 3.0 * Math.PI * radius * radius * radius;
    }

    @Override
    public MassProperties massProperties(double density) {
        double m = density * volume();
        double i = 0.4 * m * radius * radius;
        return MassProperties.aligned(m, i, i, i);
    }

    @Override
    public void bounds(double px, double py, double pz, double qx, double qy, double qz, double qw,
                       double[] out, int offset) {
        out[offset] = px - radius;
        out[offset + 1] = py - radius;
        out[offset + 2] = pz - radius;
        out[offset + 3] = px + radius;
        out[offset + 4] = py + radius;
        out[offset + 5] = pz + radius;
    }

    @Override
    public boolean isConvex() {
        return true;
    }

    @Override
    public double coreRadius() {
        return radius;
    }

    /** The core is the centre point. */
    @Override
    public void support(double dx, double dy, double dz, double[] out, int offset) {
        out[offset] = 0;
        out[offset + 1] = 0;
        out[offset + 2] = 0;
    }

    @Override
    public double rayCast(double ox, double oy, double oz, double dx, double dy, double dz, double maxT,
                          double[] normalOut) {
        double t = ShapeMath.raySphere(ox, oy, oz, dx, dy, dz, 0, 0, 0, radius);
        if (t < 0 || t > maxT) {
            return -1;
        }
        if (t == 0) {
            ShapeMath.negUnit(dx, dy, dz, normalOut);
            return 0;
        }
        double inv = 1 / radius;
        normalOut[0] = (ox + t * dx) * inv;
        normalOut[1] = (oy + t * dy) * inv;
        normalOut[2] = (oz + t * dz) * inv;
        return t;
    }
}
