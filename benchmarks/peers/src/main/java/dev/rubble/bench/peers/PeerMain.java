package dev.rubble.bench.peers;

import dev.rubble.scenario.BenchScenes;
import dev.rubble.scenario.BenchScenes.Scene;
import dev.rubble.scenario.BenchTimings;
import dev.rubble.scenario.Scenario;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Runs the bench scenes on one peer engine and prints, per scene, the same lines as
 * {@code rubble bench}: the result line ({@link BenchTimings#line}), the stepping thread's CPU time
 * ({@link BenchTimings#cpuLine}; for Jolt with its single-threaded job system and for Bullet all
 * physics runs on that thread; for the Java engines garbage collection on other threads is not
 * counted), the sanity line
 * ({@link BenchScenes.Sanity#format}) and an {@code info} line with the engine's settings.
 *
 * <pre>
 * java -cp rubble-benchmarks-peers.jar:lib/* dev.rubble.bench.peers.PeerMain ENGINE SCENE|all [--steps N] [--cap-seconds S]
 * </pre>
 *
 * ENGINE is jolt, bullet, jbullet or ode4j. Each step is timed with {@link System#nanoTime()};
 * statistics cover steps 100..N. A scene whose stepping passes the time cap (default 300 s) stops
 * there; its line then reports the steps actually run and a {@code note} line says so. Exit codes:
 * 0 success, 2 bad arguments.
 */
public final class PeerMain {
    private PeerMain() {
    }

    public static void main(String[] args) {
        try {
            System.exit(run(args));
        } catch (IllegalArgumentException e) {
            System.err.println("peers: " + e.getMessage());
            System.exit(2);
        }
    }

    static int run(String[] args) {
        if (args.length < 2) {
            throw new IllegalArgumentException("usage: PeerMain ENGINE SCENE|all [--steps N] [--cap-seconds S];"
                    + " engines: jolt, bullet, jbullet, ode4j; scenes: " + Scene.known() + ", all");
        }
        String engine = args[0];
        if ("debris".equals(args[1])) {
            return WallDebrisRun.run(engine, args);
        }
        if ("soft".equals(args[1])) {
            return SoftRun.run(engine, args); // issue 27 item 7: the soft block on jolt or rubble
        }
        if ("joints".equals(args[1])) {
            return JointsRun.run(engine, args); // issue 29: chain100, ragdolls50 on jolt or rubble
        }
        engine(engine); // validate before running anything
        List<Scene> scenes = new ArrayList<>();
        if ("all".equals(args[1])) {
            scenes.addAll(Scene.all());
        } else {
            scenes.add(Scene.byLabel(args[1]));
        }
        int steps = BenchScenes.STEPS;
        double capSeconds = 300;
        int threads = 1;
        for (int i = 2; i < args.length; i++) {
            String a = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("option " + a + " needs a value");
            }
            String v = args[++i];
            switch (a) {
                case "--steps" -> steps = positiveInt("--steps", v);
                case "--cap-seconds" -> capSeconds = positiveInt("--cap-seconds", v);
                case "--threads" -> threads = positiveInt("--threads", v);
                default -> throw new IllegalArgumentException("option " + a + " is unknown; allowed: --steps, --cap-seconds,"
                        + " --threads");
            }
        }
        for (Scene s : scenes) {
            try (PeerEngine e = engine(engine, threads)) {
                runScene(e, s, steps, capSeconds, threads);
            }
        }
        return 0;
    }

    private static int positiveInt(String name, String v) {
        try {
            int n = Integer.parseInt(v);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException(name + " = '" + v + "'; allowed: an integer >= 1");
    }

    /**
     * {@code name} on {@code threads} threads (issue 26): Jolt through its {@code JobSystemThreadPool};
     * the other bindings step on one thread only, so they refuse more.
     */
    static PeerEngine engine(String name, int threads) {
        if (threads == 1) {
            return engine(name);
        }
        if (name.equals("jolt")) {
            return new JoltEngine(threads);
        }
        throw new IllegalArgumentException("--threads " + threads + " with engine " + name
                + "; allowed: 1 (only jolt has a multi-threaded job system in this harness)");
    }

    static PeerEngine engine(String name) {
        return switch (name) {
            case "jolt" -> new JoltEngine();
            case "bullet" -> new BulletEngine();
            case "jbullet" -> new JBulletEngine();
            case "ode4j" -> new Ode4jEngine();
            default -> throw new IllegalArgumentException("engine = '" + name
                    + "'; allowed: jolt, bullet, jbullet, ode4j");
        };
    }

    private static void runScene(PeerEngine e, Scene s, int steps, double capSeconds, int threads) {
        Scenario scenario = BenchScenes.build(s);
        int n = BenchScenes.dynamicBodies(scenario).size();
        e.build(scenario);
        double[] start = new double[3 * n];
        double[] end = new double[3 * n];
        e.dynamicPositions(start);
        long[] timed = StepTimer.run(e::step, steps, (long) (capSeconds * 1e9), s.label(), n, threads);
        int done = (int) timed[0];
        long total = timed[1];
        e.dynamicPositions(end);
        System.out.println(BenchScenes.sanity(s, start, end).format());
        System.out.println(e.info());
        if (done < steps) {
            System.out.printf(Locale.ROOT, "note engine=%s scene=%s capped after %d of %d steps (%.0f s of stepping)%n",
                    e.name(), s.label(), done, steps, total / 1e9);
        }
        System.out.flush();
    }
}
