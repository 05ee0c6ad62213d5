package dev.rubble.geometry.gjk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.geometry.narrowphase.DispatchTable;
import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.PairCollider;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Sphere;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Issue 27 item 3: GJK warm-started from the pair's last contact normal ({@link
 * PairCollider#WARM_START}) must find what the cold start finds: the same distance, depth and
 * normal to rounding, checked against brute force (the exact distance of two polytopes from
 * vertex–triangle and edge–edge pairs; the exact penetration depth from every separating-axis
 * candidate, face normals and edge cross products) over random hull pairs separated within the
 * margin, touching, overlapping slightly and deeply, and flat (slab) hulls, with good, bad, reversed
 * and useless start directions.
 */
final class WarmStartTest {
    private static final double MARGIN = 0.02;
    private final Random rnd = new Random(1127);

    @Test
    void warmAndColdGjkAgreeWithBruteForceOnSeparatedTouchingAndOverlappingHulls() {
        int apart = 0, overlapping = 0, touching = 0;
        for (int pair = 0; pair < 300; pair++) {
            boolean flat = pair % 5 == 4;
            ConvexHull ha = randomHull(8 + pair % 20, flat), hb = randomHull(8 + (pair * 7) % 20, pair % 7 == 6);
            double[] qa = unitQuat(), qb = unitQuat();
            Pose pa = new Pose().set(0.3, 1, -0.2, qa[0], qa[1], qa[2], qa[3]);
            double[] d = unitVector();
            Pose far = new Pose().set(0.3 + 4 * d[0], 1 + 4 * d[1], -0.2 + 4 * d[2], qb[0], qb[1], qb[2], qb[3]);
            Gjk g = new Gjk();
            assertThat(g.distance(new PosedShape().set(ha, pa), new PosedShape().set(hb, far))).isTrue();
            // slide B back along the normal: a gap of `gap` (negative: overlapping by -gap)
            double dist = g.distance;
            double[] n = g.normal.clone();
            double[] gaps = {0.015, 1e-6, 0, -1e-6, -0.004, -0.08};
            for (double gap : gaps) {
                double s = dist - gap;
                Pose pb = new Pose().set(far.px - s * n[0], far.py - s * n[1], far.pz - s * n[2], qb[0], qb[1], qb[2], qb[3]);
                PosedShape sa = new PosedShape().set(ha, pa), sb = new PosedShape().set(hb, pb);
                Gjk cold = new Gjk();
                boolean coldApart = cold.distance(sa, sb);
                if (!coldApart) {
                    cold.penetration(sa, sb);
                }
                double[][] starts = {cold.normal.clone(), perturbed(cold.normal, 0.2), unitVector(),
                        {-cold.normal[0], -cold.normal[1], -cold.normal[2]}, {0, 0, 0}, {Double.NaN, 0, 1}};
                for (double[] st : starts) {
                    Gjk warm = new Gjk();
                    boolean warmApart = warm.distance(sa, sb, st[0], st[1], st[2]);
                    if (warmApart != coldApart) {
                        // only a pair touching within rounding may fall either way, at (almost) zero distance
                        assertThat(Math.abs(gap)).as("pair %d gap %s", pair, gap).isLessThan(1e-9);
                        assertThat(warmApart ? warm.distance : cold.distance).isLessThan(1e-9);
                        touching++;
                        continue;
                    }
                    if (warmApart) {
                        double brute = SeparatingAxisHintTest.bruteDistance(ha, pa, hb, pb);
                        assertThat(cold.distance).as("pair %d gap %s cold", pair, gap).isCloseTo(brute, within(1e-9));
                        assertThat(warm.distance).as("pair %d gap %s warm", pair, gap).isCloseTo(brute, within(1e-9));
                        // either normal separates the hulls by the distance: it is the normal (to 10 nm
                        // over the hulls' size, a few 1e-8 rad; rounding leaves the normal undefined for
                        // hulls touching within a nanometre)
                        if (brute > 1e-9) {
                            assertThat(gapAlong(ha, pa, hb, pb, warm.normal)).isCloseTo(brute, within(1e-8));
                            assertThat(gapAlong(ha, pa, hb, pb, cold.normal)).isCloseTo(brute, within(1e-8));
                        }
                        apart++;
                    } else {
                        warm.penetration(sa, sb);
                        double depth = bruteDepth(ha, pa, hb, pb);
                        assertThat(cold.distance).as("pair %d gap %s cold depth", pair, gap).isCloseTo(depth, within(1e-9));
                        assertThat(warm.distance).as("pair %d gap %s warm depth", pair, gap).isCloseTo(depth, within(1e-9));
                        // the warm normal is a direction of least overlap (ties between faces may pick another)
                        assertThat(-gapAlong(ha, pa, hb, pb, warm.normal)).isCloseTo(depth, within(1e-9));
                        overlapping++;
                    }
                }
            }
        }
        assertThat(apart).isGreaterThan(3000);
        assertThat(overlapping).isGreaterThan(3000);
        assertThat(touching).isLessThan(200);
    }

