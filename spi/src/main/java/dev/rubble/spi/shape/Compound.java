package dev.rubble.spi.shape;

import java.util.List;
import java.util.Objects;

/**
 * A rigid union of convex child shapes, each with a local pose (position and unit quaternion) in
 * the compound's frame. With more than {@link #BVH_THRESHOLD} children an {@link AabbTree} over
 * the children's local bounds is built and used by queries and the narrowphase; otherwise
 * children are scanned linearly. Children must be convex (sphere, box, capsule, hull): nesting
 * compounds, meshes or planes is rejected. Mass properties combine the children with the
 * parallel-axis theorem (children are assumed not to overlap). Immutable.
 */
public final class Compound implements Shape {
    /** Children count above which a BVH is built. */
    public static final int BVH_THRESHOLD = 10;

    /** One child: a convex shape placed at {@code (x, y, z)} with rotation {@code (qx, qy, qz, qw)}. */
    public record Child(Shape shape, double x, double y, double z, double qx, double qy, double qz, double qw) {
        /** Validates the child (a convex shape, a finite position, a non-zero rotation) and normalises the
         * rotation quaternion; anything else is an {@link IllegalArgumentException} naming the bad value.
         * @param shape the child's convex shape
         * @param x the child's position x in the compound frame, metres
         * @param y the position's y, metres
         * @param z the position's z, metres
         * @param qx the child's rotation quaternion x (normalised here)
         * @param qy the rotation's y
         * @param qz the rotation's z
         * @param qw the rotation's w
         */
        public Child {
            Objects.requireNonNull(shape, "shape is null");
            if (!shape.isConvex()) {
                throw new IllegalArgumentException("compound child shape = " + shape.type()
                        + "; allowed: convex shapes (sphere, box, capsule, convex hull)");
            }
            double n = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
            if (!Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(z) || !(n > 0) || !Double.isFinite(n)) {
                throw new IllegalArgumentException("compound child pose = (" + x + ", " + y + ", " + z + "; "
                        + qx + ", " + qy + ", " + qz + ", " + qw + "); allowed: finite position, non-zero rotation");
            }
            qx /= n;
            qy /= n;
            qz /= n;
            qw /= n;
        }

        /**
         * A child at a position with no rotation.
         * @param shape the child's shape (convex)
         * @param x the child's position x in the compound frame, metres
         * @param y the child's position y, metres
         * @param z the child's position z, metres
         * @return a child with the identity orientation
         */
        public static Child at(Shape shape, double x, double y, double z) {
            return new Child(shape, x, y, z, 0, 0, 0, 1);
        }
    }

    private final Child[] children;
    private final double[] localBounds; // 6 per child, compound frame
    private final AabbTree tree;        // null when children <= BVH_THRESHOLD
    private final double[] box = new double[6]; // the union of the children's local bounds, compound frame
    /**
     * Per child (with more than {@link #PRUNE_THRESHOLD} children, else null): the centre and the half
     * extents of its local bounds (compound frame), the extents grown a little so that every point of the
     * child lies in the box ({@link #bounds}'s pruning).
     */
    private final double[] boxes;
    /** The largest |centre| + |half extents| over the children (the compound's reach from its origin). */
    private final double reach;
    /** Whether a child is a sphere or a capsule ({@link #hasRoundedChild}). */
    private final boolean rounded;
    /**
     * Children above which {@link #bounds} visits only the children that may hold one of the box's six
     * extremes: an intact collection made of many pieces (a fractured statue's root: hundreds of hulls) then
     * costs a few of its pieces' bounds a step, not all of them (issue 27).
     */
    static final int PRUNE_THRESHOLD = 16;

