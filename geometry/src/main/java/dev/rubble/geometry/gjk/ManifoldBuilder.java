package dev.rubble.geometry.gjk;

import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.ShapeType;

/**
 * Turns a contact normal into a manifold of up to 4 points by feature clipping (Gregorius, "Robust
 * contact creation for physics simulations", GDC 2015):
 *
 * <ol>
 *   <li>each shape's <em>feature</em> along the normal: a face polygon (box, hull, mesh triangle),
 *       a segment (capsule side) or a point (sphere, capsule end);</li>
 *   <li>when a face is aligned with the normal within {@link #FACE_COS} it becomes the reference
 *       (A preferred on ties): the other feature is clipped against the reference face's side planes
 *       (Sutherland–Hodgman) and each surviving point's separation is its height over the reference
 *       plane minus the radii; the manifold normal becomes the reference face normal;</li>
 *   <li>two parallel segments (capsule–capsule) give their overlap's two ends;</li>
 *   <li>otherwise the caller emits its single closest-point contact.</li>
 * </ol>
 *
 * Points with separation above the margin are dropped; more than 4 are reduced to the deepest, the
 * farthest from it, and the two that span the largest area. Feature ids combine the reference
 * feature, the incident feature and the clip history of the point. A fast pair's face contact
 * ({@link #FAST_MARGIN}) with a box or hull as the incident shape also gets the manifold of that
 * shape's other vertices within reach (sub-key + {@link #WHIP_KEY}). A slower pair's face contact with a hull
 * as the incident shape takes those of them under the reference face into its own manifold ({@link #sunkVertices}). Scratch only; not
 * thread-safe.
 */
public final class ManifoldBuilder {
    /** Cosine of the largest angle between the normal and a face normal for a face contact (about 2.6°). */
    public static final double FACE_COS = 0.999;
    static final int MAX = 64;
    /** Tag of a point that is a vertex of the incident shape outside its feature (vertex index added). */
    static final long OTHER_VERTEX = 0x400000L;
    /** Sub-key bit of the manifold of a fast pair's vertices outside the incident feature (a mesh's triangle index is below it). */
    public static final long WHIP_KEY = 1L << 31;
    /**
     * Speculative margin, metres, above which a pair is fast: twice the kernel's default margin of 2 cm,
     * i.e. the pair closes more than 2 cm in its step (1.2 m/s at 60 Hz). A fast face contact whose
     * incident shape is a box or a hull gets a second manifold (sub-key + {@link #WHIP_KEY}): the incident
     * shape's vertices outside its feature that lie over the reference face within the margin and not
     * over the clipped feature itself. A rod landing fast on one end is stopped there and turns about it
     * at hundreds of rad/s, so its other end swings down within the same step; with the end face's points
     * only it passed a 1 cm plate and a mesh floor at 150-400 m/s (docs/dynamics.md, "End-first impacts").
     * Pairs at or below this margin (resting, slow) keep the manifold they had before, but for a hull's other
     * vertices under the reference face ({@link #sunkVertices}).
     */
    public static final double FAST_MARGIN = 0.04;

    // features: points (world, core), count, face normal (when a polygon), id
    private final double[] fa = new double[3 * MAX], fb = new double[3 * MAX];
    private int na, nb;
    private final double[] nfa = new double[3], nfb = new double[3];
    private long ida, idb;

    private double[] clipIn = new double[3 * MAX], clipOut = new double[3 * MAX];
    private long[] tagIn = new long[MAX], tagOut = new long[MAX];
    private final double[] outP = new double[3 * MAX], outS = new double[MAX];
    private final long[] outId = new long[MAX];
    private final boolean[] chosen = new boolean[MAX];
    /** clipPlane's per-vertex distances. */
    private final double[] dist = new double[MAX];
    private final Features features = new Features();
    /** The shapes and poses the features came from (null for a mesh triangle): their other vertices. */
    private Shape shapeA, shapeB;
    private Pose poseA, poseB;
    /** The reference face's side planes (s, sd) of the last face contact. */
    private final double[] side = new double[4 * MAX];
    private final double[] vertex = new double[3];

    /** Extracts A's feature along {@code n} (towards B). */
    public void featureA(Shape s, Pose p, double nx, double ny, double nz) {
        na = features.of(s, p, nx, ny, nz, fa, nfa);
        ida = features.id;
        shapeA = s;
        poseA = p;
    }