    /**
     * The collider as the kernel drives it: a pair moving through contact, its hint slot set before
     * every call to the last contact's normal in A's frame, as the body-pair cache does. Every call
     * reports what the cold collider reports: a contact or none alike, the same normal to 1e-5 rad
     * and the same deepest separation to 1 micrometre.
     */
    @Test
    void theWarmStartedColliderReportsTheColdContacts() {
        int contacts = 0;
        for (int pair = 0; pair < 40; pair++) {
            ConvexHull ha = randomHull(12 + pair % 20, pair % 6 == 5), hb = randomHull(10 + pair % 17, false);
            ConvexCollider collider = new ConvexCollider();
            double[] qa = unitQuat(), qb = unitQuat();
            double[] dir = unitVector(), side = unitVector();
            double miss = 0.6 * rnd.nextDouble();
            double[] hint = new double[PairCollider.HINT_STRIDE];
            Probe last = null;
            for (int step = 0; step < 120; step++) {
                double t = -2 + 0.03 * step;
                Pose pa = new Pose().set(0, 0, 0, qa[0], qa[1], qa[2], qa[3]);
                Pose pb = new Pose().set(dir[0] * t + side[0] * miss, dir[1] * t + side[1] * miss,
                        dir[2] * t + side[2] * miss, qb[0], qb[1], qb[2], qb[3]);
                if (last != null && last.manifolds > 0) {
                    pa.inverseRotate(last.nx, last.ny, last.nz, hint, 0);
                    hint[3] = PairCollider.WARM_START;
                }
                Probe cold = new Probe(), warm = new Probe();
                new ConvexCollider().collide(ha, pa, hb, pb, MARGIN, cold);
                collider.collide(ha, pa, hb, pb, MARGIN, warm, hint, 0);
                assertThat(warm.manifolds).as("pair %d step %d", pair, step).isEqualTo(cold.manifolds);
                if (cold.manifolds > 0) {
                    double dot = warm.nx * cold.nx + warm.ny * cold.ny + warm.nz * cold.nz;
                    assertThat(dot).as("pair %d step %d normal", pair, step).isGreaterThan(1 - 5e-11);
                    assertThat(warm.deepest).isCloseTo(cold.deepest, within(1e-6));
                    assertThat(hint[3]).isZero(); // a contact leaves no separating axis
                    contacts++;
                }
                last = warm;
                rotate(qa, 0.01);
                rotate(qb, -0.013);
            }
        }
        assertThat(contacts).isGreaterThan(300);
    }

