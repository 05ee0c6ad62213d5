package dev.rubble.spi.narrowphase;

import dev.rubble.spi.shape.ShapeMath;

/**
 * A mutable rigid transform (position + rotation, kept both as a unit quaternion and as a
 * row-major matrix) used as reusable scratch by narrowphases; not thread-safe. Callers fill it,
 * collision functions only read it.
 */
public final class Pose {
    /** Position, metres, world frame. */
    public double px, py, pz;
    /** Rotation, a unit quaternion (x, y, z, w); the identity by default. */
    public double qx, qy, qz, qw = 1;
    /** Row-major rotation matrix of the quaternion. */
    public final double[] r = {1, 0, 0, 0, 1, 0, 0, 0, 1};

    /**
     * Sets position (metres) and rotation (unit quaternion); returns this.
     * @param px the position's x, metres
     * @param py the position's y, metres
     * @param pz the position's z, metres
     * @param qx the rotation quaternion's x (unit quaternion)
     * @param qy the quaternion's y
     * @param qz the quaternion's z
     * @param qw the quaternion's w
     * @return this pose
     */
    public Pose set(double px, double py, double pz, double qx, double qy, double qz, double qw) {
        this.px = px;
        this.py = py;
        this.pz = pz;
        this.qx = qx;
        this.qy = qy;
        this.qz = qz;
        this.qw = qw;
        ShapeMath.quatToMatrix(qx, qy, qz, qw, r);
        return this;
    }

    /**
     * Sets this to {@code parent * (local position, local rotation)}; returns this.
     * @param parent the pose of the parent (e.g. a compound body)
     * @param lx the local position's x in the parent's frame, metres
     * @param ly the local position's y, metres
     * @param lz the local position's z, metres
     * @param lqx the local rotation's x (unit quaternion)
     * @param lqy the local rotation's y
     * @param lqz the local rotation's z
     * @param lqw the local rotation's w
     * @return this pose
     */
    public Pose setComposed(Pose parent, double lx, double ly, double lz, double lqx, double lqy, double lqz, double lqw) {
        double[] m = parent.r;
        double wx = parent.px + m[0] * lx + m[1] * ly + m[2] * lz;
        double wy = parent.py + m[3] * lx + m[4] * ly + m[5] * lz;
        double wz = parent.pz + m[6] * lx + m[7] * ly + m[8] * lz;
        double aw = parent.qw, ax = parent.qx, ay = parent.qy, az = parent.qz;
        return set(wx, wy, wz,
                aw * lqx + ax * lqw + ay * lqz - az * lqy,
                aw * lqy - ax * lqz + ay * lqw + az * lqx,
                aw * lqz + ax * lqy - ay * lqx + az * lqw,
                aw * lqw - ax * lqx - ay * lqy - az * lqz);
    }

    /**
     * World point of a local point into {@code out[o..o+3)}.
     * @param x the local point's x, metres
     * @param y the local point's y, metres
     * @param z the local point's z, metres
     * @param out receives the world point
     * @param o where in out the three values start
     */
    public void toWorld(double x, double y, double z, double[] out, int o) {
        out[o] = px + r[0] * x + r[1] * y + r[2] * z;
        out[o + 1] = py + r[3] * x + r[4] * y + r[5] * z;
        out[o + 2] = pz + r[6] * x + r[7] * y + r[8] * z;
    }

    /**
     * Local point of a world point into {@code out[o..o+3)}.
     * @param x the world point's x, metres
     * @param y the world point's y, metres
     * @param z the world point's z, metres
     * @param out receives the local point
     * @param o where in out the three values start
     */
    public void toLocal(double x, double y, double z, double[] out, int o) {
        x -= px;
        y -= py;
        z -= pz;
        out[o] = r[0] * x + r[3] * y + r[6] * z;
        out[o + 1] = r[1] * x + r[4] * y + r[7] * z;
        out[o + 2] = r[2] * x + r[5] * y + r[8] * z;
    }

    /**
     * World direction of a local direction.
     * @param x the local direction's x
     * @param y the local direction's y
     * @param z the local direction's z
     * @param out receives the world direction
     * @param o where in out the three values start
     */
    public void rotate(double x, double y, double z, double[] out, int o) {
        out[o] = r[0] * x + r[1] * y + r[2] * z;
        out[o + 1] = r[3] * x + r[4] * y + r[5] * z;
        out[o + 2] = r[6] * x + r[7] * y + r[8] * z;
    }

    /**
     * Local direction of a world direction.
     * @param x the world direction's x
     * @param y the world direction's y
     * @param z the world direction's z
     * @param out receives the local direction
     * @param o where in out the three values start
     */
    public void inverseRotate(double x, double y, double z, double[] out, int o) {
        out[o] = r[0] * x + r[3] * y + r[6] * z;
        out[o + 1] = r[1] * x + r[4] * y + r[7] * z;
        out[o + 2] = r[2] * x + r[5] * y + r[8] * z;
    }
}