    /** Extracts B's feature along {@code -n} (towards A). */
    public void featureB(Shape s, Pose p, double nx, double ny, double nz) {
        nb = features.of(s, p, -nx, -ny, -nz, fb, nfb);
        idb = features.id;
        shapeB = s;
        poseB = p;
    }

    /** Sets A's feature to a world triangle with unit face normal (mesh triangles). */
    public void triangleA(double[] v9, double nx, double ny, double nz, long id) {
        System.arraycopy(v9, 0, fa, 0, 9);
        na = 3;
        shapeA = null;
        poseA = null;
        nfa[0] = nx;
        nfa[1] = ny;
        nfa[2] = nz;
        ida = id;
    }

    /** Sets B's feature to a world triangle with unit face normal, the normal towards A (mesh triangles). */
    public void triangleB(double[] v9, double nx, double ny, double nz, long id) {
        System.arraycopy(v9, 0, fb, 0, 9);
        nb = 3;
        shapeB = null;
        poseB = null;
        nfb[0] = nx;
        nfb[1] = ny;
        nfb[2] = nz;
        idb = id;
    }

    /**
     * Clips the two features for normal {@code n} (A to B) and emits a manifold with sub-key
     * {@code subKey}. Returns false when neither a face contact nor parallel segments apply, or clipping
     * left no point within the margin, so the caller should emit its single closest-point contact.
     */
    public boolean clip(double nx, double ny, double nz, double rA, double rB, double margin,
                        ContactSink sink, long subKey) {
        edgeFace = 0;
        double alignA = na >= 3 ? nfa[0] * nx + nfa[1] * ny + nfa[2] * nz : Double.NEGATIVE_INFINITY;
        double alignB = nb >= 3 ? -(nfb[0] * nx + nfb[1] * ny + nfb[2] * nz) : Double.NEGATIVE_INFINITY;
        if (Math.max(alignA, alignB) >= FACE_COS) {
            boolean refA = alignA >= alignB - 1e-12;
            return faceContact(refA, rA, rB, margin, sink, subKey);
        }
        if (na == 2 && nb == 2) {
            return segments(nx, ny, nz, rA, rB, margin, sink, subKey);
        }
        // a capsule's side over a face it leans on at an edge: the face's manifold follows the caller's point
        if (nb == 2 && alignA >= EDGE_FACE_COS && shapeB != null && shapeB.type() == ShapeType.CAPSULE) {
            edgeFace = 1;
        } else if (na == 2 && alignB >= EDGE_FACE_COS && shapeA != null && shapeA.type() == ShapeType.CAPSULE) {
            edgeFace = 2;
        }
        edgeRA = rA;
        edgeRB = rB;
        edgeMargin = margin;
        return false;
    }

    /**
     * Cosine of the largest angle between an edge contact's normal and the face a capsule leans over for {@link
     * #edgeFace(ContactSink, long)}: 45 degrees, beyond which the neighbouring face is the more aligned one.
     */
    static final double EDGE_FACE_COS = 0.7071067811865476;
    private int edgeFace; // after clip returned false: 1 (A's face) or 2 (B's face) when edgeFace(…) has a manifold to add
    private double edgeRA, edgeRB, edgeMargin;

    /**
     * After {@link #clip} returned false and the caller emitted its single closest-point contact (sub-key
     * {@code subKey}): when that contact is a capsule's side against the edge of a face it leans over (box, hull or
     * mesh triangle; the face within 45 degrees of the normal, no face within {@link #FACE_COS}), emits as a second
     * manifold (sub-key + {@link #WHIP_KEY}) the capsule's segment clipped against that face, each point's separation
     * its height over the face: the face contact a rolling or sliding capsule would have there. With the edge's point
     * only, a capsule landing across a box's edge near its corner swung its other end into the top face within the
     * step, the fast-turn sweep put it back where the end met the face, and the next step's edge contact did the
     * same: it hung on the corner for 20 steps at 30 Hz with 1.7 m/s and 15 rad/s (fuzz seed 30884). Nothing when the
     * last {@link #clip} made no such contact.
     */
    public void edgeFace(ContactSink sink, long subKey) {
        int e = edgeFace;
        edgeFace = 0;
        if (e != 0) {
            faceContact(e == 1, edgeRA, edgeRB, edgeMargin, sink, subKey | WHIP_KEY);
        }
    }

