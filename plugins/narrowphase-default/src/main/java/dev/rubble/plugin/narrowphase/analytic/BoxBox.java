package dev.rubble.plugin.narrowphase.analytic;

import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.PairCollider;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.geometry.gjk.ConvexCollider;
import dev.rubble.geometry.gjk.ManifoldBuilder;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.ShapeMath;

/**
 * Box–box by the separating axis theorem over the 15 axes (3 face normals of each box and the 9
 * edge cross products; Gottschalk's OBB test), taking the axis of largest separation. Faces are
 * preferred over edges unless an edge axis separates by more than {@link #edgeTolerance} (5 mm plus
 * a quarter of the overlap depth); A's faces are preferred over B's unless B's beat them by
 * {@link #FACE_TOLERANCE}. Face contacts are clipped into up to 4 points by {@link ManifoldBuilder};
 * edge contacts give the closest points between the two edges, or the two ends of their overlap when
 * the edges are within about 10 degrees of parallel. Allocation-free.
 *
 * <p><b>Boxes apart on two axes.</b> Within the speculative margin the face axis of largest separation may
 * not be where the boxes meet: two boxes apart corner to corner (or edge to edge across a diagonal) are
 * within the margin on each face axis, but their faces do not overlap seen along it, so clipping leaves no
 * point. Then the pair is handed to {@link ConvexCollider} (GJK's closest points: one point, the true
 * distance and direction, as every other convex pair gets in that case). Before (peers19, Jolt's
 * {@code TestLinearCastBoxVsInactiveDiscreteBoxAngled}), such a pair had no contact at all: a 1 m box moving
 * at (-120, 0, 240) m/s from (2, 0, -2) passed straight through a 1 m box at the origin in one 60 Hz step.
 *
 * <p>Why faces win by that much (issue 4, docs/dynamics.md): in a settling pile boxes lie with an
 * edge on another box's face or across its rim, and the exact SAT answer there is often an edge axis
 * a fraction of a millimetre better than the face: one contact point, about which the box pivots.
 * With a 1 mm tolerance the 4 000-box bench pile kept a few boxes rocking at 0.1-0.2 rad/s and its
 * one big island awake until 29 s; preferring the face (clipped: 2-4 points) it sleeps at 12 s.
 * ODE's dBoxBox (and Bullet's port of it) prefers faces by 5 % of the depth, qu3e by 5 % plus 1 cm.
 * The price: when a face wins over a better edge axis the reported depth exceeds the true (minimum)
 * depth by at most that tolerance, and the normal is the face's.
 *
 * <p><b>The separating axis test</b> runs in A's frame, as Gottschalk's OBB test does: the nine
 * products {@code c[i][j] = a_i . b_j} and t's components along both boxes' axes are computed once,
 * and each axis's separation is a few products of them (a face of A: {@code |t.a_i| - ha_i - sum_j
 * hb_j |c[i][j]|}; an edge pair a_i x b_j: its two projected extents from two entries of c each, over
 * the axis's length). Before, every one of the 15 axes projected both boxes' three world axes
 * (18 products each) and normalised its edge axis: 45 divisions and a third of a fresh box pair's
 * narrowphase. The winning axis's world normal is computed as before. The separations differ from
 * the world-frame ones in their last bits (rotation matrices are orthonormal to rounding), so only an
 * exact tie between two axes could choose differently.
 *
 * <p>Separating-axis hint (issue 27 item 2): the hinted call keeps in the pair's hint slot the one of
 * the 15 axes that last separated the boxes by more than the margin (its index plus one in the slot's
 * last double, its direction from A to B in A's frame in the first three) and next time computes that
 * axis's separation first, with the same expressions as the full test. When it exceeds the margin the
 * full test would return with no contact as well (a face axis makes {@code maxFace}, an edge axis
 * {@code bestEdge}, at least that large), so the call returns at once: the same result, one axis instead
 * of six to fifteen. In the 4 000-box pile about a third of the pairs the narrowphase tests are apart.
 */
final class BoxBox implements PairCollider {
    /** An edge axis must beat the best face axis by this much, metres, plus {@link #EDGE_RELATIVE} of the depth. */
    static final double EDGE_TOLERANCE = 5e-3;
    /** Fraction of the edge axis's overlap depth added to {@link #EDGE_TOLERANCE}. */
    static final double EDGE_RELATIVE = 0.25;
    /** Edges whose directions' |cos| is at least this (within about 10 degrees) touch along their overlap: two points. */
    static final double PARALLEL_COS = 0.985;
    /** One of B's face axes must beat A's best face axis by this much, metres (Box2D: 0.1 x linear slop). */
    static final double FACE_TOLERANCE = 5e-4;
    private final ManifoldBuilder builder = new ManifoldBuilder();
    /** The closest points by GJK, for a pair within the margin whose face clip left no point. */
    private final ConvexCollider closest = new ConvexCollider();
    private final double[] st = new double[2];
    private final double[] ha = new double[3], hb = new double[3];
    /** The test's scratch: c = a_i . b_j (row i, column j), its absolute values, t along A's and B's axes, a normal. */
    private final double[] c = new double[9], ac = new double[9], ta = new double[3], tb = new double[3], n = new double[3];

