package dev.rubble.geometry.gjk;

import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Shape;

/**
 * Contact features of convex shapes: the face, segment or point of a shape farthest along a
 * direction. Box: the face whose axis is most aligned; hull: the most aligned face among those that hold
 * its farthest vertex ({@link ConvexHull#supportFace}: the most aligned face overall may miss it, and a
 * sliver on its corner then sank into the ground);
 * capsule: its whole segment at any angle (clipping against a reference face then keeps each end
 * within the margin, so a capsule landing on one end at speed also has a speculative point at the
 * other end, which its spin after the hit swings down: with the nearer end only, a capsule tilted
 * 26 degrees from upright passed through a 1 cm plate at 150 m/s); a capsule of half height 0 is
 * its centre; sphere: its centre. A box's or hull's vertices outside its feature
 * ({@link #otherVertex}) are what {@link ManifoldBuilder} adds for a fast pair, for the same reason as
 * the capsule's far end (docs/dynamics.md, "End-first impacts"). Scratch only; not thread-safe.
 */
public final class Features {
    /** Feature id of the last {@link #of} call (stable per shape feature). */
    public long id;
    private final double[] tmp = new double[3];
    private final double[] unusedNormal = new double[3];

    /** As {@link #of(Shape, Pose, double, double, double, double[], double[])} without the face normal. */
    public int of(Shape s, Pose p, double dx, double dy, double dz, double[] out) {
        return of(s, p, dx, dy, dz, out, unusedNormal);
    }

    /**
     * Writes the feature of {@code s} at {@code p} farthest along world direction {@code d} into
     * {@code out} (world points of the core, x, y, z each) and returns the point count; for a
     * polygon (3+ points, counter-clockwise seen from outside) also its outward unit normal into
     * {@code faceN}. Sets {@link #id}.
     */
    public int of(Shape s, Pose p, double dx, double dy, double dz, double[] out, double[] faceN) {
        p.inverseRotate(dx, dy, dz, tmp, 0);
        double lx = tmp[0], ly = tmp[1], lz = tmp[2];
        switch (s.type()) {
            case SPHERE -> {
                out[0] = p.px;
                out[1] = p.py;
                out[2] = p.pz;
                id = 0;
                return 1;
            }
            case CAPSULE -> {
                double h = ((Capsule) s).halfHeight();
                if (h > 0) {
                    // the whole segment, not only the nearer end when it stands within 60 degrees of
                    // the direction (docs/dynamics.md, "End-first impacts of capsules")
                    p.toWorld(0, -h, 0, out, 0);
                    p.toWorld(0, h, 0, out, 3);
                    id = 1;
                    return 2;
                }
                p.toWorld(0, 0, 0, out, 0);
                id = 2;
                return 1;
            }
            case BOX -> {
                Box b = (Box) s;
                double ax = Math.abs(lx), ay = Math.abs(ly), az = Math.abs(lz);
                int axis = ax >= ay && ax >= az ? 0 : (ay >= az ? 1 : 2);
                double sg = (axis == 0 ? lx : (axis == 1 ? ly : lz)) < 0 ? -1 : 1;
                double hx = b.halfX(), hy = b.halfY(), hz = b.halfZ();
                // corners of the face counter-clockwise seen from outside
                for (int k = 0; k < 4; k++) {
                    double u = (k == 0 || k == 3) ? -1 : 1;
                    double w = (k < 2) ? -1 : 1;
                    double x, y, z;
                    if (axis == 0) {
                        x = sg * hx; y = u * hy; z = sg * w * hz;
                    } else if (axis == 1) {
                        y = sg * hy; z = u * hz; x = sg * w * hx;
                    } else {
                        z = sg * hz; x = u * hx; y = sg * w * hy;
                    }
                    p.toWorld(x, y, z, out, 3 * k);
                }
                p.rotate(axis == 0 ? sg : 0, axis == 1 ? sg : 0, axis == 2 ? sg : 0, faceN, 0);
                id = 16 + 2 * axis + (sg > 0 ? 1 : 0);
                return 4;
            }
            case CONVEX_HULL -> {
                ConvexHull h = (ConvexHull) s;
                int f = h.supportFace(lx, ly, lz);
                int n = Math.min(h.faceSize(f), ManifoldBuilder.MAX);
                for (int k = 0; k < n; k++) {
                    int vi = h.faceVertex(f, k);
                    p.toWorld(h.vertex(vi, 0), h.vertex(vi, 1), h.vertex(vi, 2), out, 3 * k);
                }
                p.rotate(h.plane(f, 0), h.plane(f, 1), h.plane(f, 2), faceN, 0);
                id = 64 + f;
                return n;
            }
            default -> throw new IllegalArgumentException("no feature for shape type " + s.type());
        }
    }

    /** How many vertices {@link #otherVertex} numbers for {@code s}: a box's 8, a hull's; 0 for other shapes. */
    public static int vertexCount(Shape s) {
        return switch (s.type()) {
            case BOX -> 8;
            case CONVEX_HULL -> ((ConvexHull) s).vertexCount();
            default -> 0;
        };
    }

    /**
     * Writes vertex {@code i} of {@code s} at {@code p} (world) into {@code out} and returns true, or
     * returns false when that vertex belongs to the feature whose id {@link #of} gave as {@code featureId}.
     * Box vertex i has the signs of bits 0, 1, 2 on x, y, z.
     */
    public static boolean otherVertex(Shape s, Pose p, long featureId, int i, double[] out) {
        if (s.type() == dev.rubble.spi.shape.ShapeType.BOX) {
            Box b = (Box) s;
            int axis = (int) ((featureId - 16) >> 1);
            int bit = (i >> axis) & 1; // 1: the positive side on the face's axis
            if (bit == (int) (featureId & 1)) {
                return false;
            }
            p.toWorld((i & 1) == 0 ? -b.halfX() : b.halfX(), (i & 2) == 0 ? -b.halfY() : b.halfY(),
                    (i & 4) == 0 ? -b.halfZ() : b.halfZ(), out, 0);
            return true;
        }
        ConvexHull h = (ConvexHull) s;
        int f = (int) (featureId - 64);
        int n = Math.min(h.faceSize(f), ManifoldBuilder.MAX);
        for (int k = 0; k < n; k++) {
            if (h.faceVertex(f, k) == i) {
                return false;
            }
        }
        p.toWorld(h.vertex(i, 0), h.vertex(i, 1), h.vertex(i, 2), out, 0);
        return true;
    }
}
