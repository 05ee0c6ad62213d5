package dev.rubble.geometry.gjk;

import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Shape;

/** A convex {@link Shape} at a {@link Pose} as a {@link SupportShape}; mutable scratch, reset with {@link #set}. */
public final class PosedShape implements SupportShape {
    private Shape shape;
    private Pose pose;
    private final double[] tmp = new double[6];

    /** Points this wrapper at a shape and pose (not copied); returns this. */
    public PosedShape set(Shape shape, Pose pose) {
        this.shape = shape;
        this.pose = pose;
        return this;
    }

    public Shape shape() {
        return shape;
    }

    public Pose pose() {
        return pose;
    }

    @Override
    public void support(double dx, double dy, double dz, double[] out, int o) {
        pose.inverseRotate(dx, dy, dz, tmp, 0);
        shape.support(tmp[0], tmp[1], tmp[2], tmp, 3);
        pose.toWorld(tmp[3], tmp[4], tmp[5], out, o);
    }

    @Override
    public double radius() {
        return shape.coreRadius();
    }
}
