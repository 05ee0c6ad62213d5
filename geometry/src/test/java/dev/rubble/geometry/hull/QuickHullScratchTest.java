package dev.rubble.geometry.hull;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.spi.shape.ConvexHull;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * QuickHull reuses one builder per thread (issue 32: no per-hull arrays). A hull must not depend on
 * what the thread built before: each cloud's hull, built after hundreds of others of every size on
 * one thread (with failed builds and a cloud too large for the scratch in between), equals bit for
 * bit the hull a brand-new thread builds from the same cloud with a fresh builder — vertices, faces,
 * planes, volume and mass properties.
 */
final class QuickHullScratchTest {
    @Test
    void aHullIsTheSameBitsWhateverTheThreadBuiltBefore() throws Exception {
        SplittableRandom r = new SplittableRandom(32);
        List<double[]> clouds = new ArrayList<>();
        for (int c = 0; c < 240; c++) {
            clouds.add(switch (c % 4) {
                case 0 -> ball(r, 4 + r.nextInt(300));
                case 1 -> gridBox(r, 2 + r.nextInt(6)); // coplanar faces: the merge into polygons
                case 2 -> ball(r, 4 + r.nextInt(12));
                default -> cell(r);
            });
        }
        clouds.add(120, ball(r, QuickHull.SCRATCH_POINTS + 500)); // built without the scratch
        for (int c = 0; c < clouds.size(); c++) {
            double[] xyz = clouds.get(c);
            ConvexHull reused = QuickHull.of(xyz);
            if (c % 17 == 0) { // a failed build between two good ones
                assertThatThrownBy(() -> QuickHull.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 2, 2, 0))
                        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("coplanar");
            }
            assertSameBits(reused, freshThread(xyz), c);
        }
    }

    private static ConvexHull freshThread(double[] xyz) throws InterruptedException {
        AtomicReference<ConvexHull> out = new AtomicReference<>();
        Thread t = new Thread(() -> out.set(QuickHull.of(xyz)));
        t.start();
        t.join();
        return out.get();
    }

    private static void assertSameBits(ConvexHull a, ConvexHull b, int cloud) {
        String at = "cloud " + cloud;
        assertThat(a.vertexCount()).as(at).isEqualTo(b.vertexCount());
        assertThat(a.faceCount()).as(at).isEqualTo(b.faceCount());
        for (int i = 0; i < a.vertexCount(); i++) {
            for (int k = 0; k < 3; k++) {
                assertThat(Double.doubleToRawLongBits(a.vertex(i, k))).as(at).isEqualTo(Double.doubleToRawLongBits(b.vertex(i, k)));
            }
        }
        for (int f = 0; f < a.faceCount(); f++) {
            assertThat(a.faceSize(f)).as(at).isEqualTo(b.faceSize(f));
            for (int k = 0; k < a.faceSize(f); k++) {
                assertThat(a.faceVertex(f, k)).as(at).isEqualTo(b.faceVertex(f, k));
            }
            for (int k = 0; k < 4; k++) {
                assertThat(Double.doubleToRawLongBits(a.plane(f, k))).as(at).isEqualTo(Double.doubleToRawLongBits(b.plane(f, k)));
            }
        }
        assertThat(Double.doubleToRawLongBits(a.volume())).as(at).isEqualTo(Double.doubleToRawLongBits(b.volume()));
        assertThat(a.massProperties(1.5)).as(at).isEqualTo(b.massProperties(1.5));
    }

    private static double[] ball(SplittableRandom r, int n) {
        double[] xyz = new double[3 * n];
        for (int i = 0; i < xyz.length; i++) {
            xyz[i] = r.nextDouble(-1, 1);
        }
        return xyz;
    }

    /** The points of a box's surface grid, k × k × k: many coplanar points per face. */
    private static double[] gridBox(SplittableRandom r, int k) {
        double hx = r.nextDouble(0.1, 3), hy = r.nextDouble(0.1, 3), hz = r.nextDouble(0.1, 3);
        List<double[]> pts = new ArrayList<>();
        for (int i = 0; i <= k; i++) {
            for (int j = 0; j <= k; j++) {
                for (int l = 0; l <= k; l++) {
                    if (i == 0 || i == k || j == 0 || j == k || l == 0 || l == k) {
                        pts.add(new double[] {-hx + 2 * hx * i / k, -hy + 2 * hy * j / k, -hz + 2 * hz * l / k});
                    }
                }
            }
        }
        double[] xyz = new double[3 * pts.size()];
        for (int i = 0; i < pts.size(); i++) {
            System.arraycopy(pts.get(i), 0, xyz, 3 * i, 3);
        }
        return xyz;
    }

    /** A Voronoi-cell-like cloud: a random convex polytope's vertices, a few repeated. */
    private static double[] cell(SplittableRandom r) {
        double[] b = ball(r, 20 + r.nextInt(40));
        double[] xyz = java.util.Arrays.copyOf(b, b.length + 9);
        System.arraycopy(b, 0, xyz, b.length, 9); // three duplicate points
        return xyz;
    }
}
