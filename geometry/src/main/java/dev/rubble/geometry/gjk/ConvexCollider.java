package dev.rubble.geometry.gjk;

import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.PairCollider;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Shape;

/**
 * Any convex pair by GJK (core distance; separation = distance - radii) or, when the cores
 * overlap, EPA (penetration of the full shapes); then {@link ManifoldBuilder} clips the features
 * along the normal into up to 4 points, falling back to the single GJK/EPA witness point for
 * edge and vertex contacts. One instance per narrowphase; allocation-free per call.
 */
public final class ConvexCollider implements PairCollider {
    /** Feature id of a single closest-point contact. */
    public static final long SINGLE_POINT = 3L << 60;
    private final Gjk gjk = new Gjk();
    private final PosedShape sa = new PosedShape(), sb = new PosedShape();
    private final ManifoldBuilder builder = new ManifoldBuilder();

    @Override
    public void collide(Shape a, Pose poseA, Shape b, Pose poseB, double margin, ContactSink sink) {
        sa.set(a, poseA);
        sb.set(b, poseB);
        double ra = a.coreRadius(), rb = b.coreRadius();
        double sep, wx, wy, wz;
        double[] n = gjk.normal;
        if (gjk.distance(sa, sb)) {
            sep = gjk.distance - ra - rb;
            if (sep > margin) {
                return;
            }
            wx = gjk.pa[0] + ra * n[0];
            wy = gjk.pa[1] + ra * n[1];
            wz = gjk.pa[2] + ra * n[2];
        } else {
            gjk.penetration(sa, sb);
            // the full shapes are the cores grown by ra + rb, so with the cores overlapping the depth
            // is at least ra + rb; EPA on the curved surface expands an inscribed polytope and
            // comes out short of it (4-5 % for two spheres with coincident centres: issue 11)
            sep = -Math.max(gjk.distance, ra + rb);
            wx = gjk.pa[0];
            wy = gjk.pa[1];
            wz = gjk.pa[2];
        }
        double nx = n[0], ny = n[1], nz = n[2];
        builder.featureA(a, poseA, nx, ny, nz);
        builder.featureB(b, poseB, nx, ny, nz);
        if (builder.clip(nx, ny, nz, ra, rb, margin, sink, 0)) {
            return;
        }
        sink.beginManifold(nx, ny, nz, 0);
        sink.addPoint(wx, wy, wz, sep, SINGLE_POINT);
    }
}
