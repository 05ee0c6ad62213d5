package dev.rubble.scenario;

import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Random;

/**
 * The benchmark scenes of {@code shared/bench-scenarios.md} (pyramid, pile, spheres), built exactly
 * as written there so that Rubble and the peer engines (module {@code benchmarks/peers}, which
 * reuses this class) simulate the same bodies with the same {@code java.util.Random(42)} draws.
 *
 * <p>Every scene: dt 1/60 s, one sub-step, gravity (0, -9.81, 0), the default solver iterations,
 * friction 0.5 and restitution 0 on every body (static ones included), density 1000 kg/m³,
 * sleeping off (the spec's rule; {@link #settings()} switches Rubble's sleeping off). The static bodies come
 * first in the body list, then the dynamic bodies in the order the spec's loops visit them; the
 * sanity figures index the dynamic bodies in that order.
 */
public final class BenchScenes {
    /** Friction coefficient of every body. */
    public static final double FRICTION = 0.5;
    /** Restitution of every body. */
    public static final double RESTITUTION = 0;
    /** Density of every dynamic body, kg/m³ (box of 1 m: 1000 kg). */
    public static final double DENSITY = 1000;
    /** Seed of the one {@code java.util.Random} every scene draws from. */
    public static final long SEED = 42;
    /** Steps each scene runs by default. */
    public static final int STEPS = 600;

    private BenchScenes() {
    }

    /** The scenes, by their command-line names. */
    public enum Scene {
        PYRAMID("pyramid"), PILE("pile"), SPHERES("spheres"),
        /**
         * Box2D v3's {@code large_pyramid} benchmark in 3-D (issue 26): 100 rows of 1 m boxes, 5 050
         * in all, side by side with no gap, each row centred on the one below; not part of {@code all}.
         */
        LARGE_PYRAMID("large-pyramid");

        private final String label;

        Scene(String label) {
            this.label = label;
        }

        /** The name used on the command line and in the output ("pyramid", ...). */
        public String label() {
            return label;
        }

        /** The scenes {@code all} runs: the three of shared/bench-scenarios.md (pyramid, pile, spheres). */
        public static List<Scene> all() {
            return List.of(PYRAMID, PILE, SPHERES);
        }

        /** Whether the sanity figures are a pyramid's (top box, boxes moved, largest move). */
        public boolean pyramid() {
            return this == PYRAMID || this == LARGE_PYRAMID;
        }

        /** The known scene names, comma separated, for error messages. */
        public static String known() {
            StringBuilder sb = new StringBuilder();
            for (Scene s : values()) {
                sb.append(sb.length() == 0 ? "" : ", ").append(s.label);
            }
            return sb.toString();
        }