    /** Axes of the full test: A's faces 0-2, B's faces 3-5, edge pairs 6 + 3 i + j. */
    private static final int AXES = 15;

    @Override
    public void collide(Shape sa, Pose pa, Shape sb, Pose pb, double margin, ContactSink sink) {
        collide(sa, pa, sb, pb, margin, sink, null, 0);
    }

    /**
     * The test with the pair's hint slot {@code hint[offset .. offset + 4)} (or none: {@code hint}
     * null); see the class comment.
     */
    @Override
    public void collide(Shape sa, Pose pa, Shape sb, Pose pb, double margin, ContactSink sink,
                        double[] hint, int offset) {
        Box a = (Box) sa, b = (Box) sb;
        double[] ra = pa.r, rb = pb.r;
        double[] ha = this.ha, hb = this.hb;
        ha[0] = a.halfX();
        ha[1] = a.halfY();
        ha[2] = a.halfZ();
        hb[0] = b.halfX();
        hb[1] = b.halfY();
        hb[2] = b.halfZ();
        double tx = pb.px - pa.px, ty = pb.py - pa.py, tz = pb.pz - pa.pz;
        if (hint != null && hint[offset + 3] > 0) {
            int k = (int) hint[offset + 3] - 1; // any of the 15 axes is an exact test (a stray value: none)
            if (k >= 0 && k < AXES && axisSeparates(k, tx, ty, tz, ra, ha, rb, hb, margin, hint, offset)) {
                return;
            }
        }
        // the test in A's frame (class comment "The separating axis test"): c[3 i + j] = a_i . b_j,
        // ta[i] = a_i . t, tb[j] = b_j . t
        final double[] c = this.c, ac = this.ac, ta = this.ta, tb = this.tb;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                double v = dot(ra, i, rb, j);
                c[3 * i + j] = v;
                ac[3 * i + j] = Math.abs(v);
            }
            ta[i] = along(ra, i, tx, ty, tz);
            tb[i] = along(rb, i, tx, ty, tz);
        }
        int apartAxis = -1; // the axis of the largest face separation
        double bestFace = Double.NEGATIVE_INFINITY, maxFace = Double.NEGATIVE_INFINITY, bestEdge = Double.NEGATIVE_INFINITY;
        int faceAxis = -1, edgeK = -1;
        for (int k = 0; k < 6; k++) {
            double s = k < 3 ? faceASeparation(k, ta, ac, ha, hb) : faceBSeparation(k - 3, tb, ac, ha, hb);
            if (s > maxFace) {
                apartAxis = k;
            }
            maxFace = Math.max(maxFace, s);
            // A's faces win unless one of B's separates by FACE_TOLERANCE more: two boxes resting
            // face to face with a slight tilt would otherwise swap reference faces step to step
            // (new feature ids every time, so no warm starting)
            if (s > bestFace + (k >= 3 ? FACE_TOLERANCE : 0)) {
                bestFace = s;
                faceAxis = k;
            }
        }
        if (maxFace > margin) {
            if (hint != null) {
                writeHint(apartAxis, tx, ty, tz, ra, rb, hint, offset);
            }
            return;
        }
        for (int k = 6; k < AXES; k++) {
            double s = edgeSeparation(k, ta, c, ac, ha, hb);
            if (s > bestEdge) { // NaN (parallel edges, covered by the face axes) never wins
                bestEdge = s;
                edgeK = k;
            }
        }
        if (bestEdge > margin) {
            if (hint != null) {
                writeHint(edgeK, tx, ty, tz, ra, rb, hint, offset);
            }
            return;
        }
        if (hint != null) {
            hint[offset + 3] = 0; // in contact (or within the margin): no separating axis
        }
        final double[] n = this.n;
        if (edgeK >= 0 && bestEdge > bestFace + edgeTolerance(bestEdge)) {
            axis(edgeK, tx, ty, tz, ra, rb, n);
            int i = (edgeK - 6) / 3, j = (edgeK - 6) % 3;
            edgeContact(pa, ha, pb, hb, i, j, n[0], n[1], n[2], margin, sink);
            return;
        }
        axis(faceAxis, tx, ty, tz, ra, rb, n);
        double fnx = n[0], fny = n[1], fnz = n[2];
        builder.featureA(sa, pa, fnx, fny, fnz);
        builder.featureB(sb, pb, fnx, fny, fnz);
        if (!builder.clip(fnx, fny, fnz, 0, 0, margin, sink, 0)
                && acrossSeparation(faceAxis, ta, tb, ac, ha, hb) > ACROSS_GATE) {
            // apart on two axes (class comment): the faces do not overlap along the axis, the closest points do
            closest.collide(sa, pa, sb, pb, margin, sink);
        }
    }

    /**
     * How far apart the boxes lie across face axis {@code f}: the largest separation along a face axis of either box
     * not parallel to it (within about 8°). Metres; negative where they overlap along every such axis.
     */
    private static double acrossSeparation(int f, double[] ta, double[] tb, double[] ac, double[] ha, double[] hb) {
        double best = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < 6; k++) {
            if (k == f || parallelFaces(k, f, ac)) {
                continue;
            }
            best = Math.max(best, k < 3 ? faceASeparation(k, ta, ac, ha, hb) : faceBSeparation(k - 3, tb, ac, ha, hb));
        }
        return best;
    }

    /** Whether face axes {@code k} and {@code f} (0-2 A's, 3-5 B's) are parallel within about 8°. */
    private static boolean parallelFaces(int k, int f, double[] ac) {
        if (k < 3 == f < 3) {
            return false; // two different axes of one box are perpendicular
        }
        int i = k < 3 ? k : f, j = k < 3 ? f - 3 : k - 3;
        return ac[3 * i + j] > 0.99;
    }

    /**
     * How far apart two boxes whose face clip left no point must lie across that face's axis for their closest points
     * to make the contact (metres). A box resting on one body and sliding towards the edge of the next one's face, flush
     * with it or nearly, lies about 0 across (along the faces' normal it rests on) and only a few centimetres along the
     * slide: its closest points with the next body are edge on edge with a normal nearly along the slide, a ghost
     * contact that stopped it at the seam (`BodySeamTest`), where before the clip it simply slid on. Two boxes apart
     * on two axes by more than this (peers19's diagonal pass, 1 m on each) get the contact.
     */
    static final double ACROSS_GATE = 0.005;

    /**
     * Whether axis {@code k} (see {@link #AXES}) separates the boxes by more than {@code margin}, computed
     * with exactly the full test's expressions (the same entries of {@code c}, the same separation
     * methods); if so, writes it to the hint slot (direction from A to B in A's frame, {@code k + 1}).
     */
    private boolean axisSeparates(int k, double tx, double ty, double tz, double[] ra, double[] ha,
                                  double[] rb, double[] hb, double margin, double[] hint, int offset) {
        final double[] c = this.c, ac = this.ac, ta = this.ta, tb = this.tb;
        double s;
        if (k < 3) {
            for (int j = 0; j < 3; j++) {
                ac[3 * k + j] = Math.abs(dot(ra, k, rb, j));
            }
            ta[k] = along(ra, k, tx, ty, tz);
            s = faceASeparation(k, ta, ac, ha, hb);
        } else if (k < 6) {
            int j = k - 3;
            for (int i = 0; i < 3; i++) {
                ac[3 * i + j] = Math.abs(dot(ra, i, rb, j));
            }
            tb[j] = along(rb, j, tx, ty, tz);
            s = faceBSeparation(j, tb, ac, ha, hb);
        } else {
            int i = (k - 6) / 3, j = (k - 6) % 3;
            int i1 = NEXT[i], i2 = NEXT[i1], j1 = NEXT[j], j2 = NEXT[j1];
            setEntry(ra, rb, i1, j);
            setEntry(ra, rb, i2, j);
            setEntry(ra, rb, i, j1);
            setEntry(ra, rb, i, j2);
            ta[i1] = along(ra, i1, tx, ty, tz);
            ta[i2] = along(ra, i2, tx, ty, tz);
            s = edgeSeparation(k, ta, c, ac, ha, hb);
        }
        if (!(s > margin)) {
            return false;
        }
        writeHint(k, tx, ty, tz, ra, rb, hint, offset);
        return true;
    }

    private void setEntry(double[] ra, double[] rb, int i, int j) {
        double v = dot(ra, i, rb, j);
        c[3 * i + j] = v;
        ac[3 * i + j] = Math.abs(v);
    }

    /** Axis {@code k}'s unit direction from A to B, world, into {@code out} (the contact normal when it wins). */
    private static void axis(int k, double tx, double ty, double tz, double[] ra, double[] rb, double[] out) {
        double lx, ly, lz;
        if (k < 6) {
            double[] r = k < 3 ? ra : rb;
            int i = k < 3 ? k : k - 3;
            lx = r[i];
            ly = r[3 + i];
            lz = r[6 + i];
        } else {
            int i = (k - 6) / 3, j = (k - 6) % 3;
            double ax = ra[i], ay = ra[3 + i], az = ra[6 + i];
            double bx = rb[j], by = rb[3 + j], bz = rb[6 + j];
            lx = ay * bz - az * by;
            ly = az * bx - ax * bz;
            lz = ax * by - ay * bx;
            double l = Math.sqrt(lx * lx + ly * ly + lz * lz);
            lx /= l;
            ly /= l;
            lz /= l;
        }
        double sg = lx * tx + ly * ty + lz * tz < 0 ? -1 : 1;
        out[0] = sg * lx;
        out[1] = sg * ly;
        out[2] = sg * lz;
    }

    /** Writes axis {@code k} to the hint slot: its direction from A to B in A's frame, and {@code k + 1}. */
    private void writeHint(int k, double tx, double ty, double tz, double[] ra, double[] rb, double[] hint, int offset) {
        final double[] n = this.n;
        axis(k, tx, ty, tz, ra, rb, n);
        hint[offset] = ra[0] * n[0] + ra[3] * n[1] + ra[6] * n[2];
        hint[offset + 1] = ra[1] * n[0] + ra[4] * n[1] + ra[7] * n[2];
        hint[offset + 2] = ra[2] * n[0] + ra[5] * n[1] + ra[8] * n[2];
        hint[offset + 3] = k + 1;
    }

    /** Column i of {@code ra} dotted with column j of {@code rb}: a_i . b_j. */
    private static double dot(double[] ra, int i, double[] rb, int j) {
        return ra[i] * rb[j] + ra[3 + i] * rb[3 + j] + ra[6 + i] * rb[6 + j];
    }

    /** Column i of {@code r} dotted with t. */
    private static double along(double[] r, int i, double tx, double ty, double tz) {
        return r[i] * tx + r[3 + i] * ty + r[6 + i] * tz;
    }

    /** Separation along A's face axis i (negative = overlap depth). */
    private static double faceASeparation(int i, double[] ta, double[] ac, double[] ha, double[] hb) {
        return Math.abs(ta[i]) - ha[i] - (hb[0] * ac[3 * i] + hb[1] * ac[3 * i + 1] + hb[2] * ac[3 * i + 2]);
    }

    /** Separation along B's face axis j. */
    private static double faceBSeparation(int j, double[] tb, double[] ac, double[] ha, double[] hb) {
        return Math.abs(tb[j]) - (ha[0] * ac[j] + ha[1] * ac[3 + j] + ha[2] * ac[6 + j]) - hb[j];
    }

    /**
     * Separation along edge axis {@code k} = 6 + 3 i + j, a_i x b_j normalised; NaN when the two
     * edges are parallel (|a_i x b_j| &lt; 1e-6: the face axes cover them), which no comparison picks.
     * In A's frame b_j is column j of c, so a_i x b_j = (.., -c[i2][j], c[i1][j]) at (i1, i2) = the
     * two axes after i, whose length is that of the axis.
     */
    private static double edgeSeparation(int k, double[] ta, double[] c, double[] ac, double[] ha, double[] hb) {
        int i = (k - 6) / 3, j = (k - 6) - 3 * i;
        int i1 = NEXT[i], i2 = NEXT[i1], j1 = NEXT[j], j2 = NEXT[j1];
        double c1 = c[3 * i1 + j], c2 = c[3 * i2 + j];
        double l = Math.sqrt(c1 * c1 + c2 * c2);
        if (l < 1e-6) {
            return Double.NaN;
        }
        double proj = ta[i2] * c1 - ta[i1] * c2;
        double ea = ha[i1] * ac[3 * i2 + j] + ha[i2] * ac[3 * i1 + j];
        double eb = hb[j1] * ac[3 * i + j2] + hb[j2] * ac[3 * i + j1];
        return (Math.abs(proj) - ea - eb) / l;
    }

    /** The next axis, cyclically. */
    private static final int[] NEXT = {1, 2, 0};

    /**
     * How much an edge axis must beat the best face axis, metres, when the edge axis separates by
     * {@code edgeSeparation} (negative = overlap): {@link #EDGE_TOLERANCE} plus {@link #EDGE_RELATIVE}
     * of the overlap depth.
     */
    static double edgeTolerance(double edgeSeparation) {
        return EDGE_TOLERANCE + EDGE_RELATIVE * Math.max(0, -edgeSeparation);
    }

    private void edgeContact(Pose pa, double[] ha, Pose pb, double[] hb, int i, int j,
                             double nx, double ny, double nz, double margin, ContactSink sink) {
        double[] ra = pa.r, rb = pb.r;
        // A's edge: the one along a_i farthest along n; B's: along b_j farthest along -n
        double cax = pa.px, cay = pa.py, caz = pa.pz, cbx = pb.px, cby = pb.py, cbz = pb.pz;
        for (int k = 0; k < 3; k++) {
            if (k != i) {
                double s = ra[k] * nx + ra[3 + k] * ny + ra[6 + k] * nz < 0 ? -ha[k] : ha[k];
                cax += s * ra[k];
                cay += s * ra[3 + k];
                caz += s * ra[6 + k];
            }
            if (k != j) {
                double s = rb[k] * nx + rb[3 + k] * ny + rb[6 + k] * nz > 0 ? -hb[k] : hb[k];
                cbx += s * rb[k];
                cby += s * rb[3 + k];
                cbz += s * rb[6 + k];
            }
        }
        double dax = ra[i] * ha[i], day = ra[3 + i] * ha[i], daz = ra[6 + i] * ha[i];
        double dbx = rb[j] * hb[j], dby = rb[3 + j] * hb[j], dbz = rb[6 + j] * hb[j];
        ShapeMath.closestSegmentSegment(cax - dax, cay - day, caz - daz, cax + dax, cay + day, caz + daz,
                cbx - dbx, cby - dby, cbz - dbz, cbx + dbx, cby + dby, cbz + dbz, st);
        double px = cax - dax + 2 * st[0] * dax, py = cay - day + 2 * st[0] * day, pz = caz - daz + 2 * st[0] * daz;
        double qx = cbx - dbx + 2 * st[1] * dbx, qy = cby - dby + 2 * st[1] * dby, qz = cbz - dbz + 2 * st[1] * dbz;
        double sep = (qx - px) * nx + (qy - py) * ny + (qz - pz) * nz;
        if (sep > margin) {
            return;
        }
        double cos = ra[i] * rb[j] + ra[3 + i] * rb[3 + j] + ra[6 + i] * rb[6 + j];
        if (Math.abs(cos) >= PARALLEL_COS && parallelEdges(cax, cay, caz, ra[i], ra[3 + i], ra[6 + i], ha[i],
                cbx, cby, cbz, rb[j], rb[3 + j], rb[6 + j], hb[j], cos, nx, ny, nz, margin, i * 3 + j, sink)) {
            return;
        }
        sink.beginManifold(nx, ny, nz, 0);
        sink.addPoint(px, py, pz, sep, (1L << 59) | (i * 3 + j));
    }

    /**
     * Two nearly parallel edges (A's through {@code ca} along unit {@code ua}, half length {@code la};
     * B's likewise): the two ends of their overlap measured along A's edge, each paired with the point
     * of B's edge at the same position along A's edge. Returns false (caller emits one point) when the
     * overlap is shorter than 1 % of the shorter edge or neither end is within the margin.
     */
    private static boolean parallelEdges(double cax, double cay, double caz, double uax, double uay, double uaz,
                                         double la, double cbx, double cby, double cbz, double ubx, double uby,
                                         double ubz, double lb, double cos, double nx, double ny, double nz,
                                         double margin, int edgePair, ContactSink sink) {
        // B's edge centre and half extent projected onto A's edge axis
        double mid = (cbx - cax) * uax + (cby - cay) * uay + (cbz - caz) * uaz;
        double half = lb * Math.abs(cos);
        double lo = Math.max(-la, mid - half), hi = Math.min(la, mid + half);
        if (hi - lo < 0.01 * 2 * Math.min(la, lb)) {
            return false;
        }
        boolean begun = false;
        for (int k = 0; k < 2; k++) {
            double t = k == 0 ? lo : hi;
            double px = cax + t * uax, py = cay + t * uay, pz = caz + t * uaz;
            // the point of B's edge whose projection on A's edge is t
            double u = (t - mid) / cos;
            double qx = cbx + u * ubx, qy = cby + u * uby, qz = cbz + u * ubz;
            double sep = (qx - px) * nx + (qy - py) * ny + (qz - pz) * nz;
            if (sep > margin) {
                continue;
            }
            if (!begun) {
                sink.beginManifold(nx, ny, nz, 0);
                begun = true;
            }
            sink.addPoint(px, py, pz, sep, (1L << 59) | ((long) (k + 1) << 4) | edgePair);
        }
        return begun;
    }
}