    private boolean faceContact(boolean refA, double rA, double rB, double margin, ContactSink sink, long subKey) {
        double[] ref = refA ? fa : fb, inc = refA ? fb : fa;
        int nr = refA ? na : nb, ni = refA ? nb : na;
        double[] rn = refA ? nfa : nfb;
        double rnx = rn[0], rny = rn[1], rnz = rn[2];
        long refId = refA ? ida : idb, incId = refA ? idb : ida;
        int n = ni;
        System.arraycopy(inc, 0, clipIn, 0, 3 * ni);
        for (int k = 0; k < ni; k++) {
            tagIn[k] = k;
        }
        Shape incShape = refA ? shapeB : shapeA;
        boolean others = margin > FAST_MARGIN && incShape != null
                && (incShape.type() == ShapeType.BOX || incShape.type() == ShapeType.CONVEX_HULL);
        // a slow pair's hull face: its other vertices under the reference face join the face's manifold (sunkVertices)
        boolean sunk = !others && ni >= 3 && incShape != null && incShape.type() == ShapeType.CONVEX_HULL;
        boolean sides = others || sunk;
        for (int e = 0; e < nr && (n > 0 || others); e++) {
            int e1 = e + 1 == nr ? 0 : e + 1; // not %: an integer division per edge
            double ex = ref[3 * e1] - ref[3 * e], ey = ref[3 * e1 + 1] - ref[3 * e + 1], ez = ref[3 * e1 + 2] - ref[3 * e + 2];
            double sx = ey * rnz - ez * rny, sy = ez * rnx - ex * rnz, sz = ex * rny - ey * rnx; // outward side normal
            double sd = sx * ref[3 * e] + sy * ref[3 * e + 1] + sz * ref[3 * e + 2];
            if (sides) {
                side[4 * e] = sx;
                side[4 * e + 1] = sy;
                side[4 * e + 2] = sz;
                side[4 * e + 3] = sd;
            }
            if (n > 0) {
                n = clipPlane(n, sx, sy, sz, sd, e);
            }
        }
        double mx = refA ? rnx : -rnx, my = refA ? rny : -rny, mz = refA ? rnz : -rnz;
        double r0 = rnx * ref[0] + rny * ref[1] + rnz * ref[2];
        int m = 0;
        for (int k = 0; k < n && m < MAX; k++) {
            double px = clipIn[3 * k], py = clipIn[3 * k + 1], pz = clipIn[3 * k + 2];
            double dist = rnx * px + rny * py + rnz * pz - r0;
            double sep = dist - (refA ? rB : rA) - (refA ? rA : rB);
            if (sep > margin) {
                continue;
            }
            if (refA) { // p on B's core; A's witness on the reference plane
                outP[3 * m] = px - dist * mx;
                outP[3 * m + 1] = py - dist * my;
                outP[3 * m + 2] = pz - dist * mz;
            } else { // p on A's core
                outP[3 * m] = px + rA * mx;
                outP[3 * m + 1] = py + rA * my;
                outP[3 * m + 2] = pz + rA * mz;
            }
            outS[m] = sep;
            outId[m] = (refA ? 0L : 1L << 62) | ((refId & 0xffffL) << 40) | ((incId & 0xffffL) << 24) | (tagIn[k] & 0xffffffL);
            m++;
        }
        if (sunk && m > 0) {
            m = sunkVertices(m, n, incShape, refA ? poseB : poseA, incId, nr, rnx, rny, rnz, r0, mx, my, mz,
                    refA, rA, rB, 0, refId);
        }
        emit(m, mx, my, mz, sink, subKey);
        if (others) {
            int w = whipVertices(0, n, incShape, refA ? poseB : poseA, incId, nr, rnx, rny, rnz, r0, mx, my, mz,
                    refA, rA, rB, margin, refId);
            emit(w, mx, my, mz, sink, subKey | WHIP_KEY);
        }
        // m == 0: clipped away (the closest point lies beyond the face's edges): the caller uses the single point
        return m > 0;
    }

