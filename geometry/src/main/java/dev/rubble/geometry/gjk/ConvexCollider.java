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

    /**
     * Relative slack of the separating-axis test: the gap along the hint must exceed the radii and
     * the margin by this much times (1 m + the coordinates' size) before the pair is declared apart
     * without GJK, far above the rounding of the supports and of GJK's own distance (a few 1e-16
     * relative), so the test never declares apart a pair GJK would give a contact.
     */
    static final double AXIS_SLACK = 1e-9;
    private final double[] axis = new double[6];

    @Override
    public void collide(Shape a, Pose poseA, Shape b, Pose poseB, double margin, ContactSink sink) {
        run(a, poseA, b, poseB, margin, sink, null, 0, 1, 0, 0);
    }

    /**
     * The hinted call (issue 27, item 2): a valid hint (last call's separating axis in A's frame)
     * is tested first with one support point of each shape; when the gap between the two supports
     * along it exceeds the radii, the margin and {@link #AXIS_SLACK}, the shapes are apart by more
     * than the margin (the distance between convex sets is at least their gap along any unit axis,
     * and GJK's computed distance is the length of a point of their difference), so nothing is
     * reported — exactly what GJK would conclude — and the hint is kept. Otherwise GJK runs as in
     * the unhinted call, and its normal becomes the hint when it finds the shapes farther apart than
     * the margin (invalid otherwise: a pair in contact does not pay for a test that fails).
     */
    @Override
    public void collide(Shape a, Pose poseA, Shape b, Pose poseB, double margin, ContactSink sink,
                        double[] hint, int offset) {
        if (hint[offset + 3] < 0) {
            // a warm start (PairCollider.WARM_START): the pair's last contact normal, A to B in A's
            // frame; GJK's first support direction, the same distance and normal to rounding
            poseA.rotate(hint[offset], hint[offset + 1], hint[offset + 2], axis, 0);
            run(a, poseA, b, poseB, margin, sink, hint, offset, axis[0], axis[1], axis[2]);
            return;
        }
        if (hint[offset + 3] > 0) {
            poseA.rotate(hint[offset], hint[offset + 1], hint[offset + 2], axis, 0);
            double nx = axis[0], ny = axis[1], nz = axis[2];
            double l2 = nx * nx + ny * ny + nz * nz;
            if (l2 > 0) {
                double inv = 1 / Math.sqrt(l2);
                nx *= inv;
                ny *= inv;
                nz *= inv;
                // A's farthest point along n, B's farthest along -n: the gap between them along n
                a.support(hint[offset], hint[offset + 1], hint[offset + 2], axis, 0);
                poseA.toWorld(axis[0], axis[1], axis[2], axis, 0);
                poseB.inverseRotate(-nx, -ny, -nz, axis, 3);
                b.support(axis[3], axis[4], axis[5], axis, 3);
                poseB.toWorld(axis[3], axis[4], axis[5], axis, 3);
                double hiA = nx * axis[0] + ny * axis[1] + nz * axis[2];
                double loB = nx * axis[3] + ny * axis[4] + nz * axis[5];
                double slack = AXIS_SLACK * (1 + Math.abs(hiA) + Math.abs(loB));
                if (loB - hiA > a.coreRadius() + b.coreRadius() + margin + slack) {
                    return;
                }
            }
        }
        run(a, poseA, b, poseB, margin, sink, hint, offset, 1, 0, 0);
    }

    private void run(Shape a, Pose poseA, Shape b, Pose poseB, double margin, ContactSink sink,
                     double[] hint, int offset, double startX, double startY, double startZ) {
        sa.set(a, poseA);
        sb.set(b, poseB);
        double ra = a.coreRadius(), rb = b.coreRadius();
        double sep, wx, wy, wz;
        double[] n = gjk.normal;
        if (hint != null) {
            hint[offset + 3] = 0;
        }
        // GJK may stop once the cores are proven apart by more than the radii and the margin (with a
        // slack far above the rounding of the supports, as the hint's test): then no contact, exactly
        // what the converged distance would give; its axis becomes the hint all the same
        double beyond = ra + rb + margin;
        beyond += AXIS_SLACK * (1 + Math.abs(poseA.px) + Math.abs(poseA.py) + Math.abs(poseA.pz)
                + Math.abs(poseB.px) + Math.abs(poseB.py) + Math.abs(poseB.pz) + beyond);
        if (gjk.distance(sa, sb, startX, startY, startZ, beyond)) {
            sep = gjk.distance - ra - rb;
            if (gjk.fartherThan || sep > margin) {
                if (hint != null) {
                    poseA.inverseRotate(n[0], n[1], n[2], hint, offset);
                    hint[offset + 3] = 1;
                }
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
        builder.edgeFace(sink, 0);
    }
}
