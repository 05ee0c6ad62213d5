package dev.rubble.bench.peers;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.Scenario;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * The wall's debris on one engine: {@code PeerMain ENGINE debris FILE [--steps N] [--threads N] [--warmup N] [--contacts 1]}, FILE written by
 * {@code rubble bench wall --debris-out FILE} (the wall's pieces at the step with the most
 * releases as loose convex hulls, {@code dev.rubble.scenario.WallDebris}). ENGINE is jolt, bullet
 * or rubble (Rubble stepping the same loose hulls, in this JVM like the peers). Prints the bench
 * line for scene {@code wall-debris}, the cpu line, a sanity line (mean and max height of the
 * dynamic hulls, lost ones) and the engine's info line. {@code --threads N} (issue 26): Rubble's step and
 * Jolt's job system on N threads; Bullet steps on one only and refuses more. {@code --warmup N}: the
 * scene is built and stepped as many steps N times first and discarded, on every engine alike (a warm
 * JVM for Rubble, as JMH measures; the native peers' runs are unchanged by it). {@code --contacts 1}: after the
 * timed run, one more untimed run of as many steps counts the contact manifolds each step (Rubble's
 * profile, Jolt's contact callbacks: touching body pairs, speculative ones included) and prints
 * {@code contacts mean_manifolds=M}, so the engines' times can be set against the contacts they solved.
 */
final class WallDebrisRun {
    private WallDebrisRun() {
    }

    static int run(String engine, String[] args) {
        if (args.length < 3) {
            throw new IllegalArgumentException("usage: PeerMain ENGINE debris FILE [--steps N] [--threads N] [--warmup N] [--contacts 1];"
                    + " engines: jolt, bullet, rubble");
        }
        Path file = Path.of(args[2]);
        int steps = StepTimer.option(args, 3, "--steps", 600, 1, "--steps", "--threads", "--warmup", "--contacts");
        int threads = StepTimer.option(args, 3, "--threads", 1, 1, "--steps", "--threads", "--warmup", "--contacts");
        int warmup = StepTimer.option(args, 3, "--warmup", 0, 0, "--steps", "--threads", "--warmup", "--contacts");
        int contacts = StepTimer.option(args, 3, "--contacts", 0, 0, "--steps", "--threads", "--warmup", "--contacts");
        if (contacts > 1) {
            throw new IllegalArgumentException("--contacts = " + contacts + "; allowed: 0 or 1");
        }
        Scenario sc;
        try {
            sc = ScenarioLoader.parse(Files.readString(file));
        } catch (IOException e) {
            throw new IllegalArgumentException("debris file " + file + ": " + e.getMessage());
        }
        int n = 0;
        for (BodyDef d : sc.bodies()) {
            if (d.motion() == MotionType.DYNAMIC) {
                n++;
            }
        }
        for (int w = 0; w < warmup; w++) { // the same scene, stepped as long and discarded (a warm JVM; the same for every engine)
            Stepper ws = stepper(engine, sc, threads);
            for (int i = 0; i < steps; i++) {
                ws.step();
            }
            ws.close();
        }
        Stepper st = stepper(engine, sc, threads);
        double[] end = new double[3 * n];
        StepTimer.run(st::step, steps, Long.MAX_VALUE, "wall-debris", n, threads);
        st.positions(end);
        double sum = 0, max = Double.NEGATIVE_INFINITY;
        int lost = 0;
        for (int i = 0; i < n; i++) {
            double y = end[3 * i + 1];
            if (!Double.isFinite(y) || y < -0.5) {
                lost++;
            } else {
                sum += y;
                max = Math.max(max, y);
            }
        }
        System.out.printf(Locale.ROOT, "sanity mean_y=%.3f max_y=%.3f lost=%d%n", n == lost ? Double.NaN : sum / (n - lost),
                max, lost);
        System.out.println(st.info());
        System.out.flush();
        st.close();
        if (contacts == 1) {
            Stepper cs = stepper(engine, sc, threads);
            cs.countManifolds();
            for (int i = 0; i < steps; i++) {
                cs.step();
            }
            System.out.printf(Locale.ROOT, "contacts mean_manifolds=%.1f steps=%d%n", cs.manifoldsCounted() / (double) steps, steps);
            cs.close();
        }
        return 0;
    }

    private static Stepper stepper(String engine, Scenario sc, int threads) {
        return switch (engine) {
            case "rubble" -> rubble(sc, threads);
            case "jolt", "bullet" -> peer(engine, sc, threads);
            default -> throw new IllegalArgumentException("engine = '" + engine + "'; allowed for debris: jolt, bullet, rubble");
        };
    }

    private interface Stepper {
        void step();

        void positions(double[] out);

        String info();

        void close();

        /** Starts counting contact manifolds (see {@link PeerEngine#countManifolds}). */
        void countManifolds();

        long manifoldsCounted();
    }

    private static Stepper peer(String engine, Scenario sc, int threads) {
        PeerEngine e = PeerMain.engine(engine, threads);
        e.build(sc);
        return new Stepper() {
            @Override
            public void step() {
                e.step();
            }

            @Override
            public void positions(double[] out) {
                e.dynamicPositions(out);
            }

            @Override
            public String info() {
                return e.info();
            }

            @Override
            public void close() {
                e.close();
            }

            @Override
            public void countManifolds() {
                e.countManifolds();
            }

            @Override
            public long manifoldsCounted() {
                return e.manifoldsCounted();
            }
        };
    }

    private static Stepper rubble(Scenario sc, int threads) {
        ScenarioWorld sw = ScenarioWorld.create(sc, Stages.load(), java.util.Map.of(), threads);
        var b = sw.world().bodies();
        int[] slots = new int[b.size()];
        int k = 0;
        for (int i = 0, lim = b.slotLimit(); i < lim; i++) {
            if (b.isLive(i) && b.motion(i) == MotionType.DYNAMIC) {
                slots[k++] = i;
            }
        }
        int[] dyn = Arrays.copyOf(slots, k);
        return new Stepper() {
            boolean counting;
            long manifolds;

            @Override
            public void step() {
                sw.step();
                if (counting) {
                    manifolds += sw.world().profile().manifolds();
                }
            }

            @Override
            public void countManifolds() {
                counting = true;
            }

            @Override
            public long manifoldsCounted() {
                return manifolds;
            }

            @Override
            public void positions(double[] out) {
                for (int i = 0; i < dyn.length; i++) {
                    out[3 * i] = b.px[dyn[i]];
                    out[3 * i + 1] = b.py[dyn[i]];
                    out[3 * i + 2] = b.pz[dyn[i]];
                }
            }

            @Override
            public String info() {
                var ws = sw.world().settings();
                return "info engine=rubble broadphase=" + sw.world().broadphaseName() + " velocity_iterations="
                        + ws.velocityIterations() + " position_iterations=" + ws.positionIterations()
                        + " sub_steps=" + ws.subSteps() + " sleeping=off threads=" + ws.threads();
            }

            @Override
            public void close() {
                // nothing native
            }
        };
    }
}
