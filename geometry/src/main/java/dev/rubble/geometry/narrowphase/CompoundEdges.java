package dev.rubble.geometry.narrowphase;

import dev.rubble.geometry.gjk.Features;
import dev.rubble.geometry.gjk.ManifoldBuilder;
import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.AabbTree;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.ShapeMath;
import dev.rubble.spi.shape.ShapeType;
import dev.rubble.spi.shape.TriangleMesh;

/**
 * Smooth internal edges of a compound: a post-pass over the manifolds one body pair gets from the
 * children of one compound (docs/dynamics.md, "Internal compound edges"), in the spirit of Jolt's
 * {@code InternalEdgeRemovingCollector} ({@code mEnhancedInternalEdgeRemoval}).
 *
 * <p>Two children placed flush (two floor tiles, the pieces of an intact geometry collection) collide
 * as two convex shapes: a body crossing their seam meets the top edge of the child it leaves or enters
 * (a closest-point normal tilted towards it, a wall for a speculative contact) or the child's side face
 * that is buried against its neighbour (the SAT's least-penetration axis). Neither feature is on the
 * compound's surface. The pass buffers the pair's manifolds, and when they do not all share one normal,
 * it classifies each manifold on a box or hull child by the child's feature along the contact normal
 * (outward from the compound), and each on a sphere or capsule child by where it lies:
 * <ul>
 *   <li><b>face</b>: that feature is a face whose normal is the contact normal (to 1e-9); it is
 *       <b>buried</b> when every compound-side witness point lies on the surface of another child (to
 *       {@link #TOL}: a flush neighbour, not one it overlaps) and, moved {@link #STEP} out along the normal,
 *       in that child. A manifold whose normal lies within {@link ManifoldBuilder#FACE_COS} of the face (the
 *       clipping's face contact with the other shape's face as the reference: a body tilted by a little, its
 *       normal not quite the child's) is buried by the same test; before, it was an edge manifold, and its
 *       witness points, on the buried side face below the surface by the body's penetration, were not on the
 *       face continuing the surface, so it was kept: a cube sliding with friction 0.3 over a box tile onto a
 *       flush hull tile, tilted by 1e-4 rad, met that face as a wall and tripped over the seam;</li>
 *   <li><b>edge</b>: otherwise (an edge or a vertex of the child); it is <b>internal</b> when every
 *       compound-side witness point lies on the surface of another child (to {@link #TOL}): the flush
 *       neighbour covers it;</li>
 *   <li><b>round</b> (a sphere or capsule child, which has no face to continue): <b>hidden</b> when every
 *       compound-side witness point lies in or on another child and, moved {@link #STEP} out along the
 *       normal, still in it (to {@link #TOL}). That child is then nearer the other shape than this one, so
 *       its own manifold holds the other shape, and a hidden manifold is dropped: a capsule buried in a seam
 *       with its top line flush with the tiles, whose surface curving away under a body's edge gave a contact
 *       tilted towards it. A round child standing out of the surface (its witness outside every other child)
 *       or meeting it in a crease (the witness on a neighbour's surface, the step out of it) is kept.</li>
 * </ul>
 * A buried face manifold or an internal edge manifold of child j is replaced when another child i shows
 * where the compound's surface is (the evidence, the first in the pair's order): a manifold of child i that
 * is a face manifold not buried, or an edge manifold whose normal lies within {@link ManifoldBuilder#FACE_COS}
 * of child i's face (a tilted body whose own face was the clipping's reference), with that face's normal
 * {@code m}; child j's face along {@code m} must lie within 5&deg; of it ({@link TriangleMesh#SMOOTH_EDGE_COS},
 * as a mesh's smooth edges) and meet child i's face along the seam: each witness point as deep under the
 * one as under the other, to {@link #TOL} (for an edge manifold, on the face). The replacement is that
 * face's contact: normal the face's, the other shape's feature clipped against the face, as a mesh's
 * smooth edge ({@code MeshCollider}); nothing when the other shape is not over that face (the neighbour's
 * face holds it). Without such evidence a manifold is kept as it was, and a pair whose manifolds share one
 * normal (a box resting across a seam) is emitted untouched, as is a pair of one manifold.
 *
 * <p>Applies to one side's compound of several children; the other shape is a convex shape, a triangle mesh
 * or a compound, whose child (or triangle) in each manifold, named by the other half of the sub-key, is what a
 * replacement clips. When both sides have several children (a chunk against a chunk) {@link DispatchTable}
 * chains two passes, A's seams then B's. The kernel's {@code BodySeams} runs the same pass over a dynamic body's
 * manifolds against several static bodies, as the children of a compound it assembles from them (docs/dynamics.md,
 * "Seams between separate bodies"). Deterministic
 * (the pair's order, no hashing); allocation-free once its buffers have grown. Not thread-safe.
 */