    /**
     * A slow pair's face contact with a hull as the incident shape (rock34, 2026-12-07; docs/dynamics.md,
     * "Physical limits"): adds to its {@code m} points the hull's vertices outside its face that lie over the
     * reference face and under its plane (separation at most 0) and not over the clipped face, each at its own
     * separation (ids: the vertex's index tagged {@link #OTHER_VERTEX}), in the face's own manifold, reduced with its
     * points to 4 when more. A hull's underside may be several faces meeting at a shallow ridge (a slab cut by planes
     * not quite square): its support face along the normal is one of them, and the corners of the others had no
     * point. Under a heavy load the soft contact sinks every corner millimetres deep, so the other face's corner went
     * into the ground unseen and, when the support face changed, met it at full depth with no warm start; the push-out
     * gave back energy the sinking never paid: a 3 600 kg block on a 120 kg hull with a 1 mm ridge rocked at 20-75 J
     * for as long as it ran, never asleep (1:10 to 1:100 alike). Only corners under the surface: with those within
     * the margin too (speculative points), a pile of 60 random hulls still moved at 4.6 cm/s after 8 s where it had
     * slept by 6 s (HullPileHintTest). In the same manifold a corner keeps its impulse when the support face changes
     * (the warm start matches it by place, within the narrowphase's 5 mm). Boxes need none of this (a box's other
     * vertices stand a face away), nor fast pairs (their {@link #WHIP_KEY} manifold holds them). Returns the new
     * count.
     */
    private int sunkVertices(int m, int n, Shape inc, Pose pose, long incId, int nr, double rnx, double rny,
                             double rnz, double r0, double mx, double my, double mz, boolean refA, double rA,
                             double rB, double margin, long refId) {
        return whipVertices(m, n, inc, pose, incId, nr, rnx, rny, rnz, r0, mx, my, mz, refA, rA, rB, margin, refId);
    }

    /**
     * Writes into the output arrays, from index {@code m0}, the incident shape's vertices outside its feature that
     * lie over the reference face (inside its side planes, {@link #side}) within the margin and do not project into
     * the clipped feature ({@code n} points in {@code clipIn}); returns {@code m0} plus their count. See
     * {@link #FAST_MARGIN}.
     */
    private int whipVertices(int m0, int n, Shape inc, Pose pose, long incId, int nr, double rnx, double rny, double rnz,
                              double r0, double mx, double my, double mz, boolean refA, double rA, double rB,
                              double margin, long refId) {
        int count = Features.vertexCount(inc), m = m0;
        final double[] v = vertex;
        for (int i = 0; i < count && m < MAX; i++) {
            if (!Features.otherVertex(inc, pose, incId, i, v)) {
                continue;
            }
            double px = v[0], py = v[1], pz = v[2];
            double dist = rnx * px + rny * py + rnz * pz - r0;
            double sep = dist - rA - rB;
            if (sep > margin) {
                continue;
            }
            boolean inside = true;
            for (int e = 0; e < nr && inside; e++) {
                inside = side[4 * e] * px + side[4 * e + 1] * py + side[4 * e + 2] * pz <= side[4 * e + 3];
            }
            if (!inside || covered(n, px, py, pz, rnx, rny, rnz)) {
                continue;
            }
            if (refA) {
                outP[3 * m] = px - dist * mx;
                outP[3 * m + 1] = py - dist * my;
                outP[3 * m + 2] = pz - dist * mz;
            } else {
                outP[3 * m] = px + rA * mx;
                outP[3 * m + 1] = py + rA * my;
                outP[3 * m + 2] = pz + rA * mz;
            }
            outS[m] = sep;
            outId[m] = (refA ? 0L : 1L << 62) | ((refId & 0xffffL) << 40) | ((incId & 0xffffL) << 24) | OTHER_VERTEX | i;
            m++;
        }
        return m;
    }

    /**
     * Whether (px, py, pz) projects along the unit normal r into the clipped incident polygon
     * ({@code clipIn}, {@code n} points, convex): such a vertex lies over the feature's own points.
     */
    private boolean covered(int n, double px, double py, double pz, double rx, double ry, double rz) {
        return covers(clipIn, n, px, py, pz, rx, ry, rz);
    }

    /**
     * Whether (px, py, pz) projects along the unit normal r into the convex polygon {@code c} ({@code n}
     * points, x, y, z each; fewer than 3 cover nothing).
     */
    static boolean covers(double[] c, int n, double px, double py, double pz, double rx, double ry, double rz) {
        if (n < 3) {
            return false;
        }
        boolean pos = false, neg = false;
        for (int k = 0; k < n; k++) {
            int k1 = k + 1 == n ? 0 : k + 1;
            double ex = c[3 * k1] - c[3 * k], ey = c[3 * k1 + 1] - c[3 * k + 1], ez = c[3 * k1 + 2] - c[3 * k + 2];
            double qx = px - c[3 * k], qy = py - c[3 * k + 1], qz = pz - c[3 * k + 2];
            double a = rx * (ey * qz - ez * qy) + ry * (ez * qx - ex * qz) + rz * (ex * qy - ey * qx);
            pos |= a > 0;
            neg |= a < 0;
        }
        return !(pos && neg);
    }

