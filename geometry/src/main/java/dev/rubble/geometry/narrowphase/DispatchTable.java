package dev.rubble.geometry.narrowphase;

import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.LastManifolds;
import dev.rubble.spi.narrowphase.Narrowphase;
import dev.rubble.spi.narrowphase.PairCollider;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.AabbTree;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.ShapeType;

/**
 * The standard {@link Narrowphase}: a {@code ShapeType x ShapeType} table of colliders.
 *
 * <ul>
 *   <li>Swapped pairs: when only (Y, X) is registered, (X, Y) calls it with the shapes swapped and
 *       a sink that flips the normal and moves each witness point to the other shape.</li>
 *   <li>Compounds: unless a collider is registered for the compound cell, a compound is expanded
 *       into its children: the other shape's bounds (grown by the margin) are taken into the
 *       compound's frame (for another compound, its rotated local box: see
 *       {@link Compound#enclosingBounds}) and the compound's BVH (or linear scan at &le; 10 children) gives the
 *       children to collide. Each child's manifolds get sub-key {@code (child + 1) << 48} (compound
 *       as A) or {@code (child + 1) << 32} (compound as B) added to the child's own sub-key.</li>
 *   <li>Internal edges: when a side is a compound of several children, the pair's manifolds pass
 *       {@link CompoundEdges}, which turns a contact on an edge or a buried face inside the compound (a seam
 *       between flush children) into the contact of the face that continues the compound's surface; when
 *       both are, A's pass sends its manifolds on through B's.</li>
 * </ul>
 *
 * Child pairs keep a separating-axis hint in a small cache of this table's own (see {@link #childKey}),
 * which saves work and never changes a contact.
 *
 * Allocation-free per call: poses, sinks and visitors are preallocated per recursion level.
 * Not thread-safe (one per world).
 */
public final class DispatchTable implements Narrowphase {
    private static final int TYPES = ShapeType.values().length;
    private static final int COMPOUND = ShapeType.COMPOUND.ordinal();
    private final PairCollider[] table = new PairCollider[TYPES * TYPES];
    private final FlipSink flip = new FlipSink();
    private final CompoundEdges edges = new CompoundEdges();
    private final CompoundEdges edgesB = new CompoundEdges(); // B's seams, when both sides have several children
    private final double[] turn = new double[3];
    private final Level[] levels = {new Level(), new Level()};
    /**
     * Separating-axis hints of child pairs met in compound expansions (issue 27 item 3: a shattered wall's
     * chunks are compounds, and the kernel's per-pair hint covers only the body pair): a direct-mapped
     * cache, slot = a mix of the leaf pair's identity, that keeps the last axis each slot's pair was found
     * apart along. A hint only saves work ({@link PairCollider#collide(Shape, Pose, Shape, Pose, double,
     * ContactSink, double[], int)}: a valid axis is a proof of separation, whatever pair it came from,
     * and otherwise the collider runs as unhinted), so neither identity hashes nor a slot shared by two
     * pairs can change a contact. A warm start (a contact normal) is put in a slot only for the call at
     * hand, from the kernel's cached manifolds ({@link #warmChild}), and the collider overwrites it.
     */
    private static final int CHILD_SLOTS = 1 << 14;
    private long[] childKey;   // allocated at the first child pair: a world without compounds never pays its 640 KiB
    private double[] childHint;
    private long topMix; // the body pair's shapes, mixed into every child slot's key (set per collide call)
    /**
     * The body pair's manifolds of its last collision during a {@link #collide(Shape, Pose, Shape, Pose,
     * double, ContactSink, double[], int, LastManifolds)} call (null otherwise), and the pose of its A:
     * a child pair with a manifold there starts GJK from that normal (issue 27 item 3, see {@link #warmChild}).
     */
    private LastManifolds last;
    private Pose lastPoseA;

    /**
     * A table with GJK/EPA ({@link dev.rubble.geometry.gjk.ConvexCollider}) for every convex
     * pair, {@link dev.rubble.geometry.gjk.PlaneCollider} for plane against convex and
     * {@link dev.rubble.geometry.gjk.MeshCollider} for mesh against convex; compounds are
     * expanded. Plane–plane, plane–mesh and mesh–mesh (static only) produce nothing.
     */
    public static DispatchTable gjk() {
        DispatchTable t = new DispatchTable();
        PairCollider convex = new dev.rubble.geometry.gjk.ConvexCollider();
        PairCollider plane = new dev.rubble.geometry.gjk.PlaneCollider();
        PairCollider mesh = new dev.rubble.geometry.gjk.MeshCollider();
        ShapeType[] convexTypes = {ShapeType.SPHERE, ShapeType.BOX, ShapeType.CAPSULE, ShapeType.CONVEX_HULL};
        for (int i = 0; i < convexTypes.length; i++) {
            for (int j = i; j < convexTypes.length; j++) {
                t.register(convexTypes[i], convexTypes[j], convex);
            }
            t.register(ShapeType.PLANE, convexTypes[i], plane);
            t.register(ShapeType.TRIANGLE_MESH, convexTypes[i], mesh);
        }
        return t;
    }

