package dev.rubble.plugin.narrowphase.analytic;

import dev.rubble.geometry.hull.QuickHull;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.geometry.narrowphase.DispatchTable;
import dev.rubble.spi.narrowphase.Narrowphase;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The analytic {@code default} table and the all-GJK/EPA table agree on random configurations: same
 * contact or no contact, the same deepest separation and the same normal within tolerance.
 */
final class DefaultVersusGjkTest {
    private final Random rnd = new Random(99);
    private final Narrowphase analytic = AnalyticNarrowphasePlugin.createTable();
    private final Narrowphase gjk = DispatchTable.gjk();
    private final RecordingSink sa = new RecordingSink(), sb = new RecordingSink();
    private final Pose pa = new Pose(), pb = new Pose();

    private Shape randomShape(int kind) {
        return switch (kind) {
            case 0 -> new Sphere(0.2 + rnd.nextDouble());
            case 1 -> new Box(0.2 + rnd.nextDouble(), 0.2 + rnd.nextDouble(), 0.2 + rnd.nextDouble());
            case 2 -> new Capsule(0.2 + 0.5 * rnd.nextDouble(), 0.1 + rnd.nextDouble());
            default -> {
                double[] p = new double[3 * 12];
                for (int i = 0; i < p.length; i++) {
                    p[i] = rnd.nextGaussian() * 0.6;
                }
                yield QuickHull.of(p);
            }
        };
    }

    private void randomPose(Pose p, double spread) {
        double x = rnd.nextGaussian(), y = rnd.nextGaussian(), z = rnd.nextGaussian(), w = rnd.nextGaussian();
        double l = Math.sqrt(x * x + y * y + z * z + w * w);
        p.set(spread * rnd.nextGaussian(), spread * rnd.nextGaussian(), spread * rnd.nextGaussian(), x / l, y / l, z / l, w / l);
    }

    @Test
    void analyticAndGjkAgreeOnRandomConvexPairs() {
        int[][] pairs = {{0, 0}, {0, 1}, {0, 2}, {2, 2}, {1, 1}, {1, 2}, {3, 3}, {1, 3}, {0, 3}};
        int compared = 0, deep = 0, boxFaceForEdge = 0;
        for (int[] pair : pairs) {
            for (int i = 0; i < 400; i++) {
                Shape a = randomShape(pair[0]), b = randomShape(pair[1]);
                randomPose(pa, 0.1);
                randomPose(pb, 0.8);
                sa.clear();
                sb.clear();
                analytic.collide(a, pa, b, pb, 0.05, sa);
                gjk.collide(a, pa, b, pb, 0.05, sb);
                // the margin, 5 cm, makes these fast pairs (ManifoldBuilder.FAST_MARGIN): a face contact of a box
                // or hull may come with a manifold of its other vertices within reach; the main ones are compared
                RecordingSink.Manifold ma = sa.main(), mb = sb.main();
                if (ma == null || mb == null) {
                    // near the speculative limit one side may drop a point the other keeps
                    double s = ma != null ? ma.minSeparation() : (mb != null ? mb.minSeparation() : 0.05);
                    assertThat(s).as("pair %d-%d #%d analytic %d gjk %d", pair[0], pair[1], i, sa.manifolds.size(), sb.manifolds.size()).isGreaterThan(0.05 - 1e-3);
                    continue;
                }
                double sepA = ma.minSeparation(), sepB = mb.minSeparation();
                // EPA approximates curved surfaces by a polytope: millimetre agreement when the cores overlap
                double tol = (pair[0] == 0 || pair[0] == 2 || pair[1] == 0 || pair[1] == 2) && sepA < -0.05 ? 5e-3 : 1e-6;
                boolean faceForEdge = false;
                if (pair[0] == 1 && pair[1] == 1) {
                    // SAT prefers a face axis over an edge axis that is at most this much shallower
                    tol = BoxBox.edgeTolerance(sepB) + 1e-6;
                    faceForEdge = Math.abs(sepA - sepB) > 1e-6;
                    if (faceForEdge) {
                        boxFaceForEdge++;
                        // the face contact is deeper than the true (EPA) depth, never shallower
                        assertThat(sepA).as("pair 1-1 #%d", i).isLessThan(sepB);
                    }
                }
                assertThat(sepB).as("pair %d-%d #%d", pair[0], pair[1], i).isCloseTo(sepA, within(tol));
                double dot = ma.nx * mb.nx + ma.ny * mb.ny + ma.nz * mb.nz;
                if (sepA > -0.05 && !faceForEdge) { // deep overlaps can have several near-equal axes; shallow ones not
                    assertThat(dot).as("normal pair %d-%d #%d", pair[0], pair[1], i).isGreaterThan(0.99);
                }
                compared++;
                deep += sepA < 0 ? 1 : 0;
            }
        }
        assertThat(compared).isGreaterThan(1000);
        assertThat(deep).isGreaterThan(500);
        // the face preference took over from a better edge axis in some box pairs (measured 115 of
        // 400: these random overlaps are deep, up to half a metre, so a quarter of the depth is a lot),
        // but far from all
        assertThat(boxFaceForEdge).isBetween(1, 160);
    }

    @Test
    void boxBoxFaceContactsGiveTheSamePoints() {
        int faces = 0;
        for (int i = 0; i < 300; i++) {
            Box a = new Box(1, 0.3, 1), b = new Box(0.4, 0.4, 0.4);
            double ang = (rnd.nextDouble() - 0.5) * 0.6, tilt = (rnd.nextDouble() - 0.5) * 0.02;
            pa.set(0, 0, 0, 0, 0, 0, 1);
            // B sits on A's top face, turned about y by a random angle and tilted slightly
            double qy = Math.sin(ang / 2), qw = Math.cos(ang / 2), qx = Math.sin(tilt / 2);
            double l = Math.sqrt(qx * qx + qy * qy + qw * qw);
            pb.set(rnd.nextDouble() - 0.5, 0.7 - 0.01 * rnd.nextDouble(), rnd.nextDouble() - 0.5, qx / l, qy / l, 0, qw / l);
            sa.clear();
            sb.clear();
            analytic.collide(a, pa, b, pb, 0.02, sa);
            gjk.collide(a, pa, b, pb, 0.02, sb);
            RecordingSink.Manifold ma = sa.only(), mb = sb.only();
            assertThat(mb.points).hasSameSizeAs(ma.points);
            for (int k = 0; k < ma.points.size(); k++) {
                RecordingSink.Point p = ma.points.get(k), q = mb.points.get(k);
                assertThat(q.x()).isCloseTo(p.x(), within(1e-9));
                assertThat(q.y()).isCloseTo(p.y(), within(1e-9));
                assertThat(q.z()).isCloseTo(p.z(), within(1e-9));
                assertThat(q.separation()).isCloseTo(p.separation(), within(1e-9));
                assertThat(q.feature()).isEqualTo(p.feature());
            }
            faces += ma.points.size() >= 3 ? 1 : 0;
        }
        assertThat(faces).isGreaterThan(250);
    }
}
