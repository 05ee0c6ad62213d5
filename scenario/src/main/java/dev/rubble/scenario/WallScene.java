package dev.rubble.scenario;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rubble.authoring.CollectionBuilder;
import dev.rubble.authoring.CollectionFile;
import dev.rubble.authoring.GeometryCollection;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.destruction.CollectionPlacement;
import dev.rubble.core.destruction.DestructionOptions;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.geometry.polytope.PolytopeClipper;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The <b>wall</b> destruction scene of {@code shared/bench-scenarios.md}, built by a generator
 * parametrised by the Voronoi site count of each fracture level so the demo can use a smaller
 * wall of the same make.
 *
 * <p>The wall: a box of half extents (5, 2.5, 0.25) with its collection frame at (0, 2.5, 0) on
 * the common ground, fractured level by level with uniform Voronoi sites (level {@code l} uses
 * seed {@code seed + l}, exactly as a scenario's inline recipe does, so {@link #recipeJson} and
 * {@link #author} give the same collection), the default density, connection graph and damage
 * model; the leaves whose hulls touch the base box (−5, 0, −0.25)..(5, 0.1, 0.25) (world frame)
 * are anchored. The projectile: a sphere r = 0.5 m, 200 kg, at (0, 2.5, −5) moving at
 * (0, 0, 60) m/s. Friction 0.5 and restitution 0 everywhere. World settings: those of
 * {@link BenchScenes#settings()} (dt 1/60, one sub-step, sleeping off).
 *
 * <p>Authoring 10 000 leaves takes seconds, so {@link #cached} keeps the authored collection as
 * a {@code .rbc} file named by every parameter that shapes it.
 */
public final class WallScene {
    /** Half extents of the wall box, m. */
    public static final double HX = 5, HY = 2.5, HZ = 0.25;
    /** World position of the collection frame (the box centre). */
    public static final double CX = 0, CY = 2.5, CZ = 0;
    /** The anchor box in the world frame: leaves whose hulls meet it are anchored. */
    public static final double[] ANCHOR_BOX = {-5, 0, -0.25, 5, 0.1, 0.25};
    /** The bench wall's per-level site counts: 20, 20 × 20 = 400, 400 × 25 = 10 000 leaves. */
    public static final int[] BENCH_COUNTS = {20, 20, 25};
    /** The demo wall's per-level site counts: 20, 200, 2 000 leaves. */
    public static final int[] DEMO_COUNTS = {20, 10, 10};
    /**
     * The demo wall's per-level thresholds (N·s, user-defined damage model). Cutting a piece of mass m
     * free along a bonded area A takes concrete's fracture energy G_f A (G_f ≈ 120 J/m²), and an impulse
     * J gives it J²/2m, so it breaks loose at about J = √(2 m G_f A): 1 500, 270 and 50 N·s for this
     * wall's 3 100 kg, 310 kg and 31 kg pieces; the demo uses 1 500/300/50. With local failure in
     * {@code resolve} mode (docs/destruction.md "Local failure") the ball punches a hole and most of
     * the wall stands; a weaker wall (600/150/30) loses the clusters around the hole, which fall and
     * shatter.
     */
    public static final double[] DEMO_THRESHOLDS = {1500, 300, 50};
    /** Seed of the first fracture level (level l uses seed + l). */
    public static final long SEED = 1;
    /** Projectile radius (m), mass (kg), start and velocity. */
    public static final double BALL_RADIUS = 0.5, BALL_MASS = 200, BALL_Z = -5, BALL_SPEED = 60;
    /** Version of the generator, part of the cache key: bump when the authoring changes. */
    static final int CACHE_VERSION = 1;

    private WallScene() {
    }

    /**
     * An authored wall.
     *
     * @param counts    site count per level
     * @param seed      seed of the first level
     * @param collection the collection (no anchors of its own)
     * @param anchors   asset node ids of the anchored leaves, ascending
     * @param authorMillis wall-clock time authoring (or loading) took, ms
     * @param fromCache true when loaded from the cache file
     * @param file      the cache file, or null when not cached
     */
    public record Wall(int[] counts, long seed, GeometryCollection collection, int[] anchors, long authorMillis,
                       boolean fromCache, Path file) {
        /** Number of leaves. */
        public int leaves() {
            return collection.leaves().length;
        }
    }

    /**
     * Checks a per-level count list: 1..8 levels, each count in [2, 100 000], and at most
     * {@link CollectionBuilder#MAX_LEAVES_BEFORE_LEVEL} pieces (the product of the counts so far) before a further
     * level, as {@code rubble fracture} allows: {@code bench wall --wall-sites 100000,100000,100000} ran on without
     * an end.
     */
    public static int[] checkCounts(int[] counts) {
        Objects.requireNonNull(counts, "counts is null");
        if (counts.length < 1 || counts.length > 8) {
            throw new IllegalArgumentException("wall levels = " + counts.length + "; allowed: 1..8 site counts");
        }
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] < 2 || counts[i] > 100_000) {
                throw new IllegalArgumentException("wall level " + (i + 1) + " sites = " + counts[i]
                        + "; allowed: [2, 100000]");
            }
        }
        long pieces = 1;
        for (int i = 0; i + 1 < counts.length; i++) {
            pieces *= counts[i];
            if (pieces > CollectionBuilder.MAX_LEAVES_BEFORE_LEVEL) {
                throw new IllegalArgumentException("wall level " + (i + 1) + " already makes " + pieces + " pieces; fracturing"
                        + " each again (level " + (i + 2) + ") is refused; allowed: at most "
                        + CollectionBuilder.MAX_LEAVES_BEFORE_LEVEL + " pieces before a further level");
            }
        }
        return counts.clone();
    }

    /** Authors the wall with the fracture and connection-graph plugins of {@code stages} (no cache). */
    public static Wall author(int[] counts, long seed, Stages stages) {
        int[] c = checkCounts(counts);
        Objects.requireNonNull(stages, "stages is null");
        long t0 = System.nanoTime();
        CollectionBuilder b = new CollectionBuilder(ConvexPolytope.box(0, 0, 0, HX, HY, HZ))
                .density(CollectionBuilder.DEFAULT_DENSITY);
        for (int l = 0; l < c.length; l++) {
            b.fractureLevel(stages.create(StageFamily.FRACTURE, "voronoi", StageConfig.of(Map.of("count", c[l]))),
                    seed + l, 1.0);
        }
        GeometryCollection g = b.build(stages.create(StageFamily.CONNECTION_GRAPH,
                StageFamily.CONNECTION_GRAPH.defaultName(), StageConfig.empty()), Integer.MAX_VALUE);
        return new Wall(c, seed, g, anchoredLeaves(g), (System.nanoTime() - t0) / 1_000_000, false, null);
    }

    /**
     * The wall from the cache directory, authoring and saving it when its file is missing or does
     * not hold the expected node counts. The file name carries the counts, the seed, the box, the
     * density, the graph method and {@link #CACHE_VERSION}; it is written to a temporary file and
     * moved into place so a concurrent reader never sees half a file.
     */
    public static Wall cached(int[] counts, long seed, Stages stages, Path dir) {
        return cached(counts, seed, stages, dir, null);
    }

    /**
     * {@link #cached(int[], long, Stages, Path)} for a cache directory nobody asked for (the default one): when
     * the authored wall cannot be saved there, {@code unwritable} is told why (the file and the reason) and the
     * wall is saved in a new temporary directory instead, deleted when the JVM exits ({@link Wall#file()} names
     * it: the bench scenes read the wall from a file), since the cache only saves authoring time. The benches
     * failed instead, after authoring, naming {@code --wall-cache}, an option the command line did not have
     * ({@code RUBBLE_CACHE} under a regular file, a read-only home).
     */
    public static Wall cachedOrAuthored(int[] counts, long seed, Stages stages, Path dir,
                                        java.util.function.Consumer<String> unwritable) {
        return cached(counts, seed, stages, dir, Objects.requireNonNull(unwritable, "unwritable is null"));
    }

    private static Wall cached(int[] counts, long seed, Stages stages, Path dir, java.util.function.Consumer<String> unwritable) {
        int[] c = checkCounts(counts);
        Objects.requireNonNull(dir, "dir is null");
        Path file = dir.resolve(cacheName(c, seed));
        if (Files.isRegularFile(file)) {
            long t0 = System.nanoTime();
            try {
                GeometryCollection g = dev.rubble.authoring.CollectionJson.loadAny(file);
                if (hasCounts(g, c)) {
                    return new Wall(c, seed, g, anchoredLeaves(g), (System.nanoTime() - t0) / 1_000_000, true, file);
                }
            } catch (IOException | RuntimeException e) {
                // a damaged or stale cache file is authored again below
            }
        }
        Wall w = author(c, seed, stages);
        try {
            save(w.collection(), dir, file);
        } catch (IOException e) {
            if (unwritable == null) {
                throw new UncheckedIOException("cannot write the wall cache " + file + ": " + e.getMessage(), e);
            }
            unwritable.accept("cannot write the wall cache " + file + ": " + e.getMessage());
            try {
                Path temp = Files.createTempDirectory("rubble-wall-");
                temp.toFile().deleteOnExit(); // registered first, so deleted after the file in it
                file = temp.resolve(file.getFileName());
                file.toFile().deleteOnExit();
                save(w.collection(), temp, file);
            } catch (IOException e2) {
                throw new UncheckedIOException("cannot write the wall to a temporary file either: " + e2.getMessage(), e2);
            }
        }
        return new Wall(w.counts(), seed, w.collection(), w.anchors(), w.authorMillis(), false, file);
    }

    /**
     * Saves {@code g} as {@code file} in {@code dir} (made if missing) through a temporary file moved into place, so a
     * concurrent reader never sees half a file; a save cut short (a full disk) leaves no partial file behind.
     */
    private static void save(GeometryCollection g, Path dir, Path file) throws IOException {
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
            CollectionFile.save(g, tmp);
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the caller's message names the file; the temporary one is beside it
                }
            }
            throw e;
        }
    }

    /** The default cache directory: {@code $RUBBLE_CACHE}, else {@code ~/.cache/rubble}. */
    public static Path defaultCacheDir() {
        String env = System.getenv("RUBBLE_CACHE");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        return Path.of(System.getProperty("user.home"), ".cache", "rubble");
    }

    static String cacheName(int[] counts, long seed) {
        StringBuilder sb = new StringBuilder("wall-v").append(CACHE_VERSION).append("-sites");
        for (int k : counts) {
            sb.append('-').append(k);
        }
        sb.append(String.format(Locale.ROOT, "-seed%d-box%s,%s,%s-d%s-%s.rbc", seed, HX, HY, HZ,
                CollectionBuilder.DEFAULT_DENSITY, StageFamily.CONNECTION_GRAPH.defaultName()));
        return sb.toString();
    }

    /** True when level l of {@code g} has counts[0] × … × counts[l-1] nodes (level 0: the root). */
    static boolean hasCounts(GeometryCollection g, int[] counts) {
        int[] perLevel = new int[counts.length + 1];
        for (int i = 0; i < g.nodeCount(); i++) {
            if (g.level(i) > counts.length) {
                return false;
            }
            perLevel[g.level(i)]++;
        }
        long expect = 1;
        for (int l = 0; l <= counts.length; l++) {
            if (perLevel[l] != expect) {
                return false;
            }
            expect *= l < counts.length ? counts[l] : 1;
        }
        return true;
    }

    /**
     * Asset node ids of the leaves whose hulls meet the anchor box (touching included): each leaf
     * hull is clipped by the box's six planes (in the collection frame); a non-empty remainder
     * means they overlap.
     */
    public static int[] anchoredLeaves(GeometryCollection g) {
        double[] b = ANCHOR_BOX;
        double x0 = b[0] - CX, y0 = b[1] - CY, z0 = b[2] - CZ, x1 = b[3] - CX, y1 = b[4] - CY, z1 = b[5] - CZ;
        int[] out = new int[g.nodeCount()];
        int n = 0;
        for (int i = 0; i < g.nodeCount(); i++) {
            if (!g.isLeaf(i)) {
                continue;
            }
            for (ConvexPolytope h : g.hulls(i)) {
                // outward tolerance 1e-9 m: a hull resting exactly on a box face counts as touching
                ConvexPolytope p = h;
                p = p == null ? null : PolytopeClipper.clip(p, 1, 0, 0, x1 + 1e-9, 0);
                p = p == null ? null : PolytopeClipper.clip(p, -1, 0, 0, -(x0 - 1e-9), 0);
                p = p == null ? null : PolytopeClipper.clip(p, 0, 1, 0, y1 + 1e-9, 0);
                p = p == null ? null : PolytopeClipper.clip(p, 0, -1, 0, -(y0 - 1e-9), 0);
                p = p == null ? null : PolytopeClipper.clip(p, 0, 0, 1, z1 + 1e-9, 0);
                p = p == null ? null : PolytopeClipper.clip(p, 0, 0, -1, -(z0 - 1e-9), 0);
                if (p != null) {
                    out[n++] = i;
                    break;
                }
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** The destruction options of the wall: the defaults (damage model user-defined, friction 0.5, restitution 0). */
    public static DestructionOptions options() {
        return DestructionOptions.defaults().withMaterial(BenchScenes.FRICTION, BenchScenes.RESTITUTION);
    }

    /** The wall's placement: at (0, 2.5, 0), unrotated, the touching leaves anchored, {@code options}. */
    public static CollectionPlacement placement(int[] anchors, DestructionOptions options) {
        return CollectionPlacement.at(CX, CY, CZ).withLabel("wall").withAnchors(anchors, null).withOptions(options);
    }

    /** The ground and the projectile, in that order. */
    public static List<BodyDef> bodies() {
        List<BodyDef> out = new ArrayList<>();
        out.add(BodyDef.of(new Box(50, 0.5, 50)).withLabel("ground").withMotion(MotionType.STATIC)
                .withPosition(0, -0.5, 0).withMaterial(BenchScenes.FRICTION, BenchScenes.RESTITUTION));
        // density 0 with the mass given, exactly as a scenario file's "mass" makes it, so the file
        // form (recipeJson) and this one give bit-identical inertia (massProperties(1).withMass)
        out.add(new BodyDef("projectile", new Sphere(BALL_RADIUS), MotionType.DYNAMIC, false, 0, CY, BALL_Z,
                0, 0, 0, 1, 0, 0, BALL_SPEED, 0, 0, 0, BALL_MASS, 0, BenchScenes.FRICTION, BenchScenes.RESTITUTION,
                1, 0, 0));
        return out;
    }

    /**
     * The scene as a scenario whose collection is the wall's cache file ({@code wall.file()},
     * which must be set), with {@code options} ({@link #options()} for the bench's budgets-off run).
     */
    public static Scenario scenario(Wall wall, DestructionOptions options, int steps) {
        Objects.requireNonNull(wall.file(), "wall has no cache file");
        CollectionSpec spec = new CollectionSpec("wall", wall.file(), null, placement(wall.anchors(), options));
        return new Scenario("wall " + Arrays.toString(wall.counts()), BenchScenes.settings(), bodies(), List.of(),
                steps, List.of(spec));
    }

    /**
     * The scene as scenario-file text with the wall as an inline recipe and its anchored leaves
     * listed by node id, so a journal of it is self-contained: {@code rubble verify} re-authors
     * the same collection from the recipe (docs/scenario-format.md).
     */
    public static String recipeJson(String name, Wall wall, int steps) {
        return recipeJson(name, wall, steps, dev.rubble.core.destruction.ImpactMode.CHAOS);
    }

    /**
     * As {@link #recipeJson(String, Wall, int)}, with the wall's impacts taken by {@code mode} (the demo
     * uses {@code resolve}: docs/destruction.md "Impacts"); {@code chaos} writes no impactMode at all.
     */
    public static String recipeJson(String name, Wall wall, int steps, dev.rubble.core.destruction.ImpactMode mode) {
        return recipeJson(name, wall, steps, mode, null);
    }

    /**
     * As {@link #recipeJson(String, Wall, int, dev.rubble.core.destruction.ImpactMode)}, with the
     * user-defined damage model's per-level {@code thresholds} (N·s; null: the default model, no
     * damage keys written).
     */
    public static String recipeJson(String name, Wall wall, int steps, dev.rubble.core.destruction.ImpactMode mode,
                                    double[] thresholds) {
        ObjectNode root = ScenarioJsonWriter.object();
        root.put("format", "rubble-scenario/1");
        root.put("name", name);
        root.put("steps", steps);
        ObjectNode world = root.putObject("world");
        world.put("dt", 1.0 / 60.0);
        world.put("subSteps", 1);
        world.set("gravity", ScenarioJsonWriter.array(0, -9.81, 0));
        world.putObject("sleep").put("enabled", false);
        ArrayNode bodies = root.putArray("bodies");
        ObjectNode ground = bodies.addObject();
        ground.put("id", "ground");
        ground.put("state", "static");
        ObjectNode groundShape = ground.putObject("shape");
        groundShape.put("type", "box");
        groundShape.set("halfExtents", ScenarioJsonWriter.array(50, 0.5, 50));
        ground.set("position", ScenarioJsonWriter.array(0, -0.5, 0));
        ground.put("friction", BenchScenes.FRICTION);
        ground.put("restitution", BenchScenes.RESTITUTION);
        ObjectNode ball = bodies.addObject();
        ball.put("id", "projectile");
        ObjectNode ballShape = ball.putObject("shape");
        ballShape.put("type", "sphere");
        ballShape.put("radius", BALL_RADIUS);
        ball.put("mass", BALL_MASS);
        ball.set("position", ScenarioJsonWriter.array(0, CY, BALL_Z));
        ball.set("linearVelocity", ScenarioJsonWriter.array(0, 0, BALL_SPEED));
        ball.put("friction", BenchScenes.FRICTION);
        ball.put("restitution", BenchScenes.RESTITUTION);
        ObjectNode col = root.putArray("collections").addObject();
        col.put("id", "wall");
        ObjectNode recipe = col.putObject("recipe");
        recipe.set("box", ScenarioJsonWriter.array(HX, HY, HZ));
        ArrayNode levels = recipe.putArray("levels");
        for (int count : wall.counts()) {
            ObjectNode level = levels.addObject();
            level.put("method", "voronoi");
            level.putObject("options").put("count", count);
        }
        recipe.put("seed", wall.seed());
        col.set("position", ScenarioJsonWriter.array(CX, CY, CZ));
        ArrayNode anchors = col.putObject("anchors").putArray("nodes");
        for (int a : wall.anchors()) {
            anchors.add(a);
        }
        ObjectNode destruction = col.putObject("destruction");
        destruction.put("friction", BenchScenes.FRICTION);
        destruction.put("restitution", BenchScenes.RESTITUTION);
        if (mode != dev.rubble.core.destruction.ImpactMode.CHAOS) {
            destruction.put("impactMode", mode.label());
        }
        if (thresholds != null) {
            destruction.put("damageModel", "user-defined");
            destruction.putObject("damageOptions").set("thresholds", ScenarioJsonWriter.array(thresholds));
        }
        return ScenarioJsonWriter.write(root);
    }

}