    @Override
    public void register(ShapeType a, ShapeType b, PairCollider collider) {
        table[a.ordinal() * TYPES + b.ordinal()] = java.util.Objects.requireNonNull(collider, "collider is null");
    }

    @Override
    public PairCollider collider(ShapeType a, ShapeType b) {
        return table[a.ordinal() * TYPES + b.ordinal()];
    }

    @Override
    public void collide(Shape a, Pose poseA, Shape b, Pose poseB, double margin, ContactSink sink) {
        if (a.type().ordinal() == COMPOUND || b.type().ordinal() == COMPOUND) {
            topMix = top(a, b);
            compoundPair(a, poseA, b, poseB, margin, sink);
            return;
        }
        dispatch(a, poseA, b, poseB, margin, sink, 0);
    }

    /**
     * A body pair with a compound: expanded child by child; when a side is a compound of several children,
     * through {@link CompoundEdges}, which smooths the compound's internal edges (docs/dynamics.md, "Internal
     * compound edges"), and when both are, through A's pass and then B's.
     */
    private void compoundPair(Shape a, Pose pa, Shape b, Pose pb, double margin, ContactSink sink) {
        boolean manyA = many(a), manyB = many(b);
        if (manyA && manyB) {
            // chunk against chunk: A's seams first, then B's over what that pass sends on (a contact on both
            // sides' seams becomes A's face contact, which B's pass then sees on its own face)
            edges.begin(edgesB, (Compound) a, pa, true, b, pb, margin);
            edgesB.begin(sink, (Compound) b, pb, false, a, pa, margin);
            dispatch(a, pa, b, pb, margin, edges, 0);
            edges.finish();
            edgesB.finish();
            return;
        }
        if (!manyA && !manyB) {
            dispatch(a, pa, b, pb, margin, sink, 0);
            return;
        }
        edges.begin(sink, (Compound) (manyA ? a : b), manyA ? pa : pb, manyA, manyA ? b : a, manyA ? pb : pa, margin);
        dispatch(a, pa, b, pb, margin, edges, 0);
        edges.finish();
    }

    /** A compound of several children (one of a single child, a released piece, has no seams). */
    private static boolean many(Shape s) {
        return s instanceof Compound c && c.childCount() > 1;
    }

    /**
     * The hinted call: a directly registered or swapped cell gets the hint (a swapped cell's slot
     * holds the axis in the frame of the shape it takes first, our B, consistently from step to
     * step since a pair's types do not change); a compound expansion ignores it (marks it invalid).
     */
    @Override
    public void collide(Shape a, Pose poseA, Shape b, Pose poseB, double margin, ContactSink sink,
                        double[] hint, int offset) {
        int ta = a.type().ordinal(), tb = b.type().ordinal();
        PairCollider direct = table[ta * TYPES + tb];
        if (direct != null) {
            if (last != null && direct instanceof dev.rubble.geometry.gjk.MeshCollider mc) {
                // a mesh keeps the side of each triangle the body touched last step (MeshCollider.visit)
                mc.collide(a, poseA, b, poseB, margin, sink, last, lastPoseA, 1);
                return;
            }
            direct.collide(a, poseA, b, poseB, margin, sink, hint, offset);
            return;
        }
        PairCollider swapped = table[tb * TYPES + ta];
        if (swapped != null && last != null && swapped instanceof dev.rubble.geometry.gjk.MeshCollider mc) {
            flip.target = sink;
            mc.collide(b, poseB, a, poseA, margin, flip, last, lastPoseA, -1);
            return;
        }
        if (swapped != null) {
            if (hint[offset + 3] < 0) {
                // a warm start is the kernel's contact normal, A to B in A's frame: the swapped cell
                // takes B first, so it wants B to A in B's frame (the cell overwrites the slot anyway)
                poseA.rotate(hint[offset], hint[offset + 1], hint[offset + 2], turn, 0);
                poseB.inverseRotate(-turn[0], -turn[1], -turn[2], hint, offset);
            }
            flip.target = sink;
            swapped.collide(b, poseB, a, poseA, margin, flip, hint, offset);
            return;
        }
        hint[offset + 3] = 0;
        topMix = top(a, b);
        compoundPair(a, poseA, b, poseB, margin, sink);
    }