    /** A swapped dispatch cell (hull, sphere is registered as sphere, hull) gets the warm start turned into its own frame. */
    @Test
    void aSwappedCellGetsTheWarmStartInItsOwnFrame() {
        DispatchTable table = DispatchTable.gjk();
        for (int i = 0; i < 200; i++) {
            ConvexHull hull = randomHull(16, i % 4 == 3);
            double[] q = unitQuat(), d = unitVector();
            Pose ph = new Pose().set(0, 0, 0, q[0], q[1], q[2], q[3]);
            Pose far = new Pose().set(3 * d[0], 3 * d[1], 3 * d[2], 0, 0, 0, 1);
            Sphere sphere = new Sphere(0.25);
            Probe p0 = new Probe();
            table.collide(hull, ph, sphere, far, 10, p0); // wide margin: the normal at any distance
            // the sphere 2 mm into the hull along that normal
            double gap = -p0.deepest - 0.002;
            Pose ps = new Pose().set(far.px + gap * p0.nx, far.py + gap * p0.ny, far.pz + gap * p0.nz, 0, 0, 0, 1);
            Probe cold = new Probe(), warm = new Probe();
            table.collide(hull, ph, sphere, ps, MARGIN, cold);
            double[] hint = new double[PairCollider.HINT_STRIDE];
            ph.inverseRotate(cold.nx, cold.ny, cold.nz, hint, 0);
            hint[3] = PairCollider.WARM_START;
            table.collide(hull, ph, sphere, ps, MARGIN, warm, hint, 0);
            assertThat(cold.manifolds).isEqualTo(1);
            assertThat(warm.manifolds).isEqualTo(1);
            assertThat(warm.nx * cold.nx + warm.ny * cold.ny + warm.nz * cold.nz).isGreaterThan(1 - 1e-12);
            assertThat(warm.deepest).isCloseTo(cold.deepest, within(1e-9)).isCloseTo(-0.002, within(1e-6));
        }
    }

    // ---- brute force -------------------------------------------------------------------------

    /** Gap between the hulls along unit n (A to B): min of B along n minus max of A along n. */
    private static double gapAlong(ConvexHull a, Pose pa, ConvexHull b, Pose pb, double[] n) {
        double[] wa = world(a, pa), wb = world(b, pb);
        double l = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        double hiA = Double.NEGATIVE_INFINITY, loB = Double.POSITIVE_INFINITY;
        for (int i = 0; i < wa.length; i += 3) {
            hiA = Math.max(hiA, (wa[i] * n[0] + wa[i + 1] * n[1] + wa[i + 2] * n[2]) / l);
        }
        for (int i = 0; i < wb.length; i += 3) {
            loB = Math.min(loB, (wb[i] * n[0] + wb[i + 1] * n[1] + wb[i + 2] * n[2]) / l);
        }
        return loB - hiA;
    }

    /**
     * Penetration depth of two overlapping polytopes: the least overlap over the separating-axis
     * candidates (face normals of both, cross products of every edge pair), which for convex
     * polytopes is exactly the depth EPA computes.
     */
    static double bruteDepth(ConvexHull a, Pose pa, ConvexHull b, Pose pb) {
        double[] wa = world(a, pa), wb = world(b, pb);
        double best = Double.POSITIVE_INFINITY;
        double[] ea = edges(a, wa), eb = edges(b, wb);
        double[] n = new double[3];
        for (double[] e : new double[][] {faceNormals(a, wa), faceNormals(b, wb)}) {
            for (int i = 0; i < e.length; i += 3) {
                best = Math.min(best, overlap(wa, wb, e[i], e[i + 1], e[i + 2]));
            }
        }
        for (int i = 0; i < ea.length; i += 3) {
            for (int j = 0; j < eb.length; j += 3) {
                n[0] = ea[i + 1] * eb[j + 2] - ea[i + 2] * eb[j + 1];
                n[1] = ea[i + 2] * eb[j] - ea[i] * eb[j + 2];
                n[2] = ea[i] * eb[j + 1] - ea[i + 1] * eb[j];
                double l = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
                if (l > 1e-9 * Math.sqrt(len2(ea, i) * len2(eb, j))) {
                    best = Math.min(best, overlap(wa, wb, n[0] / l, n[1] / l, n[2] / l));
                }
            }
        }
        return best;
    }

    private static double len2(double[] v, int i) {
        return v[i] * v[i] + v[i + 1] * v[i + 1] + v[i + 2] * v[i + 2];
    }