public final class CompoundEdges implements ContactSink, AabbTree.Visitor {
    /** Distance to a child's surface within which a point counts as on it or in it, metres. */
    static final double TOL = 1e-5;
    /** How far a buried face's witness is moved out along its normal before the inside test, metres. */
    static final double STEP = 1e-4;
    /**
     * A replacement face whose normal makes a cosine below this with the contact normal (more than ~96&deg;) is
     * turned away from the contact: a buried face is at 90&deg; to the surface it is replaced by, an edge's
     * normal leans towards it. Such a face is coplanar with the evidence's only by lying across the child from
     * the contact (a piece in a socket, touching the child at a seam on its far side), and replacing by it
     * turned a touching contact into one a metre deep.
     */
    private static final double AGAINST = -0.1;
    /** A contact normal this close to a child's face normal is that face's. */
    private static final double FACE_NORMAL_COS = 1 - 1e-9;

    private ContactSink target;
    private Compound compound;
    private Pose compoundPose;
    private boolean compoundIsA;
    private Shape other;
    private Pose otherPose;
    private double margin;

    // the buffered manifolds: normal, sub-key, first point, point count; points: A's witness, separation, feature
    private int manifolds, points;
    private double[] normal = new double[3 * 8];
    private long[] key = new long[8];
    private int[] first = new int[8], count = new int[8];
    private double[] point = new double[4 * 32];
    private long[] feature = new long[32];
    // per manifold of the pass: child, kind, whether it shows the surface, its child's face, the replacement face
    private int[] child = new int[8], kind = new int[8];
    private boolean[] evidence = new boolean[8];
    private double[] face = new double[3 * 8], faceD = new double[8], replacement = new double[3 * 8];
    private static final int OTHER = 0, FACE = 1, BURIED = 2, EDGE = 3, REPLACED = 4, HIDDEN = 5;

    private final Features features = new Features();
    // a feature's points: Features caps a face at ManifoldBuilder's 64 points
    private final ManifoldBuilder builder = new ManifoldBuilder();
    private final double[] poly = new double[3 * 64], faceN = new double[3], triangle = new double[9];
    private final double[] tmp = new double[3], local = new double[3];
    private final Pose childPose = new Pose(), leafPose = new Pose();
    // the neighbour query: the witness and the stepped point in the compound frame, the child to skip, the answer
    private double qx, qy, qz, sx, sy, sz;
    private boolean stepped, within;
    private int skip;
    private boolean inside;

    /**
     * Starts buffering a body pair's manifolds.
     * @param target where the manifolds go at {@link #finish}
     * @param c the compound of several children
     * @param cPose its pose
     * @param cIsA whether it is the pair's A
     * @param o the other shape (a convex shape, a triangle mesh or a compound)
     * @param oPose its pose
     * @param margin the pair's speculative margin, metres
     */
    public void begin(ContactSink target, Compound c, Pose cPose, boolean cIsA, Shape o, Pose oPose, double margin) {
        this.target = target;
        this.compound = c;
        this.compoundPose = cPose;
        this.compoundIsA = cIsA;
        this.other = o;
        this.otherPose = oPose;
        this.margin = margin;
        manifolds = 0;
        points = 0;
    }

    @Override
    public void beginManifold(double nx, double ny, double nz, long subKey) {
        if (manifolds == key.length) {
            int n = 2 * manifolds;
            normal = java.util.Arrays.copyOf(normal, 3 * n);
            key = java.util.Arrays.copyOf(key, n);
            first = java.util.Arrays.copyOf(first, n);
            count = java.util.Arrays.copyOf(count, n);
            child = java.util.Arrays.copyOf(child, n);
            kind = java.util.Arrays.copyOf(kind, n);
            face = java.util.Arrays.copyOf(face, 3 * n);
            replacement = java.util.Arrays.copyOf(replacement, 3 * n);
            evidence = java.util.Arrays.copyOf(evidence, n);
            faceD = java.util.Arrays.copyOf(faceD, n);
        }
        int m = manifolds++;
        normal[3 * m] = nx;
        normal[3 * m + 1] = ny;
        normal[3 * m + 2] = nz;
        key[m] = subKey;
        first[m] = points;
        count[m] = 0;
    }

