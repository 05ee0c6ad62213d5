package dev.rubble.spi.constraint;

/**
 * A constraint's two joint frames in world space at the start of a sub-step, filled by the kernel
 * before {@link ConstraintType#write} (and {@link ConstraintType#initialise}). Each body carries a
 * local frame (an anchor point and an orientation, given when the constraint is created); here they
 * are in world coordinates: anchor points {@code a*}, {@code b*} and the frames' axes as columns
 * ({@code frameA[0..2]} is frame A's x axis, {@code [3..5]} its y axis, {@code [6..8]} its z axis).
 * Body B may be the world (a fixed frame). Plain public fields: the kernel reuses one instance.
 */
public final class ConstraintFrame {
    /** World anchor of body A's frame (metres). */
    public double ax, ay, az;
    /** World anchor of body B's frame (metres). */
    public double bx, by, bz;
    /** Axes of frame A (columns x, y, z), world frame. */
    public final double[] frameA = new double[9];
    /** Axes of frame B (columns x, y, z), world frame. */
    public final double[] frameB = new double[9];
    /**
     * The rotation from frame A to frame B as a rotation vector {@code θ u} (world frame, radians,
     * |θ| &le; π): zero when the frames are aligned.
     */
    public double rx, ry, rz;
    /** The sub-step (seconds). */
    public double h;

    /**
     * The anchors' distance |b - a| (metres).
     * @return the distance between the two anchors in metres, ≥ 0
     */
    public double distance() {
        double dx = bx - ax, dy = by - ay, dz = bz - az;
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /**
     * The angle (radians, in (-π, π]) of frame B about frame A's x axis: the angle from A's y axis to
     * B's y axis projected on the plane normal to A's x axis (a hinge's angle).
     * @return the twist angle in radians, in (-π, π]
     */
    public double twistAboutAx() {
        double[] fa = frameA, fb = frameB;
        // B's y axis in A's (y, z) coordinates
        double yb0 = fb[3], yb1 = fb[4], yb2 = fb[5];
        double cy = yb0 * fa[3] + yb1 * fa[4] + yb2 * fa[5];
        double cz = yb0 * fa[6] + yb1 * fa[7] + yb2 * fa[8];
        if (cy * cy + cz * cz < 1e-24) { // B's y axis along the hinge axis: use its z axis, a quarter turn on
            double zb0 = fb[6], zb1 = fb[7], zb2 = fb[8];
            double zy = zb0 * fa[3] + zb1 * fa[4] + zb2 * fa[5];
            double zz = zb0 * fa[6] + zb1 * fa[7] + zb2 * fa[8];
            return StrictMath.atan2(-zy, zz);
        }
        return StrictMath.atan2(cz, cy);
    }
}
