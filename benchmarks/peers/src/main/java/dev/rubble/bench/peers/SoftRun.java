package dev.rubble.bench.peers;

import com.github.stephengold.joltjni.BodyCreationSettings;
import com.github.stephengold.joltjni.BodyInterface;
import com.github.stephengold.joltjni.BoxShape;
import com.github.stephengold.joltjni.Edge;
import com.github.stephengold.joltjni.Face;
import com.github.stephengold.joltjni.Float3;
import com.github.stephengold.joltjni.JobSystemSingleThreaded;
import com.github.stephengold.joltjni.Jolt;
import com.github.stephengold.joltjni.MapObj2Bp;
import com.github.stephengold.joltjni.ObjVsBpFilter;
import com.github.stephengold.joltjni.ObjVsObjFilter;
import com.github.stephengold.joltjni.PhysicsSettings;
import com.github.stephengold.joltjni.PhysicsSystem;
import com.github.stephengold.joltjni.Quat;
import com.github.stephengold.joltjni.RVec3;
import com.github.stephengold.joltjni.SoftBodyCreationSettings;
import com.github.stephengold.joltjni.SoftBodySharedSettings;
import com.github.stephengold.joltjni.TempAllocatorImpl;
import com.github.stephengold.joltjni.Vertex;
import com.github.stephengold.joltjni.Volume;
import com.github.stephengold.joltjni.enumerate.EActivation;
import com.github.stephengold.joltjni.enumerate.EMotionType;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.soft.SoftMaterial;
import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.CageBuilder;
import dev.rubble.core.soft.cage.CageSource;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.scenario.BenchTimings;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.soft.SoftBodyState;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

/**
 * Issue 27 item 7: the soft block of docs/benchmarks.md, "Soft bodies" (1 × 0.5 × 1 m,
 * {@code box:half=0.5,0.25,0.5}, 500 kg/m³, E = 0.2 MPa, ν = 0.45, dropped from 5 cm onto a static
 * ground box) on Rubble or Jolt, one engine per JVM, single threaded, 1/60 s steps. The cage is the
 * one {@code SoftBodyBenchHarness} builds (the coarsest spacing, from 0.3 m down by 3 %, with at
 * least {@code --tets} tetrahedra: 1 000 gives 1 261 tets, 10 000 gives 12 188).
 *
 * <p>Jolt gets the same vertices, masses, edges and tetrahedra with Rubble's compliances (a Jolt
 * volume constraint is {@code 6V - 6V0}, so its compliance is 36 × Rubble's), the same damping and
 * contact offset, and as many iterations per step as Rubble's sub-steps × iterations (Jolt's
 * iteration integrates, projects every constraint once and collides; Rubble's sub-step integrates
 * and collides, and each of its iterations projects every constraint and contact once), so both
 * project every constraint 32 times per step. The figure compared is the stepping thread's CPU time
 * per step divided by (tets × projections per step): ns per tet-iteration.
 *
 * <pre>
 * java -cp rubble-benchmarks-peers.jar:lib/* dev.rubble.bench.peers.PeerMain jolt|rubble|both soft 1000|10000 [--steps N]
 * </pre>
 */
final class SoftRun {
    private SoftRun() {
    }

    private static final double DT = 1.0 / 60.0;
    private static final double E = 2e5;

    private interface Stepper {
        void step();

        /** Lowest and mean point height, m. */
        double[] heights();

        String info();
    }

