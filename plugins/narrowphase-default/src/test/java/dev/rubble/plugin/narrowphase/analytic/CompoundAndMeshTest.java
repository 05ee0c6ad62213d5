package dev.rubble.plugin.narrowphase.analytic;

import dev.rubble.geometry.hull.QuickHull;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.narrowphase.Narrowphase;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Plane;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.shape.TriangleMesh;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

final class CompoundAndMeshTest {
    private final Narrowphase np = AnalyticNarrowphasePlugin.createTable();
    private final RecordingSink sink = new RecordingSink();
    private final Pose pa = new Pose(), pb = new Pose();

    /** A flat grid of g x g unit cells at y = 0, two triangles per cell. */
    static TriangleMesh grid(int g) {
        double[] v = new double[3 * (g + 1) * (g + 1)];
        for (int i = 0; i <= g; i++) {
            for (int j = 0; j <= g; j++) {
                int k = 3 * (i * (g + 1) + j);
                v[k] = i - g / 2.0;
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
        return new TriangleMesh(v, idx);
    }

    @Test
    void sphereOverATriangleInteriorHasOneExactContactKeyedByTheTriangle() {
        TriangleMesh mesh = grid(10);
        pa.set(0, 0, 0, 0, 0, 0, 1);
        pb.set(0.3, 0.29, 0.3, 0, 0, 0, 1); // inside one triangle, > r + margin from the others
        np.collide(mesh, pa, new Sphere(0.3), pb, 0.02, sink);
        RecordingSink.Manifold m = sink.only();
        assertThat(m.ny).isCloseTo(1, within(1e-9));
        assertThat(m.points).hasSize(1);
        assertThat(m.points.get(0).separation()).isCloseTo(-0.01, within(1e-9));
        assertThat(m.points.get(0).y()).isCloseTo(0, within(1e-9));
        int t = (int) m.subKey;
        // the reported triangle contains (0.3, 0.3) in its xz footprint
        double[] c = new double[6];
        for (int k = 0; k < 3; k++) {
            c[2 * k] = mesh.corner(t, k, 0);
            c[2 * k + 1] = mesh.corner(t, k, 2);
        }
        assertThat(inTriangle(0.3, 0.3, c)).isTrue();
        // swapped order gives the flipped normal and B's witness point as A's
        sink.clear();
        np.collide(new Sphere(0.3), pb, mesh, pa, 0.02, sink);
        assertThat(sink.only().ny).isCloseTo(-1, within(1e-9));
        assertThat(sink.only().points.get(0).y()).isCloseTo(-0.01, within(1e-9));
    }

    private static boolean inTriangle(double x, double z, double[] c) {
        double d1 = (x - c[2]) * (c[1] - c[3]) - (c[0] - c[2]) * (z - c[3]);
        double d2 = (x - c[4]) * (c[3] - c[5]) - (c[2] - c[4]) * (z - c[5]);
        double d3 = (x - c[0]) * (c[5] - c[1]) - (c[4] - c[0]) * (z - c[1]);
        boolean neg = d1 < 0 || d2 < 0 || d3 < 0, pos = d1 > 0 || d2 > 0 || d3 > 0;
        return !(neg && pos);
    }

    @Test
    void boxOnAMeshGetsClippedPointsOnEachTriangleItCovers() {
        TriangleMesh mesh = grid(10);
        pa.set(0, 0, 0, 0, 0, 0, 1);
        pb.set(0.5, 0.298, 0.5, 0, 0, 0, 1); // a 0.6 m box centred on a cell: covers both of its triangles
        np.collide(mesh, pa, new Box(0.3, 0.3, 0.3), pb, 0.01, sink);
        assertThat(sink.manifolds).hasSize(2);
        double area = 0;
        for (RecordingSink.Manifold m : sink.manifolds) {
            assertThat(m.ny).isCloseTo(1, within(1e-12));
            assertThat(m.points.size()).isBetween(3, 4);
            for (RecordingSink.Point p : m.points) {
                assertThat(p.separation()).isCloseTo(-0.002, within(1e-12));
                assertThat(Math.abs(p.x() - 0.5)).isLessThanOrEqualTo(0.3 + 1e-12);
                assertThat(Math.abs(p.z() - 0.5)).isLessThanOrEqualTo(0.3 + 1e-12);
            }
            area += polygonAreaXz(m.points);
        }
        assertThat(area).isCloseTo(0.36, within(1e-9)); // the two clipped pieces tile the box's footprint
    }

    private static double polygonAreaXz(List<RecordingSink.Point> p) {
        double s = 0;
        for (int i = 0; i < p.size(); i++) {
            RecordingSink.Point a = p.get(i), b = p.get((i + 1) % p.size());
            s += a.x() * b.z() - b.x() * a.z();
        }
        return Math.abs(s) / 2;
    }

    @Test
    void compoundOnAPlaneGivesOneManifoldPerTouchingChild() {
        Compound c = new Compound(List.of(Compound.Child.at(new Box(0.5, 0.5, 0.5), -1, 0, 0),
                Compound.Child.at(new Sphere(0.5), 1, 0, 0), Compound.Child.at(new Sphere(0.2), 0, 2, 0)));
        pa.set(0, 0.49, 0, 0, 0, 0, 1);
        pb.set(0, 0, 0, 0, 0, 0, 1);
        np.collide(c, pa, new Plane(0, 1, 0, 0), pb, 0.02, sink);
        assertThat(sink.manifolds).hasSize(2);
        assertThat(sink.manifolds.get(0).subKey).isEqualTo(1L << 48);
        assertThat(sink.manifolds.get(1).subKey).isEqualTo(2L << 48);
        assertThat(sink.manifolds.get(0).points).hasSize(4);
        assertThat(sink.manifolds.get(1).points).hasSize(1);
        for (RecordingSink.Manifold m : sink.manifolds) {
            assertThat(m.ny).isCloseTo(-1, within(1e-12)); // from the compound (A) down to the plane (B)
            assertThat(m.minSeparation()).isCloseTo(-0.01, within(1e-12));
        }
    }

    @Test
    void compoundBvhGivesTheSameContactsAsCollidingEveryChild() {
        Random rnd = new Random(8);
        List<Compound.Child> kids = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            Shape s = i % 3 == 0 ? new Sphere(0.25) : (i % 3 == 1 ? new Box(0.2, 0.3, 0.2)
                    : QuickHull.of(0, 0, 0, 0.4, 0, 0, 0, 0.4, 0, 0, 0, 0.4));
            kids.add(Compound.Child.at(s, 3 * rnd.nextDouble() - 1.5, 3 * rnd.nextDouble() - 1.5, 3 * rnd.nextDouble() - 1.5));
        }
        Compound c = new Compound(kids);
        assertThat(c.tree()).isNotNull();
        int total = 0;
        for (int trial = 0; trial < 100; trial++) {
            pa.set(0, 0, 0, 0, 0, 0, 1);
            pb.set(3 * rnd.nextDouble() - 1.5, 3 * rnd.nextDouble() - 1.5, 3 * rnd.nextDouble() - 1.5, 0, 0, 0, 1);
            Shape probe = new Sphere(0.4);
            sink.clear();
            np.collide(c, pa, probe, pb, 0.01, sink);
            // brute force: every child on its own, at its pose
            RecordingSink brute = new RecordingSink();
            Pose cp = new Pose();
            for (int i = 0; i < kids.size(); i++) {
                Compound.Child k = kids.get(i);
                cp.set(k.x(), k.y(), k.z(), 0, 0, 0, 1);
                int before = brute.manifolds.size();
                np.collide(k.shape(), cp, probe, pb, 0.01, brute);
                for (int m = before; m < brute.manifolds.size(); m++) {
                    brute.manifolds.get(m).subKey += (long) (i + 1) << 48;
                }
            }
            java.util.Set<Long> got = new java.util.TreeSet<>(), want = new java.util.TreeSet<>();
            sink.manifolds.forEach(m -> got.add(m.subKey));
            brute.manifolds.forEach(m -> want.add(m.subKey));
            assertThat(got).isEqualTo(want);
            total += got.size();
        }
        assertThat(total).isGreaterThan(50);
    }
}
