package dev.rubble.geometry.gjk;

import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.PairCollider;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.AabbTree;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.TriangleMesh;

/**
 * Triangle mesh (A) against a convex shape (B): the convex shape's bounds, taken into the mesh frame
 * and grown by the margin, select triangles through the mesh's BVH; each triangle is a convex set
 * for GJK/EPA, and its manifold is clipped against the triangle face (two-sided: the face normal
 * is flipped towards B). One manifold per touching triangle, sub-key = triangle index.
 * Internal-edge ("ghost") contacts between adjacent triangles are not filtered. Allocation-free.
 */
public final class MeshCollider implements PairCollider, AabbTree.Visitor {
    private final Gjk gjk = new Gjk();
    private final Triangle tri = new Triangle();
    private final PosedShape convex = new PosedShape();
    private final ManifoldBuilder builder = new ManifoldBuilder();
    private final double[] box = new double[6];
    private final double[] tmp = new double[3];
    private TriangleMesh mesh;
    private Pose meshPose;
    private Shape other;
    private Pose otherPose;
    private double margin;
    private ContactSink sink;

    @Override
    public void collide(Shape a, Pose poseA, Shape b, Pose poseB, double margin, ContactSink sink) {
        mesh = (TriangleMesh) a;
        meshPose = poseA;
        other = b;
        otherPose = poseB;
        this.margin = margin;
        this.sink = sink;
        convex.set(b, poseB);
        poseA.inverseRotate(poseB.px - poseA.px, poseB.py - poseA.py, poseB.pz - poseA.pz, tmp, 0);
        double aw = poseA.qw, ax = -poseA.qx, ay = -poseA.qy, az = -poseA.qz;
        double bw = poseB.qw, bx = poseB.qx, by = poseB.qy, bz = poseB.qz;
        b.bounds(tmp[0], tmp[1], tmp[2],
                aw * bx + ax * bw + ay * bz - az * by,
                aw * by - ax * bz + ay * bw + az * bx,
                aw * bz + ax * by - ay * bx + az * bw,
                aw * bw - ax * bx - ay * by - az * bz, box, 0);
        mesh.tree().query(box[0] - margin, box[1] - margin, box[2] - margin,
                box[3] + margin, box[4] + margin, box[5] + margin, this);
        this.sink = null;
    }

    @Override
    public boolean visit(int t) {
        for (int c = 0; c < 3; c++) {
            meshPose.toWorld(mesh.corner(t, c, 0), mesh.corner(t, c, 1), mesh.corner(t, c, 2), tri.v, 3 * c);
        }
        double rb = other.coreRadius();
        double sep, wx, wy, wz;
        double[] n = gjk.normal;
        if (gjk.distance(tri, convex)) {
            sep = gjk.distance - rb;
            if (sep > margin) {
                return true;
            }
            wx = gjk.pa[0];
            wy = gjk.pa[1];
            wz = gjk.pa[2];
        } else {
            gjk.penetration(tri, convex);
            sep = -gjk.distance;
            wx = gjk.pa[0];
            wy = gjk.pa[1];
            wz = gjk.pa[2];
        }
        double nx = n[0], ny = n[1], nz = n[2];
        meshPose.rotate(mesh.normal(t, 0), mesh.normal(t, 1), mesh.normal(t, 2), tmp, 0);
        double s = tmp[0] * nx + tmp[1] * ny + tmp[2] * nz < 0 ? -1 : 1;
        builder.triangleA(tri.v, s * tmp[0], s * tmp[1], s * tmp[2], t);
        builder.featureB(other, otherPose, nx, ny, nz);
        if (!builder.clip(nx, ny, nz, 0, rb, margin, sink, t)) {
            sink.beginManifold(nx, ny, nz, t);
            sink.addPoint(wx, wy, wz, sep, ConvexCollider.SINGLE_POINT);
        }
        return true;
    }
}