    /**
     * Sutherland–Hodgman against the plane s·x &le; sd; returns the new count (result in clipIn). Each
     * vertex's distance is computed once (it is the start of one edge and the end of another); a
     * polygon wholly inside the plane is left as it is (the pass would copy it vertex for vertex).
     */
    private int clipPlane(int n, double sx, double sy, double sz, double sd, int plane) {
        final double[] in = clipIn, dist = this.dist;
        boolean inside = true;
        for (int k = 0; k < n; k++) {
            double d = sx * in[3 * k] + sy * in[3 * k + 1] + sz * in[3 * k + 2] - sd;
            dist[k] = d;
            inside &= d <= 0;
        }
        if (inside) {
            return n;
        }
        int o = 0;
        for (int k = 0; k < n; k++) {
            int k1 = k + 1 == n ? 0 : k + 1; // not %: an integer division per vertex and plane
            double ax = in[3 * k], ay = in[3 * k + 1], az = in[3 * k + 2];
            double da = dist[k], db = dist[k1];
            if (da <= 0) {
                o = put(o, ax, ay, az, tagIn[k]);
            }
            if (n == 1 || (n == 2 && k == 1)) {
                continue; // a point has no edge; a segment has one edge, not two
            }
            if ((da < 0 && db > 0) || (da > 0 && db < 0)) {
                double bx = in[3 * k1], by = in[3 * k1 + 1], bz = in[3 * k1 + 2];
                double t = da / (da - db);
                o = put(o, ax + t * (bx - ax), ay + t * (by - ay), az + t * (bz - az),
                        edgeTag(plane, tagIn[k], tagIn[k1]));
            }
        }
        double[] t = clipIn;
        clipIn = clipOut;
        clipOut = t;
        long[] tt = tagIn;
        tagIn = tagOut;
        tagOut = tt;
        return o;
    }

    /**
     * Tag of the point where edge (from, to) crosses side plane {@code plane}: a mix of all three, so
     * that the two crossings of one plane get different ids (the edges (0,1) and (3,0) of a quad
     * share their smaller tag) and the id stays the same while the topology does.
     */
    static long edgeTag(int plane, long from, long to) {
        long h = plane * 0x9E3779B97F4A7C15L ^ from * 0xC2B2AE3D27D4EB4FL ^ to * 0x165667B19E3779F9L;
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        h ^= h >>> 32;
        return 0x800000L | (h & 0x7fffffL);
    }

    private int put(int o, double x, double y, double z, long tag) {
        if (o < MAX) {
            clipOut[3 * o] = x;
            clipOut[3 * o + 1] = y;
            clipOut[3 * o + 2] = z;
            tagOut[o] = tag;
            return o + 1;
        }
        return o;
    }

    private boolean segments(double nx, double ny, double nz, double rA, double rB, double margin,
                             ContactSink sink, long subKey) {
        double dx = fa[3] - fa[0], dy = fa[4] - fa[1], dz = fa[5] - fa[2];
        double la = Math.sqrt(dx * dx + dy * dy + dz * dz);
        double ex = fb[3] - fb[0], ey = fb[4] - fb[1], ez = fb[5] - fb[2];
        double lb = Math.sqrt(ex * ex + ey * ey + ez * ez);
        if (la == 0 || lb == 0) {
            return false;
        }
        dx /= la; dy /= la; dz /= la;
        double cos = (dx * ex + dy * ey + dz * ez) / lb;
        if (Math.abs(cos) < FACE_COS || Math.abs(dx * nx + dy * ny + dz * nz) > 1 - FACE_COS) {
            return false;
        }
        double t0 = dx * (fb[0] - fa[0]) + dy * (fb[1] - fa[1]) + dz * (fb[2] - fa[2]);
        double t1 = dx * (fb[3] - fa[0]) + dy * (fb[4] - fa[1]) + dz * (fb[5] - fa[2]);
        double lo = Math.max(0, Math.min(t0, t1)), hi = Math.min(la, Math.max(t0, t1));
        if (hi - lo <= 1e-9 * la) {
            return false;
        }
        int m = 0;
        for (int k = 0; k < 2; k++) {
            double t = k == 0 ? lo : hi;
            double ax = fa[0] + t * dx, ay = fa[1] + t * dy, az = fa[2] + t * dz;
            // closest point on B's segment to (ax, ay, az)
            double u = ((ax - fb[0]) * ex + (ay - fb[1]) * ey + (az - fb[2]) * ez) / (lb * lb);
            u = u < 0 ? 0 : (u > 1 ? 1 : u);
            double bx = fb[0] + u * ex, by = fb[1] + u * ey, bz = fb[2] + u * ez;
            double sep = (bx - ax) * nx + (by - ay) * ny + (bz - az) * nz - rA - rB;
            if (sep > margin) {
                continue;
            }
            outP[3 * m] = ax + rA * nx;
            outP[3 * m + 1] = ay + rA * ny;
            outP[3 * m + 2] = az + rA * nz;
            outS[m] = sep;
            outId[m] = (2L << 60) | k;
            m++;
        }
        if (m == 0) {
            return false;
        }
        emit(m, nx, ny, nz, sink, subKey);
        return true;
    }