        /**
         * The scene with this name.
         *
         * @throws IllegalArgumentException naming the bad value and the known scenes
         */
        public static Scene byLabel(String name) {
            Objects.requireNonNull(name, "scene name is null");
            for (Scene s : values()) {
                if (s.label.equals(name)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("scene = '" + name + "'; allowed: " + known());
        }
    }

    /**
     * The world settings of every scene: dt 1/60, 1 sub-step, gravity (0, -9.81, 0), default
     * iterations, sleeping off (bench-scenarios.md: "sleeping OFF unless a run says otherwise").
     */
    public static WorldSettings settings() {
        WorldSettings d = WorldSettings.defaults();
        var dyn = d.dynamics();
        return d.withStep(1.0 / 60.0, 1).withGravity(0, -9.81, 0)
                .withDynamics(dyn.withSleep(false, dyn.sleepLinearThreshold(), dyn.sleepAngularThreshold(),
                        dyn.timeToSleep()));
    }

    /** Builds a scene as a scenario (no commands, {@link #STEPS} steps). */
    public static Scenario build(Scene scene) {
        Objects.requireNonNull(scene, "scene is null");
        List<BodyDef> bodies = new ArrayList<>();
        switch (scene) {
            case PYRAMID -> pyramid(bodies);
            case PILE -> pile(bodies);
            case SPHERES -> spheres(bodies);
            case LARGE_PYRAMID -> largePyramid(bodies);
            default -> throw new IllegalStateException("unreachable: " + scene);
        }
        return new Scenario(scene.label(), settings(), bodies, List.of(), STEPS);
    }

    private static BodyDef fixedBox(String label, double x, double y, double z, double hx, double hy, double hz) {
        return BodyDef.of(new Box(hx, hy, hz)).withLabel(label).withMotion(MotionType.STATIC)
                .withPosition(x, y, z).withMaterial(FRICTION, RESTITUTION);
    }

    private static BodyDef dynamic(BodyDef def) {
        return def.withDensity(DENSITY).withMaterial(FRICTION, RESTITUTION);
    }

    /** Ground top at y = 0: static box centre (0, -0.5, 0), half extents (50, 0.5, 50). */
    private static void ground(List<BodyDef> out) {
        out.add(fixedBox("ground", 0, -0.5, 0, 50, 0.5, 50));
    }

    private static void pyramid(List<BodyDef> out) {
        ground(out);
        Box box = new Box(0.5, 0.5, 0.5);
        for (int r = 0; r < 20; r++) {
            int n = 20 - r;
            for (int j = 0; j < n; j++) {
                double x = (j - (n - 1) / 2.0) * 1.01;
                out.add(dynamic(BodyDef.of(box)).withPosition(x, 0.5 + r, 0));
            }
        }
    }

    /** Rows of {@link Scene#LARGE_PYRAMID} (Box2D's {@code large_pyramid}: base count 100). */
    public static final int LARGE_PYRAMID_ROWS = 100;

    /**
     * Box2D v3's {@code large_pyramid} (shared/benchmark/large_pyramid.c) in 3-D: 1 m boxes, row r
     * (0 at the ground) has 100 - r boxes at a pitch of exactly 1 m (touching, as Box2D's), centred
     * on x = 0, at height r + 0.5; the top box (row 99) is the last body.
     */
    private static void largePyramid(List<BodyDef> out) {
        ground(out);
        Box box = new Box(0.5, 0.5, 0.5);
        for (int r = 0; r < LARGE_PYRAMID_ROWS; r++) {
            int n = LARGE_PYRAMID_ROWS - r;
            for (int j = 0; j < n; j++) {
                double x = j - (n - 1) / 2.0;
                out.add(dynamic(BodyDef.of(box)).withPosition(x, 0.5 + r, 0));
            }
        }
    }

    private static void pile(List<BodyDef> out) {
        ground(out);
        Box box = new Box(0.25, 0.25, 0.25);
        Random rnd = new Random(SEED);
        for (int l = 0; l < 10; l++) {
            for (int i = 0; i < 20; i++) {
                for (int j = 0; j < 20; j++) {
                    // axis: three Gaussians normalised, then the angle uniform in [0, 0.5) rad
                    double ax = rnd.nextGaussian();
                    double ay = rnd.nextGaussian();
                    double az = rnd.nextGaussian();
                    double angle = 0.5 * rnd.nextDouble();
                    double len = StrictMath.sqrt(ax * ax + ay * ay + az * az);
                    double s = StrictMath.sin(angle / 2) / len;
                    double w = StrictMath.cos(angle / 2);
                    out.add(dynamic(BodyDef.of(box)).withPosition(-9.5 + i, 2.0 + 0.75 * l, -9.5 + j)
                            .withOrientation(ax * s, ay * s, az * s, w));
                }
            }
        }
    }

    private static void spheres(List<BodyDef> out) {
        out.add(fixedBox("floor", 0, -0.5, 0, 12, 0.5, 12));
        out.add(fixedBox("wall+x", 11.5, 20, 0, 0.5, 20, 12));
        out.add(fixedBox("wall-x", -11.5, 20, 0, 0.5, 20, 12));
        out.add(fixedBox("wall+z", 0, 20, 11.5, 12, 20, 0.5));
        out.add(fixedBox("wall-z", 0, 20, -11.5, 12, 20, 0.5));
        Sphere ball = new Sphere(0.5);
        Random rnd = new Random(SEED);
        for (int l = 0; l < 25; l++) {
            for (int i = 0; i < 20; i++) {
                for (int j = 0; j < 20; j++) {
                    double u = rnd.nextDouble();
                    double u2 = rnd.nextDouble();
                    out.add(dynamic(BodyDef.of(ball)).withPosition(-10.45 + 1.1 * i + 0.1 * (u - 0.5),
                            1.0 + 1.1 * l, -10.45 + 1.1 * j + 0.1 * (u2 - 0.5)));
                }
            }
        }
    }

    /** The dynamic bodies of a built scene, in scene order. */
    public static List<BodyDef> dynamicBodies(Scenario scenario) {
        List<BodyDef> out = new ArrayList<>();
        for (BodyDef d : scenario.bodies()) {
            if (d.motion() == MotionType.DYNAMIC) {
                out.add(d);
            }
        }
        return out;
    }

    /**
     * The sanity figures of a scene after a run, from the centre positions of its dynamic bodies in
     * scene order (interleaved x, y, z), before and after.
     *
     * <ul>
     * <li>pyramid and large pyramid: the top box's height (the last box; starts at 19.5 m, 99.5 m), how many boxes moved
     *     more than 0.1 m, the largest move (metres, Euclidean distance start to end);</li>
     * <li>pile and spheres: mean and max height over the bodies whose position is finite, and the
     *     bodies lost: below y = -0.5 or non-finite, and for spheres also outside |x| or |z| &gt; 11.5.</li>
     * </ul>
     */
    public static Sanity sanity(Scene scene, double[] start, double[] end) {
        Objects.requireNonNull(scene, "scene is null");
        if (start.length != end.length || start.length % 3 != 0 || start.length == 0) {
            throw new IllegalArgumentException("start has " + start.length + " and end " + end.length
                    + " values; allowed: the same non-zero multiple of 3 (x, y, z per body)");
        }
        int n = start.length / 3;
        int moved = 0;
        double maxMove = 0;
        double sumY = 0;
        double maxY = Double.NEGATIVE_INFINITY;
        int finite = 0;
        int lost = 0;
        for (int i = 0; i < n; i++) {
            double x = end[3 * i], y = end[3 * i + 1], z = end[3 * i + 2];
            boolean ok = Double.isFinite(x) && Double.isFinite(y) && Double.isFinite(z);
            double dx = x - start[3 * i], dy = y - start[3 * i + 1], dz = z - start[3 * i + 2];
            double d = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (!ok) {
                d = Double.POSITIVE_INFINITY;
            }
            if (d > 0.1) {
                moved++;
            }
            maxMove = Math.max(maxMove, d);
            if (ok) {
                finite++;
                sumY += y;
                maxY = Math.max(maxY, y);
            }
            boolean out = !ok || y < -0.5
                    || (scene == Scene.SPHERES && (Math.abs(x) > 11.5 || Math.abs(z) > 11.5));
            if (out) {
                lost++;
            }
        }
        double topY = end[3 * (n - 1) + 1];
        return new Sanity(scene, topY, moved, maxMove, finite == 0 ? Double.NaN : sumY / finite,
                finite == 0 ? Double.NaN : maxY, lost);
    }

    /**
     * Sanity figures of one run (see {@link #sanity}); the pyramid uses {@code topY, moved,
     * maxMove}, the others {@code meanY, maxY, lost}.
     */
    public record Sanity(Scene scene, double topY, int moved, double maxMove, double meanY, double maxY, int lost) {
        /** One line, e.g. {@code sanity top_y=19.500 moved_gt_0.1m=0 max_move_m=0.000}. */
        public String format() {
            if (scene.pyramid()) {
                return String.format(Locale.ROOT, "sanity top_y=%.3f moved_gt_0.1m=%d max_move_m=%.3f",
                        topY, moved, maxMove);
            }
            return String.format(Locale.ROOT, "sanity mean_y=%.3f max_y=%.3f lost=%d", meanY, maxY, lost);
        }
    }
}
