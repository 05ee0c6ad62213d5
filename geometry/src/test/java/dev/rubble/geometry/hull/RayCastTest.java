package dev.rubble.geometry.hull;

import dev.rubble.spi.shape.*;

import dev.rubble.geometry.hull.QuickHull;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Ray fractions are exact (1e-9) for every shape. Oracle: pick a point p on the surface with outward
 * normal n, a direction d with d·n &lt; 0 and start at o = p - t0·d; by convexity every point of the
 * ray before p is outside, so the entry fraction is exactly t0.
 */
final class RayCastTest {
    private final Random rnd = new Random(42);
    private final double[] n = new double[3];

    private double[] inward(double nx, double ny, double nz) {
        double dx, dy, dz;
        do {
            dx = rnd.nextGaussian();
            dy = rnd.nextGaussian();
            dz = rnd.nextGaussian();
        } while (dx * nx + dy * ny + dz * nz > -0.2 * Math.sqrt(dx * dx + dy * dy + dz * dz));
        double s = 0.5 + 2 * rnd.nextDouble(); // not unit on purpose
        return new double[] {dx * s, dy * s, dz * s};
    }

    private void check(Shape shape, double px, double py, double pz, double nx, double ny, double nz) {
        double[] d = inward(nx, ny, nz);
        double t0 = 0.1 + 3 * rnd.nextDouble();
        double ox = px - t0 * d[0], oy = py - t0 * d[1], oz = pz - t0 * d[2];
        double t = shape.rayCast(ox, oy, oz, d[0], d[1], d[2], 10, n);
        assertThat(t).as("%s hit at (%s, %s, %s)", shape, px, py, pz).isCloseTo(t0, within(1e-9));
        assertThat(n[0] * nx + n[1] * ny + n[2] * nz).isCloseTo(1, within(1e-9));
        // shortened ray misses, reversed ray misses
        assertThat(shape.rayCast(ox, oy, oz, d[0], d[1], d[2], t0 * (1 - 1e-6), n)).isEqualTo(-1);
        assertThat(shape.rayCast(ox, oy, oz, -d[0], -d[1], -d[2], 10, n)).isEqualTo(-1);
    }

    private double[] unitGaussian() {
        double x = rnd.nextGaussian(), y = rnd.nextGaussian(), z = rnd.nextGaussian();
        double l = Math.sqrt(x * x + y * y + z * z);
        return new double[] {x / l, y / l, z / l};
    }

    @Test
    void sphere() {
        for (int i = 0; i < 500; i++) {
            double r = 0.1 + rnd.nextDouble() * 3;
            double[] u = unitGaussian();
            check(new Sphere(r), r * u[0], r * u[1], r * u[2], u[0], u[1], u[2]);
        }
    }

    @Test
    void box() {
        for (int i = 0; i < 500; i++) {
            double[] h = {0.1 + rnd.nextDouble(), 0.1 + rnd.nextDouble(), 0.1 + rnd.nextDouble()};
            int axis = rnd.nextInt(3);
            double s = rnd.nextBoolean() ? 1 : -1;
            double[] p = new double[3];
            double[] nn = new double[3];
            for (int k = 0; k < 3; k++) {
                p[k] = k == axis ? s * h[k] : (2 * rnd.nextDouble() - 1) * h[k] * 0.999;
            }
            nn[axis] = s;
            check(new Box(h[0], h[1], h[2]), p[0], p[1], p[2], nn[0], nn[1], nn[2]);
        }
    }

    @Test
    void capsule() {
        for (int i = 0; i < 500; i++) {
            double r = 0.1 + rnd.nextDouble(), hh = rnd.nextDouble();
            double[] u = unitGaussian();
            double cy = rnd.nextInt(3) == 0 ? (2 * rnd.nextDouble() - 1) * hh : (u[1] > 0 ? hh : -hh);
            if (Math.abs(cy) < hh) { // cylinder part: radial normal
                double l = Math.hypot(u[0], u[2]);
                u = new double[] {u[0] / l, 0, u[2] / l};
            } else if (cy * u[1] < 0) {
                u[1] = -u[1];
            }
            check(new Capsule(r, hh), r * u[0], cy + r * u[1], r * u[2], u[0], u[1], u[2]);
        }
    }

    @Test
    void convexHullAgreesWithTheBoxItIsBuiltFrom() {
        ConvexHull hull = QuickHull.of(-1, -2, -0.5, 1, -2, -0.5, -1, 2, -0.5, 1, 2, -0.5,
                -1, -2, 0.5, 1, -2, 0.5, -1, 2, 0.5, 1, 2, 0.5);
        Box box = new Box(1, 2, 0.5);
        double[] nb = new double[3];
        for (int i = 0; i < 1000; i++) {
            double ox = 6 * rnd.nextDouble() - 3, oy = 6 * rnd.nextDouble() - 3, oz = 6 * rnd.nextDouble() - 3;
            double[] u = unitGaussian();
            double th = hull.rayCast(ox, oy, oz, u[0], u[1], u[2], 10, n);
            double tb = box.rayCast(ox, oy, oz, u[0], u[1], u[2], 10, nb);
            assertThat(th).isCloseTo(tb, within(1e-12));
        }
        // and exact against the surface oracle on a random hull's faces
        double[] pts = new double[60];
        for (int i = 0; i < pts.length; i++) {
            pts[i] = rnd.nextGaussian();
        }
        ConvexHull h = QuickHull.of(pts);
        for (int i = 0; i < 300; i++) {
            int f = rnd.nextInt(h.faceCount());
            // a random convex combination of the face's corners lies on the face
            double px = 0, py = 0, pz = 0, wsum = 0;
            for (int k = 0; k < h.faceSize(f); k++) {
                double w = 0.05 + rnd.nextDouble();
                int vi = h.faceVertex(f, k);
                px += w * h.vertex(vi, 0);
                py += w * h.vertex(vi, 1);
                pz += w * h.vertex(vi, 2);
                wsum += w;
            }
            check(h, px / wsum, py / wsum, pz / wsum, h.plane(f, 0), h.plane(f, 1), h.plane(f, 2));
        }
    }

