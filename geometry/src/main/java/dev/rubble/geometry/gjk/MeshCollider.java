package dev.rubble.geometry.gjk;

import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.LastManifolds;
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
 * Internal edges: a contact whose feature on the triangle is a smooth edge (shared with a
 * near-coplanar neighbour, {@link TriangleMesh#smoothEdge}) or a corner between two, and whose normal
 * is not the face's, becomes the face's contact (its normal the face's, B clipped against the
 * triangle; {@link #faceInstead}), as Jolt treats inactive edges. Before, a frictionless
 * sphere sliding at 8 m/s over a flat floor of 1 m triangles hit the edge ahead as a wall tilted up to
 * 45° (its normal from the edge to the centre), jumped 0.21 m and kept 31 % of its speed.
 * Allocation-free.
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
    private LastManifolds last; // the body pair's manifolds of last step, or null
    private Pose lastFrame;       // the pose whose frame last's normals are in
    private double lastSign;      // +1: last's normals point from the mesh to the convex shape; -1: the other way
    private final double[] prev = new double[3];

    /**
     * {@link #collide(Shape, Pose, Shape, Pose, double, ContactSink)} with the body pair's manifolds of its last step
     * (sub-key = triangle index), their normals in the frame of {@code frame}, pointing from the mesh to the convex shape
     * ({@code sign} +1) or from it to the mesh (-1): a triangle the convex shape touched last step keeps the side it
     * touched it from ({@link #visit}), when that normal lay clearly on one side ({@link #SIDE_COS}) and the new contact
     * is not a sharp edge's ({@link #sharp}).
     */
    public void collide(Shape a, Pose poseA, Shape b, Pose poseB, double margin, ContactSink sink,
                        LastManifolds last, Pose frame, double sign) {
        this.last = last;
        this.lastFrame = frame;
        this.lastSign = sign;
        try {
            collide(a, poseA, b, poseB, margin, sink);
        } finally {
            this.last = null;
            this.lastFrame = null;
        }
    }

    @Override
    public void collide(Shape a, Pose poseA, Shape b, Pose poseB, double margin, ContactSink sink) {
        mesh = (TriangleMesh) a;
        meshPose = poseA;
        other = b;
        otherPose = poseB;
        this.margin = margin;
        this.sink = sink;
        convex.set(b, poseB).boundsIn(poseA, box, 0);
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
        double fn = tmp[0] * nx + tmp[1] * ny + tmp[2] * nz;
        double side = lastSide(t, tmp[0], tmp[1], tmp[2]);
        int edges = -1; // the triangle's edges the witness lies on (edgesOf), found when needed
        if (side != 0 && side * fn < -SIDE_COS) {
            // it touched this triangle from the other side last step: it sank past the plane, it did not pass; unless
            // the contact is a sharp edge's, whose normal may lie on either side without the body crossing (sharp)
            edges = edgesOf(wx, wy, wz);
            if (!sharp(t, edges)) {
                return faceInstead(t, tmp[0], tmp[1], tmp[2], rb, side);
            }
        }
        if (Math.abs(fn) < FACE_NORMAL_COS) {
            edges = edges < 0 ? edgesOf(wx, wy, wz) : edges;
            if (edges != 0 && !sharp(t, edges)) { // only on smooth edges
                return faceInstead(t, tmp[0], tmp[1], tmp[2], rb, 0);
            }
        }
        double s = fn < 0 ? -1 : 1;
        builder.triangleA(tri.v, s * tmp[0], s * tmp[1], s * tmp[2], t);
        builder.featureB(other, otherPose, nx, ny, nz);
        if (!builder.clip(nx, ny, nz, 0, rb, margin, sink, t)) {
            sink.beginManifold(nx, ny, nz, t);
            sink.addPoint(wx, wy, wz, sep, ConvexCollider.SINGLE_POINT);
            builder.edgeFace(sink, t);
        }
        return true;
    }

    /**
     * A contact on a smooth edge of triangle t becomes the triangle's face contact (Jolt's inactive
     * edges: the contact normal is replaced by the face normal, not dropped): the normal is the face's,
     * turned towards the side of the face where the middle of B's extent along it lies, and B's feature
     * along it is clipped against the triangle, each point's separation its height over the face. What
     * lies beyond the triangle's edges is left to the neighbour's face. Before, the contact was dropped on
     * the assumption that the neighbour's face held the body; a 2 cm plank landing tilted across the
     * shared edge of two triangles had its closest feature on that edge in both (one apart, one
     * penetrated, the penetration resolved downwards), lost every contact and fell through the floor.
     * A sphere or a box sliding over the edge gets the same face contacts the neighbour gives it, so it
     * still slides without bumps. Returns true (visit on).
     */
    private boolean faceInstead(int t, double fx, double fy, double fz, double rb, double side) {
        double[] v = tri.v, q = support;
        convex.support(fx, fy, fz, q, 0);
        convex.support(-fx, -fy, -fz, q, 3);
        double plane = fx * v[0] + fy * v[1] + fz * v[2];
        double mid = 0.5 * (fx * (q[0] + q[3]) + fy * (q[1] + q[4]) + fz * (q[2] + q[5]));
        double s = side != 0 ? side : mid < plane ? -1 : 1;
        double nx = s * fx, ny = s * fy, nz = s * fz;
        double low = s > 0 ? fx * q[3] + fy * q[4] + fz * q[5] : fx * q[0] + fy * q[1] + fz * q[2];
        if (s * (low - plane) - rb > margin) {
            return true;
        }
        builder.triangleA(v, nx, ny, nz, t);
        builder.featureB(other, otherPose, nx, ny, nz);
        builder.clip(nx, ny, nz, 0, rb, margin, sink, t); // nothing over this triangle: the neighbour's face
        return true;
    }

    private final double[] support = new double[6];

    /**
     * The side of triangle t (face normal f, world) the convex shape touched it from in the pair's last step: +1 in front
     * (along f), -1 behind, 0 when the pair had no manifold with t then (or no last step was given).
     */
    private double lastSide(int t, double fx, double fy, double fz) {
        final LastManifolds l = last;
        if (l == null) {
            return 0;
        }
        int m = l.find(t);
        if (m < 0) {
            return 0;
        }
        lastFrame.rotate(l.nx(m), l.ny(m), l.nz(m), prev, 0);
        double d = lastSign * (prev[0] * fx + prev[1] * fy + prev[2] * fz);
        return d > SIDE_COS ? 1 : d < -SIDE_COS ? -1 : 0;
    }

    /**
     * A contact normal lies on a side of a triangle's plane ({@link #lastSide}, {@link #visit}) when its cosine with the
     * face normal is beyond this, about 6° off the plane; nearer the plane it is an edge's normal, which says nothing of
     * the side. fuzz17, seed 40997: a 2 t box resting on the fuzz's mesh slab's top over its edge touched the top row of
     * the side face's triangles at that edge with normals straight up, 0.006 to one side of the side face's plane in one
     * step and 0.001 to the other in the next; the flip made it the side face's contact, 0.78 m deep, and pushed the box
     * off the edge: +1 081 J in a step, then 80-210 J a step. Normals further off the plane flip at a sharp edge too
     * (seed 40469: 20° out, then 7° in), which {@link #sharp} keeps out.
     */
    private static final double SIDE_COS = 0.1;

    /**
     * The edges of the triangle in {@code tri.v} the point (on it, world frame) lies on: bit k for edge k (corner k to
     * k + 1), 0 inside the face; a corner is on its two edges.
     */
    private int edgesOf(double px, double py, double pz) {
        double[] v = tri.v;
        double e0x = v[3] - v[0], e0y = v[4] - v[1], e0z = v[5] - v[2];
        double e1x = v[6] - v[0], e1y = v[7] - v[1], e1z = v[8] - v[2];
        double qx = px - v[0], qy = py - v[1], qz = pz - v[2];
        double d00 = e0x * e0x + e0y * e0y + e0z * e0z, d01 = e0x * e1x + e0y * e1y + e0z * e1z;
        double d11 = e1x * e1x + e1y * e1y + e1z * e1z;
        double d20 = qx * e0x + qy * e0y + qz * e0z, d21 = qx * e1x + qy * e1y + qz * e1z;
        double den = d00 * d11 - d01 * d01;
        if (!(den > 0)) {
            return 0;
        }
        double b1 = (d11 * d20 - d01 * d21) / den, b2 = (d00 * d21 - d01 * d20) / den, b0 = 1 - b1 - b2;
        // the point is on edge k (corner k to k + 1) when the barycentric weight of the third corner is 0
        return (Math.abs(b2) <= EDGE_EPS ? 1 : 0) | (Math.abs(b0) <= EDGE_EPS ? 2 : 0) | (Math.abs(b1) <= EDGE_EPS ? 4 : 0);
    }

    /**
     * Whether one of the edges in {@code edges} ({@link #edgesOf}) of triangle t is not smooth: a boundary, a crease or
     * a non-manifold edge, whose contact is the edge's own. Such a contact's normal may point to either side of the
     * face's plane without the body having crossed it: a body resting on the top of a closed box-shaped mesh over its
     * edge touches the side face's top row of triangles at that edge from above, its normal up and a hair to either side.
     */
    private boolean sharp(int t, int edges) {
        for (int k = 0; k < 3; k++) {
            if ((edges & (1 << k)) != 0 && !mesh.smoothEdge(t, k)) {
                return true;
            }
        }
        return false;
    }

    /** A barycentric weight this close to 0 puts a witness point on the opposite edge. */
    private static final double EDGE_EPS = 1e-9;
    /** A contact normal this close to the face normal is the face's (nothing to drop). */
    private static final double FACE_NORMAL_COS = 1 - 1e-9;
}