    /**
     * A compound of the given children, each placed in the compound's frame.
     * @param children at least one child, none of them a compound, mesh or plane
     * @throws IllegalArgumentException when the list is empty or holds a shape a compound cannot contain
     */
    public Compound(List<Child> children) {
        Objects.requireNonNull(children, "children is null");
        if (children.isEmpty()) {
            throw new IllegalArgumentException("compound children count = 0; allowed: >= 1");
        }
        this.children = children.toArray(new Child[0]);
        localBounds = new double[6 * this.children.length];
        for (int i = 0; i < this.children.length; i++) {
            Child c = this.children[i];
            c.shape().bounds(c.x(), c.y(), c.z(), c.qx(), c.qy(), c.qz(), c.qw(), localBounds, 6 * i);
        }
        tree = this.children.length > BVH_THRESHOLD ? new AabbTree(localBounds) : null;
        for (int c = 0; c < 3; c++) {
            double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < this.children.length; i++) {
                lo = Math.min(lo, localBounds[6 * i + c]);
                hi = Math.max(hi, localBounds[6 * i + 3 + c]);
            }
            box[c] = lo;
            box[c + 3] = hi;
        }
        int n = this.children.length;
        double far = 0;
        if (n > PRUNE_THRESHOLD) {
            boxes = new double[6 * n];
            for (int i = 0; i < n; i++) {
                int o = 6 * i;
                double hx = 0.5 * (localBounds[o + 3] - localBounds[o]);
                double hy = 0.5 * (localBounds[o + 4] - localBounds[o + 1]);
                double hz = 0.5 * (localBounds[o + 5] - localBounds[o + 2]);
                double cx = localBounds[o] + hx, cy = localBounds[o + 1] + hy, cz = localBounds[o + 2] + hz;
                // rounding of the centre and the halves: a relative 1e-12 of the box's size and place
                double grow = 1e-12 * (hx + hy + hz + Math.abs(cx) + Math.abs(cy) + Math.abs(cz));
                boxes[o] = cx;
                boxes[o + 1] = cy;
                boxes[o + 2] = cz;
                boxes[o + 3] = hx + grow;
                boxes[o + 4] = hy + grow;
                boxes[o + 5] = hz + grow;
                far = Math.max(far, Math.abs(cx) + Math.abs(cy) + Math.abs(cz) + hx + hy + hz + 3 * grow);
            }
        } else {
            boxes = null;
        }
        reach = far;
        boolean r = false;
        for (Child c : this.children) {
            ShapeType t = c.shape().type();
            r |= t == ShapeType.SPHERE || t == ShapeType.CAPSULE;
        }
        rounded = r;
    }

    /**
     * Whether a child is a sphere or a capsule: a shape whose contact points are not material points of it
     * (they lie a radius from its core towards what it touches, however it has turned).
     * @return true when at least one child is a sphere or a capsule
     */
    public boolean hasRoundedChild() {
        return rounded;
    }

    /**
     * The number of children.
     * @return the child count, ≥ 1
     */
    public int childCount() {
        return children.length;
    }

    /**
     * The child at an index.
     * @param i the child index, 0 ≤ i &lt; {@link #childCount()}
     * @return the child's shape and its pose in the compound frame
     */
    public Child child(int i) {
        return children[i];
    }

    /**
     * Component {@code c} (0..5) of child {@code i}'s bounds in the compound frame.
     * @param i the child index, 0 ≤ i &lt; {@link #childCount()}
     * @param c the component: 0..2 minimum x, y, z, 3..5 maximum x, y, z
     * @return that bound in metres, compound frame
     */
    public double childBound(int i, int c) {
        return localBounds[6 * i + c];
    }

    /**
     * The BVH over children, or null when there are at most {@link #BVH_THRESHOLD} children.
     * @return the children's bounding-volume hierarchy, or null for small compounds
     */
    public AabbTree tree() {
        return tree;
    }

    /**
     * Visits the children whose local bounds overlap the box (compound frame): through the BVH when
     * there is one, else by a linear scan in child order.
     * @param minX the query box's minimum x, metres, compound frame
     * @param minY the query box's minimum y, metres
     * @param minZ the query box's minimum z, metres
     * @param maxX the query box's maximum x, metres
     * @param maxY the query box's maximum y, metres
     * @param maxZ the query box's maximum z, metres
     * @param visitor called with each overlapping child's index; returning false stops the visit
     */
    public void queryChildren(double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
                              AabbTree.Visitor visitor) {
        if (tree != null) {
            tree.query(minX, minY, minZ, maxX, maxY, maxZ, visitor);
            return;
        }
        for (int i = 0; i < children.length; i++) {
            int o = 6 * i;
            if (localBounds[o] <= maxX && localBounds[o + 1] <= maxY && localBounds[o + 2] <= maxZ
                    && localBounds[o + 3] >= minX && localBounds[o + 4] >= minY && localBounds[o + 5] >= minZ) {
                if (!visitor.visit(i)) {
                    return;
                }
            }
        }
    }

    @Override
    public ShapeType type() {
        return ShapeType.COMPOUND;
    }

    @Override
    public double volume() {
        double v = 0;
        for (Child c : children) {
            v += c.shape().volume();
        }
        return v;
    }

    /**
     * Sum of the children: total mass, mass-weighted centre, and each child's tensor rotated into
     * the compound frame and moved to the common centre with the parallel-axis theorem, then
     * diagonalised.
     */
    @Override
    public MassProperties massProperties(double density) {
        double m = 0, mx = 0, my = 0, mz = 0;
        double[] about = new double[9];
        double[] r = new double[3];
        for (Child c : children) {
            MassProperties mp = c.shape().massProperties(density);
            ShapeMath.rotate(c.qx(), c.qy(), c.qz(), c.qw(), mp.comX(), mp.comY(), mp.comZ(), r, 0);
            double px = c.x() + r[0], py = c.y() + r[1], pz = c.z() + r[2];
            // principal frame in the compound frame: q_child * q_principal
            double aw = c.qw(), ax = c.qx(), ay = c.qy(), az = c.qz();
            double bw = mp.qw(), bx = mp.qx(), by = mp.qy(), bz = mp.qz();
            double qw = aw * bw - ax * bx - ay * by - az * bz;
            double qx = aw * bx + ax * bw + ay * bz - az * by;
            double qy = aw * by - ax * bz + ay * bw + az * bx;
            double qz = aw * bz + ax * by - ay * bx + az * bw;
            InertiaTensor.addAboutOrigin(new MassProperties(mp.mass(), px, py, pz, mp.ixx(), mp.iyy(), mp.izz(),
                    qx, qy, qz, qw), about);
            m += mp.mass();
            mx += mp.mass() * px;
            my += mp.mass() * py;
            mz += mp.mass() * pz;
        }
        double cx = mx / m, cy = my / m, cz = mz / m;
        InertiaTensor.addPointMass(-m, cx, cy, cz, about);
        return InertiaTensor.principal(m, cx, cy, cz, about);
    }

    /**
     * The world-axis bounds of the children's exact bounds at the given pose.
     *
     * <p>With more than {@link #PRUNE_THRESHOLD} children only the children that may hold an extreme are
     * visited. A first pass turns each child's local box into a world box around it (centre {@code p + R c},
     * half extents {@code |R| h}) and finds, for each of the six extremes, the child whose world box reaches
     * farthest; those (at most six) children's exact bounds give values the extremes are sure to reach. The
     * second pass visits a child only when its world box reaches within a slack of one of them: a child whose
     * box ends below the largest x found so far cannot hold the largest x. The slack, 1e-9 of the pose's and
     * the compound's size (more for a rotation quaternion off unit length), is millions of times the rounding
     * of either computation, so the skipped children are ones whose computed bounds the full loop would never
     * pick: the same bits as visiting every child ({@code CompoundTest}). A pose that is not finite visits every
     * child.
     */
    @Override
    public void bounds(double px, double py, double pz, double qx, double qy, double qz, double qw,
                       double[] out, int offset) {
        if (boxes != null && Double.isFinite(px + py + pz + qx + qy + qz + qw)) {
            prunedBounds(px, py, pz, qx, qy, qz, qw, out, offset);
            return;
        }
        allBounds(px, py, pz, qx, qy, qz, qw, out, offset);
    }

    private void prunedBounds(double px, double py, double pz, double qx, double qy, double qz, double qw,
                              double[] out, int offset) {
        double xx = qx * qx, yy = qy * qy, zz = qz * qz, xy = qx * qy, xz = qx * qz, yz = qy * qz;
        double wx = qw * qx, wy = qw * qy, wz = qw * qz;
        double r00 = 1 - 2 * (yy + zz), r01 = 2 * (xy - wz), r02 = 2 * (xz + wy);
        double r10 = 2 * (xy + wz), r11 = 1 - 2 * (xx + zz), r12 = 2 * (yz - wx);
        double r20 = 2 * (xz - wy), r21 = 2 * (yz + wx), r22 = 1 - 2 * (xx + yy);
        double a00 = Math.abs(r00), a01 = Math.abs(r01), a02 = Math.abs(r02);
        double a10 = Math.abs(r10), a11 = Math.abs(r11), a12 = Math.abs(r12);
        double a20 = Math.abs(r20), a21 = Math.abs(r21), a22 = Math.abs(r22);
        final double[] bx = boxes;
        final int n = children.length;
        // pass 1: the child whose world box reaches farthest towards each of the six extremes
        double reachMinX = Double.POSITIVE_INFINITY, reachMinY = reachMinX, reachMinZ = reachMinX;
        double reachMaxX = Double.NEGATIVE_INFINITY, reachMaxY = reachMaxX, reachMaxZ = reachMaxX;
        int sMinX = 0, sMinY = 0, sMinZ = 0, sMaxX = 0, sMaxY = 0, sMaxZ = 0;
        for (int i = 0, o = 0; i < n; i++, o += 6) {
            double cx = bx[o], cy = bx[o + 1], cz = bx[o + 2], hx = bx[o + 3], hy = bx[o + 4], hz = bx[o + 5];
            double ex = px + (r00 * cx + r01 * cy + r02 * cz), gx = a00 * hx + a01 * hy + a02 * hz;
            double ey = py + (r10 * cx + r11 * cy + r12 * cz), gy = a10 * hx + a11 * hy + a12 * hz;
            double ez = pz + (r20 * cx + r21 * cy + r22 * cz), gz = a20 * hx + a21 * hy + a22 * hz;
            if (ex - gx < reachMinX) {
                reachMinX = ex - gx;
                sMinX = i;
            }
            if (ey - gy < reachMinY) {
                reachMinY = ey - gy;
                sMinY = i;
            }
            if (ez - gz < reachMinZ) {
                reachMinZ = ez - gz;
                sMinZ = i;
            }
            if (ex + gx > reachMaxX) {
                reachMaxX = ex + gx;
                sMaxX = i;
            }
            if (ey + gy > reachMaxY) {
                reachMaxY = ey + gy;
                sMaxY = i;
            }
            if (ez + gz > reachMaxZ) {
                reachMaxZ = ez + gz;
                sMaxZ = i;
            }
        }
        // those children's exact bounds: values the six extremes reach
        empty(out, offset);
        for (int k = 0; k < 6; k++) {
            int i = k == 0 ? sMinX : k == 1 ? sMinY : k == 2 ? sMinZ : k == 3 ? sMaxX : k == 4 ? sMaxY : sMaxZ;
            if ((k > 0 && i == sMinX) || (k > 1 && i == sMinY) || (k > 2 && i == sMinZ) || (k > 3 && i == sMaxX)
                    || (k > 4 && i == sMaxY)) {
                continue; // an earlier extreme's child: folded in already
            }
            fold(children[i], px, py, pz, qx, qy, qz, qw, out, offset);
        }
        // a rotation quaternion a little off unit length turns the children's vertices (and poses) and this
        // matrix by maps that differ by a few times | |q|^2 - 1 |: also in the slack
        double unit = Math.abs(1 - (qx * qx + qy * qy + qz * qz + qw * qw));
        double slack = (1e-9 + 8 * unit) * (Math.abs(px) + Math.abs(py) + Math.abs(pz) + reach) + Double.MIN_NORMAL;
        double tMinX = out[offset] + slack, tMinY = out[offset + 1] + slack, tMinZ = out[offset + 2] + slack;
        double tMaxX = out[offset + 3] - slack, tMaxY = out[offset + 4] - slack, tMaxZ = out[offset + 5] - slack;
        // pass 2: the exact bounds of every other child whose world box reaches one of those values
        for (int i = 0, o = 0; i < n; i++, o += 6) {
            double cx = bx[o], cy = bx[o + 1], cz = bx[o + 2], hx = bx[o + 3], hy = bx[o + 4], hz = bx[o + 5];
            double ex = px + (r00 * cx + r01 * cy + r02 * cz), gx = a00 * hx + a01 * hy + a02 * hz;
            double ey = py + (r10 * cx + r11 * cy + r12 * cz), gy = a10 * hx + a11 * hy + a12 * hz;
            double ez = pz + (r20 * cx + r21 * cy + r22 * cz), gz = a20 * hx + a21 * hy + a22 * hz;
            if (ex + gx < tMaxX && ey + gy < tMaxY && ez + gz < tMaxZ
                    && ex - gx > tMinX && ey - gy > tMinY && ez - gz > tMinZ) {
                continue; // inside: none of the six extremes can be this child's
            }
            if (i == sMinX || i == sMinY || i == sMinZ || i == sMaxX || i == sMaxY || i == sMaxZ) {
                continue; // already folded in
            }
            fold(children[i], px, py, pz, qx, qy, qz, qw, out, offset);
        }
    }

    /** {@link #bounds} visiting every child (the reference the pruned bounds equal). */
    void allBounds(double px, double py, double pz, double qx, double qy, double qz, double qw,
                   double[] out, int offset) {
        empty(out, offset);
        for (Child c : children) {
            fold(c, px, py, pz, qx, qy, qz, qw, out, offset);
        }
    }

    /** The empty box (+∞ minimum, -∞ maximum) at {@code out[offset..offset+5]}, for {@link #fold} to grow. */
    private static void empty(double[] out, int offset) {
        out[offset] = out[offset + 1] = out[offset + 2] = Double.POSITIVE_INFINITY;
        out[offset + 3] = out[offset + 4] = out[offset + 5] = Double.NEGATIVE_INFINITY;
    }

    /**
     * Grows the box at {@code out[offset..offset+5]} by child {@code c}'s bounds at the compound's pose
     * ({@code Math.min} and {@code Math.max} of the box so far and the child's, in that order).
     */
    private static void fold(Child c, double px, double py, double pz, double qx, double qy, double qz, double qw,
                             double[] out, int offset) {
        double minX = out[offset], minY = out[offset + 1], minZ = out[offset + 2];
        double maxX = out[offset + 3], maxY = out[offset + 4], maxZ = out[offset + 5];
        childBounds(c, px, py, pz, qx, qy, qz, qw, out, offset);
        out[offset] = Math.min(minX, out[offset]);
        out[offset + 1] = Math.min(minY, out[offset + 1]);
        out[offset + 2] = Math.min(minZ, out[offset + 2]);
        out[offset + 3] = Math.max(maxX, out[offset + 3]);
        out[offset + 4] = Math.max(maxY, out[offset + 4]);
        out[offset + 5] = Math.max(maxZ, out[offset + 5]);
    }

    /** Child {@code c}'s bounds at the compound's pose, written to {@code out} at {@code offset}. */
    private static void childBounds(Child c, double px, double py, double pz, double qx, double qy, double qz, double qw,
                                    double[] out, int offset) {
        // child world pose = pose * child pose
        double tx = 2 * (qy * c.z() - qz * c.y()), ty = 2 * (qz * c.x() - qx * c.z()), tz = 2 * (qx * c.y() - qy * c.x());
        double wx = px + c.x() + qw * tx + (qy * tz - qz * ty);
        double wy = py + c.y() + qw * ty + (qz * tx - qx * tz);
        double wz = pz + c.z() + qw * tz + (qx * ty - qy * tx);
        double aw = qw, ax = qx, ay = qy, az = qz, bw = c.qw(), bx = c.qx(), by = c.qy(), bz = c.qz();
        c.shape().bounds(wx, wy, wz,
                aw * bx + ax * bw + ay * bz - az * by,
                aw * by - ax * bz + ay * bw + az * bx,
                aw * bz + ax * by - ay * bx + az * bw,
                aw * bw - ax * bx - ay * by - az * bz, out, offset);
    }

    /**
     * A posed box that contains every child, in O(1): the compound-frame box around the children's local
     * bounds, rotated, and its world-axis bounds taken (centre {@code p + R c}, half extents {@code |R| h}),
     * grown by a relative 1e-12 and 1e-12 m so that rounding never puts a child's {@link #bounds exact
     * bounds} outside it. Looser than {@link #bounds} (up to &radic;3 per axis for a cube turned 45&deg;
     * about two axes) but it does not visit the children's vertices, so it serves filters that must only
     * keep everything a tighter box would keep: the narrowphase's other-compound query.
     * @param px the position x, metres
     * @param py the position's y
     * @param pz the position's z
     * @param qx the rotation quaternion x (unit)
     * @param qy the rotation's y
     * @param qz the rotation's z
     * @param qw the rotation's w
     * @param out receives min x, y, z, max x, y, z at {@code offset}
     * @param offset where to write in {@code out}
     */
    public void enclosingBounds(double px, double py, double pz, double qx, double qy, double qz, double qw,
                                double[] out, int offset) {
        double cx = 0.5 * (box[0] + box[3]), cy = 0.5 * (box[1] + box[4]), cz = 0.5 * (box[2] + box[5]);
        double hx = 0.5 * (box[3] - box[0]), hy = 0.5 * (box[4] - box[1]), hz = 0.5 * (box[5] - box[2]);
        double xx = qx * qx, yy = qy * qy, zz = qz * qz, xy = qx * qy, xz = qx * qz, yz = qy * qz;
        double wx = qw * qx, wy = qw * qy, wz = qw * qz;
        double r00 = 1 - 2 * (yy + zz), r01 = 2 * (xy - wz), r02 = 2 * (xz + wy);
        double r10 = 2 * (xy + wz), r11 = 1 - 2 * (xx + zz), r12 = 2 * (yz - wx);
        double r20 = 2 * (xz - wy), r21 = 2 * (yz + wx), r22 = 1 - 2 * (xx + yy);
        double ox = px + r00 * cx + r01 * cy + r02 * cz;
        double oy = py + r10 * cx + r11 * cy + r12 * cz;
        double oz = pz + r20 * cx + r21 * cy + r22 * cz;
        double ex = Math.abs(r00) * hx + Math.abs(r01) * hy + Math.abs(r02) * hz;
        double ey = Math.abs(r10) * hx + Math.abs(r11) * hy + Math.abs(r12) * hz;
        double ez = Math.abs(r20) * hx + Math.abs(r21) * hy + Math.abs(r22) * hz;
        ex += 1e-12 * (ex + Math.abs(ox)) + 1e-12;
        ey += 1e-12 * (ey + Math.abs(oy)) + 1e-12;
        ez += 1e-12 * (ez + Math.abs(oz)) + 1e-12;
        out[offset] = ox - ex;
        out[offset + 1] = oy - ey;
        out[offset + 2] = oz - ez;
        out[offset + 3] = ox + ex;
        out[offset + 4] = oy + ey;
        out[offset + 5] = oz + ez;
    }

    /**
     * The nearest hit over the children, each cast in its own frame; through the BVH (children whose
     * boxes the ray reaches before the best hit so far) when there is one.
     */
    @Override
    public double rayCast(double ox, double oy, double oz, double dx, double dy, double dz, double maxT,
                          double[] normalOut) {
        ChildRay r = new ChildRay(ox, oy, oz, dx, dy, dz, normalOut);
        if (tree != null) {
            tree.ray(ox, oy, oz, dx, dy, dz, maxT, r);
        } else {
            double t = maxT;
            for (int i = 0; i < children.length; i++) {
                t = r.visit(i, t);
            }
        }
        return r.best;
    }

    private final class ChildRay implements AabbTree.RayVisitor {
        final double ox, oy, oz, dx, dy, dz;
        final double[] normalOut;
        final double[] lo = new double[3], ld = new double[3], n = new double[3];
        double best = -1;

        ChildRay(double ox, double oy, double oz, double dx, double dy, double dz, double[] normalOut) {
            this.ox = ox;
            this.oy = oy;
            this.oz = oz;
            this.dx = dx;
            this.dy = dy;
            this.dz = dz;
            this.normalOut = normalOut;
        }

        @Override
        public double visit(int item, double maxT) {
            Child c = children[item];
            ShapeMath.inverseRotate(c.qx(), c.qy(), c.qz(), c.qw(), ox - c.x(), oy - c.y(), oz - c.z(), lo, 0);
            ShapeMath.inverseRotate(c.qx(), c.qy(), c.qz(), c.qw(), dx, dy, dz, ld, 0);
            double t = c.shape().rayCast(lo[0], lo[1], lo[2], ld[0], ld[1], ld[2], maxT, n);
            if (t >= 0 && (best < 0 || t < best)) {
                best = t;
                ShapeMath.rotate(c.qx(), c.qy(), c.qz(), c.qw(), n[0], n[1], n[2], normalOut, 0);
                return t;
            }
            return maxT;
        }
    }
}
