package dev.rubble.plugin.narrowphase.analytic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.geometry.narrowphase.DispatchTable;
import dev.rubble.spi.narrowphase.Narrowphase;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Sphere;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

final class AnalyticNarrowphaseTest {
    private final Random rnd = new Random(2026);
    private final RecordingSink sink = new RecordingSink();
    private final Pose pa = new Pose(), pb = new Pose();

    private double[] randomQuat() {
        double x = rnd.nextGaussian(), y = rnd.nextGaussian(), z = rnd.nextGaussian(), w = rnd.nextGaussian();
        double l = Math.sqrt(x * x + y * y + z * z + w * w);
        return new double[] {x / l, y / l, z / l, w / l};
    }

    @Test
    void sphereSphereSignedDistanceIsExactOverAGridWithConsistentWitnessPoints() {
        for (Narrowphase np : List.of(AnalyticNarrowphasePlugin.createTable(), DispatchTable.gjk())) {
            int checked = 0;
            for (double r1 = 0.25; r1 <= 1.5; r1 += 0.25) {
                for (double r2 = 0.1; r2 <= 1.3; r2 += 0.3) {
                    for (int ix = -3; ix <= 3; ix++) {
                        for (int iy = -3; iy <= 3; iy++) {
                            for (int iz = -2; iz <= 2; iz++) {
                                double x = 0.37 * ix, y = 0.41 * iy, z = 0.53 * iz;
                                if (ix == 0 && iy == 0 && iz == 0) {
                                    continue;
                                }
                                pa.set(0.1, -0.2, 0.3, 0, 0, 0, 1);
                                pb.set(0.1 + x, -0.2 + y, 0.3 + z, 0, 0, 0, 1);
                                sink.clear();
                                np.collide(new Sphere(r1), pa, new Sphere(r2), pb, 10, sink);
                                RecordingSink.Manifold m = sink.only();
                                RecordingSink.Point p = m.points.get(0);
                                double d = Math.sqrt(x * x + y * y + z * z);
                                assertThat(p.separation()).isCloseTo(d - r1 - r2, within(1e-9));
                                // normal along the centre line; pA on A's surface; pB = pA + d n on B's surface
                                assertThat(m.nx * x + m.ny * y + m.nz * z).isCloseTo(d, within(1e-9));
                                assertThat(Math.hypot(Math.hypot(p.x() - 0.1, p.y() + 0.2), p.z() - 0.3)).isCloseTo(r1, within(1e-9));
                                double bx = p.x() + p.separation() * m.nx, by = p.y() + p.separation() * m.ny, bz = p.z() + p.separation() * m.nz;
                                assertThat(Math.hypot(Math.hypot(bx - 0.1 - x, by + 0.2 - y), bz - 0.3 - z)).isCloseTo(r2, within(1e-9));
                                checked++;
                            }
                        }
                    }
                }
            }
            assertThat(checked).isGreaterThan(5000);
        }
    }

    /**
     * A point outside a box at a known distance D from its face, edge or corner (built in the box frame
     * as the closest surface point plus D times a direction inside that feature's normal cone); then
     * everything is moved by a random rigid transform. A sphere of radius D + 0.01 touches with
     * separation -0.01, one of D - 0.01 does not.
     */
    @Test
    void sphereNearBoxFaceEdgeAndCornerHitsAndMissesAtTheTrueDistance() {
        for (Narrowphase np : List.of(AnalyticNarrowphasePlugin.createTable(), DispatchTable.gjk())) {
            for (int i = 0; i < 600; i++) {
                double hx = 0.2 + rnd.nextDouble(), hy = 0.2 + rnd.nextDouble(), hz = 0.2 + rnd.nextDouble();
                int kind = i % 3; // 0 face, 1 edge, 2 corner
                double[] q = new double[3], u = new double[3];
                double[] h = {hx, hy, hz};
                int free = rnd.nextInt(3);
                for (int k = 0; k < 3; k++) {
                    double s = rnd.nextBoolean() ? 1 : -1;
                    boolean onFeature = kind == 2 || (kind == 1 ? k != free : k == free);
                    if (onFeature) {
                        q[k] = s * h[k];
                        u[k] = s * (0.2 + rnd.nextDouble());
                    } else {
                        q[k] = (2 * rnd.nextDouble() - 1) * h[k] * 0.95;
                    }
                }
                double ul = Math.sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
                double dist = 0.05 + rnd.nextDouble();
                double lx = q[0] + dist * u[0] / ul, ly = q[1] + dist * u[1] / ul, lz = q[2] + dist * u[2] / ul;
                double[] rq = randomQuat();
                pb.set(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian(), rq[0], rq[1], rq[2], rq[3]);
                double[] c = new double[3];
                pb.toWorld(lx, ly, lz, c, 0);
                pa.set(c[0], c[1], c[2], 0, 0, 0, 1);
                sink.clear();
                np.collide(new Sphere(dist + 0.01), pa, new Box(hx, hy, hz), pb, 0, sink);
                assertThat(sink.manifolds).as("kind %d hit", kind).hasSize(1);
                assertThat(sink.only().minSeparation()).isCloseTo(-0.01, within(1e-9));
                sink.clear();
                np.collide(new Sphere(dist - 0.01), pa, new Box(hx, hy, hz), pb, 0, sink);
                assertThat(sink.manifolds).as("kind %d miss", kind).isEmpty();
                // and swapped order: the normal flips, the separation is the same
                sink.clear();
                np.collide(new Box(hx, hy, hz), pb, new Sphere(dist + 0.01), pa, 0, sink);
                assertThat(sink.only().minSeparation()).isCloseTo(-0.01, within(1e-9));
            }
        }
    }

