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

    /**
     * The shape's bounds at its pose, in {@code frame}'s axes about {@code frame}'s origin, into {@code out[o..o+6)} (min
     * x, y, z, max x, y, z): what to query a tree of shapes posed at {@code frame} (a mesh's triangles) with.
     */
    public void boundsIn(Pose frame, double[] out, int o) {
        frame.inverseRotate(pose.px - frame.px, pose.py - frame.py, pose.pz - frame.pz, tmp, 0);
        // conj(q_frame) q_pose
        double aw = frame.qw, ax = -frame.qx, ay = -frame.qy, az = -frame.qz;
        double bw = pose.qw, bx = pose.qx, by = pose.qy, bz = pose.qz;
        shape.bounds(tmp[0], tmp[1], tmp[2],
                aw * bx + ax * bw + ay * bz - az * by,
                aw * by - ax * bz + ay * bw + az * bx,
                aw * bz + ax * by - ay * bx + az * bw,
                aw * bw - ax * bx - ay * by - az * bz, out, o);
    }

    @Override
    public double radius() {
        return shape.coreRadius();
    }
}