    static int run(String engine, String[] args) {
        if (args.length < 3) {
            throw new IllegalArgumentException("usage: PeerMain jolt|rubble|both soft 1000|10000 [--steps N]");
        }
        int target;
        try {
            target = Integer.parseInt(args[2]);
        } catch (NumberFormatException e) {
            target = 0;
        }
        if (target < 1 || target > 50_000) {
            throw new IllegalArgumentException("soft tets = '" + args[2] + "'; allowed: an integer 1..50000 (1000, 10000)");
        }
        int steps = 500;
        for (int i = 3; i < args.length; i += 2) {
            if (!"--steps".equals(args[i]) || i + 1 >= args.length) {
                throw new IllegalArgumentException("option " + args[i] + " is unknown or has no value; allowed: --steps N");
            }
            try {
                steps = Integer.parseInt(args[i + 1]);
            } catch (NumberFormatException e) {
                steps = 0;
            }
            if (steps < 101) {
                throw new IllegalArgumentException("--steps = '" + args[i + 1] + "'; allowed: an integer >= 101");
            }
        }
        Cage cage = cage(target);
        // Rubble's world also gives the compliances Jolt is handed (one derivation of the material)
        World w = rubbleWorld(cage);
        int projections = w.softBodies().solver().subSteps() * w.softBodies().solver().iterations();
        if ("both".equals(engine)) {
            return both(cage, w, projections, steps);
        }
        Stepper st = switch (engine) {
            case "rubble" -> rubble(w);
            case "jolt" -> jolt(cage, w.softBodies().store().state, projections);
            default -> throw new IllegalArgumentException("engine = '" + engine + "'; allowed for soft: jolt, rubble, both");
        };
        long[] nanos = new long[steps];
        long[] cpu = new long[steps];
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        boolean cpuTimed = mx.isCurrentThreadCpuTimeSupported();
        for (int i = 0; i < steps; i++) {
            long c0 = cpuTimed ? mx.getCurrentThreadCpuTime() : 0;
            long t0 = System.nanoTime();
            st.step();
            nanos[i] = System.nanoTime() - t0;
            cpu[i] = cpuTimed ? mx.getCurrentThreadCpuTime() - c0 : 0;
        }
        String scene = "soft" + cage.tetCount();
        BenchTimings wall = BenchTimings.of(nanos);
        System.out.println(wall.line(scene, cage.pointCount(), steps, 1));
        if (cpuTimed) {
            BenchTimings c = BenchTimings.of(cpu);
            System.out.println(c.cpuLine());
            System.out.printf(Locale.ROOT, "pertet tets=%d points=%d edges=%d projections_per_step=%d cpu_ns_per_tet_iteration=%.2f%n",
                    cage.tetCount(), cage.pointCount(), cage.edgeCount(), projections,
                    median(cpu) / ((double) cage.tetCount() * projections));
        }
        double[] h = st.heights();
        System.out.printf(Locale.ROOT, "sanity min_y=%.4f mean_y=%.4f (at rest on the ground: min_y about 0 to the contact offset,"
                + " mean_y a little under 0.25)%n", h[0], h[1]);
        System.out.println(st.info());
        System.out.flush();
        return 0;
    }