    @Override
    public void addPoint(double ax, double ay, double az, double separation, long featureId) {
        if (points == feature.length) {
            point = java.util.Arrays.copyOf(point, 8 * points);
            feature = java.util.Arrays.copyOf(feature, 2 * points);
        }
        int p = points++;
        point[4 * p] = ax;
        point[4 * p + 1] = ay;
        point[4 * p + 2] = az;
        point[4 * p + 3] = separation;
        feature[p] = featureId;
        count[manifolds - 1]++;
    }

    /** Runs the pass and sends the pair's manifolds on to the target, in the order they came. */
    public void finish() {
        try {
            if (manifolds > 1 && !sameNormal()) {
                classify();
                emitFiltered();
            } else {
                for (int m = 0; m < manifolds; m++) {
                    emit(m);
                }
            }
        } finally {
            target = null;
            compound = null;
            compoundPose = null;
            other = null;
            otherPose = null;
        }
    }

    private boolean sameNormal() {
        for (int m = 1; m < manifolds; m++) {
            if (normal[0] * normal[3 * m] + normal[1] * normal[3 * m + 1] + normal[2] * normal[3 * m + 2] < FACE_NORMAL_COS) {
                return false;
            }
        }
        return true;
    }

    private static boolean whip(long subKey) {
        return (subKey & ManifoldBuilder.WHIP_KEY) != 0;
    }

    private int childOf(long subKey) {
        return compoundIsA ? (int) (subKey >>> 48) - 1 : (int) ((subKey >>> 32) & 0xFFFF) - 1;
    }

    private void classify() {
        double s = compoundIsA ? 1 : -1;
        for (int m = 0; m < manifolds; m++) {
            child[m] = childOf(key[m]);
            kind[m] = OTHER;
            evidence[m] = false;
            if (whip(key[m]) || child[m] < 0) {
                continue;
            }
            Compound.Child ch = compound.child(child[m]);
            ShapeType t = ch.shape().type();
            double ux = s * normal[3 * m], uy = s * normal[3 * m + 1], uz = s * normal[3 * m + 2];
            if (t == ShapeType.SPHERE || t == ShapeType.CAPSULE) {
                // a round child has no face to continue; where its contact lies inside another child even
                // STEP further out along the normal, that child is nearer the other shape and holds it
                if (inside(m, child[m], true, STEP, ux, uy, uz)) {
                    kind[m] = HIDDEN;
                }
                continue;
            }
            if (t != ShapeType.BOX && t != ShapeType.CONVEX_HULL) {
                continue;
            }
            pose(ch, childPose);
            int nf = features.of(ch.shape(), childPose, ux, uy, uz, poly, faceN);
            double align = nf >= 3 ? faceN[0] * ux + faceN[1] * uy + faceN[2] * uz : -1;
            if (align >= FACE_NORMAL_COS) {
                kind[m] = inside(m, child[m], false, STEP, ux, uy, uz) ? BURIED : FACE;
            } else if (align >= ManifoldBuilder.FACE_COS && inside(m, child[m], false, STEP, ux, uy, uz)) {
                // the clipping's face contact with the other shape's face as the reference (a body tilted by
                // a little: its normal is not quite the child's), on a face buried against a flush neighbour
                kind[m] = BURIED;
            } else {
                kind[m] = EDGE;
            }
            // a face contact, or one the clipping took as a face contact of the other shape's face within
            // ManifoldBuilder.FACE_COS of the child's (a tilted body on a flat face): the child's face shows
            // where the compound's surface is
            evidence[m] = kind[m] == FACE || (kind[m] == EDGE && align >= ManifoldBuilder.FACE_COS);
            face[3 * m] = faceN[0];
            face[3 * m + 1] = faceN[1];
            face[3 * m + 2] = faceN[2];
            faceD[m] = nf >= 3 ? faceN[0] * poly[0] + faceN[1] * poly[1] + faceN[2] * poly[2] : 0;
        }
        for (int j = 0; j < manifolds; j++) {
            if (kind[j] != BURIED && kind[j] != EDGE) {
                continue;
            }
            if (kind[j] == EDGE && !inside(j, child[j], false, 0, 0, 0, 0)) {
                continue; // the edge is on the compound's surface: a real edge
            }
            Compound.Child ch = compound.child(child[j]);
            pose(ch, childPose);
            for (int i = 0; i < manifolds; i++) {
                if (!evidence[i] || child[i] == child[j]) {
                    continue;
                }
                double mx = face[3 * i], my = face[3 * i + 1], mz = face[3 * i + 2];
                int nf = features.of(ch.shape(), childPose, mx, my, mz, poly, faceN);
                if (nf < 3 || faceN[0] * mx + faceN[1] * my + faceN[2] * mz < TriangleMesh.SMOOTH_EDGE_COS) {
                    continue;
                }
                if (s * (faceN[0] * normal[3 * j] + faceN[1] * normal[3 * j + 1] + faceN[2] * normal[3 * j + 2]) < AGAINST) {
                    continue; // a face turned away from the contact (a coplanar face on the far side of the child)
                }
                if (!flush(j, kind[j] == EDGE, faceN[0] * poly[0] + faceN[1] * poly[1] + faceN[2] * poly[2], i)) {
                    continue;
                }
                kind[j] = REPLACED;
                evidence[j] = false;
                replacement[3 * j] = faceN[0];
                replacement[3 * j + 1] = faceN[1];
                replacement[3 * j + 2] = faceN[2];
                break;
            }
        }
    }

