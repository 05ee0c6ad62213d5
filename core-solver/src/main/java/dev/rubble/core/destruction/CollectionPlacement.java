package dev.rubble.core.destruction;

import java.util.Objects;

/**
 * Where and how a collection enters a world. Immutable.
 *
 * @param label       a user name (may be null)
 * @param x           position of the collection frame's origin, m
 * @param qx          orientation of the collection frame (normalised)
 * @param vx          linear velocity of the centre of mass, m/s
 * @param wx          angular velocity, rad/s
 * @param state       how the intact body starts
 * @param anchorNodes asset node ids to anchor (in addition to the asset's own anchors); validated
 *                    against the asset when placed
 * @param anchorBoxes boxes in the collection frame, 6 per box (min x, y, z, max x, y, z): every
 *                    leaf whose centre of mass lies inside one is anchored
 * @param options     destruction options
 */
public record CollectionPlacement(String label, double x, double y, double z, double qx, double qy, double qz,
                                  double qw, double vx, double vy, double vz, double wx, double wy, double wz,
                                  PlacementState state, int[] anchorNodes, double[] anchorBoxes,
                                  DestructionOptions options) {

    public CollectionPlacement {
        Objects.requireNonNull(state, "state is null");
        Objects.requireNonNull(options, "options is null");
        anchorNodes = anchorNodes == null ? new int[0] : anchorNodes.clone();
        anchorBoxes = anchorBoxes == null ? new double[0] : anchorBoxes.clone();
        double[] all = {x, y, z, qx, qy, qz, qw, vx, vy, vz, wx, wy, wz};
        for (double d : all) {
            if (!Double.isFinite(d)) {
                throw new IllegalArgumentException("collection pose/velocity has a non-finite component " + d
                        + "; allowed: finite numbers");
            }
        }
        double len2 = qx * qx + qy * qy + qz * qz + qw * qw;
        if (len2 < 1e-12) {
            throw new IllegalArgumentException("collection orientation has zero length; allowed: a non-zero quaternion");
        }
        if (Double.isInfinite(len2)) { // normalising would give (0, 0, 0, 0)
            throw new IllegalArgumentException("collection orientation = [" + qx + ", " + qy + ", " + qz + ", " + qw
                    + "] is too long to normalise; allowed: a quaternion of length below 1e154");
        }
        if (anchorBoxes.length % 6 != 0) {
            throw new IllegalArgumentException("anchor boxes length = " + anchorBoxes.length
                    + "; allowed: 6 numbers per box (min x, y, z, max x, y, z)");
        }
        for (int i = 0; i < anchorBoxes.length; i++) {
            if (!Double.isFinite(anchorBoxes[i])) {
                throw new IllegalArgumentException("anchor box value " + anchorBoxes[i] + "; allowed: finite");
            }
        }
    }

    /** A dynamic collection at rest at {@code (x, y, z)}, unrotated, with default options. */
    public static CollectionPlacement at(double x, double y, double z) {
        return new CollectionPlacement(null, x, y, z, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, PlacementState.DYNAMIC,
                null, null, DestructionOptions.defaults());
    }

    public CollectionPlacement withOrientation(double rx, double ry, double rz, double rw) {
        return new CollectionPlacement(label, x, y, z, rx, ry, rz, rw, vx, vy, vz, wx, wy, wz, state, anchorNodes,
                anchorBoxes, options);
    }

    public CollectionPlacement withVelocity(double lx, double ly, double lz, double ax, double ay, double az) {
        return new CollectionPlacement(label, x, y, z, qx, qy, qz, qw, lx, ly, lz, ax, ay, az, state, anchorNodes,
                anchorBoxes, options);
    }

    public CollectionPlacement withState(PlacementState s) {
        return new CollectionPlacement(label, x, y, z, qx, qy, qz, qw, vx, vy, vz, wx, wy, wz, s, anchorNodes,
                anchorBoxes, options);
    }

    public CollectionPlacement withAnchors(int[] nodes, double[] boxes) {
        return new CollectionPlacement(label, x, y, z, qx, qy, qz, qw, vx, vy, vz, wx, wy, wz, state, nodes, boxes,
                options);
    }

    public CollectionPlacement withOptions(DestructionOptions o) {
        return new CollectionPlacement(label, x, y, z, qx, qy, qz, qw, vx, vy, vz, wx, wy, wz, state, anchorNodes,
                anchorBoxes, o);
    }

    public CollectionPlacement withLabel(String l) {
        return new CollectionPlacement(l, x, y, z, qx, qy, qz, qw, vx, vy, vz, wx, wy, wz, state, anchorNodes,
                anchorBoxes, options);
    }
}