    @Test
    void restingBoxOnBoxGivesFourPointsAtTheOverlapCorners() {
        Narrowphase np = AnalyticNarrowphasePlugin.createTable();
        pa.set(0, 0, 0, 0, 0, 0, 1);
        pb.set(0.3, 0.999, 0.2, 0, 0, 0, 1); // B on top, penetrating 1 mm
        np.collide(new Box(1, 0.5, 1), pa, new Box(0.5, 0.5, 0.5), pb, 0.01, sink);
        RecordingSink.Manifold m = sink.only();
        assertThat(m.ny).isCloseTo(1, within(1e-12));
        assertThat(m.points).hasSize(4);
        for (RecordingSink.Point p : m.points) {
            assertThat(p.separation()).isCloseTo(-0.001, within(1e-12));
            assertThat(p.y()).isCloseTo(0.5, within(1e-12));
            assertThat(Math.abs(p.x() - 0.3)).isCloseTo(0.5, within(1e-12));
            assertThat(Math.abs(p.z() - 0.2)).isCloseTo(0.5, within(1e-12));
        }
        assertThat(m.points.stream().mapToLong(RecordingSink.Point::feature).distinct().count()).isEqualTo(4);
    }

    @Test
    void parallelCapsulesGiveTwoPointsAtTheOverlapEnds() {
        Narrowphase np = AnalyticNarrowphasePlugin.createTable();
        double s = Math.sqrt(0.5);
        // both capsules lie along x (rotated 90 degrees about z), B above A and shifted by 0.5 along x
        pa.set(0, 0, 0, 0, 0, s, s);
        pb.set(0.5, 0.55, 0, 0, 0, s, s);
        np.collide(new Capsule(0.3, 1), pa, new Capsule(0.3, 1), pb, 0, sink);
        RecordingSink.Manifold m = sink.only();
        assertThat(m.ny).isCloseTo(1, within(1e-12));
        assertThat(m.points).hasSize(2);
        assertThat(m.points.get(0).separation()).isCloseTo(-0.05, within(1e-12));
        double x0 = Math.min(m.points.get(0).x(), m.points.get(1).x()), x1 = Math.max(m.points.get(0).x(), m.points.get(1).x());
        assertThat(x0).isCloseTo(-0.5, within(1e-12));
        assertThat(x1).isCloseTo(1, within(1e-12));
    }

    @Test
    void speculativeContactsReportPositiveSeparationWithinTheMarginOnly() {
        Narrowphase np = AnalyticNarrowphasePlugin.createTable();
        pa.set(0, 0, 0, 0, 0, 0, 1);
        pb.set(0, 2.03, 0, 0, 0, 0, 1);
        np.collide(new Box(1, 1, 1), pa, new Box(1, 1, 1), pb, 0.05, sink);
        assertThat(sink.only().points).hasSize(4);
        assertThat(sink.only().minSeparation()).isCloseTo(0.03, within(1e-12));
        sink.clear();
        np.collide(new Box(1, 1, 1), pa, new Box(1, 1, 1), pb, 0.02, sink);
        assertThat(sink.manifolds).isEmpty();
    }
}