    /**
     * Both engines in this one JVM, on this one thread, their steps interleaved (Rubble first on even
     * steps, Jolt first on odd ones): each engine's block is stepped {@code steps} times and each step
     * is timed by the thread's CPU clock. Whatever the machine does to this thread during a stretch of
     * steps (another tenant on the core, the clock, the thread moving between cores) then falls on both
     * engines alike, so the per-step ratio separates Rubble's own run-to-run variation (its compiled
     * code, its arrays' placement) from the machine's. Prints a {@code pertet} line per engine, the
     * medians of each block of 50 steps, and {@code inproc}: the ratio of the two medians and the
     * median of the per-step ratios (steps 100..N).
     */
    private static int both(Cage cage, World w, int projections, int steps) {
        Stepper rub = rubble(w);
        Stepper jolt = jolt(cage, w.softBodies().store().state, projections);
        long[] cr = new long[steps];
        long[] cj = new long[steps];
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        if (!mx.isCurrentThreadCpuTimeSupported()) {
            throw new IllegalStateException("this JVM does not measure thread CPU time; 'both' needs it");
        }
        // whether the thread was scheduled out during a step: /proc/thread-self/schedstat's third field
        // counts the times it was put on a CPU (Linux; elsewhere every step counts as uninterrupted)
        boolean[] pr = new boolean[steps];
        boolean[] pj = new boolean[steps];
        for (int i = 0; i < steps; i++) {
            if ((i & 1) == 0) {
                long s0 = slices();
                cr[i] = timed(rub, mx);
                long s1 = slices();
                cj[i] = timed(jolt, mx);
                pr[i] = s1 != s0;
                pj[i] = slices() != s1;
            } else {
                long s0 = slices();
                cj[i] = timed(jolt, mx);
                long s1 = slices();
                cr[i] = timed(rub, mx);
                pj[i] = s1 != s0;
                pr[i] = slices() != s1;
            }
        }
        double perIt = (double) cage.tetCount() * projections;
        double r = median(cr), j = median(cj);
        double[] ratio = new double[steps - 100];
        for (int i = 100; i < steps; i++) {
            ratio[i - 100] = (double) cr[i] / cj[i];
        }
        java.util.Arrays.sort(ratio);
        String scene = "soft" + cage.tetCount();
        for (String e : new String[] {"rubble", "jolt"}) {
            long[] c = "rubble".equals(e) ? cr : cj;
            System.out.println("engine=" + e + " " + BenchTimings.of(c).cpuLine());
            StringBuilder blocks = new StringBuilder();
            for (int b = 0; b + 50 <= steps; b += 50) {
                long[] s = java.util.Arrays.copyOfRange(c, b, b + 50);
                java.util.Arrays.sort(s);
                blocks.append(blocks.length() == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.1f", s[25] / perIt));
            }
            System.out.printf(Locale.ROOT, "pertet engine=%s scene=%s tets=%d points=%d edges=%d projections_per_step=%d"
                    + " cpu_ns_per_tet_iteration=%.2f blocks50_ns=%s%n", e, scene, cage.tetCount(), cage.pointCount(),
                    cage.edgeCount(), projections, ("rubble".equals(e) ? r : j) / perIt, blocks);
        }
        System.out.printf(Locale.ROOT, "inproc tets=%d rubble_ns=%.2f jolt_ns=%.2f ratio_of_medians=%.3f median_step_ratio=%.3f"
                + " step_ratio_p10=%.3f step_ratio_p90=%.3f%n", cage.tetCount(), r / perIt, j / perIt, r / j,
                ratio[ratio.length / 2], ratio[ratio.length / 10], ratio[ratio.length * 9 / 10]);
        // the steps (100..N) that neither engine's step was scheduled out of
        long[] ur = new long[steps], uj = new long[steps];
        int u = 0;
        for (int i = 100; i < steps; i++) {
            if (!pr[i] && !pj[i]) {
                ur[u] = cr[i];
                uj[u++] = cj[i];
            }
        }
        if (u > 0) {
            long[] a = java.util.Arrays.copyOf(ur, u), b = java.util.Arrays.copyOf(uj, u);
            java.util.Arrays.sort(a);
            java.util.Arrays.sort(b);
            System.out.printf(Locale.ROOT, "uninterrupted tets=%d steps=%d of=%d rubble_ns=%.2f jolt_ns=%.2f ratio_of_medians=%.3f"
                    + " rubble_p10_ns=%.2f jolt_p10_ns=%.2f%n", cage.tetCount(), u, steps - 100, a[u / 2] / perIt, b[u / 2] / perIt,
                    (double) a[u / 2] / b[u / 2], a[u / 10] / perIt, b[u / 10] / perIt);
        }
        double[] hr = rub.heights(), hj = jolt.heights();
        System.out.printf(Locale.ROOT, "sanity rubble min_y=%.4f mean_y=%.4f jolt min_y=%.4f mean_y=%.4f%n", hr[0], hr[1], hj[0], hj[1]);
        System.out.println(rub.info());
        System.out.println(jolt.info());
        System.out.flush();
        return 0;
    }

    private static final java.nio.file.Path SCHEDSTAT = java.nio.file.Path.of("/proc/thread-self/schedstat");

    /** Times this thread was put on a CPU so far, or 0 where the kernel does not say. */
    private static long slices() {
        try {
            String[] f = java.nio.file.Files.readString(SCHEDSTAT).trim().split(" ");
            return Long.parseLong(f[2]);
        } catch (java.io.IOException | RuntimeException e) {
            return 0;
        }
    }

    private static long timed(Stepper s, ThreadMXBean mx) {
        long c0 = mx.getCurrentThreadCpuTime();
        s.step();
        return mx.getCurrentThreadCpuTime() - c0;
    }

    /** Median of steps 100..N, ns (BenchTimings' statistics window). */
    private static double median(long[] v) {
        long[] s = java.util.Arrays.copyOfRange(v, 100, v.length);
        java.util.Arrays.sort(s);
        return s[s.length / 2];
    }

    /** SoftBodyBenchHarness's cage: the coarsest spacing (0.3 m down by 3 %) with at least {@code target} tets. */
    static Cage cage(int target) {
        Cage cage = null;
        for (double spacing = 0.3; spacing > 0.01; spacing *= 0.97) {
            CageSource src = CageSource.box(0.5, 0.25, 0.5);
            cage = CageBuilder.build(src.vertices(), src.indices(), 500, spacing, 1);
            if (cage.tetCount() >= target) {
                break;
            }
        }
        return cage;
    }

    private static World rubbleWorld(Cage cage) {
        World w = World.create(WorldSettings.defaults(), Stages.load());
        w.createBody(BodyDef.of(new Box(10, 0.5, 10)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0));
        w.softBodies().store().add(cage, SoftMaterial.rubber().withYoungsModulus(E), 0, 0.3, 0, 0, 0, 0, 1, 0, 0, 0, "block");
        return w;
    }

    private static Stepper rubble(World w) {
        return new Stepper() {
            @Override
            public void step() {
                w.step();
            }

            @Override
            public double[] heights() {
                SoftBodyState s = w.softBodies().store().state;
                return heightsOf(s.x, 3, s.points);
            }

            @Override
            public String info() {
                return "info engine=rubble soft_solver=" + w.softBodies().solver().getClass().getSimpleName() + " sub_steps="
                        + w.softBodies().solver().subSteps() + " iterations=" + w.softBodies().solver().iterations();
            }
        };
    }

    private static double[] heightsOf(double[] p, int stride, int n) {
        double low = Double.POSITIVE_INFINITY, sum = 0;
        for (int i = 0; i < n; i++) {
            low = Math.min(low, p[stride * i + 1]);
            sum += p[stride * i + 1];
        }
        return new double[] {low, sum / n};
    }

    private static Stepper jolt(Cage cage, SoftBodyState rs, int iterations) {
        JoltEngine.initialiseNatives();
        MapObj2Bp map = new MapObj2Bp(2, 2).add(0, 0).add(1, 1);
        ObjVsBpFilter ovb = new ObjVsBpFilter(2, 2).disablePair(0, 0);
        ObjVsObjFilter ovo = new ObjVsObjFilter(2).disablePair(0, 0);
        PhysicsSystem system = new PhysicsSystem();
        system.init(16, 0, 1 << 16, 1 << 16, map, ovb, ovo);
        system.setGravity(0, -9.81f, 0);
        PhysicsSettings ps = system.getPhysicsSettings();
        ps.setAllowSleeping(false);
        system.setPhysicsSettings(ps);
        BodyInterface bi = system.getBodyInterface();
        BodyCreationSettings ground = new BodyCreationSettings(new BoxShape(10, 0.5f, 10), new RVec3(0, -0.5, 0), new Quat(),
                EMotionType.Static, 0);
        bi.createAndAddBody(ground, EActivation.DontActivate);
        SoftBodySharedSettings sh = new SoftBodySharedSettings();
        double[] p = cage.points();
        for (int i = 0; i < cage.pointCount(); i++) {
            Vertex v = new Vertex();
            v.setPosition(new Float3((float) p[3 * i], (float) p[3 * i + 1], (float) p[3 * i + 2]));
            v.setInvMass((float) (1 / cage.masses()[i]));
            sh.addVertex(v);
        }
        int[] e = cage.edges();
        for (int k = 0; k < cage.edgeCount(); k++) {
            Edge ed = new Edge();
            ed.setVertex(0, e[2 * k]);
            ed.setVertex(1, e[2 * k + 1]);
            ed.setCompliance((float) rs.edgeCompliance[k]);
            sh.addEdgeConstraint(ed);
        }
        int[] t = cage.tets();
        for (int k = 0; k < cage.tetCount(); k++) {
            Volume vo = new Volume();
            for (int c = 0; c < 4; c++) {
                vo.setVertex(c, t[4 * k + c]);
            }
            vo.setCompliance((float) (36 * rs.tetCompliance[k]));
            sh.addVolumeConstraint(vo);
        }
        int[] s = cage.surface();
        for (int k = 0; k < cage.surfaceCount(); k++) {
            Face f = new Face();
            f.setVertex(0, s[3 * k]);
            f.setVertex(1, s[3 * k + 1]);
            f.setVertex(2, s[3 * k + 2]);
            sh.addFace(f);
        }
        sh.calculateEdgeLengths();
        sh.calculateVolumeConstraintVolumes();
        sh.setVertexRadius(0.005f);
        sh.optimize();
        SoftBodyCreationSettings sbs = new SoftBodyCreationSettings(sh, new RVec3(0, 0.3, 0), new Quat(), 1);
        sbs.setNumIterations(iterations);
        sbs.setLinearDamping(0.5f);
        sbs.setFriction(0.5f);
        sbs.setAllowSleeping(false);
        int id = bi.createAndAddSoftBody(sbs, EActivation.Activate);
        system.optimizeBroadPhase();
        TempAllocatorImpl temp = new TempAllocatorImpl(64 << 20);
        JobSystemSingleThreaded jobs = new JobSystemSingleThreaded(Jolt.cMaxPhysicsJobs);
        java.nio.FloatBuffer buf = java.nio.ByteBuffer.allocateDirect(4 * 3 * cage.pointCount())
                .order(java.nio.ByteOrder.nativeOrder()).asFloatBuffer();
        return new Stepper() {
            @Override
            public void step() {
                int errors = system.update((float) DT, 1, temp, jobs);
                if (errors != 0) {
                    throw new IllegalStateException("Jolt PhysicsSystem.update reported error bits " + errors);
                }
            }

            @Override
            public double[] heights() {
                var lock = new com.github.stephengold.joltjni.BodyLockRead(system.getBodyLockInterface(), id);
                var body = lock.getBody();
                var mp = (com.github.stephengold.joltjni.SoftBodyMotionProperties) body.getMotionProperties();
                buf.clear();
                mp.putVertexLocations(body.getCenterOfMassPosition(), buf);
                lock.releaseLock();
                double[] y = new double[3 * cage.pointCount()];
                for (int i = 0; i < y.length; i++) {
                    y[i] = buf.get(i);
                }
                return heightsOf(y, 3, cage.pointCount());
            }

            @Override
            public String info() {
                return "info engine=jolt version=" + Jolt.versionString() + " build=" + Jolt.buildType() + " precision="
                        + (Jolt.isDoublePrecision() ? "double" : "single") + " soft_iterations=" + iterations
                        + " edges=" + sh.countEdgeConstraints() + " volumes=" + sh.countVolumeConstraints();
            }
        };
    }
}
