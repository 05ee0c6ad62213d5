package dev.rubble.geometry.gjk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.geometry.narrowphase.DispatchTable;
import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.Narrowphase;
import dev.rubble.spi.narrowphase.PairCollider;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.ShapeMath;
import dev.rubble.spi.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Issue 27 item 2: the separating-axis hint of {@link ConvexCollider} (last call's separating axis
 * tested before GJK) must never change a result. Random hull pairs move along short trajectories
 * that bring them together, through contact and apart again; at every step the hinted call (one
 * collider, one hint slot kept from step to step as the kernel's pair cache keeps it) is compared
 * bit for bit with the unhinted call of a fresh collider, and every step the hint declared apart is
 * checked against a brute-force distance (vertex–triangle and edge–edge over both hulls).
 */
final class SeparatingAxisHintTest {
    private static final double MARGIN = 0.02;
    private final Random rnd = new Random(2027);

    @Test
    void hintedCallsGiveExactlyTheUnhintedContactsAndSkipOnlyPairsApartByMoreThanTheMargin() {
        int skipped = 0, contacts = 0, gjkApart = 0;
        for (int pair = 0; pair < 50; pair++) {
            ConvexHull ha = randomHull(pair % 3 == 0 ? 30 : 12), hb = randomHull(pair % 4 == 0 ? 40 : 10);
            ConvexCollider hinted = new ConvexCollider();
            double[] hint = new double[2 * PairCollider.HINT_STRIDE];
            int slot = PairCollider.HINT_STRIDE; // a slot not at the array's start
            double[] qa = unitQuat(), qb = unitQuat();
            double[] wa = {0.05 * rnd.nextGaussian(), 0.05 * rnd.nextGaussian(), 0.05 * rnd.nextGaussian()};
            double[] wb = {0.05 * rnd.nextGaussian(), 0.05 * rnd.nextGaussian(), 0.05 * rnd.nextGaussian()};
            // B starts 3 m away in a random direction and passes A with a random miss distance
            double[] dir = unitVector();
            double[] side = unitVector();
            double miss = 1.2 * rnd.nextDouble();
            double speed = 0.06 + 0.06 * rnd.nextDouble();
            for (int step = 0; step < 100; step++) {
                double t = -3 + speed * step;
                Pose pa = new Pose().set(1, 2, 3, qa[0], qa[1], qa[2], qa[3]);
                Pose pb = new Pose().set(1 + dir[0] * t + side[0] * miss, 2 + dir[1] * t + side[1] * miss,
                        3 + dir[2] * t + side[2] * miss, qb[0], qb[1], qb[2], qb[3]);
                Recording cold = new Recording(), warm = new Recording();
                new ConvexCollider().collide(ha, pa, hb, pb, MARGIN, cold);
                boolean hadHint = hint[slot + 3] > 0;
                double[] before = hint.clone();
                hinted.collide(ha, pa, hb, pb, MARGIN, warm, hint, slot);
                assertThat(warm.log).as("pair %d step %d", pair, step).isEqualTo(cold.log);
                assertThat(hint[0]).isZero(); // only the pair's own slot is written
                if (cold.log.isEmpty()) {
                    double brute = bruteDistance(ha, pa, hb, pb);
                    assertThat(brute).as("pair %d step %d apart", pair, step).isGreaterThan(MARGIN - 1e-9);
                    if (hadHint && java.util.Arrays.equals(before, hint)) {
                        skipped++; // declared apart by the hint: GJK would have replaced the axis by its own normal
                    } else {
                        gjkApart++;
                        // GJK's distance found the shapes apart: its distance is the brute-force one
                        Gjk g = new Gjk();
                        assertThat(g.distance(new PosedShape().set(ha, pa), new PosedShape().set(hb, pb))).isTrue();
                        assertThat(g.distance).isCloseTo(brute, within(1e-9));
                    }
                    assertThat(hint[slot + 3]).isPositive();
                } else {
                    contacts++;
                    assertThat(hint[slot + 3]).isZero();
                }
                for (int k = 0; k < 4; k++) {
                    rotateBy(qa, wa);
                    rotateBy(qb, wb);
                }
            }
        }
        assertThat(skipped).isGreaterThan(2500);
        assertThat(contacts).isGreaterThan(400);
        assertThat(gjkApart).isGreaterThan(600);
    }

    /** An invalid or useless hint (pointing from B to A, or zero) only costs time: results as without it. */
    @Test
    void aWrongOrZeroHintChangesNothing() {
        for (int i = 0; i < 500; i++) {
            ConvexHull ha = randomHull(16), hb = randomHull(16);
            double[] qa = unitQuat(), qb = unitQuat();
            Pose pa = new Pose().set(0, 0, 0, qa[0], qa[1], qa[2], qa[3]);
            double[] d = unitVector();
            double r = 0.3 + 2.5 * rnd.nextDouble();
            Pose pb = new Pose().set(d[0] * r, d[1] * r, d[2] * r, qb[0], qb[1], qb[2], qb[3]);
            Recording cold = new Recording();
            new ConvexCollider().collide(ha, pa, hb, pb, MARGIN, cold);
            double[][] hints = {{-d[0], -d[1], -d[2], 1}, {0, 0, 0, 1}, {d[0], d[1], d[2], 0}, {rnd.nextGaussian(),
                    rnd.nextGaussian(), rnd.nextGaussian(), 1}};
            for (double[] h : hints) {
                Recording warm = new Recording();
                new ConvexCollider().collide(ha, pa, hb, pb, MARGIN, warm, h.clone(), 0);
                assertThat(warm.log).isEqualTo(cold.log);
            }
        }
    }

    /** The dispatch table hands the hint to swapped cells too (sphere against hull is registered as (sphere, hull)). */
    @Test
    void theDispatchTablePassesTheHintToSwappedAndDirectCellsAndDropsItForNone() {
        Narrowphase table = DispatchTable.gjk();
        ConvexHull hull = randomHull(20);
        Sphere sphere = new Sphere(0.3);
        Pose ph = new Pose().set(0, 0, 0, 0, 0, 0, 1);
        for (int i = 0; i < 200; i++) {
            double[] d = unitVector();
            Pose ps = new Pose().set(3 * d[0], 3 * d[1], 3 * d[2], 0, 0, 0, 1);
            double[] hint = new double[PairCollider.HINT_STRIDE];
            for (int step = 0; step < 3; step++) {
                Recording cold = new Recording(), warm = new Recording();
                table.collide(hull, ph, sphere, ps, MARGIN, cold);
                table.collide(hull, ph, sphere, ps, MARGIN, warm, hint, 0);
                assertThat(warm.log).isEqualTo(cold.log);
                assertThat(hint[3]).isPositive(); // apart: GJK's axis, then kept by the hint's own test
            }
        }
        // no collider for box against a plane-less empty cell: the hint is marked invalid
        double[] hint = {1, 0, 0, 1};
        Narrowphase empty = new DispatchTable();
        empty.collide(new Box(1, 1, 1), ph, new Box(1, 1, 1), ph, MARGIN, new Recording(), hint, 0);
        assertThat(hint[3]).isZero();
    }

    // ---- brute force ----------------------------------------------------------------------

    /** Distance between two disjoint posed hulls (0 when they overlap by the test's sampling): min over vertex–triangle and edge–edge. */
    static double bruteDistance(ConvexHull a, Pose pa, ConvexHull b, Pose pb) {
        double[] va = world(a, pa), vb = world(b, pb);
        double best = Double.POSITIVE_INFINITY;
        best = Math.min(best, vertexFace(va, b, vb));
        best = Math.min(best, vertexFace(vb, a, va));
        double[] st = new double[2];
        for (int fa = 0; fa < a.faceCount(); fa++) {
            for (int ka = 0; ka < a.faceSize(fa); ka++) {
                int i = a.faceVertex(fa, ka), j = a.faceVertex(fa, (ka + 1) % a.faceSize(fa));
                for (int fb = 0; fb < b.faceCount(); fb++) {
                    for (int kb = 0; kb < b.faceSize(fb); kb++) {
                        int p = b.faceVertex(fb, kb), q = b.faceVertex(fb, (kb + 1) % b.faceSize(fb));
                        ShapeMath.closestSegmentSegment(va[3 * i], va[3 * i + 1], va[3 * i + 2], va[3 * j], va[3 * j + 1],
                                va[3 * j + 2], vb[3 * p], vb[3 * p + 1], vb[3 * p + 2], vb[3 * q], vb[3 * q + 1], vb[3 * q + 2], st);
                        double dx = 0, dy = 0, dz = 0;
                        dx = va[3 * i] + st[0] * (va[3 * j] - va[3 * i]) - vb[3 * p] - st[1] * (vb[3 * q] - vb[3 * p]);
                        dy = va[3 * i + 1] + st[0] * (va[3 * j + 1] - va[3 * i + 1]) - vb[3 * p + 1] - st[1] * (vb[3 * q + 1] - vb[3 * p + 1]);
                        dz = va[3 * i + 2] + st[0] * (va[3 * j + 2] - va[3 * i + 2]) - vb[3 * p + 2] - st[1] * (vb[3 * q + 2] - vb[3 * p + 2]);
                        best = Math.min(best, Math.sqrt(dx * dx + dy * dy + dz * dz));
                    }
                }
            }
        }
        return best;
    }

    private static double[] world(ConvexHull h, Pose p) {
        double[] w = new double[3 * h.vertexCount()];
        for (int i = 0; i < h.vertexCount(); i++) {
            p.toWorld(h.vertex(i, 0), h.vertex(i, 1), h.vertex(i, 2), w, 3 * i);
        }
        return w;
    }

    /** Smallest distance from any point of {@code pts} to any (fan-triangulated) face of {@code h} with world vertices {@code hv}. */
    private static double vertexFace(double[] pts, ConvexHull h, double[] hv) {
        double best = Double.POSITIVE_INFINITY;
        double[] c = new double[3];
        for (int f = 0; f < h.faceCount(); f++) {
            int i0 = h.faceVertex(f, 0);
            for (int k = 1; k + 1 < h.faceSize(f); k++) {
                int i1 = h.faceVertex(f, k), i2 = h.faceVertex(f, k + 1);
                for (int p = 0; p < pts.length; p += 3) {
                    closestOnTriangle(pts[p], pts[p + 1], pts[p + 2], hv, i0, i1, i2, c);
                    double dx = pts[p] - c[0], dy = pts[p + 1] - c[1], dz = pts[p + 2] - c[2];
                    best = Math.min(best, Math.sqrt(dx * dx + dy * dy + dz * dz));
                }
            }
        }
        return best;
    }

    /** Closest point of triangle (a, b, c) to p by its Voronoi regions (Ericson, Real-Time Collision Detection 5.1.5). */
    private static void closestOnTriangle(double px, double py, double pz, double[] v, int ia, int ib, int ic, double[] out) {
        double ax = v[3 * ia], ay = v[3 * ia + 1], az = v[3 * ia + 2];
        double bx = v[3 * ib], by = v[3 * ib + 1], bz = v[3 * ib + 2];
        double cx = v[3 * ic], cy = v[3 * ic + 1], cz = v[3 * ic + 2];
        double abx = bx - ax, aby = by - ay, abz = bz - az, acx = cx - ax, acy = cy - ay, acz = cz - az;
        double apx = px - ax, apy = py - ay, apz = pz - az;
        double d1 = abx * apx + aby * apy + abz * apz, d2 = acx * apx + acy * apy + acz * apz;
        if (d1 <= 0 && d2 <= 0) {
            set(out, ax, ay, az);
            return;
        }
        double bpx = px - bx, bpy = py - by, bpz = pz - bz;
        double d3 = abx * bpx + aby * bpy + abz * bpz, d4 = acx * bpx + acy * bpy + acz * bpz;
        if (d3 >= 0 && d4 <= d3) {
            set(out, bx, by, bz);
            return;
        }
        double vc = d1 * d4 - d3 * d2;
        if (vc <= 0 && d1 >= 0 && d3 <= 0) {
            double t = d1 / (d1 - d3);
            set(out, ax + t * abx, ay + t * aby, az + t * abz);
            return;
        }
        double cpx = px - cx, cpy = py - cy, cpz = pz - cz;
        double d5 = abx * cpx + aby * cpy + abz * cpz, d6 = acx * cpx + acy * cpy + acz * cpz;
        if (d6 >= 0 && d5 <= d6) {
            set(out, cx, cy, cz);
            return;
        }
        double vb = d5 * d2 - d1 * d6;
        if (vb <= 0 && d2 >= 0 && d6 <= 0) {
            double t = d2 / (d2 - d6);
            set(out, ax + t * acx, ay + t * acy, az + t * acz);
            return;
        }
        double va = d3 * d6 - d5 * d4;
        if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
            double t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
            set(out, bx + t * (cx - bx), by + t * (cy - by), bz + t * (cz - bz));
            return;
        }
        double den = 1 / (va + vb + vc), s = vb * den, t = vc * den;
        set(out, ax + abx * s + acx * t, ay + aby * s + acy * t, az + abz * s + acz * t);
    }

    private static void set(double[] o, double x, double y, double z) {
        o[0] = x;
        o[1] = y;
        o[2] = z;
    }

    // ---- random input -----------------------------------------------------------------------

    private ConvexHull randomHull(int points) {
        return RandomShapes.randomHull(rnd, points, false);
    }

    private double[] unitVector() {
        return RandomShapes.unitVector(rnd);
    }

    private double[] unitQuat() {
        return RandomShapes.unitQuat(rnd);
    }

    /** q = exp(w/2) q, renormalised: a small turn by the angular step w (radians). */
    private static void rotateBy(double[] q, double[] w) {
        double hx = w[0] / 2, hy = w[1] / 2, hz = w[2] / 2;
        double x = q[0], y = q[1], z = q[2], s = q[3];
        double nx = x + hx * s + hy * z - hz * y;
        double ny = y + hy * s + hz * x - hx * z;
        double nz = z + hz * s + hx * y - hy * x;
        double ns = s - hx * x - hy * y - hz * z;
        double l = Math.sqrt(nx * nx + ny * ny + nz * nz + ns * ns);
        q[0] = nx / l;
        q[1] = ny / l;
        q[2] = nz / l;
        q[3] = ns / l;
    }

    /** Every call of the sink, with the doubles' bits. */
    private static final class Recording implements ContactSink {
        final List<String> log = new ArrayList<>();

        @Override
        public void beginManifold(double nx, double ny, double nz, long subKey) {
            log.add("m " + bits(nx) + " " + bits(ny) + " " + bits(nz) + " " + subKey);
        }

        @Override
        public void addPoint(double ax, double ay, double az, double separation, long featureId) {
            log.add("p " + bits(ax) + " " + bits(ay) + " " + bits(az) + " " + bits(separation) + " " + featureId);
        }

        private static String bits(double d) {
            return Long.toHexString(Double.doubleToRawLongBits(d));
        }
    }
}
