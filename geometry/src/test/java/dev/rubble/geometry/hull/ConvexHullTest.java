package dev.rubble.geometry.hull;

import dev.rubble.spi.shape.*;

import dev.rubble.geometry.hull.QuickHull;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

final class ConvexHullTest {

    /** Box corners plus duplicates, interior points, points on faces and on edges. */
    private static double[] noisyBoxCloud(double hx, double hy, double hz, Random rnd) {
        double[] pts = new double[3 * 200];
        int k = 0;
        for (int i = 0; i < 8; i++) {
            for (int rep = 0; rep < 3; rep++) { // duplicates
                pts[k++] = (i & 1) == 0 ? -hx : hx;
                pts[k++] = (i & 2) == 0 ? -hy : hy;
                pts[k++] = (i & 4) == 0 ? -hz : hz;
            }
        }
        while (k < pts.length) {
            int kind = rnd.nextInt(3);
            double x = (2 * rnd.nextDouble() - 1) * hx, y = (2 * rnd.nextDouble() - 1) * hy, z = (2 * rnd.nextDouble() - 1) * hz;
            if (kind >= 1) { // on a face
                int axis = rnd.nextInt(3);
                double s = rnd.nextBoolean() ? 1 : -1;
                if (axis == 0) x = s * hx; else if (axis == 1) y = s * hy; else z = s * hz;
                if (kind == 2) { // on an edge
                    int axis2 = (axis + 1) % 3;
                    double s2 = rnd.nextBoolean() ? 1 : -1;
                    if (axis2 == 0) x = s2 * hx; else if (axis2 == 1) y = s2 * hy; else z = s2 * hz;
                }
            }
            pts[k++] = x;
            pts[k++] = y;
            pts[k++] = z;
        }
        return pts;
    }

    @Test
    void hullOfBoxCornersWithDuplicatesAndCoplanarPointsIsTheBoxExactly() {
        ConvexHull h = QuickHull.of(noisyBoxCloud(1, 2, 3, new Random(7)));
        assertThat(h.vertexCount()).isEqualTo(8);
        assertThat(h.faceCount()).isEqualTo(6);
        for (int f = 0; f < 6; f++) {
            assertThat(h.faceSize(f)).isEqualTo(4);
        }
        MassProperties box = new Box(1, 2, 3).massProperties(2.5);
        MassProperties hull = h.massProperties(2.5);
        assertThat(hull.mass()).isCloseTo(box.mass(), within(1e-9));
        assertThat(h.volume()).isCloseTo(48, within(1e-10));
        assertThat(hull.comX()).isCloseTo(0, within(1e-12));
        assertThat(hull.comY()).isCloseTo(0, within(1e-12));
        assertThat(hull.comZ()).isCloseTo(0, within(1e-12));
        double[] hm = sorted(hull.ixx(), hull.iyy(), hull.izz());
        double[] bm = sorted(box.ixx(), box.iyy(), box.izz());
        for (int i = 0; i < 3; i++) {
            assertThat(hm[i]).isCloseTo(bm[i], within(1e-9 * bm[2]));
        }
    }

    @Test
    void hullOfManySpherePointsApproachesTheSphere() {
        Random rnd = new Random(11);
        int n = 2000;
        double r = 0.75;
        double[] pts = new double[3 * n];
        for (int i = 0; i < n; i++) {
            double x, y, z, l;
            do {
                x = rnd.nextGaussian();
                y = rnd.nextGaussian();
                z = rnd.nextGaussian();
                l = Math.sqrt(x * x + y * y + z * z);
            } while (l < 1e-6);
            pts[3 * i] = 1 + r * x / l; // off-centre on purpose
            pts[3 * i + 1] = -2 + r * y / l;
            pts[3 * i + 2] = 0.5 + r * z / l;
        }
        ConvexHull h = QuickHull.of(pts);
        MassProperties s = new Sphere(r).massProperties(3);
        MassProperties m = h.massProperties(3);
        assertThat(m.mass()).isCloseTo(s.mass(), within(0.02 * s.mass()));
        assertThat(m.comX()).isCloseTo(1, within(0.01));
        assertThat(m.comY()).isCloseTo(-2, within(0.01));
        assertThat(m.comZ()).isCloseTo(0.5, within(0.01));
        for (double i : new double[] {m.ixx(), m.iyy(), m.izz()}) {
            assertThat(i).isCloseTo(s.ixx(), within(0.04 * s.ixx()));
        }
        // every input point is inside or on the hull
        for (int i = 0; i < n; i++) {
            for (int f = 0; f < h.faceCount(); f++) {
                double d = h.plane(f, 0) * pts[3 * i] + h.plane(f, 1) * pts[3 * i + 1] + h.plane(f, 2) * pts[3 * i + 2] - h.plane(f, 3);
                assertThat(d).isLessThanOrEqualTo(1e-9);
            }
        }
        // Euler: V - E + F = 2 with E from face sizes
        int edges = 0;
        for (int f = 0; f < h.faceCount(); f++) {
            edges += h.faceSize(f);
        }
        assertThat(h.vertexCount() - edges / 2 + h.faceCount()).isEqualTo(2);
    }

