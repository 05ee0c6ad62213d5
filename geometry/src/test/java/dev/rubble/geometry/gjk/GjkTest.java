package dev.rubble.geometry.gjk;

import dev.rubble.geometry.hull.QuickHull;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.ConvexHull;
import java.util.Random;
import org.junit.jupiter.api.Test;

final class GjkTest {
    private final Random rnd = new Random(17);
    private final Gjk gjk = new Gjk();
    private final Pose pa = new Pose(), pb = new Pose();
    private final PosedShape a = new PosedShape(), b = new PosedShape();

    /** Axis-aligned boxes: distance = length of the per-axis gap vector; depth = the smallest per-axis overlap. */
    @Test
    void axisAlignedBoxesDistanceAndPenetrationAreExact() {
        int apart = 0, overlapping = 0;
        for (int i = 0; i < 2000; i++) {
            double[] ha = {0.2 + rnd.nextDouble(), 0.2 + rnd.nextDouble(), 0.2 + rnd.nextDouble()};
            double[] hb = {0.2 + rnd.nextDouble(), 0.2 + rnd.nextDouble(), 0.2 + rnd.nextDouble()};
            double[] c = {3 * rnd.nextGaussian(), 3 * rnd.nextGaussian(), 3 * rnd.nextGaussian()};
            if (i % 2 == 0) {
                for (int k = 0; k < 3; k++) {
                    c[k] *= 0.2;
                }
            }
            pa.set(0.5, -0.25, 1, 0, 0, 0, 1);
            pb.set(0.5 + c[0], -0.25 + c[1], 1 + c[2], 0, 0, 0, 1);
            a.set(new Box(ha[0], ha[1], ha[2]), pa);
            b.set(new Box(hb[0], hb[1], hb[2]), pb);
            double gap2 = 0, minOverlap = Double.POSITIVE_INFINITY;
            boolean separated = false;
            for (int k = 0; k < 3; k++) {
                double g = Math.abs(c[k]) - ha[k] - hb[k];
                if (g > 0) {
                    gap2 += g * g;
                    separated = true;
                } else {
                    minOverlap = Math.min(minOverlap, -g);
                }
            }
            if (separated) {
                assertThat(gjk.distance(a, b)).as("gap %s c %s ha %s hb %s it %d", Math.sqrt(gap2), java.util.Arrays.toString(c),
                        java.util.Arrays.toString(ha), java.util.Arrays.toString(hb), gjk.iterations).isTrue();
                assertThat(gjk.distance).isCloseTo(Math.sqrt(gap2), within(1e-9));
                apart++;
            } else {
                assertThat(gjk.distance(a, b)).isFalse();
                gjk.penetration(a, b);
                assertThat(gjk.distance).isCloseTo(minOverlap, within(1e-9));
                double[] n = gjk.normal;
                assertThat(Math.abs(n[0]) + Math.abs(n[1]) + Math.abs(n[2])).isCloseTo(1, within(1e-9));
                overlapping++;
            }
        }
        assertThat(apart).isGreaterThan(500);
        assertThat(overlapping).isGreaterThan(300);
    }

    /** Capsule cores are segments: their distance is the segment–segment distance minus nothing. */
    @Test
    void capsuleCoresGiveTheSegmentDistance() {
        double[] st = new double[2];
        for (int i = 0; i < 500; i++) {
            double[] q1 = unitQuat(), q2 = unitQuat();
            pa.set(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian(), q1[0], q1[1], q1[2], q1[3]);
            pb.set(3 + rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian(), q2[0], q2[1], q2[2], q2[3]);
            Capsule ca = new Capsule(0.1, 0.5 + rnd.nextDouble()), cb = new Capsule(0.1, 0.5 + rnd.nextDouble());
            double[] e = new double[12];
            pa.toWorld(0, -ca.halfHeight(), 0, e, 0);
            pa.toWorld(0, ca.halfHeight(), 0, e, 3);
            pb.toWorld(0, -cb.halfHeight(), 0, e, 6);
            pb.toWorld(0, cb.halfHeight(), 0, e, 9);
            dev.rubble.spi.shape.ShapeMath.closestSegmentSegment(e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8], e[9], e[10], e[11], st);
            double dx = e[6] + st[1] * (e[9] - e[6]) - e[0] - st[0] * (e[3] - e[0]);
            double dy = e[7] + st[1] * (e[10] - e[7]) - e[1] - st[0] * (e[4] - e[1]);
            double dz = e[8] + st[1] * (e[11] - e[8]) - e[2] - st[0] * (e[5] - e[2]);
            double expected = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (gjk.distance(a.set(ca, pa), b.set(cb, pb))) {
                assertThat(gjk.distance).isCloseTo(expected, within(1e-9));
            } else {
                assertThat(expected).isLessThan(1e-9);
            }
        }
    }

    /** A hull's penetration with itself shifted by a small vector is at most that shift, never negative. */
    @Test
    void epaOnHullsFindsTheShallowestDirection() {
        for (int i = 0; i < 300; i++) {
            double[] p = new double[3 * 16];
            for (int k = 0; k < p.length; k++) {
                p[k] = rnd.nextGaussian();
            }
            ConvexHull h = QuickHull.of(p);
            pa.set(0, 0, 0, 0, 0, 0, 1);
            double sx = 0.05 * rnd.nextGaussian(), sy = 0.05 * rnd.nextGaussian(), sz = 0.05 * rnd.nextGaussian();
            pb.set(sx, sy, sz, 0, 0, 0, 1);
            assertThat(gjk.distance(a.set(h, pa), b.set(h, pb))).isFalse();
            gjk.penetration(a, b);
            // the exact depth is the minimum over face normals n of (width along n) - |shift . n|: check against it
            double best = Double.POSITIVE_INFINITY;
            double[] out = new double[3];
            for (int f = 0; f < h.faceCount(); f++) {
                double nx = h.plane(f, 0), ny = h.plane(f, 1), nz = h.plane(f, 2);
                h.support(nx, ny, nz, out, 0);
                double hi = nx * out[0] + ny * out[1] + nz * out[2];
                h.support(-nx, -ny, -nz, out, 0);
                double lo = nx * out[0] + ny * out[1] + nz * out[2];
                double shift = nx * sx + ny * sy + nz * sz;
                best = Math.min(best, Math.min(hi - lo + shift, hi - lo - shift));
            }
            // Minkowski difference of a hull with itself: face normals of A - B are those of A and of -B,
            // plus edge-edge normals, so the true depth is at most the face bound
            assertThat(gjk.distance).isLessThanOrEqualTo(best + 1e-9).isGreaterThanOrEqualTo(0);
        }
    }

    private double[] unitQuat() {
        double x = rnd.nextGaussian(), y = rnd.nextGaussian(), z = rnd.nextGaussian(), w = rnd.nextGaussian();
        double l = Math.sqrt(x * x + y * y + z * z + w * w);
        return new double[] {x / l, y / l, z / l, w / l};
    }
}