    private void emitFiltered() {
        for (int m = 0; m < manifolds; m++) {
            if (kind[m] == REPLACED) {
                replace(m);
            } else if (kind[m] == HIDDEN || whip(key[m]) && replacedPrimary(m)) {
                continue; // the replacement's clip makes its own
            } else {
                emit(m);
            }
        }
    }

    /** Whether the primary manifold of whip manifold w's child pair was replaced. */
    private boolean replacedPrimary(int w) {
        long primary = key[w] & ~ManifoldBuilder.WHIP_KEY;
        for (int m = 0; m < manifolds; m++) {
            if (key[m] == primary) {
                return kind[m] == REPLACED || kind[m] == HIDDEN;
            }
        }
        return false;
    }

    /** Manifold m as child m's face contact along its replacement face normal. */
    private void replace(int m) {
        Compound.Child ch = compound.child(child[m]);
        pose(ch, childPose);
        Shape leaf = other;
        Pose lp = otherPose;
        if (other instanceof Compound oc) {
            // the other side's child of this manifold (its index is in the other half of the sub-key)
            int k = compoundIsA ? (int) ((key[m] >>> 32) & 0xFFFF) - 1 : (int) (key[m] >>> 48) - 1;
            Compound.Child c0 = oc.child(Math.max(k, 0));
            leafPose.setComposed(otherPose, c0.x(), c0.y(), c0.z(), c0.qx(), c0.qy(), c0.qz(), c0.qw());
            leaf = c0.shape();
            lp = leafPose;
        }
        double fx = replacement[3 * m], fy = replacement[3 * m + 1], fz = replacement[3 * m + 2];
        if (!leaf.isConvex()) {
            if (leaf instanceof TriangleMesh mesh) {
                replaceOnTriangle(m, ch, mesh, lp, fx, fy, fz);
            } else {
                emit(m); // a plane: its one normal is every manifold's, so none is ever replaced
            }
            return;
        }
        if (compoundIsA) {
            builder.featureA(ch.shape(), childPose, fx, fy, fz);
            builder.featureB(leaf, lp, fx, fy, fz);
            builder.clip(fx, fy, fz, 0, leaf.coreRadius(), margin, target, key[m]);
        } else {
            builder.featureA(leaf, lp, -fx, -fy, -fz);
            builder.featureB(ch.shape(), childPose, -fx, -fy, -fz);
            builder.clip(-fx, -fy, -fz, leaf.coreRadius(), 0, margin, target, key[m]);
        }
    }