    /**
     * The hinted call with the body pair's last manifolds: as the hinted call, and in a compound
     * expansion every child pair that had a manifold last time (the same sub-key) gets that normal as
     * its warm start, turned from A's shape frame into the frame of the shape its cell takes first.
     * Taken from the kernel's cache, which snapshots hold, never from this table's own slots, so a
     * restored world warm-starts as the original.
     */
    @Override
    public void collide(Shape a, Pose poseA, Shape b, Pose poseB, double margin, ContactSink sink,
                        double[] hint, int offset, LastManifolds last) {
        this.last = last.count() > 0 ? last : null;
        this.lastPoseA = poseA;
        try {
            collide(a, poseA, b, poseB, margin, sink, hint, offset);
        } finally {
            this.last = null;
            this.lastPoseA = null;
        }
    }

    private void dispatch(Shape a, Pose pa, Shape b, Pose pb, double margin, ContactSink sink, int depth) {
        int ta = a.type().ordinal(), tb = b.type().ordinal();
        PairCollider direct = table[ta * TYPES + tb];
        if (direct != null) {
            if (depth > 0) {
                int o = childSlot(a, b);
                warmChild(o, depth, pa, false);
                direct.collide(a, pa, b, pb, margin, sink, childHint, o);
            } else {
                direct.collide(a, pa, b, pb, margin, sink);
            }
            return;
        }
        PairCollider swapped = table[tb * TYPES + ta];
        if (swapped != null) {
            flip.target = sink;
            if (depth > 0) {
                // the slot holds the axis in the frame of the shape the cell takes first (b), always, since
                // a leaf pair is always met in the same order
                int o = childSlot(a, b);
                warmChild(o, depth, pb, true);
                swapped.collide(b, pb, a, pa, margin, flip, childHint, o);
            } else {
                swapped.collide(b, pb, a, pa, margin, flip);
            }
            return;
        }
        if (depth < levels.length && (ta == COMPOUND || tb == COMPOUND)) {
            levels[depth].expand(ta == COMPOUND, a, pa, b, pb, margin, sink, depth);
        }
    }

    private static long top(Shape a, Shape b) {
        return (((long) System.identityHashCode(a) << 32) ^ (System.identityHashCode(b) & 0xFFFFFFFFL)) * 0x9E3779B97F4A7C15L;
    }

    /**
     * Puts the warm start of the leaf pair being collided at depth {@code depth} into its slot
     * {@code o}: its manifold of last time (sub-key = the expansions' offsets added up, as the
     * levels' sinks add them to the leaf's sub-key 0), its normal A to B turned into the frame of
     * {@code first}, the shape the cell takes first (B to A when swapped). Without such a manifold a
     * warm start left in the slot is dropped, so a warm start comes only from the kernel's cache.
     */
    private void warmChild(int o, int depth, Pose first, boolean swapped) {
        final LastManifolds l = last;
        int m = -1;
        if (l != null) {
            long key = 0;
            for (int d = 0; d < depth; d++) {
                key += levels[d].offset;
            }
            m = l.find(key);
        }
        if (m < 0) {
            if (childHint[o + 3] < 0) {
                childHint[o + 3] = 0;
            }
            return;
        }
        lastPoseA.rotate(l.nx(m), l.ny(m), l.nz(m), turn, 0);
        double s = swapped ? -1 : 1;
        first.inverseRotate(s * turn[0], s * turn[1], s * turn[2], childHint, o);
        childHint[o + 3] = PairCollider.WARM_START;
    }

    /**
     * The hint slot of leaf pair (a, b) inside the body pair being collided (its offset in
     * {@link #childHint}): reused when it last held this pair, else claimed with an invalid hint.
     */
    private int childSlot(Shape a, Shape b) {
        long key = ((long) System.identityHashCode(a) << 32) ^ (System.identityHashCode(b) & 0xFFFFFFFFL);
        key ^= topMix;
        key *= 0xBF58476D1CE4E5B9L;
        key ^= key >>> 31;
        int slot = (int) (key >>> 40) & (CHILD_SLOTS - 1);
        int o = slot * PairCollider.HINT_STRIDE;
        if (childKey == null) {
            childKey = new long[CHILD_SLOTS];
            childHint = new double[CHILD_SLOTS * PairCollider.HINT_STRIDE];
        }
        if (childKey[slot] != key) {
            childKey[slot] = key;
            childHint[o + 3] = 0;
        }
        return o;
    }