    private static double overlap(double[] wa, double[] wb, double nx, double ny, double nz) {
        double loA = Double.POSITIVE_INFINITY, hiA = Double.NEGATIVE_INFINITY;
        double loB = Double.POSITIVE_INFINITY, hiB = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < wa.length; i += 3) {
            double s = wa[i] * nx + wa[i + 1] * ny + wa[i + 2] * nz;
            loA = Math.min(loA, s);
            hiA = Math.max(hiA, s);
        }
        for (int i = 0; i < wb.length; i += 3) {
            double s = wb[i] * nx + wb[i + 1] * ny + wb[i + 2] * nz;
            loB = Math.min(loB, s);
            hiB = Math.max(hiB, s);
        }
        return Math.min(hiA - loB, hiB - loA);
    }

    private static double[] faceNormals(ConvexHull h, double[] w) {
        double[] out = new double[3 * h.faceCount()];
        for (int f = 0; f < h.faceCount(); f++) {
            int i0 = h.faceVertex(f, 0);
            double nx = 0, ny = 0, nz = 0;
            // Newell's normal of the face polygon
            for (int k = 0; k < h.faceSize(f); k++) {
                int i = h.faceVertex(f, k), j = h.faceVertex(f, (k + 1) % h.faceSize(f));
                nx += (w[3 * i + 1] - w[3 * j + 1]) * (w[3 * i + 2] + w[3 * j + 2]);
                ny += (w[3 * i + 2] - w[3 * j + 2]) * (w[3 * i] + w[3 * j]);
                nz += (w[3 * i] - w[3 * j]) * (w[3 * i + 1] + w[3 * j + 1]);
            }
            double l = Math.sqrt(nx * nx + ny * ny + nz * nz);
            out[3 * f] = nx / l;
            out[3 * f + 1] = ny / l;
            out[3 * f + 2] = nz / l;
            assertThat(i0).isGreaterThanOrEqualTo(0);
        }
        return out;
    }

    private static double[] edges(ConvexHull h, double[] w) {
        int n = 0;
        for (int f = 0; f < h.faceCount(); f++) {
            n += h.faceSize(f);
        }
        double[] out = new double[3 * n];
        int o = 0;
        for (int f = 0; f < h.faceCount(); f++) {
            for (int k = 0; k < h.faceSize(f); k++) {
                int i = h.faceVertex(f, k), j = h.faceVertex(f, (k + 1) % h.faceSize(f));
                out[o++] = w[3 * j] - w[3 * i];
                out[o++] = w[3 * j + 1] - w[3 * i + 1];
                out[o++] = w[3 * j + 2] - w[3 * i + 2];
            }
        }
        return out;
    }

    private static double[] world(ConvexHull h, Pose p) {
        double[] w = new double[3 * h.vertexCount()];
        for (int i = 0; i < h.vertexCount(); i++) {
            p.toWorld(h.vertex(i, 0), h.vertex(i, 1), h.vertex(i, 2), w, 3 * i);
        }
        return w;
    }

    // ---- input ----------------------------------------------------------------------------------

    /** The deepest separation and the normal of the first manifold a collider reports. */
    private static final class Probe implements ContactSink {
        int manifolds;
        double nx, ny, nz, deepest = Double.POSITIVE_INFINITY;

        @Override
        public void beginManifold(double x, double y, double z, long subKey) {
            if (manifolds++ == 0) {
                nx = x;
                ny = y;
                nz = z;
            }
        }

        @Override
        public void addPoint(double ax, double ay, double az, double separation, long featureId) {
            deepest = Math.min(deepest, separation);
        }
    }

    /** Random hull; a flat one is a slab 0.4 mm thick. */
    private ConvexHull randomHull(int points, boolean flat) {
        return RandomShapes.randomHull(rnd, points, flat);
    }

    private double[] perturbed(double[] n, double by) {
        return new double[] {n[0] + by * rnd.nextGaussian(), n[1] + by * rnd.nextGaussian(), n[2] + by * rnd.nextGaussian()};
    }

    private double[] unitVector() {
        return RandomShapes.unitVector(rnd);
    }

    private double[] unitQuat() {
        return RandomShapes.unitQuat(rnd);
    }

    /** Turns q about z by a small angle (radians), renormalised. */
    private static void rotate(double[] q, double angle) {
        double h = angle / 2;
        double x = q[0], y = q[1], z = q[2], s = q[3];
        double nx = x + h * y;
        double ny = y - h * x;
        double nz = z + h * s;
        double ns = s - h * z;
        double l = Math.sqrt(nx * nx + ny * ny + nz * nz + ns * ns);
        q[0] = nx / l;
        q[1] = ny / l;
        q[2] = nz / l;
        q[3] = ns / l;
    }
}
