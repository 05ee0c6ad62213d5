package dev.rubble.bench.destruction;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.destruction.CollectionPlacement;
import dev.rubble.core.destruction.DestructionOptions;
import dev.rubble.core.dynamics.DynamicsSettings;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.ConvexHull;
import java.lang.management.ManagementFactory;
import java.util.Map;

/**
 * Destruction cost harness (issue 12): an intact collection of 1, 1 000 and 100 000 leaves resting
 * on the ground (sleeping off, so it is solved every step) should cost the same per step; a step
 * in which 1 000 leaves break is timed and its allocation measured; steady steps allocate nothing.
 *
 * <pre>
 * mvn -q -Pbench package -pl benchmarks -am -DskipTests
 * java -cp benchmarks/target/benchmarks.jar dev.rubble.bench.destruction.DestructionHarness
 * </pre>
 */
public final class DestructionHarness {
    private DestructionHarness() {
    }

    /** A slab of nx x nz unit-ish leaves (0.1 m cubes) under one root whose hull is the whole slab. */
    static CollectionAsset slab(int nx, int nz) {
        int leaves = nx * nz;
        int n = leaves + 1;
        double h = 0.05, density = 2500;
        int[] parent = new int[n], first = new int[n], count = new int[n];
        double[] mass = new double[n], com = new double[3 * n], inertia = new double[6 * n], vol = new double[n];
        double[] rel = new double[n];
        parent[0] = -1;
        first[0] = leaves > 0 ? 1 : -1;
        count[0] = leaves;
        double m = density * 8 * h * h * h, i0 = m * (2 * h * h) / 3;
        double sx = 0, sz = 0;
        for (int k = 0; k < leaves; k++) {
            int g = k + 1;
            parent[g] = 0;
            first[g] = -1;
            mass[g] = m;
            vol[g] = 8 * h * h * h;
            rel[g] = 1;
            com[3 * g] = (k % nx) * 2 * h;
            com[3 * g + 2] = (k / nx) * 2 * h;
            sx += com[3 * g];
            sz += com[3 * g + 2];
            inertia[6 * g] = inertia[6 * g + 1] = inertia[6 * g + 2] = i0;
        }
        mass[0] = m * leaves;
        vol[0] = vol[1] * leaves;
        rel[0] = Math.cbrt(leaves);
        com[0] = sx / leaves;
        com[2] = sz / leaves;
        double ixx = 0, iyy = 0, izz = 0;
        for (int g = 1; g < n; g++) {
            double dx = com[3 * g] - com[0], dz = com[3 * g + 2] - com[2];
            ixx += i0 + m * dz * dz;
            iyy += i0 + m * (dx * dx + dz * dz);
            izz += i0 + m * dx * dx;
        }
        inertia[0] = ixx;
        inertia[1] = iyy;
        inertia[2] = izz;
        ConvexHull[] hulls = new ConvexHull[n];
        hulls[0] = box(com[0], 0, com[2], nx * h, h, nz * h);
        int[] hs = new int[n + 1], hi = new int[n];
        for (int g = 0; g < n; g++) {
            if (g > 0) {
                hulls[g] = box(com[3 * g], 0, com[3 * g + 2], h, h, h);
            }
            hi[g] = g;
            hs[g + 1] = g + 1;
        }
        int edges = (nx - 1) * nz + nx * (nz - 1);
        int[] ea = new int[edges], eb = new int[edges];
        double[] area = new double[edges];
        int e = 0;
        for (int k = 0; k < leaves; k++) {
            int x = k % nx, z = k / nx;
            if (x + 1 < nx) {
                ea[e] = k + 1;
                eb[e] = k + 2;
                area[e++] = 4 * h * h;
            }
            if (z + 1 < nz) {
                ea[e] = k + 1;
                eb[e] = k + 1 + nx;
                area[e++] = 4 * h * h;
            }
        }
        return new CollectionAsset(parent, first, count, mass, com, inertia, vol, rel, new boolean[n], new byte[n],
                hs, hi, hulls, ea, eb, area);
    }

    private static ConvexHull box(double cx, double cy, double cz, double hx, double hy, double hz) {
        double[] v = new double[24];
        for (int i = 0; i < 8; i++) {
            v[3 * i] = cx + ((i & 1) == 0 ? -hx : hx);
            v[3 * i + 1] = cy + ((i & 2) == 0 ? -hy : hy);
            v[3 * i + 2] = cz + ((i & 4) == 0 ? -hz : hz);
        }
        return QuickHull.of(v);
    }

    static World world(Stages stages) {
        WorldSettings s = WorldSettings.defaults()
                .withDynamics(DynamicsSettings.defaults().withSleep(false, 0.05, 0.05, 0.5));
        World w = World.create(s, stages);
        w.createBody(BodyDef.of(new Box(200, 1, 200)).withMotion(MotionType.STATIC).withPosition(0, -1, 0));
        return w;
    }

    private static final DestructionOptions OPTIONS = DestructionOptions.defaults()
            .withDamageModel("user-defined", StageConfig.of(Map.of("thresholds", 1000.0)));

    public static void main(String[] args) {
        var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        Stages stages = Stages.load();
        int steps = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
        int[][] sizes = {{1, 1}, {40, 25}, {400, 250}};
        System.out.println("intact collection resting on the ground, sleeping off, " + steps + " measured steps");
        for (int rep = 0; rep < 2; rep++) {
            for (int[] sz : sizes) {
                CollectionAsset a = slab(sz[0], sz[1]);
                World w = world(stages);
                w.placeCollection(a, CollectionPlacement.at(0, 0.05, 0).withOptions(OPTIONS));
                for (int i = 0; i < 3000; i++) {
                    w.step();
                }
                long bytes = mx.getThreadAllocatedBytes(tid);
                long t0 = System.nanoTime();
                for (int i = 0; i < steps; i++) {
                    w.step();
                }
                long ns = System.nanoTime() - t0;
                bytes = mx.getThreadAllocatedBytes(tid) - bytes;
                System.out.printf("  leaves %6d: %7.2f us/step, allocated %d bytes in %d steps, bodies %d%n",
                        sz[0] * sz[1], ns / 1000.0 / steps, bytes, steps, w.bodies().size());
            }
        }
        System.out.println("a step in which 1 000 leaves break (crumble of a 40 x 25 slab), 5 samples");
        for (int rep = 0; rep < 5; rep++) {
            World w = world(stages);
            w.placeCollection(slab(40, 25), CollectionPlacement.at(0, 0.05, 0).withOptions(OPTIONS));
            for (int i = 0; i < 200; i++) {
                w.step();
            }
            w.queue(new Command.Crumble(0, 0));
            long bytes = mx.getThreadAllocatedBytes(tid);
            long t0 = System.nanoTime();
            w.step();
            long ns = System.nanoTime() - t0;
            bytes = mx.getThreadAllocatedBytes(tid) - bytes;
            long stage = w.profile().nanos(dev.rubble.core.step.StepSlot.DESTRUCTION);
            long t1 = System.nanoTime();
            w.step();
            long next = System.nanoTime() - t1;
            System.out.printf("  break step %8.2f ms (destruction stage %.2f ms), allocated %d bytes (%d per piece),"
                            + " next step %.2f ms, bodies %d%n", ns / 1e6,
                    stage / 1e6, bytes,
                    bytes / 1000, next / 1e6, w.bodies().size());
        }
    }
}