    @Test
    void plane() {
        for (int i = 0; i < 300; i++) {
            double[] u = unitGaussian();
            double off = rnd.nextGaussian();
            Plane pl = new Plane(u[0] * 3, u[1] * 3, u[2] * 3, off);
            double[] t = unitGaussian();
            // a point on the plane: off * n + tangent part
            double dot = t[0] * u[0] + t[1] * u[1] + t[2] * u[2];
            check(pl, off * u[0] + t[0] - dot * u[0], off * u[1] + t[1] - dot * u[1], off * u[2] + t[2] - dot * u[2],
                    u[0], u[1], u[2]);
        }
    }

    @Test
    void triangleMeshGroundGrid() {
        int g = 20;
        double[] v = new double[3 * (g + 1) * (g + 1)];
        for (int i = 0; i <= g; i++) {
            for (int j = 0; j <= g; j++) {
                int k = 3 * (i * (g + 1) + j);
                v[k] = i - g / 2.0;
                v[k + 1] = 0;
                v[k + 2] = j - g / 2.0;
            }
        }
        int[] idx = new int[6 * g * g];
        int q = 0;
        for (int i = 0; i < g; i++) {
            for (int j = 0; j < g; j++) {
                int a = i * (g + 1) + j, b = a + 1, c = a + g + 1, d = c + 1;
                idx[q++] = a; idx[q++] = b; idx[q++] = c;
                idx[q++] = b; idx[q++] = d; idx[q++] = c;
            }
        }
        TriangleMesh mesh = new TriangleMesh(v, idx);
        for (int i = 0; i < 500; i++) {
            double px = (rnd.nextDouble() - 0.5) * g * 0.99, pz = (rnd.nextDouble() - 0.5) * g * 0.99;
            boolean below = rnd.nextBoolean(); // two-sided
            check(mesh, px, 0, pz, 0, below ? -1 : 1, 0);
        }
    }

    @Test
    void compoundThroughItsBvhMatchesBruteForceOverChildren() {
        List<Compound.Child> kids = new java.util.ArrayList<>();
        for (int i = 0; i < 25; i++) {
            double[] u = unitGaussian();
            Shape s = i % 3 == 0 ? new Sphere(0.3) : (i % 3 == 1 ? new Box(0.2, 0.3, 0.4) : new Capsule(0.2, 0.3));
            kids.add(new Compound.Child(s, 4 * rnd.nextDouble() - 2, 4 * rnd.nextDouble() - 2, 4 * rnd.nextDouble() - 2,
                    u[0], u[1], u[2], rnd.nextDouble()));
        }
        Compound c = new Compound(kids);
        assertThat(c.tree()).isNotNull();
        double[] lo = new double[3], ld = new double[3], nn = new double[3];
        int hits = 0;
        for (int i = 0; i < 500; i++) {
            double ox = 8 * rnd.nextDouble() - 4, oy = 8 * rnd.nextDouble() - 4, oz = 8 * rnd.nextDouble() - 4;
            double[] u = unitGaussian();
            if (i % 2 == 0) { // aim at a random point of the cluster
                double tx = 3 * rnd.nextDouble() - 1.5 - ox, ty = 3 * rnd.nextDouble() - 1.5 - oy, tz = 3 * rnd.nextDouble() - 1.5 - oz;
                double l = Math.sqrt(tx * tx + ty * ty + tz * tz);
                u = new double[] {tx / l, ty / l, tz / l};
            }
            double t = c.rayCast(ox, oy, oz, u[0], u[1], u[2], 20, n);
            double best = -1;
            for (Compound.Child k : kids) {
                ShapeMath.inverseRotate(k.qx(), k.qy(), k.qz(), k.qw(), ox - k.x(), oy - k.y(), oz - k.z(), lo, 0);
                ShapeMath.inverseRotate(k.qx(), k.qy(), k.qz(), k.qw(), u[0], u[1], u[2], ld, 0);
                double tk = k.shape().rayCast(lo[0], lo[1], lo[2], ld[0], ld[1], ld[2], 20, nn);
                if (tk >= 0 && (best < 0 || tk < best)) {
                    best = tk;
                }
            }
            assertThat(t).isEqualTo(best);
            hits += t >= 0 ? 1 : 0;
        }
        assertThat(hits).isGreaterThan(100);
    }

    @Test
    void originInsideASolidShapeHitsAtZero() {
        assertThat(new Box(1, 1, 1).rayCast(0.5, 0, 0, 1, 0, 0, 5, n)).isEqualTo(0);
        assertThat(n[0]).isEqualTo(-1);
        assertThat(new Sphere(1).rayCast(0, 0.5, 0, 0, 0, 2, 5, n)).isEqualTo(0);
        assertThat(new Capsule(0.5, 1).rayCast(0, 1.2, 0, 1, 0, 0, 5, n)).isEqualTo(0);
        assertThat(new Plane(0, 1, 0, 0).rayCast(0, -1, 0, 1, 0, 0, 5, n)).isEqualTo(0);
    }
}
