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
 * height over the plane minus B's radius. Exact. Allocation-free.
 */
public final class PlaneCollider implements PairCollider {
    private final double[] tmp = new double[3];
    private final double[] p = new double[3 * 64], s = new double[64];
    private final long[] id = new long[64];
    private final boolean[] chosen = new boolean[64];
    private final double[] feat = new double[3 * 64];
    private final Features features = new Features();

    /**
     * Adds to the {@code m} points of hull {@code b}'s face {@code fid} its other vertices under the plane that do not
     * stand over the face (ManifoldBuilder's {@code sunk} vertices: a hull whose underside is
     * several faces meeting at a shallow ridge rests on the corners of both); returns the new count.
     */
    private int sunkVertices(int m, Shape b, Pose poseB, long fid, int count, double nx, double ny, double nz,
                             double off, double rb) {
        int vertices = Features.vertexCount(b);
        final double[] v = tmp;
        for (int i = 0; i < vertices && m < 64; i++) {
            if (!Features.otherVertex(b, poseB, fid, i, v)) {
                continue;
            }
            double h = nx * v[0] + ny * v[1] + nz * v[2] - off;
            if (h - rb > 0 || ManifoldBuilder.covers(feat, count, v[0], v[1], v[2], nx, ny, nz)) {
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
        if (m > 0 && count >= 3 && b.type() == ShapeType.CONVEX_HULL) {
            m = sunkVertices(m, b, poseB, fid, count, nx, ny, nz, off, rb);
        }
        if (m == 0) {
            return;
        }
        sink.beginManifold(nx, ny, nz, 0);
        if (m <= 4) {
            for (int k = 0; k < m; k++) {
                sink.addPoint(p[3 * k], p[3 * k + 1], p[3 * k + 2], s[k], id[k]);
            }
        } else {
            ManifoldBuilder.reduce(m, nx, ny, nz, p, s, id, chosen, sink);
        }
    }
}