    /** Emits the points (reduced to 4 when more). */
    private void emit(int m, double nx, double ny, double nz, ContactSink sink, long subKey) {
        if (m == 0) {
            return;
        }
        sink.beginManifold(nx, ny, nz, subKey);
        if (m <= 4) {
            for (int k = 0; k < m; k++) {
                sink.addPoint(outP[3 * k], outP[3 * k + 1], outP[3 * k + 2], outS[k], outId[k]);
            }
            return;
        }
        reduce(m, nx, ny, nz, outP, outS, outId, chosen, sink);
    }

    /**
     * Chooses 4 of {@code m} points: the deepest, the farthest from it, the one giving the largest
     * triangle with those two, then the one adding the most area on the other side; emits them.
     */
    static void reduce(int m, double nx, double ny, double nz, double[] p, double[] s, long[] id,
                       boolean[] chosen, ContactSink sink) {
        java.util.Arrays.fill(chosen, 0, m, false);
        int a = 0;
        for (int k = 1; k < m; k++) {
            if (s[k] < s[a]) {
                a = k;
            }
        }
        chosen[a] = true;
        int b = -1;
        double best = -1;
        for (int k = 0; k < m; k++) {
            if (!chosen[k]) {
                double dx = p[3 * k] - p[3 * a], dy = p[3 * k + 1] - p[3 * a + 1], dz = p[3 * k + 2] - p[3 * a + 2];
                double d = dx * dx + dy * dy + dz * dz;
                if (d > best) {
                    best = d;
                    b = k;
                }
            }
        }
        chosen[b] = true;
        int c = -1;
        double cArea = 0;
        best = -1;
        for (int k = 0; k < m; k++) {
            if (!chosen[k]) {
                double ar = area(p, a, b, k, nx, ny, nz);
                if (Math.abs(ar) > best) {
                    best = Math.abs(ar);
                    c = k;
                    cArea = ar;
                }
            }
        }
        chosen[c] = true;
        int d = -1;
        best = 0;
        for (int k = 0; k < m; k++) {
            if (!chosen[k]) {
                // area added outside triangle (a, b, c): largest area against any edge, opposite to c's side
                double add = Math.max(-Math.signum(cArea) * area(p, a, b, k, nx, ny, nz),
                        Math.max(-Math.signum(cArea) * area(p, b, c, k, nx, ny, nz),
                                -Math.signum(cArea) * area(p, c, a, k, nx, ny, nz)));
                if (add > best) {
                    best = add;
                    d = k;
                }
            }
        }
        if (d >= 0) {
            chosen[d] = true;
        }
        for (int k = 0; k < m; k++) { // emit in original order: deterministic
            if (chosen[k]) {
                sink.addPoint(p[3 * k], p[3 * k + 1], p[3 * k + 2], s[k], id[k]);
            }
        }
    }

    private static double area(double[] p, int a, int b, int c, double nx, double ny, double nz) {
        double ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
        double vx = p[3 * c] - p[3 * a], vy = p[3 * c + 1] - p[3 * a + 1], vz = p[3 * c + 2] - p[3 * a + 2];
        return nx * (uy * vz - uz * vy) + ny * (uz * vx - ux * vz) + nz * (ux * vy - uy * vx);
    }
}
