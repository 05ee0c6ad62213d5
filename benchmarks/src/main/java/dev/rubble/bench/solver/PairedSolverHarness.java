package dev.rubble.bench.solver;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.dynamics.DynamicsSettings;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.scenario.BenchScenes;
import dev.rubble.scenario.ScenarioWorld;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * Two builds of {@code ContactSolver} in one JVM on the same frozen bench scene (issue 27 item 2):
 * the one on the class path ("before") and the one compiled into {@code DIR} ("after", loaded by a
 * child-first class loader for {@code dev.rubble.core.dynamics.ContactSolver*} only; every other
 * class is shared). Round after round, alternating A B B A ..., each repeats one step's solver work
 * as {@link SolverRowsHarness} does (prepare, load, warm start, the biased and relax iterations,
 * without moving a body), and the medians of stepping-thread CPU per round and part are printed with
 * their ratio. On the shared machine this is steadier than comparing two JVMs: load that comes and
 * goes falls on both builds alike.
 *
 * <pre>
 * javac -cp benchmarks/target/benchmarks.jar -d /tmp/after core-solver/src/main/java/dev/rubble/core/dynamics/ContactSolver.java
 * java -cp benchmarks/target/benchmarks.jar dev.rubble.bench.solver.PairedSolverHarness pile 200 300 /tmp/after
 * </pre>
 * Arguments: scene, settle steps, measured rounds per build (after as many warm-up rounds), DIR.
 */
public final class PairedSolverHarness {
    private static final String SOLVER = "dev.rubble.core.dynamics.ContactSolver";

    private PairedSolverHarness() {
    }

    /** Loads {@code ContactSolver} and its nested classes from a directory of class files, all else from the parent. */
    private static final class ChildFirst extends ClassLoader {
        private final Path dir;

        ChildFirst(Path dir, ClassLoader parent) {
            super(parent);
            this.dir = dir;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith(SOLVER)) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    try {
                        byte[] b = Files.readAllBytes(dir.resolve(name.replace('.', '/') + ".class"));
                        c = defineClass(name, b, 0, b.length);
                    } catch (IOException e) {
                        throw new ClassNotFoundException(name, e);
                    }
                }
                return c;
            }
        }
    }

    /** One build's solver and the methods a round calls. */
    private static final class Build {
        final Object solver;
        final MethodHandle prepare, load, warm, separations, solve;

        Build(Class<?> c, WorldSettings s) throws ReflectiveOperationException {
            solver = c.getConstructor().newInstance();
            MethodHandles.Lookup l = MethodHandles.publicLookup();
            prepare = l.findVirtual(c, "prepare", MethodType.methodType(void.class, BodyStore.class,
                    ContactStore.class, DynamicsSettings.class, double.class, int.class));
            load = l.findVirtual(c, "loadVelocities", MethodType.methodType(void.class));
            warm = l.findVirtual(c, "warmStart", MethodType.methodType(void.class));
            separations = l.findVirtual(c, "updateSeparations", MethodType.methodType(void.class));
            solve = l.findVirtual(c, "solve", MethodType.methodType(void.class, boolean.class));
            c.getMethod("setGravity", double.class, double.class, double.class)
                    .invoke(solver, s.gravityX(), s.gravityY(), s.gravityZ());
        }
    }

    public static void main(String[] args) throws Throwable {
        if (args.length != 4) {
            System.err.println("usage: PairedSolverHarness SCENE SETTLE ROUNDS DIR (the after-build's class files)");
            System.exit(2);
        }
        BenchScenes.Scene sc = BenchScenes.Scene.byLabel(args[0]);
        int settle = Integer.parseInt(args[1]);
        int rounds = Integer.parseInt(args[2]);
        Path dir = Path.of(args[3]);
        ScenarioWorld sw = ScenarioWorld.create(BenchScenes.build(sc), Stages.load(), Map.of(), 1);
        for (int i = 0; i < settle; i++) {
            sw.step();
        }
        World w = sw.world();
        WorldSettings s = w.settings();
        DynamicsSettings d = s.dynamics();
        Build[] builds = {
            new Build(Class.forName(SOLVER), s),
            new Build(new ChildFirst(dir, PairedSolverHarness.class.getClassLoader()).loadClass(SOLVER), s),
        };
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long[][][] t = new long[2][4][rounds]; // build, part (round, prepare, biased, relax), round
        for (int pass = 0; pass < 2; pass++) { // warm-up, then measured
            for (int k = 0; k < rounds; k++) {
                for (int j0 = 0; j0 < 2; j0++) {
                    int j = (k & 1) == 0 ? j0 : 1 - j0;
                    Build x = builds[j];
                    long t0 = mx.getCurrentThreadCpuTime();
                    x.prepare.invoke(x.solver, w.bodies(), w.contacts(), d, s.dt(), 1);
                    x.load.invoke(x.solver);
                    x.warm.invoke(x.solver);
                    x.separations.invoke(x.solver);
                    long t1 = mx.getCurrentThreadCpuTime();
                    for (int it = 0; it < s.velocityIterations(); it++) {
                        x.solve.invoke(x.solver, true);
                    }
                    long t2 = mx.getCurrentThreadCpuTime();
                    for (int it = 0; it < s.positionIterations(); it++) {
                        x.solve.invoke(x.solver, false);
                    }
                    long t3 = mx.getCurrentThreadCpuTime();
                    t[j][0][k] = t3 - t0;
                    t[j][1][k] = t1 - t0;
                    t[j][2][k] = t2 - t1;
                    t[j][3][k] = t3 - t2;
                }
            }
        }
        String[] part = {"round", "prepare", "biased", "relax"};
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "scene=%s settle=%d rounds=%d load=%s",
                sc.name().toLowerCase(Locale.ROOT), settle, rounds,
                Files.readString(Path.of("/proc/loadavg")).split(" ")[0]));
        for (int p = 0; p < 4; p++) {
            double before = median(t[0][p]), after = median(t[1][p]);
            out.append(String.format(Locale.ROOT, " %s_ms=%.3f->%.3f(%.3f)", part[p], before, after, after / before));
        }
        System.out.println(out);
    }

    private static double median(long[] ns) {
        long[] c = ns.clone();
        Arrays.sort(c);
        return c[c.length / 2] / 1e6;
    }
}
