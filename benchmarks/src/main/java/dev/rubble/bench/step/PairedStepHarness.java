package dev.rubble.bench.step;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Two whole builds of Rubble stepping the same bench scene in one JVM, step by step in turn (issue 27
 * item 2): each build's jars (a {@code tui-console/target} directory: {@code rubble-tui-console.jar}
 * and {@code lib/*.jar}) in a class loader of its own, so each has its own classes and its own
 * compiled code; the two worlds alternate which steps first. The medians and means of
 * stepping-thread CPU per step over steps 100.. are printed per round with their ratio (B / A) and
 * whether the two worlds' state hashes agree at the end. On the shared 2-core machine this is far
 * steadier than fresh JVMs one after another: load that comes and goes falls on both builds alike
 * (single fresh-JVM pairs scatter by ±15 % there).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.rubble.bench.step.PairedStepHarness \
 *     /work/old/tui-console/target tui-console/target pile 4 300
 * </pre>
 * Arguments: build A's directory, build B's, scene (a {@code BenchScenes.Scene} label: pyramid, pile,
 * spheres, large-pyramid), rounds (a fresh pair of worlds each), steps per round (more than 100).
 */
public final class PairedStepHarness {
    private static final int FIRST_MEASURED = 100;

    private PairedStepHarness() {
    }

    /** One build: its class loader, the scene and stages it loaded, and the world of the current round. */
    private static final class Build {
        private final ClassLoader loader;
        private final Method create, step, world, profile, stateHash;
        private final Object scenario, stages;
        private Object current;

        Build(Path dir, String scene) throws Exception {
            List<URL> urls = new ArrayList<>();
            File[] jars = dir.resolve("lib").toFile().listFiles((d, n) -> n.endsWith(".jar"));
            if (jars == null) {
                throw new IllegalArgumentException(dir + ": no lib directory; expected a built tui-console/target");
            }
            Arrays.sort(jars);
            for (File f : jars) {
                urls.add(f.toURI().toURL());
            }
            urls.add(dir.resolve("rubble-tui-console.jar").toUri().toURL());
            loader = new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
            Thread.currentThread().setContextClassLoader(loader); // the plugin service loader looks there
            Class<?> scenes = Class.forName("dev.rubble.scenario.BenchScenes", true, loader);
            Class<?> sceneType = Class.forName("dev.rubble.scenario.BenchScenes$Scene", true, loader);
            Object which = null;
            for (Object s : sceneType.getEnumConstants()) {
                if (sceneType.getMethod("label").invoke(s).equals(scene)) {
                    which = s;
                }
            }
            if (which == null) {
                throw new IllegalArgumentException("scene '" + scene + "'; allowed: pyramid, pile, spheres, large-pyramid");
            }
            scenario = scenes.getMethod("build", sceneType).invoke(null, which);
            Class<?> stagesType = Class.forName("dev.rubble.core.plugin.Stages", true, loader);
            stages = stagesType.getMethod("load").invoke(null);
            Class<?> sw = Class.forName("dev.rubble.scenario.ScenarioWorld", true, loader);
            create = sw.getMethod("create", Class.forName("dev.rubble.scenario.Scenario", true, loader), stagesType,
                    Map.class, int.class);
            step = sw.getMethod("step");
            world = sw.getMethod("world");
            profile = Class.forName("dev.rubble.core.world.World", true, loader).getMethod("profile");
            stateHash = Class.forName("dev.rubble.core.step.StepProfile", true, loader).getMethod("stateHash");
        }

        void fresh() throws Exception {
            Thread.currentThread().setContextClassLoader(loader);
            current = create.invoke(null, scenario, stages, Map.of(), 1);
        }

        void step() throws Exception {
            step.invoke(current);
        }

        long hash() throws Exception {
            return (long) stateHash.invoke(profile.invoke(world.invoke(current)));
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 5) {
            throw new IllegalArgumentException("arguments: DIR_A DIR_B SCENE ROUNDS STEPS; got " + Arrays.toString(args));
        }
        Build a = new Build(Path.of(args[0]), args[2]), b = new Build(Path.of(args[1]), args[2]);
        int rounds = Integer.parseInt(args[3]), steps = Integer.parseInt(args[4]);
        if (steps <= FIRST_MEASURED) {
            throw new IllegalArgumentException("STEPS = " + steps + "; allowed: > " + FIRST_MEASURED);
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (int r = 0; r < rounds; r++) {
            a.fresh();
            b.fresh();
            long[] ca = new long[steps], cb = new long[steps];
            for (int i = 0; i < steps; i++) {
                boolean aFirst = (i & 1) == 0;
                Build first = aFirst ? a : b, second = aFirst ? b : a;
                long t0 = mx.getCurrentThreadCpuTime();
                first.step();
                long t1 = mx.getCurrentThreadCpuTime();
                second.step();
                long t2 = mx.getCurrentThreadCpuTime();
                (aFirst ? ca : cb)[i] = t1 - t0;
                (aFirst ? cb : ca)[i] = t2 - t1;
            }
            double[] sa = stats(ca), sb = stats(cb);
            String load = Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
            System.out.printf(Locale.ROOT, "round %d load %s A median_ms=%.3f mean_ms=%.3f B median_ms=%.3f mean_ms=%.3f"
                            + " B/A median=%.3f mean=%.3f hashes=%s%n", r, load, sa[0], sa[1], sb[0], sb[1], sb[0] / sa[0],
                    sb[1] / sa[1], a.hash() == b.hash() ? "equal" : "DIFFER");
        }
    }

    /** Median and mean of the measured steps, ms. */
    private static double[] stats(long[] cpu) {
        long[] m = Arrays.copyOfRange(cpu, FIRST_MEASURED, cpu.length);
        double sum = 0;
        for (long x : m) {
            sum += x;
        }
        Arrays.sort(m);
        return new double[] {m[m.length / 2] / 1e6, sum / m.length / 1e6};
    }
}