    /** Scratch for expanding one compound. */
    private final class Level implements AabbTree.Visitor, ContactSink {
        final Pose childPose = new Pose();
        final double[] box = new double[6];
        final double[] tmp = new double[3];
        boolean compoundIsA;
        Compound compound;
        Pose compoundPose, otherPose;
        Shape other;
        double margin;
        ContactSink target;
        int depth;
        long offset;

        void expand(boolean isA, Shape a, Pose pa, Shape b, Pose pb, double margin, ContactSink sink, int depth) {
            compoundIsA = isA;
            compound = (Compound) (isA ? a : b);
            compoundPose = isA ? pa : pb;
            other = isA ? b : a;
            otherPose = isA ? pb : pa;
            this.margin = margin;
            this.target = sink;
            this.depth = depth;
            if (compound.childCount() == 1) {
                // one child (a released piece: its own hull about its centre of mass): no bounds and no
                // query. The box test only filters out children farther than the margin from the other
                // shape, which the collider reports nothing for either, so the contacts are the same
                visit(0);
                return;
            }
            // the other shape's pose relative to the compound, then its bounds in the compound frame
            Pose c = compoundPose;
            c.inverseRotate(otherPose.px - c.px, otherPose.py - c.py, otherPose.pz - c.pz, tmp, 0);
            double aw = c.qw, ax = -c.qx, ay = -c.qy, az = -c.qz;
            double bw = otherPose.qw, bx = otherPose.qx, by = otherPose.qy, bz = otherPose.qz;
            double rx = aw * bx + ax * bw + ay * bz - az * by, ry = aw * by - ax * bz + ay * bw + az * bx;
            double rz = aw * bz + ax * by - ay * bx + az * bw, rw = aw * bw - ax * bx - ay * by - az * bz;
            if (other instanceof Compound oc) {
                // another compound (chunk against chunk): its rotated local box, O(1), instead of its exact
                // bounds over every child's vertices. The looser box only lets more of this compound's
                // children on to the next level, where each is tested against the other's children by its
                // exact bounds and then by the collider, and a child farther than the margin from the other
                // compound's exact box yields no contact, so the contacts and their order are the same.
                oc.enclosingBounds(tmp[0], tmp[1], tmp[2], rx, ry, rz, rw, box, 0);
            } else {
                other.bounds(tmp[0], tmp[1], tmp[2], rx, ry, rz, rw, box, 0);
            }
            compound.queryChildren(box[0] - margin, box[1] - margin, box[2] - margin,
                    box[3] + margin, box[4] + margin, box[5] + margin, this);
        }

        @Override
        public boolean visit(int item) {
            Compound.Child ch = compound.child(item);
            childPose.setComposed(compoundPose, ch.x(), ch.y(), ch.z(), ch.qx(), ch.qy(), ch.qz(), ch.qw());
            offset = ((long) (item + 1)) << (compoundIsA ? 48 : 32);
            if (compoundIsA) {
                dispatch(ch.shape(), childPose, other, otherPose, margin, this, depth + 1);
            } else {
                dispatch(other, otherPose, ch.shape(), childPose, margin, this, depth + 1);
            }
            return true;
        }

        @Override
        public void beginManifold(double nx, double ny, double nz, long subKey) {
            target.beginManifold(nx, ny, nz, subKey + offset);
        }

        @Override
        public void addPoint(double ax, double ay, double az, double separation, long featureId) {
            target.addPoint(ax, ay, az, separation, featureId);
        }
    }

    /** Presents a swapped pair's contacts in the caller's order. */
    private static final class FlipSink implements ContactSink {
        ContactSink target;
        double nx, ny, nz;

        @Override
        public void beginManifold(double nx, double ny, double nz, long subKey) {
            this.nx = nx;
            this.ny = ny;
            this.nz = nz;
            target.beginManifold(-nx, -ny, -nz, subKey);
        }

        @Override
        public void addPoint(double ax, double ay, double az, double separation, long featureId) {
            // (ax..) is on the callee's A = our B; our A's witness is one separation along its normal
            target.addPoint(ax + separation * nx, ay + separation * ny, az + separation * nz, separation, featureId);
        }
    }
}