    @Test
    void rotatedTetrahedronHasAnalyticVolumeAndCentroid() {
        double[] pts = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0.1, 0.1, 0.1, 0.25, 0.25, 0.25};
        ConvexHull h = QuickHull.of(pts);
        assertThat(h.vertexCount()).isEqualTo(4);
        assertThat(h.volume()).isCloseTo(1.0 / 6, within(1e-15));
        MassProperties m = h.massProperties(6);
        assertThat(m.comX()).isCloseTo(0.25, within(1e-15));
        // unit corner tetrahedron, mass 1 (density 6): int x^2 dm = 6/60, int xy dm = 6/120, so about the
        // origin I_xx = 2 * 0.1 and I_xy = -0.05; moved to the centroid (1/4, 1/4, 1/4) by parallel axes
        double ixxOrigin = 2.0 / 10, ixyOrigin = -1.0 / 20;
        double ixx = ixxOrigin - (0.25 * 0.25 * 2), ixy = ixyOrigin + 0.25 * 0.25;
        // tensor a on diagonal, b off-diagonal: eigenvalues a - b (twice) and a + 2b
        double[] expected = sorted(ixx - ixy, ixx - ixy, ixx + 2 * ixy);
        double[] got = sorted(m.ixx(), m.iyy(), m.izz());
        for (int i = 0; i < 3; i++) {
            assertThat(got[i]).isCloseTo(expected[i], within(1e-14));
        }
    }

    @Test
    void degenerateInputsAreRejectedNamingTheProblem() {
        assertThatThrownBy(() -> QuickHull.of(0, 0, 0, 1, 0, 0, 2, 0, 0, 3, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("collinear");
        assertThatThrownBy(() -> QuickHull.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 1e-14))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("coplanar");
        assertThatThrownBy(() -> QuickHull.of(0, 0, 0, 1, 0, 0, 0, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("multiple of 3");
        assertThatThrownBy(() -> QuickHull.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, Double.NaN))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("points[11] = NaN");
    }

    @Test
    void nearlyDegenerateSliverInputStillGivesAValidHull() {
        // a flat box 1e-6 thick with noise in the 1e-13 range on the big faces
        Random rnd = new Random(3);
        double[] pts = new double[3 * 300];
        for (int i = 0; i < 300; i++) {
            pts[3 * i] = rnd.nextDouble();
            pts[3 * i + 1] = rnd.nextDouble();
            pts[3 * i + 2] = (rnd.nextBoolean() ? 1e-6 : 0) + (rnd.nextDouble() - 0.5) * 1e-13;
        }
        ConvexHull h = QuickHull.of(pts);
        assertThat(h.volume()).isGreaterThan(0);
        int edges = 0;
        for (int f = 0; f < h.faceCount(); f++) {
            edges += h.faceSize(f);
        }
        assertThat(h.vertexCount() - edges / 2 + h.faceCount()).isEqualTo(2);
        for (int i = 0; i < 300; i++) {
            for (int f = 0; f < h.faceCount(); f++) {
                double d = h.plane(f, 0) * pts[3 * i] + h.plane(f, 1) * pts[3 * i + 1] + h.plane(f, 2) * pts[3 * i + 2] - h.plane(f, 3);
                assertThat(d).isLessThanOrEqualTo(1e-9);
            }
        }
    }

    @Test
    void hillClimbingSupportOfALargeHullEqualsTheLinearScan() {
        Random rnd = new Random(23);
        double[] pts = new double[3 * 800];
        for (int i = 0; i < pts.length; i++) {
            pts[i] = rnd.nextGaussian();
        }
        ConvexHull h = QuickHull.of(pts);
        assertThat(h.vertexCount()).isGreaterThan(ConvexHull.CLIMB_THRESHOLD);
        double[] out = new double[3];
        for (int i = 0; i < 2000; i++) {
            double dx = rnd.nextGaussian(), dy = rnd.nextGaussian(), dz = rnd.nextGaussian();
            h.support(dx, dy, dz, out, 0);
            double best = Double.NEGATIVE_INFINITY;
            for (int k = 0; k < h.vertexCount(); k++) {
                best = Math.max(best, h.vertex(k, 0) * dx + h.vertex(k, 1) * dy + h.vertex(k, 2) * dz);
            }
            assertThat(out[0] * dx + out[1] * dy + out[2] * dz).isEqualTo(best);
        }
    }

    /** The linear scan's vertex: the first index with the largest computed v·d (strict >, index order). */
    private static int scanIndex(ConvexHull h, double dx, double dy, double dz) {
        int best = 0;
        double bd = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < h.vertexCount(); k++) {
            double s = h.vertex(k, 0) * dx + h.vertex(k, 1) * dy + h.vertex(k, 2) * dz;
            if (s > bd) {
                bd = s;
                best = k;
            }
        }
        return best;
    }

    /** Asserts support(d) is the linear scan's vertex, bit for bit; returns 1 when the scan's maximum is shared. */
    private static int checkSupport(ConvexHull h, double dx, double dy, double dz, double[] out) {
        h.support(dx, dy, dz, out, 0);
        int k = scanIndex(h, dx, dy, dz);
        assertThat(new double[] {out[0], out[1], out[2]}).as("support of %s along (%s, %s, %s)", h, dx, dy, dz)
                .containsExactly(h.vertex(k, 0), h.vertex(k, 1), h.vertex(k, 2));
        double m = h.vertex(k, 0) * dx + h.vertex(k, 1) * dy + h.vertex(k, 2) * dz;
        int ties = 0;
        for (int j = 0; j < h.vertexCount(); j++) {
            ties += h.vertex(j, 0) * dx + h.vertex(j, 1) * dy + h.vertex(j, 2) * dz == m ? 1 : 0;
        }
        return ties > 1 ? 1 : 0;
    }

    /**
     * Issue 27 item 3: the hill-climbing support of a large hull picks exactly the linear scan's vertex,
     * ties included (the lowest index among equal values), over random point clouds, prisms and
     * antiprisms on regular polygons (faces perpendicular to the axes and to many directions, so the
     * maximum is often shared) and offset/scaled copies, along random directions, the axes, every face
     * normal, every edge's mean normal and scaled directions.
     */
    @Test
    void hillClimbingSupportPicksTheLinearScansVertexTiesIncluded() {
        Random rnd = new Random(2027);
        double[] out = new double[3];
        int hulls = 0, shared = 0, checks = 0;
        for (int t = 0; t < 240; t++) {
            double[] pts;
            int kind = t % 4;
            double ox = kind >= 2 ? rnd.nextGaussian() * 50 : 0, oy = kind >= 2 ? rnd.nextGaussian() * 50 : 0,
                    oz = kind >= 2 ? rnd.nextGaussian() * 50 : 0;
            double sc = kind == 3 ? Math.pow(10, rnd.nextInt(7) - 3) : 1;
            if (kind == 0 || t % 8 == 2) {
                int n = ConvexHull.CLIMB_THRESHOLD + 1 + rnd.nextInt(300);
                pts = new double[3 * n];
                for (int i = 0; i < pts.length; i++) {
                    pts[i] = rnd.nextGaussian();
                }
            } else {
                // a prism (or antiprism) on a regular n-gon: 2n vertices, n-way ties on the caps
                int n = ConvexHull.CLIMB_THRESHOLD / 2 + 1 + rnd.nextInt(40);
                boolean anti = rnd.nextBoolean();
                pts = new double[6 * n];
                for (int i = 0; i < n; i++) {
                    double a = 2 * Math.PI * i / n, b = a + (anti ? Math.PI / n : 0);
                    pts[6 * i] = Math.cos(a);
                    pts[6 * i + 1] = -0.5;
                    pts[6 * i + 2] = Math.sin(a);
                    pts[6 * i + 3] = Math.cos(b);
                    pts[6 * i + 4] = 0.5;
                    pts[6 * i + 5] = Math.sin(b);
                }
            }
            for (int i = 0; i < pts.length; i += 3) {
                pts[i] = pts[i] * sc + ox;
                pts[i + 1] = pts[i + 1] * sc + oy;
                pts[i + 2] = pts[i + 2] * sc + oz;
            }
            ConvexHull h = QuickHull.of(pts);
            if (h.vertexCount() <= ConvexHull.CLIMB_THRESHOLD) {
                continue;
            }
            hulls++;
            for (int i = 0; i < 300; i++) {
                double s = Math.pow(10, rnd.nextInt(9) - 4);
                shared += checkSupport(h, rnd.nextGaussian() * s, rnd.nextGaussian() * s, rnd.nextGaussian() * s, out);
                checks++;
            }
            for (int a = 0; a < 3; a++) {
                for (int sign = -1; sign <= 1; sign += 2) {
                    shared += checkSupport(h, a == 0 ? sign : 0, a == 1 ? sign : 0, a == 2 ? sign : 0, out);
                    checks++;
                }
            }
            for (int f = 0; f < h.faceCount(); f++) {
                shared += checkSupport(h, h.plane(f, 0), h.plane(f, 1), h.plane(f, 2), out);
                int g = (f + 1) % h.faceCount();
                shared += checkSupport(h, h.plane(f, 0) + h.plane(g, 0), h.plane(f, 1) + h.plane(g, 1),
                        h.plane(f, 2) + h.plane(g, 2), out);
                checks += 2;
            }
        }
        assertThat(hulls).isGreaterThan(180);
        // the ties were really exercised: many directions whose maximum is shared by several vertices
        assertThat(shared).isGreaterThan(1000);
        assertThat(checks).isGreaterThan(70_000);
    }

    /** Points on an ellipsoid with the given half-axes. */
    private static ConvexHull ellipsoidHull(Random rnd, double[] half) {
        int n = 60 + rnd.nextInt(140);
        double[] pts = new double[3 * n];
        for (int i = 0; i < n; i++) {
            double x = rnd.nextGaussian(), y = rnd.nextGaussian(), z = rnd.nextGaussian();
            double l = Math.sqrt(x * x + y * y + z * z);
            pts[3 * i] = half[0] * x / l;
            pts[3 * i + 1] = half[1] * y / l;
            pts[3 * i + 2] = half[2] * z / l;
        }
        return QuickHull.of(pts);
    }

    /**
     * Flat hulls: ellipsoids with half-axes (1, t, 1), plates from 1e-3 down to 1e-7, and (1e-4, 1, 1e3).
     * Quickhull's faces of the flattest do not make a vertex graph on which a local summit is the top, and the
     * climb stopped on the rim up to 0.5 m short of the scan's vertex along the direction (fuzz9); they are
     * scanned now ({@link ConvexHull#CLIMB_FLAT}).
     */
    @Test
    void theSupportOfAFlatHullIsTheLinearScansVertex() {
        Random rnd = new Random(4);
        double[] out = new double[3];
        double[][] halves = {{1, 1e-3, 1}, {1, 1e-5, 1}, {1, 1e-6, 1}, {1, 3e-7, 1}, {1, 1e-7, 1}, {1e-4, 1, 1e3}};
        for (int t = 0; t < 60; t++) {
            ConvexHull h = ellipsoidHull(rnd, halves[t % halves.length]);
            for (int i = 0; i < 2000; i++) {
                checkSupport(h, rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian(), out);
            }
        }
    }

    /** Along a direction with an infinite component the climb's near-tie floor is NaN: the scan decides. */
    @Test
    void theSupportAlongAnInfiniteDirectionIsTheLinearScansVertex() {
        Random rnd = new Random(5);
        double[] out = new double[3];
        for (int t = 0; t < 20; t++) {
            ConvexHull h = ellipsoidHull(rnd, new double[] {1, 0.3 + rnd.nextDouble(), 1});
            for (int i = 0; i < 50; i++) {
                double inf = rnd.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
                checkSupport(h, inf, rnd.nextGaussian(), 0, out);
                checkSupport(h, rnd.nextGaussian(), rnd.nextGaussian(), inf, out);
            }
        }
    }

    static double[] sorted(double a, double b, double c) {
        double[] v = {a, b, c};
        java.util.Arrays.sort(v);
        return v;
    }
}
