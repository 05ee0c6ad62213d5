package dev.rubble.spi.shape;

/** A sphere centred on the shape origin. */
public record Sphere(double radius) implements Shape {

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
}