    /**
     * Manifold m against a mesh as child m's face contact along its replacement face normal f: the other
     * feature is the manifold's triangle (its index in the sub-key's low bits, as {@code MeshCollider} gives
     * it), whose face normal is turned towards the child. Before, the mesh itself went to the clipping, which
     * has no feature for it, and the step threw.
     */
    private void replaceOnTriangle(int m, Compound.Child ch, TriangleMesh mesh, Pose meshPose, double fx, double fy, double fz) {
        int t = (int) (key[m] & (ManifoldBuilder.WHIP_KEY - 1));
        for (int c = 0; c < 3; c++) {
            meshPose.toWorld(mesh.corner(t, c, 0), mesh.corner(t, c, 1), mesh.corner(t, c, 2), triangle, 3 * c);
        }
        meshPose.rotate(mesh.normal(t, 0), mesh.normal(t, 1), mesh.normal(t, 2), faceN, 0);
        // the triangle's normal towards the child (along -f): B's towards A, or A's towards B, as the builder takes them
        double s = faceN[0] * fx + faceN[1] * fy + faceN[2] * fz > 0 ? -1 : 1;
        double tx = s * faceN[0], ty = s * faceN[1], tz = s * faceN[2];
        if (compoundIsA) {
            builder.featureA(ch.shape(), childPose, fx, fy, fz);
            builder.triangleB(triangle, tx, ty, tz, t);
            builder.clip(fx, fy, fz, 0, 0, margin, target, key[m]);
        } else {
            builder.triangleA(triangle, tx, ty, tz, t);
            builder.featureB(ch.shape(), childPose, -fx, -fy, -fz);
            builder.clip(-fx, -fy, -fz, 0, 0, margin, target, key[m]);
        }
    }

    private void emit(int m) {
        target.beginManifold(normal[3 * m], normal[3 * m + 1], normal[3 * m + 2], key[m]);
        for (int p = first[m], e = p + count[m]; p < e; p++) {
            target.addPoint(point[4 * p], point[4 * p + 1], point[4 * p + 2], point[4 * p + 3], feature[p]);
        }
    }

    private void pose(Compound.Child ch, Pose out) {
        out.setComposed(compoundPose, ch.x(), ch.y(), ch.z(), ch.qx(), ch.qy(), ch.qz(), ch.qw());
    }

    /** The compound-side witness of point p of manifold m into {@link #tmp}. */
    private void witness(int m, int p) {
        double x = point[4 * p], y = point[4 * p + 1], z = point[4 * p + 2];
        if (!compoundIsA) { // A's witness; B's is one separation along the normal
            double sep = point[4 * p + 3];
            x += sep * normal[3 * m];
            y += sep * normal[3 * m + 1];
            z += sep * normal[3 * m + 2];
        }
        tmp[0] = x;
        tmp[1] = y;
        tmp[2] = z;
    }

    /**
     * Whether child j's face {@link #faceN} (offset {@code d}) continues evidence i's face at manifold j's
     * compound-side witness points: each lies as deep under the one as under the other (to {@link #TOL}: the
     * two planes meet along the seam, not a face of child j parallel to i's by chance elsewhere), at most the
     * pair's margin under it (a buried face's points lie as deep as the other body sinks in; a face across the
     * child from them, coplanar with i's only because the child is a piece in a socket, is a metre away and
     * gave a contact a metre deep), and for an edge manifold ({@code onFace}) on the face itself.
     */
    private boolean flush(int j, boolean onFace, double d, int i) {
        double fx = faceN[0], fy = faceN[1], fz = faceN[2];
        double mx = face[3 * i], my = face[3 * i + 1], mz = face[3 * i + 2], di = faceD[i];
        // how deep the other body lies under evidence i's face: an edge's witness is clipped to the other body's face,
        // so where that body sinks into the surface (tens of µm under a load) the witness lies as deep under the face
        double sink = 0;
        if (onFace) {
            for (int p = first[i], e = p + count[i]; p < e; p++) {
                sink = Math.max(sink, -point[4 * p + 3]);
            }
            sink *= 2; // the other body's face may tilt a little across the contact (a cube tipping forward under friction)
        }
        for (int p = first[j], e = p + count[j]; p < e; p++) {
            witness(j, p);
            double under = fx * tmp[0] + fy * tmp[1] + fz * tmp[2] - d;
            double underI = mx * tmp[0] + my * tmp[1] + mz * tmp[2] - di;
            if (Math.abs(under - underI) > TOL || (onFace && under < -sink - TOL) || under > TOL || under < -margin - TOL) {
                return false;
            }
        }
        return count[j] > 0;
    }

