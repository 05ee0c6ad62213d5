package dev.rubble.bench.narrowphase;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.plugin.narrowphase.analytic.AnalyticNarrowphasePlugin;
import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.geometry.narrowphase.DispatchTable;
import dev.rubble.spi.narrowphase.Narrowphase;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.geometry.gjk.Gjk;
import dev.rubble.geometry.gjk.PosedShape;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.shape.TriangleMesh;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Narrowphase throughput in pairs per second: {@value #PAIRS} precomputed pairs per invocation,
 * contacts written to a counting sink. Poses are seeded-random orientations with B placed along a
 * random direction at the distance where the shapes touch (found by bisection on GJK distance), then
 * moved by -10 mm .. +5 mm: resting-contact-like pairs, mostly penetrating a few millimetres, some
 * speculative (within the 20 mm margin). {@code narrowphase} selects the analytic {@code default}
 * table or the all-GJK/EPA {@code gjk} table.
 *
 * <pre>
 * mvn -q -Pbench package -pl benchmarks -am -DskipTests
 * java -jar benchmarks/target/benchmarks.jar Narrowphase -f 1 -wi 2 -i 3 -w 1 -r 1
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class NarrowphaseBenchmark {
    static final int PAIRS = 256;

    @Param({"default", "gjk"})
    public String narrowphase;

    private Narrowphase np;
    private final Pose[] posesA = new Pose[PAIRS], posesB = new Pose[PAIRS];
    private final Shape[] boxesA = new Shape[PAIRS], boxesB = new Shape[PAIRS];
    private final Shape[] hullsA = new Shape[PAIRS], hullsB = new Shape[PAIRS];
    private final Pose[] meshPoses = new Pose[PAIRS];
    private final Pose[] boxPosesB = new Pose[PAIRS], hullPosesB = new Pose[PAIRS];
    private TriangleMesh mesh;
    private final Pose identity = new Pose();
    private final Sphere ball = new Sphere(0.5);
    private final CountingSink sink = new CountingSink();

    /** Counts points so the work cannot be optimised away. */
    static final class CountingSink implements ContactSink {
        long manifolds, points;
        double sum;

        @Override
        public void beginManifold(double nx, double ny, double nz, long subKey) {
            manifolds++;
        }

        @Override
        public void addPoint(double ax, double ay, double az, double separation, long featureId) {
            points++;
            sum += separation;
        }
    }

    @Setup
    public void setup() {
        np = "gjk".equals(narrowphase) ? DispatchTable.gjk() : AnalyticNarrowphasePlugin.createTable();
        Random rnd = new Random(1234);
        for (int i = 0; i < PAIRS; i++) {
            posesA[i] = randomPose(rnd, 0);
            posesB[i] = randomPose(rnd, 0.9);
            boxesA[i] = new Box(0.4 + 0.2 * rnd.nextDouble(), 0.4 + 0.2 * rnd.nextDouble(), 0.4 + 0.2 * rnd.nextDouble());
            boxesB[i] = new Box(0.4 + 0.2 * rnd.nextDouble(), 0.4 + 0.2 * rnd.nextDouble(), 0.4 + 0.2 * rnd.nextDouble());
            hullsA[i] = randomHull(rnd);
            hullsB[i] = randomHull(rnd);
        }
        for (int i = 0; i < PAIRS; i++) {
            boxPosesB[i] = touching(boxesA[i], posesA[i], boxesB[i], posesB[i], rnd);
            hullPosesB[i] = touching(hullsA[i], posesA[i], hullsB[i], posesB[i], rnd);
            meshPoses[i] = new Pose().set(20 * rnd.nextDouble() - 10, terrain(0, 0) + 0.45 + 0.1 * rnd.nextDouble(),
                    20 * rnd.nextDouble() - 10, 0, 0, 0, 1);
        }
        // 40 x 40 cells, 3200 triangles, gently rolling
        int g = 40;
        double[] v = new double[3 * (g + 1) * (g + 1)];
        for (int i = 0; i <= g; i++) {
            for (int j = 0; j <= g; j++) {
                int k = 3 * (i * (g + 1) + j);
                v[k] = (i - g / 2.0) * 0.6;
                v[k + 2] = (j - g / 2.0) * 0.6;
                v[k + 1] = terrain(v[k], v[k + 2]);
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
        mesh = new TriangleMesh(v, idx);
        for (int i = 0; i < PAIRS; i++) { // place each ball just above / into the terrain under it
            Pose p = meshPoses[i];
            p.set(p.px, terrain(p.px, p.pz) + 0.45 + 0.1 * rnd.nextDouble(), p.pz, 0, 0, 0, 1);
        }
    }

    /** B's pose moved along the direction of its position to where it touches A, then by -10..+5 mm. */
    private static Pose touching(Shape a, Pose pa, Shape b, Pose pb, Random rnd) {
        Gjk gjk = new Gjk();
        PosedShape sa = new PosedShape().set(a, pa);
        double l = Math.sqrt(pb.px * pb.px + pb.py * pb.py + pb.pz * pb.pz);
        double ux = pb.px / l, uy = pb.py / l, uz = pb.pz / l;
        double lo = 0, hi = 10;
        Pose p = new Pose();
        for (int k = 0; k < 60; k++) {
            double mid = 0.5 * (lo + hi);
            p.set(mid * ux, mid * uy, mid * uz, pb.qx, pb.qy, pb.qz, pb.qw);
            if (gjk.distance(sa, new PosedShape().set(b, p))) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        double s = hi + (0.015 * rnd.nextDouble() - 0.01);
        return new Pose().set(s * ux, s * uy, s * uz, pb.qx, pb.qy, pb.qz, pb.qw);
    }

    private static double terrain(double x, double z) {
        return 0.1 * StrictMath.sin(0.5 * x) * StrictMath.cos(0.5 * z);
    }

    private static Pose randomPose(Random rnd, double spread) {
        double x = rnd.nextGaussian(), y = rnd.nextGaussian(), z = rnd.nextGaussian(), w = rnd.nextGaussian();
        double l = Math.sqrt(x * x + y * y + z * z + w * w);
        double dx = rnd.nextGaussian(), dy = rnd.nextGaussian(), dz = rnd.nextGaussian();
        double dl = Math.sqrt(dx * dx + dy * dy + dz * dz);
        return new Pose().set(spread * dx / dl, spread * dy / dl, spread * dz / dl, x / l, y / l, z / l, w / l);
    }

    private static ConvexHull randomHull(Random rnd) {
        double[] p = new double[3 * 24]; // 24 points on an ellipsoid: about 20 vertices
        for (int i = 0; i < 24; i++) {
            double x = rnd.nextGaussian(), y = rnd.nextGaussian(), z = rnd.nextGaussian();
            double l = Math.sqrt(x * x + y * y + z * z);
            p[3 * i] = 0.6 * x / l;
            p[3 * i + 1] = 0.5 * y / l;
            p[3 * i + 2] = 0.4 * z / l;
        }
        return QuickHull.of(p);
    }

    @Benchmark
    @OperationsPerInvocation(PAIRS)
    public long boxBox() {
        for (int i = 0; i < PAIRS; i++) {
            np.collide(boxesA[i], posesA[i], boxesB[i], boxPosesB[i], 0.02, sink);
        }
        return sink.points;
    }

    @Benchmark
    @OperationsPerInvocation(PAIRS)
    public long hullHull() {
        for (int i = 0; i < PAIRS; i++) {
            np.collide(hullsA[i], posesA[i], hullsB[i], hullPosesB[i], 0.02, sink);
        }
        return sink.points;
    }

    @Benchmark
    @OperationsPerInvocation(PAIRS)
    public long sphereMesh() {
        for (int i = 0; i < PAIRS; i++) {
            np.collide(mesh, identity, ball, meshPoses[i], 0.02, sink);
        }
        return sink.points;
    }
}
