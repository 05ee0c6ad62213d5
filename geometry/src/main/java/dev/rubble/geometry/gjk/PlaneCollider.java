package dev.rubble.geometry.gjk;

import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.PairCollider;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Plane;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.ShapeType;

/**
 * Plane (A) against any convex shape (B): the normal is the plane's; B's feature facing the plane
 * (face polygon, capsule segment or end, sphere centre) gives up to 4 points, each with its own
 * height over the plane minus B's radius. A fast pair ({@link ManifoldBuilder#FAST_MARGIN}) with a box or hull also
 * gets the manifold of its other vertices within the margin (sub-key {@link ManifoldBuilder#WHIP_KEY}), as a face
 * contact of the same pair with a box has. Exact. Allocation-free.
 */
public final class PlaneCollider implements PairCollider {
    private final double[] tmp = new double[3];
    private final double[] p = new double[3 * 64], s = new double[64];
    private final long[] id = new long[64];
    private final boolean[] chosen = new boolean[64];
    private final double[] feat = new double[3 * 64];
    private final Features features = new Features();

    /**
     * Writes from index {@code m} the vertices of box or hull {@code b} outside its feature {@code fid} (the
     * {@code count} points in {@code feat}) within {@code limit} of the plane that do not stand over the feature;
     * returns the new count. With limit 0, a slow pair's hull: ManifoldBuilder's {@code sunk} vertices (a hull whose
     * underside is several faces meeting at a shallow ridge rests on the corners of both), added to the feature's own
     * manifold. With the speculative margin, a fast pair's far vertices (ManifoldBuilder's {@code whip} vertices,
     * fuzz16): a hull tumbling onto a plane turns about the feature that meets it and swings its other corners down
     * within the step, and with the feature's points only a corner 2.2 cm up went 1.4 cm into the plane in one
     * 0.05 s step (docs/dynamics.md "Fast turns", "Planes").
     */
    private int otherVertices(int m, Shape b, Pose poseB, long fid, int count, double nx, double ny, double nz,
                              double off, double rb, double limit) {
        int vertices = Features.vertexCount(b);
        final double[] v = tmp;
        for (int i = 0; i < vertices && m < 64; i++) {
            if (!Features.otherVertex(b, poseB, fid, i, v)) {
                continue;
            }
            double h = nx * v[0] + ny * v[1] + nz * v[2] - off;
            if (h - rb > limit || ManifoldBuilder.covers(feat, count, v[0], v[1], v[2], nx, ny, nz)) {
                continue;
            }
            p[3 * m] = v[0] - h * nx;
            p[3 * m + 1] = v[1] - h * ny;
            p[3 * m + 2] = v[2] - h * nz;
            s[m] = h - rb;
            id[m] = OTHER_VERTEX | (fid << 24) | i;
            m++;
        }
        return m;
    }

    /** Feature-id tag of a point at a hull vertex outside the face (its index in the low 24 bits). */
    private static final long OTHER_VERTEX = 1L << 61;

    @Override
    public void collide(Shape a, Pose poseA, Shape b, Pose poseB, double margin, ContactSink sink) {
        Plane pl = (Plane) a;
        poseA.rotate(pl.nx(), pl.ny(), pl.nz(), tmp, 0);
        double nx = tmp[0], ny = tmp[1], nz = tmp[2];
        double off = pl.offset() + nx * poseA.px + ny * poseA.py + nz * poseA.pz;
        double rb = b.coreRadius();
        int count = features.of(b, poseB, -nx, -ny, -nz, feat);
        long fid = features.id;
        int m = 0;
        for (int k = 0; k < count; k++) {
            double qx = feat[3 * k], qy = feat[3 * k + 1], qz = feat[3 * k + 2];
            double h = nx * qx + ny * qy + nz * qz - off;
            double sep = h - rb;
            if (sep > margin) {
                continue;
            }
            p[3 * m] = qx - h * nx;
            p[3 * m + 1] = qy - h * ny;
            p[3 * m + 2] = qz - h * nz;
            s[m] = sep;
            id[m] = (fid << 8) | k;
            m++;
        }
        // a fast pair's other vertices get a manifold of their own (ManifoldBuilder.FAST_MARGIN), as a box's do
        boolean fast = margin > ManifoldBuilder.FAST_MARGIN
                && (b.type() == ShapeType.BOX || b.type() == ShapeType.CONVEX_HULL);
        if (m > 0 && !fast && count >= 3 && b.type() == ShapeType.CONVEX_HULL) {
            m = otherVertices(m, b, poseB, fid, count, nx, ny, nz, off, rb, 0);
        }
        if (m == 0) {
            return;
        }
        emit(m, nx, ny, nz, 0, sink);
        if (fast) {
            emit(otherVertices(0, b, poseB, fid, count, nx, ny, nz, off, rb, margin), nx, ny, nz,
                    ManifoldBuilder.WHIP_KEY, sink);
        }
    }

    private void emit(int m, double nx, double ny, double nz, long subKey, ContactSink sink) {
        if (m == 0) {
            return;
        }
        sink.beginManifold(nx, ny, nz, subKey);
        if (m <= 4) {
            for (int k = 0; k < m; k++) {
                sink.addPoint(p[3 * k], p[3 * k + 1], p[3 * k + 2], s[k], id[k]);
            }
        } else {
            ManifoldBuilder.reduce(m, nx, ny, nz, p, s, id, chosen, sink);
        }
    }
}