    /**
     * Whether every compound-side witness of manifold m lies on the surface of a child other than {@code c}
     * (to {@link #TOL}: a flush neighbour, not one the child overlaps; with {@code in}, in it or on it) and,
     * with {@code step} &gt; 0, moved {@code step} along u lies in that child (to {@link #TOL}): u points into
     * the neighbour, the face is buried.
     */
    private boolean inside(int m, int c, boolean in, double step, double ux, double uy, double uz) {
        double cx = 0, cy = 0, cz = 0;
        for (int p = first[m], e = p + count[m]; p < e; p++) {
            witness(m, p);
            cx += tmp[0];
            cy += tmp[1];
            cz += tmp[2];
            if (!covered(c, in, step, ux, uy, uz)) {
                return false;
            }
        }
        if (count[m] < 2) {
            return count[m] > 0;
        }
        // and the points' centroid: a patch whose corners all lie on seams (a piece in a socket of the compound,
        // each corner on a neighbour's edge) can be open in its middle, where the other body touches it
        tmp[0] = cx / count[m];
        tmp[1] = cy / count[m];
        tmp[2] = cz / count[m];
        return covered(c, in, step, ux, uy, uz);
    }

    /** {@link #inside} for the one world point in {@link #tmp}. */
    private boolean covered(int c, boolean in, double step, double ux, double uy, double uz) {
        {
            compoundPose.toLocal(tmp[0], tmp[1], tmp[2], local, 0);
            qx = local[0];
            qy = local[1];
            qz = local[2];
            compoundPose.inverseRotate(ux, uy, uz, local, 0);
            sx = qx + step * local[0];
            sy = qy + step * local[1];
            sz = qz + step * local[2];
            stepped = step > 0;
            within = in;
            skip = c;
            inside = false;
            compound.queryChildren(qx - TOL, qy - TOL, qz - TOL, qx + TOL, qy + TOL, qz + TOL, this);
            return inside;
        }
    }

    @Override
    public boolean visit(int item) {
        if (item == skip) {
            return true;
        }
        Compound.Child ch = compound.child(item);
        ShapeMath.inverseRotate(ch.qx(), ch.qy(), ch.qz(), ch.qw(), qx - ch.x(), qy - ch.y(), qz - ch.z(), local, 0);
        double d = distance(ch.shape(), local[0], local[1], local[2]);
        if (d > TOL || !within && d < -TOL) {
            return true;
        }
        if (stepped) {
            ShapeMath.inverseRotate(ch.qx(), ch.qy(), ch.qz(), ch.qw(), sx - ch.x(), sy - ch.y(), sz - ch.z(), local, 0);
            if (distance(ch.shape(), local[0], local[1], local[2]) > TOL) {
                return true;
            }
        }
        inside = true;
        return false;
    }

    /**
     * A signed distance of a point in the shape's frame to the shape's surface, metres: exact outside a
     * face and inside; outside an edge or corner of a box or hull a lower bound (the largest plane distance).
     */
    private static double distance(Shape s, double x, double y, double z) {
        switch (s.type()) {
            case BOX -> {
                Box b = (Box) s;
                return Math.max(Math.abs(x) - b.halfX(), Math.max(Math.abs(y) - b.halfY(), Math.abs(z) - b.halfZ()));
            }
            case CONVEX_HULL -> {
                ConvexHull h = (ConvexHull) s;
                double d = Double.NEGATIVE_INFINITY;
                for (int f = 0, n = h.faceCount(); f < n; f++) {
                    d = Math.max(d, h.plane(f, 0) * x + h.plane(f, 1) * y + h.plane(f, 2) * z - h.plane(f, 3));
                }
                return d;
            }
            case SPHERE -> {
                return Math.sqrt(x * x + y * y + z * z) - s.coreRadius();
            }
            case CAPSULE -> {
                double h = ((Capsule) s).halfHeight(), cy = Math.max(-h, Math.min(h, y));
                return Math.sqrt(x * x + (y - cy) * (y - cy) + z * z) - s.coreRadius();
            }
            default -> {
                return Double.POSITIVE_INFINITY;
            }
        }
    }
}
